// The transaction routes' contract: the transaction as served (in lists, in a block's detail) and the latest lists.
import * as z from 'zod';
import { address, dec, hash, hex, int, paging } from './fields.ts';
import { defineRoute } from './route.ts';

/** A transaction as served (api/shapes.ts txJson): the receipt's status as a boolean, the fee paid, the method named. */
export const transaction = z
  .object({
    hash,
    blockNumber: int,
    blockHash: hash,
    transactionIndex: int,
    timestamp: int,
    from: address,
    to: address.nullable(),
    contractAddress: address.nullable(),
    value: dec,
    gasLimit: dec,
    gasPrice: dec.nullable(),
    maxFeePerGas: dec.nullable(),
    maxPriorityFeePerGas: dec.nullable(),
    effectiveGasPrice: dec.nullable(),
    gasUsed: dec,
    cumulativeGasUsed: dec,
    fee: dec.nullable(),
    nonce: int,
    type: int.nullable(),
    status: z.boolean(),
    data: hex,
    methodId: z.string().nullable(),
    method: z.string().nullable(),
  })
  .meta({ id: 'Transaction' });

/** GET /transactions. */
export const latestTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/transactions',
  summary: 'Latest transactions',
  query: z.object(paging()),
  answer: z.array(transaction),
});

/** GET /transactions/pending. */
export const pendingTransactionsRoute = defineRoute({
  method: 'GET',
  path: '/transactions/pending',
  summary: 'Pending transactions (the indexer sees none)',
  query: z.object(paging()),
  answer: z.array(transaction),
});

/** The transaction routes described so far. */
export const transactionContracts = [latestTransactionsRoute, pendingTransactionsRoute];

// The block routes' contract: the latest blocks, and one block by number or by hash with its transactions.
import * as z from 'zod';
import { address, blockNumberParam, dec, flagQuery, hash, hashParam, hex, int } from './fields.ts';
import { pagedListRoute } from './lists.ts';
import { defineRoute } from './route.ts';
import { transaction } from './transactions.ts';

const blockFields = {
  number: int,
  hash,
  parentHash: hash,
  timestamp: int,
  miner: address,
  gasUsed: dec,
  gasLimit: dec,
  baseFeePerGas: dec.nullable(),
  difficulty: dec,
  nonce: z.string().nullable(),
  extraData: hex,
  size: int.nullable(),
  reward: dec,
  aiOptimized: z.boolean().meta({ description: "true when the block has transactions (transactionCount > 0); the name is kept for the API's clients" }),
  transactionCount: int,
};

/** A block in lists: `transactions` is their count. */
export const blockSummary = z.object({ ...blockFields, transactions: int }).meta({ id: 'BlockSummary' });

/** A block by number or hash: `transactions` lists them. */
export const blockDetail = z.object({ ...blockFields, transactions: z.array(transaction) }).meta({ id: 'Block' });

/** GET /blocks. */
export const latestBlocksRoute = pagedListRoute('/blocks', 'Latest blocks (withTxs=1: only blocks with transactions)', blockSummary, {
  query: { withTxs: flagQuery('withTxs', 'only blocks with transactions') },
});

/** GET /blocks/{number}. */
export const blockByNumberRoute = defineRoute({
  method: 'GET',
  path: '/blocks/{number}',
  summary: 'Block by number with its transactions',
  params: z.object({ number: blockNumberParam }),
  answer: blockDetail,
});

/** GET /blocks/hash/{hash}. */
export const blockByHashRoute = defineRoute({
  method: 'GET',
  path: '/blocks/hash/{hash}',
  summary: 'Block by hash with its transactions',
  params: z.object({ hash: hashParam('Invalid block hash') }),
  answer: blockDetail,
});

/** The block routes. */
export const blockContracts = [latestBlocksRoute, blockByNumberRoute, blockByHashRoute];

// The transaction routes' contract: the transaction as served (in lists, in a block's detail), the latest lists, and
// one transaction's detail with its tabs (receipt with decoded logs, decoded call, revert reason, internal calls).
import * as z from 'zod';
import { address, dec, hash, hashParam, hex, int, tokenStandard } from './fields.ts';
import { pagedListRoute } from './lists.ts';
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
export const latestTransactionsRoute = pagedListRoute('/transactions', 'Latest transactions', transaction);

/** GET /transactions/pending. */
export const pendingTransactionsRoute = pagedListRoute('/transactions/pending', 'Pending transactions (the indexer sees none)', transaction);

/** A transaction's token transfers as its page lists them (api/shapes.ts TRANSFER_NAMES.transaction). */
const transactionTransfer = z.object({
  from: address,
  to: address,
  tokenAddress: address,
  tokenType: tokenStandard,
  tokenId: dec.nullable(),
  value: dec,
  rawAmount: dec.meta({ description: 'the same as value' }),
  amount: z.string().nullable().meta({ description: 'in whole units' }),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  decimals: int.nullable(),
  logIndex: int,
});

/** The typed-transaction fields (api/tx-types.ts), each present only for the types that carry it. */
export const typedTransactionFields = z.object({
  accessList: z.array(z.object({ address, storageKeys: z.array(hash) })).optional().meta({ description: 'typed transactions (types 1 to 4) only' }),
  authorizationList: z
    .array(
      z.object({
        chainId: dec,
        address,
        nonce: dec,
        yParity: int,
        r: hash,
        s: hash,
        authority: address.nullable(),
        applied: z.boolean().nullable(),
      }),
    )
    .optional()
    .meta({
      description:
        'type 4 (EIP-7702) only. authority: the signer recovered from (yParity, r, s) over keccak256(0x05 ‖ rlp([chainId, address, nonce])), null when the signature is invalid. ' +
        "applied: the chain id is 0 or the chain's, the signature is valid, the authority had no code but a delegation and its nonce matched (its nonce and code at the parent block, plus its earlier transactions and applied authorizations in the block); null when the node no longer has that state.",
    }),
  blobVersionedHashes: z.array(hash).optional().meta({ description: 'type 3 (EIP-4844) only' }),
  maxFeePerBlobGas: dec.nullable().optional().meta({ description: 'type 3 only' }),
  blobGasUsed: dec.nullable().optional().meta({ description: 'type 3 only, from the receipt' }),
  blobGasPrice: dec.nullable().optional().meta({ description: 'type 3 only, from the receipt' }),
});

/** The typed fields as the handler builds them. */
export type TypedTransactionFields = z.input<typeof typedTransactionFields>;

/** One transaction with its log count, token transfers and typed fields. */
export const transactionDetail = transaction
  .extend({ logCount: int, tokenTransfers: z.array(transactionTransfer), ...typedTransactionFields.shape })
  .meta({ id: 'TransactionDetail' });

/** A log as served (api/shapes.ts logJson): blockHash in a receipt only. */
export const log = z
  .object({
    address,
    topics: z.array(hash),
    data: hex,
    logIndex: int,
    blockNumber: int,
    transactionHash: hash,
    transactionIndex: int,
    blockHash: hash.optional(),
  })
  .meta({ id: 'Log' });

const decodeSource = z
  .enum(['verified', 'signature'])
  .meta({ description: "verified: the contract's (or its identical twin's) verified ABI; signature: a signature (database or built-in), not verified source" });
const decodedParam = { name: z.string(), type: z.string(), value: z.unknown() };

/** A decoded call (signatures/decode.ts CallCandidate). */
export const decodedCall = z
  .object({ functionName: z.string(), functionSignature: z.string(), params: z.array(z.object(decodedParam)), source: decodeSource })
  .meta({ id: 'DecodedCall' });

/** A decoded log (signatures/decode.ts EventCandidate). */
export const decodedEvent = z
  .object({
    eventName: z.string(),
    eventSignature: z.string(),
    params: z.array(z.object({ ...decodedParam, indexed: z.boolean() })),
    source: decodeSource,
  })
  .meta({
    id: 'DecodedEvent',
    description:
      "A log decoded with the emitter's verified ABI or a stored event signature (strictly: topics and data encode back to the same bytes); a dynamic indexed value is its keccak256 hash",
  });

const byHash = z.object({ hash: hashParam('Invalid transaction hash') });

/** GET /transactions/{hash}. */
export const transactionRoute = defineRoute({
  method: 'GET',
  path: '/transactions/{hash}',
  summary: 'Transaction with its token transfers',
  params: byHash,
  answer: transactionDetail,
});

/** GET /transactions/{hash}/receipt. */
export const receiptRoute = defineRoute({
  method: 'GET',
  path: '/transactions/{hash}/receipt',
  summary: "Receipt with logs, each decoded with its emitter's verified ABI or the signature database when one fits",
  params: byHash,
  answer: z
    .object({
      transactionHash: hash,
      transactionIndex: int,
      blockHash: hash,
      blockNumber: int,
      from: address,
      to: address.nullable(),
      contractAddress: address.nullable(),
      gasUsed: dec,
      cumulativeGasUsed: dec,
      effectiveGasPrice: dec.nullable(),
      status: int.meta({ description: "1 success, 0 failure (the receipt's)" }),
      type: int.nullable(),
      confirmations: int,
      logs: z.array(
        log.extend({
          decoded: decodedEvent.nullable().meta({ description: 'the best decoding (verified ABI, else a signature)' }),
          candidates: z.array(decodedEvent).meta({ description: 'every decoding that fits, best first' }),
        }),
      ),
    })
    .meta({ id: 'Receipt' }),
});

/** GET /transactions/{hash}/decoded. */
export const decodedTransactionRoute = defineRoute({
  method: 'GET',
  path: '/transactions/{hash}/decoded',
  summary:
    "Decoded call and a description: the contract's verified ABI (its own or an identical twin's), else every signature of the built-in interfaces and the signature database that decodes the input cleanly (candidates), else guessed types",
  params: byHash,
  answer: z
    .object({
      transaction,
      decoded: decodedCall.nullable(),
      description: z.string(),
      candidates: z.array(decodedCall).meta({ description: 'Every decoding that fits the input (signatures sharing a selector), best first; decoded is the first' }),
      guess: z
        .object({
          selector: z.string(),
          words: z.array(hex),
          types: z.array(z.string()).nullable(),
          params: z.array(z.object(decodedParam)).nullable(),
        })
        .nullable()
        .meta({
          description:
            'When no signature fits: the arguments as 32-byte words (at most 256) and the types @openchainxyz/abi-guesser proposes (a guess; none past 1 KB of arguments)',
        }),
    })
    .meta({ id: 'Decoded' }),
});

/** GET /transactions/{hash}/revert-reason. */
export const revertReasonRoute = defineRoute({
  method: 'GET',
  path: '/transactions/{hash}/revert-reason',
  summary:
    "Why a failed transaction reverted: replayed on its parent block, decoded (Error(string), Panic(uint256), the target's verified custom errors); kind 'not-reproduced' when the replay succeeds. 502 when the node cannot be reached",
  params: byHash,
  answer: z.object({
    hash,
    reverted: z.boolean(),
    kind: z.string().nullable().meta({ description: "error, panic, custom, empty, unknown or not-reproduced; null when the transaction succeeded" }),
    reason: z.string().nullable(),
    data: hex.nullable(),
  }),
  errors: [502],
});

/** GET /transactions/{hash}/internal-calls. */
export const internalCallsRoute = defineRoute({
  method: 'GET',
  path: '/transactions/{hash}/internal-calls',
  summary:
    "Internal calls from the node's call tracer, traced on first request and kept: a flat list in call order with depth (0 is the transaction); available false when the node has no tracer. 502 when the node fails to trace",
  params: byHash,
  answer: z.object({
    hash,
    available: z.boolean(),
    message: z.string().nullable(),
    calls: z.array(
      z.object({
        depth: int,
        type: z.string().meta({ description: 'CALL, DELEGATECALL, STATICCALL, CALLCODE, CREATE, CREATE2 or SELFDESTRUCT' }),
        from: address,
        to: address.nullable(),
        value: dec,
        gas: dec.nullable(),
        gasUsed: dec.nullable(),
        selector: z.string().nullable(),
        error: z.string().nullable(),
      }),
    ),
  }),
  errors: [502],
});

/** The transaction routes. */
export const transactionContracts = [
  latestTransactionsRoute,
  pendingTransactionsRoute,
  transactionRoute,
  receiptRoute,
  decodedTransactionRoute,
  revertReasonRoute,
  internalCallsRoute,
];

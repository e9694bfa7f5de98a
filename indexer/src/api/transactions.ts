import { HttpError, type Router } from '../http/router.ts';
import { RpcError } from '../chain/rpc.ts';
import { decodeRevert, interfaceOf } from '../verify/call.ts';
import { transactionCalls, type InternalCall } from './trace.ts';
import {
  decodedTransactionRoute,
  internalCallsRoute,
  latestTransactionsRoute,
  pendingTransactionsRoute,
  receiptRoute,
  revertReasonRoute,
  transactionRoute,
} from './contract/transactions.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';
import { ResponseCache } from './cache.ts';
import type { ApiContext } from './context.ts';
import { decodeCallData, decodeLogs } from './signature-decode.ts';
import { methodNames } from '../signatures/store.ts';
import { typedFields } from './tx-types.ts';
import { describeTransaction, type TokenFacts } from './describe.ts';
import { tokenFacts } from '../store/queries/contracts.ts';
import { transactionLogCount, transactionLogs } from '../store/queries/logs.ts';
import { latestTransactions, storedRevertReason, storeRevertReason, transactionByHash, type RevertReasonRow } from '../store/queries/transactions.ts';
import { transactionTransfers } from '../store/queries/transfers.ts';
import type { TxRow } from '../store/rows.ts';
import { logJson, transferJson, txJson } from './shapes.ts';

/** The transaction of a hash already read through its route's contract; 404 when it is not indexed. */
async function findTx(ctx: ApiContext, hash: string): Promise<TxRow> {
  const tx = await transactionByHash(ctx.db, hash);
  if (!tx) throw new HttpError(404, 'Transaction not found');
  return tx;
}

/** Token transfers of one transaction in the shape the transaction page lists. */
export async function txTokenTransfers(ctx: ApiContext, hash: string) {
  return (await transactionTransfers(ctx.db, hash)).map((row) => transferJson('transaction', row));
}

/** Why a failed transaction reverted: kind, decoded reason (null when none) and revert data. */
export type RevertReason = RevertReasonRow;

/**
 * Why a failed transaction reverted, from the revert_reasons cache or found now and cached: the call replayed on the
 * parent block's state (the transactions before it in its block are not applied, as in most explorers without
 * tracing; a call that then succeeds is said to be not reproduced), decoded with the standard errors and the target's
 * verified ABI. Throws HttpError 502 when the node cannot be reached.
 */
export async function revertReason(ctx: ApiContext, tx: TxRow): Promise<RevertReason> {
  const stored = await storedRevertReason(ctx.db, tx.hash);
  if (stored) return stored;
  const call = {
    from: tx.from_addr,
    ...(tx.to_addr ? { to: tx.to_addr } : {}),
    data: tx.input,
    value: `0x${BigInt(tx.value).toString(16)}`,
    gas: `0x${BigInt(tx.gas_limit).toString(16)}`,
  };
  let found: RevertReason;
  try {
    await ctx.rpc.call('eth_call', [call, `0x${Math.max(0, tx.block_number - 1).toString(16)}`]);
    found = { kind: 'not-reproduced', reason: null, data: '0x' };
  } catch (err) {
    if (!(err instanceof RpcError)) throw new HttpError(502, 'The node could not be reached');
    const verification = tx.to_addr && ctx.verifier ? await ctx.verifier.lookup(tx.to_addr) : null;
    const revert = decodeRevert(verification ? interfaceOf(JSON.parse(verification.row.abi)) : null, err.data);
    found = { kind: revert.kind, reason: revert.kind === 'empty' ? null : revert.reason, data: revert.data };
  }
  // A custom error of an unverified contract may decode once it is verified: only final answers are kept.
  if (found.kind !== 'unknown') {
    await storeRevertReason(ctx.db, tx.hash, tx.block_number, found);
  }
  return found;
}

/** Transaction routes: list, pending, detail, receipt, decoded call. */
export function transactionRoutes(router: Router, ctx: ApiContext): void {
  router.get(latestTransactionsRoute.path, async ({ query }): Promise<AnswerOf<typeof latestTransactionsRoute>> => {
    const { limit, offset } = readQuery(latestTransactionsRoute, query);
    const rows = await latestTransactions(ctx.db, limit, offset);
    const names = await methodNames(ctx.db, rows.map((t) => t.input));
    return rows.map((t) => txJson(t, names));
  });

  // Anvil and most nodes do not expose their mempool to an indexer; nothing indexed is pending.
  router.get(pendingTransactionsRoute.path, ({ query }): AnswerOf<typeof pendingTransactionsRoute> => {
    readQuery(pendingTransactionsRoute, query);
    return [];
  });

  const cache = new ResponseCache();

  router.get(transactionRoute.path, ({ params }) => {
    const { hash } = readParams(transactionRoute, params);
    return cache.serveAsync(ctx, hash, async (): Promise<AnswerOf<typeof transactionRoute>> => {
      const tx = await findTx(ctx, hash);
      const logCount = await transactionLogCount(ctx.db, tx.id);
      return { ...txJson(tx, await methodNames(ctx.db, [tx.input])), logCount, tokenTransfers: await txTokenTransfers(ctx, tx.hash), ...(await typedFields(ctx, tx)) };
    });
  });

  router.get(receiptRoute.path, async ({ params }): Promise<AnswerOf<typeof receiptRoute>> => {
    const tx = await findTx(ctx, readParams(receiptRoute, params).hash);
    const logs = await transactionLogs(ctx.db, tx.id);
    const tip = ctx.sync().lastBlock ?? tx.block_number;
    const decodedLogs = await decodeLogs(ctx, logs);
    return {
      transactionHash: tx.hash,
      transactionIndex: tx.tx_index,
      blockHash: tx.block_hash,
      blockNumber: tx.block_number,
      from: tx.from_addr,
      to: tx.to_addr,
      contractAddress: tx.contract_address,
      gasUsed: tx.gas_used,
      cumulativeGasUsed: tx.cumulative_gas_used,
      effectiveGasPrice: tx.effective_gas_price,
      status: tx.status,
      type: tx.type,
      confirmations: Math.max(1, tip - tx.block_number + 1),
      // decoded: the best decoding of the event (verified ABI, else a signature), candidates: every one that fits.
      logs: logs.map((l, i) => {
        const candidates = decodedLogs[i] ?? [];
        return { ...logJson(l, tx.block_hash), decoded: candidates[0] ?? null, candidates };
      }),
    };
  });

  router.get(revertReasonRoute.path, async ({ params }): Promise<AnswerOf<typeof revertReasonRoute>> => {
    const tx = await findTx(ctx, readParams(revertReasonRoute, params).hash);
    if (tx.status === 1) return { hash: tx.hash, reverted: false, kind: null, reason: null, data: null };
    return { hash: tx.hash, reverted: true, ...(await revertReason(ctx, tx)) };
  });

  router.get(internalCallsRoute.path, async ({ params }): Promise<AnswerOf<typeof internalCallsRoute>> => {
    const tx = await findTx(ctx, readParams(internalCallsRoute, params).hash);
    let calls: InternalCall[] | null;
    try {
      calls = await transactionCalls(ctx, tx);
    } catch {
      throw new HttpError(502, 'The node could not trace the transaction');
    }
    if (calls === null) return { hash: tx.hash, available: false, message: 'Internal calls are not available from this node', calls: [] };
    return { hash: tx.hash, available: true, message: null, calls };
  });

  router.get(decodedTransactionRoute.path, async ({ params }): Promise<AnswerOf<typeof decodedTransactionRoute>> => {
    const tx = await findTx(ctx, readParams(decodedTransactionRoute, params).hash);
    const token =
      tx.to_addr === null
        ? undefined
        : await tokenFacts(ctx.db, tx.to_addr);
    const facts: TokenFacts | null = token && token.type !== 'none' ? token : null;
    const { candidates, guess } = await decodeCallData(ctx, tx.to_addr, tx.input, facts !== null && facts.type !== 'ERC20');
    const decoded = candidates[0] ?? null;
    const transaction = txJson(tx, await methodNames(ctx.db, [tx.input]));
    // decoded stays the one decoding other indexers answer; candidates (every signature that fits) and guess are ours.
    return { transaction, decoded, description: describeTransaction(transaction, decoded, facts), candidates, guess };
  });
}

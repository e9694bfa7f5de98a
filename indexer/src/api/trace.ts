import { flattenCalls, tracingUnavailable, type CallFrame, type InternalCall } from '../chain/calls.ts';
import type { RpcClient } from '../chain/rpc.ts';
import { recordCreatedContract } from '../store/queries/contracts.ts';
import { storeCalls, storedCalls } from '../store/queries/internal-calls.ts';
import type { TxRow } from '../store/rows.ts';
import type { ApiContext } from './context.ts';

// Internal calls of one transaction from the node's call tracer (debug_traceTransaction with callTracer), kept once
// traced; nodes without tracing say so instead of failing. The trailing tracer (sync/tracer.ts) keeps whole blocks'.

export type { InternalCall } from '../chain/calls.ts';

/** Traces a transaction's calls; null when the node has no call tracer. */
export async function traceCalls(rpc: RpcClient, hash: string): Promise<InternalCall[] | null> {
  try {
    const root = await rpc.call<CallFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
    return flattenCalls(root);
  } catch (err) {
    if (tracingUnavailable(err)) return null;
    throw err;
  }
}

/**
 * A transaction's internal calls: kept in internal_calls once traced, traced otherwise (and then kept, with the
 * contracts its frames created). Null when the node has no call tracer; throws when the node fails to trace.
 * Shared by GET /transactions/{hash}/internal-calls and the Etherscan API's txlistinternal.
 */
export async function transactionCalls(ctx: ApiContext, tx: Pick<TxRow, 'hash' | 'block_number' | 'timestamp'>): Promise<InternalCall[] | null> {
  const stored = await storedCalls(ctx.db, tx.hash);
  if (stored !== undefined) return JSON.parse(stored) as InternalCall[];
  const calls = await traceCalls(ctx.rpc, tx.hash);
  if (calls === null) return null;
  await storeCalls(ctx.db, tx.hash, tx.block_number, JSON.stringify(calls));
  // Contracts created by contracts have no creation transaction of their own: the trace names their creator.
  for (const c of calls) {
    if (c.depth > 0 && c.type.startsWith('CREATE') && c.to && !c.error) {
      await recordCreatedContract(ctx.db, c.to, c.from, tx.hash, tx.block_number, tx.timestamp);
    }
  }
  return calls;
}

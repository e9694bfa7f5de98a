import { RpcError } from '../../chain/rpc.ts';
import type { ApiContext } from '../context.ts';
import { isInternalTransaction, mayCall, type TracedTx } from '../../chain/calls.ts';
import {
  addressInternalPage,
  addressTracedTransactions,
  countAddressInternal,
  keptCallsOf,
  tracedBlockNumber,
  tracedTransactionByHash,
  tracedTransactionsInRange,
} from '../../store/queries/internal-calls.ts';
import { ROW_ID_BLOCK } from '../../store/row-ids.ts';
import { transactionCalls, type InternalCall } from '../trace.ts';
import { Refusal, type Paging } from './core.ts';
import { txIdRange } from './account-rows.ts';

// txlistinternal: the internal transactions of the Etherscan-compatible API, made from the node's call traces
// (callTracer, kept in internal_calls once traced, as the transaction page keeps them).
//
// What is listed, as Etherscan lists internal transactions: the frames below the transaction itself (depth ≥ 1) that
// move value (a CALL or CALLCODE with value > 0, a SELFDESTRUCT) or create a contract (CREATE, CREATE2, whatever
// their value). Calls that move no value, DELEGATECALLs and STATICCALLs are not listed.
//
// By address, two sources. Up to the trailing tracer's cursor (internal_trace, sync/tracer.ts), the index of internal
// transactions by address (address_internal) answers: every internal transaction from, to or creating the address,
// those inside transactions it is not a party to included (a contract paying it while called by someone else).
// Above the cursor (the few blocks the tracer has not reached yet, or everything when it does not run: turned off,
// or a node without the call tracer), the address's own transactions are traced per request (those it sent, received
// or created a contract in, from address_transactions), and only their internal transactions that involve it are
// found. That per-request part examines at most MAX_SCANNED of the address's transactions and traces at most
// MAX_TRACED not yet traced ones; beyond either it is refused with a clear message rather than answered incompletely
// (traces are kept, so asking again goes further).

/** Most transactions one request traces afresh (a block range holding more is refused). */
export const MAX_TRACED = 1_000;
/** Most of an address's transactions one request examines (their traces mostly kept already). */
export const MAX_SCANNED = 10_000;
/** Transactions traced at once. */
const CONCURRENCY = 4;
/** Transactions read (and their kept traces) per query. */
const BATCH = 200;

/** The bounds of per-request tracing by address (ApiContext.traceLimits changes them, for tests). */
export interface TraceLimits {
  maxTraced: number;
  maxScanned: number;
  batch: number;
}

const limitsOf = (ctx: ApiContext): TraceLimits => ({ maxTraced: MAX_TRACED, maxScanned: MAX_SCANNED, batch: BATCH, ...ctx.traceLimits });

export const NO_TRACER = 'Error! Internal transactions are not available: the node does not trace transactions (debug_traceTransaction with callTracer)';
export const TRACE_FAILED = 'Error! The node could not trace the transaction';
export const RANGE_TOO_LARGE = `Error! The block range holds more than ${MAX_TRACED.toLocaleString('en-US')} transactions: narrow startblock and endblock`;
export const TOO_MANY = `Error! Finding this page would trace more than ${MAX_TRACED.toLocaleString('en-US')} transactions: narrow startblock and endblock, or ask again`;
export const TOO_DEEP = `Error! Finding this page would examine more than ${MAX_SCANNED.toLocaleString('en-US')} transactions: narrow startblock and endblock`;

export { isInternalTransaction };

/** One internal transaction, Etherscan's fields in Etherscan's order (by txhash Etherscan omits `hash`). */
export interface InternalRow {
  blockNumber: string;
  timeStamp: string;
  hash?: string;
  from: string;
  to: string;
  value: string;
  contractAddress: string;
  input: string;
  type: string;
  gas: string;
  gasUsed: string;
  traceId: string;
  isError: string;
  errCode: string;
}

/**
 * The internal transactions of one traced transaction, in call order. traceId is the frame's path below the
 * transaction (its index among its parent's calls at each depth, joined by "_": "0", "0_1", …), as Etherscan's.
 * `input` is "" as in Etherscan's answers; errCode is the node's error text for a failed frame.
 */
export function internalRows(tx: Pick<TracedTx, 'hash' | 'block_number' | 'timestamp'>, calls: readonly InternalCall[], withHash: boolean): InternalRow[] {
  return internalFrames(tx, calls, withHash).map((f) => f.row);
}

/** internalRows with each row's frame index in the flattened calls (address_internal.call_index). */
function internalFrames(tx: Pick<TracedTx, 'hash' | 'block_number' | 'timestamp'>, calls: readonly InternalCall[], withHash: boolean): { index: number; row: InternalRow }[] {
  const rows: { index: number; row: InternalRow }[] = [];
  const next: number[] = [];
  const path: number[] = [];
  for (const [frame, c] of calls.entries()) {
    const index = next[c.depth] ?? 0;
    next[c.depth] = index + 1;
    next.length = c.depth + 1;
    path[c.depth] = index;
    path.length = c.depth + 1;
    if (!isInternalTransaction(c)) continue;
    const creates = c.type.startsWith('CREATE');
    rows.push({ index: frame, row: {
      blockNumber: String(tx.block_number),
      timeStamp: String(tx.timestamp),
      ...(withHash ? { hash: tx.hash } : {}),
      from: c.from,
      to: creates ? '' : (c.to ?? ''),
      value: c.value,
      contractAddress: creates ? (c.to ?? '') : '',
      input: '',
      type: c.type.toLowerCase(),
      gas: c.gas ?? '0',
      gasUsed: c.gasUsed ?? '0',
      traceId: path.slice(1).join('_'),
      isError: c.error ? '1' : '0',
      errCode: c.error ?? '',
    } });
  }
  return rows;
}

/** The calls of a transaction, kept or traced; refusals for a node without tracer or a failed trace. */
async function callsOf(ctx: ApiContext, tx: Pick<TracedTx, 'hash' | 'block_number' | 'timestamp'>): Promise<InternalCall[]> {
  let calls: InternalCall[] | null;
  try {
    calls = await transactionCalls(ctx, tx);
  } catch (err) {
    throw new Refusal(err instanceof RpcError ? `${TRACE_FAILED}: ${err.message}` : TRACE_FAILED);
  }
  if (calls === null) throw new Refusal(NO_TRACER);
  return calls;
}

/** The kept calls of transactions, by hash, in one query (those not traced yet are absent). */
async function keptCalls(ctx: ApiContext, hashes: readonly string[]): Promise<Map<string, InternalCall[]>> {
  const rows = await keptCallsOf(ctx.db, hashes);
  return new Map(rows.map((r) => [r.tx_hash, JSON.parse(r.calls) as InternalCall[]]));
}

/**
 * The calls of each transaction, in order: the kept ones read at once, the others traced a few at a time. `budget`
 * is told how many must be traced first, and may refuse.
 */
async function callsOfAll<T extends TracedTx>(ctx: ApiContext, txs: readonly T[], budget: (toTrace: number) => void = () => {}): Promise<InternalCall[][]> {
  const kept = await keptCalls(ctx, txs.map((t) => t.hash));
  const missing = txs.flatMap((t, i) => (kept.has(t.hash) ? [] : [i]));
  budget(missing.length);
  const out = txs.map((t) => kept.get(t.hash) ?? []);
  let cursor = 0;
  const worker = async (): Promise<void> => {
    while (cursor < missing.length) {
      const i = missing[cursor++] as number;
      out[i] = await callsOf(ctx, txs[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
  return out;
}

/** txlistinternal by txhash: null when the transaction is not indexed. */
export async function internalByHash(ctx: ApiContext, hash: string): Promise<InternalRow[] | null> {
  const tx = await tracedTransactionByHash(ctx.db, hash);
  if (!tx) return null;
  return internalRows(tx, await callsOf(ctx, tx), false);
}

/** txlistinternal by block range: every transaction of the range is traced (at most MAX_TRACED of them). */
export async function internalByBlocks(ctx: ApiContext, p: Paging): Promise<InternalRow[]> {
  const range = txIdRange(p);
  if (range === null) return [];
  // One more than the bound tells a range that is too large, without counting all of it.
  const txs = await tracedTransactionsInRange(ctx.db, range[0], range[1], p.sort === 'desc', MAX_TRACED + 1);
  if (txs.length > MAX_TRACED) throw new Refusal(RANGE_TOO_LARGE);
  const traced = txs.filter(mayCall);
  const calls: InternalCall[][] = [];
  // A few hundred at a time: the kept traces are read in one query each.
  for (let i = 0; i < traced.length; i += BATCH) calls.push(...(await callsOfAll(ctx, traced.slice(i, i + BATCH))));
  return traced.flatMap((tx, i) => internalRows(tx, calls[i] ?? [], true)).slice(p.skip, p.skip + p.offset);
}

/** The last block the trailing tracer covered (internal_trace): the index answers up to it; null when it covers none. */
export function tracedBlock(ctx: ApiContext): Promise<number | null> {
  return tracedBlockNumber(ctx.db);
}

/**
 * txlistinternal by address: the index for the blocks the tracer covered, per-request tracing above them (see the
 * module comment). Rows newest transaction first (sort=desc) or oldest first, each transaction's in call order.
 */
export async function internalByAddress(ctx: ApiContext, address: string, p: Paging): Promise<InternalRow[]> {
  const range = txIdRange(p);
  if (range === null) return [];
  const need = p.skip + p.offset;
  const desc = p.sort === 'desc';
  const [lo, hi] = range;
  const cursor = await tracedBlock(ctx);
  // Row ids below `split` are indexed; from it on they are traced per request.
  const split = cursor === null ? lo : Math.min(hi + 1, Math.max(lo, (cursor + 1) * ROW_ID_BLOCK));
  const indexed: [number, number] | null = split > lo ? [lo, split - 1] : null;
  const traced: [number, number] | null = split <= hi ? [split, hi] : null;
  if (desc) {
    // Newest first: the untraced top, then the index.
    const top = traced ? await scanAddress(ctx, address, traced, true, need) : [];
    if (top.length >= need || indexed === null) return top.slice(p.skip, need);
    const skip = Math.max(p.skip - top.length, 0);
    return [...top.slice(p.skip), ...(await fromIndex(ctx, address, indexed, true, skip, need - top.length - skip))];
  }
  // Oldest first: the index, then the untraced top.
  const rows = indexed ? await fromIndex(ctx, address, indexed, false, p.skip, p.offset) : [];
  if (rows.length >= p.offset || traced === null) return rows;
  // How many indexed rows come before the untraced part (the page may start past them all).
  const before = rows.length > 0 || indexed === null ? p.skip + rows.length : await countIndexed(ctx, address, indexed, p.skip);
  const top = await scanAddress(ctx, address, traced, false, need - before);
  return [...rows, ...top.slice(Math.max(p.skip - before, 0), need - before)];
}

/** Rows of the index: `limit` of the address's internal transactions in a row-id range after `skip` of them. */
async function fromIndex(ctx: ApiContext, address: string, [lo, hi]: [number, number], desc: boolean, skip: number, limit: number): Promise<InternalRow[]> {
  if (limit <= 0) return [];
  const found = await addressInternalPage(ctx.db, address, lo, hi, desc, limit, skip);
  // Each transaction's calls are parsed once, however many of its frames the page holds.
  const frames = new Map<number, Map<number, InternalRow>>();
  const rows: InternalRow[] = [];
  for (const r of found) {
    let byIndex = frames.get(Number(r.tx_id));
    if (byIndex === undefined) {
      byIndex = new Map(internalFrames(r, JSON.parse(r.calls) as InternalCall[], true).map((f) => [f.index, f.row]));
      frames.set(Number(r.tx_id), byIndex);
    }
    const row = byIndex.get(Number(r.call_index));
    if (row) rows.push(row);
  }
  return rows;
}

/** The address's indexed internal transactions in a row-id range, counted up to `upTo`. */
async function countIndexed(ctx: ApiContext, address: string, [lo, hi]: [number, number], upTo: number): Promise<number> {
  if (upTo <= 0) return 0;
  return countAddressInternal(ctx.db, address, lo, hi, upTo);
}

/**
 * Per-request tracing: the address's transactions in a row-id range are read in order, a batch at a time, and traced
 * until `need` rows are found (only internal transactions inside the address's own transactions are found).
 */
async function scanAddress(ctx: ApiContext, address: string, [from, to]: [number, number], desc: boolean, need: number): Promise<InternalRow[]> {
  const limits = limitsOf(ctx);
  const rows: InternalRow[] = [];
  if (need <= 0) return rows;
  let scanned = 0;
  let traced = 0;
  let [lo, hi] = [from, to];
  for (;;) {
    const txs = await addressTracedTransactions(ctx.db, address, lo, hi, desc, limits.batch);
    scanned += txs.length;
    if (scanned > limits.maxScanned) throw new Refusal(TOO_DEEP);
    const candidates = txs.filter(mayCall);
    const calls = await callsOfAll(ctx, candidates, (toTrace) => {
      traced += toTrace;
      if (traced > limits.maxTraced) throw new Refusal(TOO_MANY);
    });
    for (const [i, tx] of candidates.entries()) {
      for (const row of internalRows(tx, calls[i] ?? [], true)) {
        if (row.from === address || row.to === address || row.contractAddress === address) rows.push(row);
      }
    }
    if (rows.length >= need || txs.length < limits.batch) break;
    const last = (txs[txs.length - 1] as TracedTx).id;
    if (desc) hi = last - 1;
    else lo = last + 1;
  }
  return rows;
}

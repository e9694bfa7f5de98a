import { RpcError } from '../../chain/rpc.ts';
import type { ApiContext } from '../context.ts';
import { transactionCalls, type InternalCall } from '../trace.ts';
import { Refusal, type Paging } from './core.ts';
import { txIdRange } from './account-rows.ts';

// txlistinternal: the internal transactions of the Etherscan-compatible API, made from the node's call traces
// (debug_traceTransaction with callTracer, kept in internal_calls once traced, as the transaction page keeps them).
//
// What is listed, as Etherscan lists internal transactions: the frames below the transaction itself (depth ≥ 1) that
// move value (a CALL or CALLCODE with value > 0, a SELFDESTRUCT) or create a contract (CREATE, CREATE2, whatever
// their value). Calls that move no value, DELEGATECALLs and STATICCALLs are not listed.
//
// There is no per-address index of internal calls: by address, the address's own transactions are traced (those it
// sent, received or created a contract in, from address_transactions), and their internal transactions that involve
// the address (from it, to it, or creating it) are listed. Internal transfers to an address made inside transactions
// it is not a party to (a contract paying it while called by someone else) are NOT found. Every request examines at
// most MAX_SCANNED of the address's transactions and traces at most MAX_TRACED not yet traced ones; beyond either it is
// refused with a clear message rather than answered incompletely (traces are kept, so asking again goes further).

/** Most transactions one request traces afresh (a block range holding more is refused). */
export const MAX_TRACED = 1_000;
/** Most of an address's transactions one request examines (their traces mostly kept already). */
export const MAX_SCANNED = 10_000;
/** Transactions traced at once. */
const CONCURRENCY = 4;
/** Transactions read (and their kept traces) per query. */
const BATCH = 200;

export const NO_TRACER = 'Error! Internal transactions are not available: the node does not trace transactions (debug_traceTransaction with callTracer)';
export const TRACE_FAILED = 'Error! The node could not trace the transaction';
export const RANGE_TOO_LARGE = `Error! The block range holds more than ${MAX_TRACED.toLocaleString('en-US')} transactions: narrow startblock and endblock`;
export const TOO_MANY = `Error! Finding this page would trace more than ${MAX_TRACED.toLocaleString('en-US')} transactions: narrow startblock and endblock, or ask again`;
export const TOO_DEEP = `Error! Finding this page would examine more than ${MAX_SCANNED.toLocaleString('en-US')} transactions: narrow startblock and endblock`;

/** The transaction columns the internal rows need, with whether the recipient is known to be an account. */
interface TracedTx {
  id: number;
  hash: string;
  block_number: number;
  timestamp: number;
  to_addr: string | null;
  input: string;
  /** 0 when the recipient is indexed as an account (no code): a plain transfer to it runs nothing. */
  to_is_contract: number | null;
}

const TX_COLUMNS = `t.id, t.hash, t.block_number, t.timestamp, t.to_addr, t.input,
  (SELECT ad.is_contract FROM addresses ad WHERE ad.address = t.to_addr) AS to_is_contract`;

/** Whether a transaction can have internal calls: a creation, a call with data, or a transfer to a contract. */
const mayCall = (t: TracedTx): boolean => t.to_addr === null || t.input !== '0x' || t.to_is_contract !== 0;

/** Whether a frame is an internal transaction as Etherscan lists them. */
export function isInternalTransaction(c: InternalCall): boolean {
  if (c.depth < 1) return false;
  if (c.type.startsWith('CREATE') || c.type === 'SELFDESTRUCT') return true;
  return (c.type === 'CALL' || c.type === 'CALLCODE') && c.value !== '0';
}

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
  const rows: InternalRow[] = [];
  const next: number[] = [];
  const path: number[] = [];
  for (const c of calls) {
    const index = next[c.depth] ?? 0;
    next[c.depth] = index + 1;
    next.length = c.depth + 1;
    path[c.depth] = index;
    path.length = c.depth + 1;
    if (!isInternalTransaction(c)) continue;
    const creates = c.type.startsWith('CREATE');
    rows.push({
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
    });
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
  if (hashes.length === 0) return new Map();
  const rows = await ctx.db.all<{ tx_hash: string; calls: string }>(
    `SELECT tx_hash, calls FROM internal_calls WHERE tx_hash IN (${hashes.map(() => '?').join(', ')})`,
    ...hashes,
  );
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
  const tx = await ctx.db.one<TracedTx>(`SELECT ${TX_COLUMNS} FROM transactions t WHERE t.hash = ?`, hash);
  if (!tx) return null;
  return internalRows(tx, await callsOf(ctx, tx), false);
}

/** txlistinternal by block range: every transaction of the range is traced (at most MAX_TRACED of them). */
export async function internalByBlocks(ctx: ApiContext, p: Paging): Promise<InternalRow[]> {
  const range = txIdRange(p);
  if (range === null) return [];
  // One more than the bound tells a range that is too large, without counting all of it.
  const txs = await ctx.db.all<TracedTx>(
    `SELECT ${TX_COLUMNS} FROM transactions t WHERE t.id BETWEEN ? AND ? ORDER BY t.id ${p.sort === 'desc' ? 'DESC' : 'ASC'} LIMIT ?`,
    range[0],
    range[1],
    MAX_TRACED + 1,
  );
  if (txs.length > MAX_TRACED) throw new Refusal(RANGE_TOO_LARGE);
  const traced = txs.filter(mayCall);
  const calls: InternalCall[][] = [];
  // A few hundred at a time: the kept traces are read in one query each.
  for (let i = 0; i < traced.length; i += BATCH) calls.push(...(await callsOfAll(ctx, traced.slice(i, i + BATCH))));
  return traced.flatMap((tx, i) => internalRows(tx, calls[i] ?? [], true)).slice(p.skip, p.skip + p.offset);
}

/**
 * txlistinternal by address: the address's transactions are read in the paging's order, a batch at a time, and
 * traced until the page is filled (see the module comment for what this cannot find).
 */
export async function internalByAddress(ctx: ApiContext, address: string, p: Paging): Promise<InternalRow[]> {
  const range = txIdRange(p);
  if (range === null) return [];
  const need = p.skip + p.offset;
  const desc = p.sort === 'desc';
  const rows: InternalRow[] = [];
  let scanned = 0;
  let traced = 0;
  let [lo, hi] = range;
  for (;;) {
    const txs = await ctx.db.all<TracedTx>(
      `SELECT ${TX_COLUMNS} FROM address_transactions a JOIN transactions t ON t.id = a.tx_id
       WHERE a.address = ? AND a.tx_id BETWEEN ? AND ? ORDER BY a.tx_id ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
      address,
      lo,
      hi,
      BATCH,
    );
    scanned += txs.length;
    if (scanned > MAX_SCANNED) throw new Refusal(TOO_DEEP);
    const candidates = txs.filter(mayCall);
    const calls = await callsOfAll(ctx, candidates, (toTrace) => {
      traced += toTrace;
      if (traced > MAX_TRACED) throw new Refusal(TOO_MANY);
    });
    for (const [i, tx] of candidates.entries()) {
      for (const row of internalRows(tx, calls[i] ?? [], true)) {
        if (row.from === address || row.to === address || row.contractAddress === address) rows.push(row);
      }
    }
    if (rows.length >= need || txs.length < BATCH) break;
    const last = (txs[txs.length - 1] as TracedTx).id;
    if (desc) hi = last - 1;
    else lo = last + 1;
  }
  return rows.slice(p.skip, p.skip + p.offset);
}

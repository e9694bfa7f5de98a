import type { TracedTx } from '../../chain/calls.ts';
import { insertRows } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of internal transactions (migrations/005_internal_calls.sql, 009_address_internal.sql):
// internal_calls (each traced transaction's flattened calls, JSON), address_internal (the index of internal transactions
// by address) and internal_trace (the trailing tracer's cursor); and reads of the transactions to trace, as TracedTx
// rows.

/** The columns of a TracedTx, from `transactions t` (whether the recipient is a contract from addresses). */
const TRACED_TX_COLUMNS = `t.id, t.hash, t.block_number, t.timestamp, t.to_addr, t.input,
  (SELECT ad.is_contract FROM addresses ad WHERE ad.address = t.to_addr) AS to_is_contract`;

/** A transaction to trace, by hash. */
export function tracedTransactionByHash(db: Queryable, hash: string): Promise<TracedTx | undefined> {
  return db.one<TracedTx>(`SELECT ${TRACED_TX_COLUMNS} FROM transactions t WHERE t.hash = ?`, hash);
}

/**
 * The transactions whose row ids lie in [fromId, toId], in id order (newest first when `desc`), at most `limit` when
 * given.
 */
export function tracedTransactionsInRange(db: Queryable, fromId: number, toId: number, desc?: boolean, limit?: number): Promise<TracedTx[]> {
  const order = `ORDER BY t.id${desc === undefined ? '' : desc ? ' DESC' : ' ASC'}`;
  if (limit === undefined) return db.all<TracedTx>(`SELECT ${TRACED_TX_COLUMNS} FROM transactions t WHERE t.id BETWEEN ? AND ? ${order}`, fromId, toId);
  return db.all<TracedTx>(`SELECT ${TRACED_TX_COLUMNS} FROM transactions t WHERE t.id BETWEEN ? AND ? ${order} LIMIT ?`, fromId, toId, limit);
}

/** Up to `limit` of an address's own transactions (address_transactions) whose row ids lie in [fromId, toId], in id order. */
export function addressTracedTransactions(db: Queryable, address: string, fromId: number, toId: number, desc: boolean, limit: number): Promise<TracedTx[]> {
  return db.all<TracedTx>(
    `SELECT ${TRACED_TX_COLUMNS} FROM address_transactions a JOIN transactions t ON t.id = a.tx_id
     WHERE a.address = ? AND a.tx_id BETWEEN ? AND ? ORDER BY a.tx_id ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
    address,
    fromId,
    toId,
    limit,
  );
}

/** The kept calls (JSON) of transactions, by hash, in one query (those not traced yet are absent). */
export async function keptCallsOf(db: Queryable, hashes: readonly string[]): Promise<{ tx_hash: string; calls: string }[]> {
  if (hashes.length === 0) return [];
  return db.all<{ tx_hash: string; calls: string }>(`SELECT tx_hash, calls FROM internal_calls WHERE tx_hash IN (${hashes.map(() => '?').join(', ')})`, ...hashes);
}

/** The last block the trailing tracer covered (internal_trace); null when it covers none. */
export async function tracedBlockNumber(db: Queryable): Promise<number | null> {
  const row = await db.one<{ n: number | null }>('SELECT block_number AS n FROM internal_trace WHERE id = 1');
  return row?.n === null || row?.n === undefined ? null : Number(row.n);
}

/** An address_internal row with its transaction and the transaction's kept calls (JSON). */
export interface AddressInternalRow {
  tx_id: number;
  call_index: number;
  hash: string;
  block_number: number;
  timestamp: number;
  calls: string;
}

/** One page of an address's indexed internal transactions whose row ids lie in [fromId, toId], each transaction's in call order. */
export function addressInternalPage(db: Queryable, address: string, fromId: number, toId: number, desc: boolean, limit: number, offset: number): Promise<AddressInternalRow[]> {
  return db.all<AddressInternalRow>(
    `SELECT a.tx_id, a.call_index, t.hash, t.block_number, t.timestamp, c.calls
     FROM address_internal a JOIN transactions t ON t.id = a.tx_id JOIN internal_calls c ON c.tx_hash = t.hash
     WHERE a.address = ? AND a.tx_id BETWEEN ? AND ? ORDER BY a.tx_id ${desc ? 'DESC' : 'ASC'}, a.call_index ASC LIMIT ? OFFSET ?`,
    address,
    fromId,
    toId,
    limit,
    offset,
  );
}

/** The address's indexed internal transactions whose row ids lie in [fromId, toId], counted up to `upTo`. */
export async function countAddressInternal(db: Queryable, address: string, fromId: number, toId: number, upTo: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM address_internal WHERE address = ? AND tx_id BETWEEN ? AND ? LIMIT ?) x',
    address,
    fromId,
    toId,
    upTo,
  );
  return Number(row?.n ?? 0);
}

/** The kept calls (JSON) of one transaction, if it was traced. */
export async function storedCalls(db: Queryable, hash: string): Promise<string | undefined> {
  return (await db.one<{ calls: string }>('SELECT calls FROM internal_calls WHERE tx_hash = ?', hash))?.calls;
}

/** Keeps (or replaces) the calls (JSON) of a transaction of block `block`. */
export async function storeCalls(db: Queryable, hash: string, block: number, calls: string): Promise<void> {
  await db.run(
    `INSERT INTO internal_calls (tx_hash, block_number, calls) VALUES (?, ?, ?)
     ON CONFLICT (tx_hash) DO UPDATE SET block_number = excluded.block_number, calls = excluded.calls`,
    hash,
    block,
    calls,
  );
}

/** The trailing tracer's cursor: every block up to block_number (whose hash was block_hash when traced) is traced. */
export interface TraceCursor {
  block_number: number | null;
  block_hash: string | null;
}

/** The trailing tracer's cursor (internal_trace). */
export function traceCursor(db: Queryable): Promise<TraceCursor | undefined> {
  return db.one<TraceCursor>('SELECT block_number, block_hash FROM internal_trace WHERE id = 1');
}

/** Moves the trailing tracer's cursor to a block. */
export async function setTraceCursor(db: Queryable, block: number, hash: string): Promise<void> {
  await db.run('UPDATE internal_trace SET block_number = ?, block_hash = ? WHERE id = 1', block, hash);
}

/** Keeps (or replaces) traced transactions' calls in bulk: rows of (tx_hash, block_number, calls JSON). */
export function insertKeptCalls(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(db, 'internal_calls', ['tx_hash', 'block_number', 'calls'], rows, ' ON CONFLICT (tx_hash) DO UPDATE SET block_number = excluded.block_number, calls = excluded.calls');
}

/** Adds rows to the index of internal transactions by address in bulk: rows of (address, tx_id, call_index). */
export function insertAddressInternal(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(db, 'address_internal', ['address', 'tx_id', 'call_index'], rows, ' ON CONFLICT DO NOTHING');
}

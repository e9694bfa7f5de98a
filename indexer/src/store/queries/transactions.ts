import type { BulkTable } from '../bulk.ts';
import { ROW_ID_BLOCK } from '../row-ids.ts';
import type { TxRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// Reads of the transactions table (migrations/001_init.sql) and of address_transactions, its index by address
// (002_address_transactions.sql: one row per sender, recipient and created contract); the tables as the writer appends
// to them; and revert_reasons (004_revert_reasons.sql), the revert reasons found on demand.

/** A transaction by hash. */
export function transactionByHash(db: Queryable, hash: string): Promise<TxRow | undefined> {
  return db.one<TxRow>('SELECT * FROM transactions WHERE hash = ?', hash);
}

/**
 * One page of an address's transactions (sent, received, or creating it) whose row ids lie in [fromId, toId], in
 * id order (newest first when `desc`).
 */
export function addressTransactionsPage(db: Queryable, address: string, fromId: number, toId: number, desc: boolean, limit: number, offset: number): Promise<TxRow[]> {
  return db.all<TxRow>(
    `SELECT t.* FROM address_transactions a JOIN transactions t ON t.id = a.tx_id
     WHERE a.address = ? AND a.tx_id BETWEEN ? AND ? ORDER BY a.tx_id ${desc ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
    address,
    fromId,
    toId,
    limit,
    offset,
  );
}

/** The transactions of a block, in block order. */
export function blockTransactions(db: Queryable, block: number): Promise<TxRow[]> {
  return db.all<TxRow>('SELECT * FROM transactions WHERE id >= ? AND id < ? ORDER BY id', block * ROW_ID_BLOCK, (block + 1) * ROW_ID_BLOCK);
}

/** The parties of each transaction in blocks `since`+1 … `head`: sender (a), recipient (b) and created contract (c). */
export function transactionPartiesBetween(db: Queryable, since: number, head: number): Promise<{ a: string; b: string | null; c: string | null }[]> {
  return db.all<{ a: string; b: string | null; c: string | null }>(
    'SELECT from_addr AS a, to_addr AS b, contract_address AS c FROM transactions WHERE id >= ? AND id < ?',
    (since + 1) * ROW_ID_BLOCK,
    (head + 1) * ROW_ID_BLOCK,
  );
}

/** One page of transactions, newest first. */
export function latestTransactions(db: Queryable, limit: number, offset: number): Promise<TxRow[]> {
  return db.all<TxRow>('SELECT * FROM transactions ORDER BY id DESC LIMIT ? OFFSET ?', limit, offset);
}

/** Why a failed transaction reverted, as revert_reasons keeps it (migrations/004_revert_reasons.sql). */
export interface RevertReasonRow {
  kind: string;
  reason: string | null;
  data: string;
}

/** The kept revert reason of a transaction, if found before. */
export function storedRevertReason(db: Queryable, hash: string): Promise<RevertReasonRow | undefined> {
  return db.one<RevertReasonRow>('SELECT kind, reason, data FROM revert_reasons WHERE tx_hash = ?', hash);
}

/** Keeps (or replaces) the revert reason of a transaction of block `block`. */
export async function storeRevertReason(db: Queryable, hash: string, block: number, found: RevertReasonRow): Promise<void> {
  await db.run(
    `INSERT INTO revert_reasons (tx_hash, block_number, kind, reason, data) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (tx_hash) DO UPDATE SET block_number = excluded.block_number, kind = excluded.kind, reason = excluded.reason, data = excluded.data`,
    hash,
    block,
    found.kind,
    found.reason,
    found.data,
  );
}

/** One page of an address's transactions (sent, received, or creating it), newest first. */
export function addressTransactions(db: Queryable, address: string, limit: number, offset: number): Promise<TxRow[]> {
  return db.all<TxRow>(
    `SELECT t.* FROM address_transactions a JOIN transactions t ON t.id = a.tx_id
     WHERE a.address = ? ORDER BY a.tx_id DESC LIMIT ? OFFSET ?`,
    address,
    limit,
    offset,
  );
}

/** Number of transactions involving an address. */
export async function addressTransactionCount(db: Queryable, address: string): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM address_transactions WHERE address = ?', address))?.n ?? 0;
}

/** A transaction's sender, recipient and value. */
export type TransactionParties = Pick<TxRow, 'hash' | 'from_addr' | 'to_addr' | 'value'>;

/** The sender, recipient and value of the given transactions (those indexed), by hash. */
export async function transactionsParties(db: Queryable, hashes: readonly string[]): Promise<TransactionParties[]> {
  if (hashes.length === 0) return [];
  return db.all<TransactionParties>(`SELECT hash, from_addr, to_addr, value FROM transactions WHERE hash IN (${hashes.map(() => '?').join(', ')})`, ...hashes);
}

/** Number of distinct senders of the transactions from a block on. */
export async function sendersSince(db: Queryable, block: number): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(DISTINCT from_addr) AS n FROM transactions WHERE id >= ?', block * ROW_ID_BLOCK))?.n ?? 0;
}

/** Number of transactions an address sent before position `txIndex` of a block. */
export async function sentEarlierInBlock(db: Queryable, block: number, txIndex: number, from: string): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM transactions WHERE block_number = ? AND tx_index < ? AND from_addr = ?', block, txIndex, from))?.n ?? 0;
}

/** A transaction's time, recipient, gas used and price paid (the receipt's effective price, else its own). */
export interface GasRow {
  id: number;
  timestamp: number;
  to_addr: string | null;
  gas_used: string;
  price: string | null;
}

/** Up to `limit` transactions whose row ids lie in [fromId, toId), in order, with their gas figures. */
export function gasPage(db: Queryable, fromId: number, toId: number, limit: number): Promise<GasRow[]> {
  return db.all<GasRow>('SELECT id, timestamp, to_addr, gas_used, coalesce(effective_gas_price, gas_price) AS price FROM transactions WHERE id >= ? AND id < ? ORDER BY id LIMIT ?', fromId, toId, limit);
}

/** The newest `limit` transactions of blocks `from` … `to`, newest first. */
export function latestTransactionsBetween(db: Queryable, from: number, to: number, limit: number): Promise<TxRow[]> {
  return db.all<TxRow>('SELECT * FROM transactions WHERE id >= ? AND id < ? ORDER BY id DESC LIMIT ?', from * ROW_ID_BLOCK, (to + 1) * ROW_ID_BLOCK, limit);
}

/** A transaction's hash, block and parties. */
export type TransactionTouch = Pick<TxRow, 'hash' | 'block_number' | 'from_addr' | 'to_addr' | 'contract_address'>;

/** The hash, block and parties of every transaction of blocks `from` … `to`, newest first. */
export function transactionTouchesBetween(db: Queryable, from: number, to: number): Promise<TransactionTouch[]> {
  return db.all<TransactionTouch>(
    'SELECT hash, block_number, from_addr, to_addr, contract_address FROM transactions WHERE id >= ? AND id < ? ORDER BY id DESC',
    from * ROW_ID_BLOCK,
    (to + 1) * ROW_ID_BLOCK,
  );
}

/** A transaction of an address (sent, received or creating it): the address, the hash and the block. */
export interface AddressTransactionHit {
  address: string;
  hash: string;
  block_number: number;
}

/** The transactions of the given addresses in blocks `from` … `to`, newest first (address_transactions). */
export function addressesTransactionsBetween(db: Queryable, addresses: readonly string[], from: number, to: number): Promise<AddressTransactionHit[]> {
  return db.all<AddressTransactionHit>(
    `SELECT a.address, t.hash, t.block_number FROM address_transactions a JOIN transactions t ON t.id = a.tx_id
           WHERE a.address IN (${addresses.map(() => '?').join(',')}) AND a.tx_id >= ? AND a.tx_id < ? ORDER BY a.tx_id DESC`,
    ...addresses,
    from * ROW_ID_BLOCK,
    (to + 1) * ROW_ID_BLOCK,
  );
}

/** A transaction's figures as the daily statistics fold them. */
export type TransactionFigures = Pick<TxRow, 'id' | 'from_addr' | 'to_addr' | 'gas_used' | 'effective_gas_price' | 'gas_price'>;

/** The figures of the transactions of blocks `from` … `to`. */
export function transactionFiguresBetween(db: Queryable, from: number, to: number): Promise<TransactionFigures[]> {
  return db.all<TransactionFigures>(
    'SELECT id, from_addr, to_addr, gas_used, effective_gas_price, gas_price FROM transactions WHERE id >= ? AND id < ?',
    from * ROW_ID_BLOCK,
    (to + 1) * ROW_ID_BLOCK,
  );
}

/** The transactions table as the writer appends to it. */
export const TRANSACTION_ROWS: BulkTable = {
  name: 'transactions',
  columns: [
    'id', 'hash', 'block_number', 'tx_index', 'block_hash', 'timestamp', 'from_addr', 'to_addr', 'contract_address', 'value', 'gas_limit',
    'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'effective_gas_price', 'gas_used', 'cumulative_gas_used', 'input', 'nonce',
    'type', 'status',
  ],
  suffix: '',
};

/** address_transactions as the writer appends to it: (address, tx_id), a link already stored is kept. */
export const ADDRESS_TRANSACTION_ROWS: BulkTable = { name: 'address_transactions', columns: ['address', 'tx_id'], suffix: ' ON CONFLICT DO NOTHING' };

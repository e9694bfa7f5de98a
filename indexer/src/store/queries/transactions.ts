import type { TxRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// Reads of the transactions table (migrations/001_init.sql) and of address_transactions, its index by address
// (002_address_transactions.sql: one row per sender, recipient and created contract).

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

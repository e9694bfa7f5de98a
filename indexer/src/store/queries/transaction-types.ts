import type { BulkTable } from '../bulk.ts';
import type { TxRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// Reads and writes of transaction_types (migrations/012_transaction_types.sql): what a typed transaction carries beyond
// the common fields (access list, EIP-7702 authorizations, EIP-4844 blob fields), one row per transaction with any.

/** A row of transaction_types (JSON lists as text). */
export interface TransactionTypeRow {
  access_list: string | null;
  authorizations: string | null;
  applied: string | null;
  blob_hashes: string | null;
  max_fee_per_blob_gas: string | null;
  blob_gas_used: string | null;
  blob_gas_price: string | null;
}

/** The typed fields of a transaction, if it carries any. */
export function transactionTypes(db: Queryable, txId: number): Promise<TransactionTypeRow | undefined> {
  return db.one<TransactionTypeRow>('SELECT * FROM transaction_types WHERE tx_id = ?', txId);
}

/** Keeps a transaction's authorizations (JSON), now with their authorities. */
export async function storeAuthorizations(db: Queryable, txId: number, authorizations: string): Promise<void> {
  await db.run('UPDATE transaction_types SET authorizations = ? WHERE tx_id = ?', authorizations, txId);
}

/** Keeps whether each of a transaction's authorizations was applied (JSON). */
export async function storeApplied(db: Queryable, txId: number, applied: string): Promise<void> {
  await db.run('UPDATE transaction_types SET applied = ? WHERE tx_id = ?', applied, txId);
}

/** The transactions before position `txIndex` of a block that carry authorizations, in block order, with them. */
export function earlierAuthorizationsInBlock(db: Queryable, block: number, txIndex: number): Promise<(TxRow & Pick<TransactionTypeRow, 'authorizations' | 'applied'>)[]> {
  return db.all<TxRow & Pick<TransactionTypeRow, 'authorizations' | 'applied'>>(
    `SELECT t.*, y.authorizations, y.applied FROM transactions t JOIN transaction_types y ON y.tx_id = t.id
     WHERE t.block_number = ? AND t.tx_index < ? AND y.authorizations IS NOT NULL ORDER BY t.tx_index`,
    block,
    txIndex,
  );
}

/** transaction_types as the writer appends to it, with the columns of its rows. */
export function transactionTypeRows(columns: readonly string[]): BulkTable {
  return { name: 'transaction_types', columns, suffix: '' };
}

import { insertRows, runIn } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of the approvals index (migrations/011_approvals.sql): the ERC-20 allowances and ERC-721 / ERC-1155
// operator approvals in force, one row per (owner, token, spender, kind), kept by the sync (sync/approvals.ts).

/** One approval as the index keeps it, with the names the page shows. */
export interface ApprovalRow {
  owner: string;
  token: string;
  spender: string;
  kind: 'allowance' | 'operator';
  value: string;
  block_number: number;
  log_index: number;
  tx_hash: string;
  timestamp: number;
  token_name: string | null;
  token_symbol: string | null;
  token_decimals: number | null;
  token_type: string | null;
  spender_contract: string | null;
  spender_verified: string | null;
}

/** An owner's approvals in force, newest grant first, a page of the index (names of the token and the spender joined). */
export function ownerApprovalsPage(db: Queryable, owner: string, limit: number, offset: number): Promise<ApprovalRow[]> {
  return db.all<ApprovalRow>(
    `SELECT a.owner, a.token, a.spender, a.kind, a.value, a.block_number, a.log_index, a.tx_hash, a.timestamp,
       c.name AS token_name, c.symbol AS token_symbol, c.decimals AS token_decimals, c.contract_type AS token_type,
       s.name AS spender_contract, v.contract_name AS spender_verified
     FROM approvals a
       LEFT JOIN contracts c ON c.address = a.token
       LEFT JOIN contracts s ON s.address = a.spender
       LEFT JOIN verified_contracts v ON v.address = a.spender
     WHERE a.owner = ? ORDER BY a.block_number DESC, a.log_index DESC LIMIT ? OFFSET ?`,
    owner,
    limit,
    offset,
  );
}

const APPROVAL_COLUMNS = ['owner', 'token', 'spender', 'kind', 'value', 'block_number', 'log_index', 'tx_hash', 'timestamp'] as const;

/**
 * Replaces the approvals of the keys touched, (owner, token, spender, kind) each, by `rows` (those still in force, as
 * APPROVAL_COLUMNS): one delete of every key (IN lists) and one insert.
 */
export async function replaceApprovals(db: Queryable, touched: readonly (readonly [string, string, string, string])[], rows: readonly SqlParam[][]): Promise<void> {
  await runIn(db, 'DELETE FROM approvals WHERE (owner, token, spender, kind) IN (?)', [], touched);
  await insertApprovals(db, rows);
}

/** Inserts approvals (rows as APPROVAL_COLUMNS). */
export function insertApprovals(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(db, 'approvals', APPROVAL_COLUMNS, rows);
}

/** Deletes one key's approval. */
export async function deleteApproval(db: Queryable, owner: string, token: string, spender: string, kind: string): Promise<void> {
  await db.run('DELETE FROM approvals WHERE owner = ? AND token = ? AND spender = ? AND kind = ?', owner, token, spender, kind);
}

import type { BulkTable } from '../bulk.ts';
import type { ContractRow, TransferRow } from '../rows.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads of the token_transfers table (migrations/001_init.sql): one row per transfer (per id of an ERC-1155 batch),
// row ids in chain order, indexed by token, sender, recipient, transaction and block. TRANSFER_ROWS is the table as the
// writer appends to it.

/** A transfer row joined with its token's name, symbol and decimals (TRANSFER_SELECT). */
export type TransferWithToken = TransferRow & Pick<ContractRow, 'name' | 'symbol' | 'decimals'>;

/** The SQL selecting transfer rows joined with their token. */
const TRANSFER_SELECT = `SELECT t.id, t.block_number, t.log_index, t.batch_index, t.tx_hash, t.timestamp, t.token_address,
  t.token_type, t.from_addr, t.to_addr, t.value, t.token_id, c.name, c.symbol, c.decimals
  FROM token_transfers t LEFT JOIN contracts c ON c.address = t.token_address`;

/** The transfers of one transaction, in order, with their token. */
export function transactionTransfers(db: Queryable, hash: string): Promise<TransferWithToken[]> {
  return db.all<TransferWithToken>(`${TRANSFER_SELECT} WHERE t.tx_hash = ? ORDER BY t.id`, hash);
}

/** One page of a token's transfers, newest first, with their token. */
export function tokenTransfers(db: Queryable, token: string, limit: number, offset: number): Promise<TransferWithToken[]> {
  return db.all<TransferWithToken>(`${TRANSFER_SELECT} WHERE t.token_address = ? ORDER BY t.id DESC LIMIT ? OFFSET ?`, token, limit, offset);
}

/** One page of the transfers of one NFT (token and padded id), newest first, with their token. */
export function nftTransfers(db: Queryable, token: string, tokenId: string, limit: number, offset: number): Promise<TransferWithToken[]> {
  return db.all<TransferWithToken>(`${TRANSFER_SELECT} WHERE t.token_address = ? AND t.token_id = ? ORDER BY t.id DESC LIMIT ? OFFSET ?`, token, tokenId, limit, offset);
}

/** A token transfer joined with its token and its transaction (TOKEN_TX_SELECT). */
export interface TokenTxRow {
  id: number;
  block_number: number;
  log_index: number;
  tx_hash: string;
  timestamp: number;
  token_address: string;
  token_type: string;
  from_addr: string;
  to_addr: string;
  value: string;
  token_id: string | null;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  nonce: number | null;
  block_hash: string | null;
  tx_index: number | null;
  gas_limit: string | null;
  gas_price: string | null;
  effective_gas_price: string | null;
  gas_used: string | null;
  cumulative_gas_used: string | null;
  input: string | null;
  tx_to: string | null;
}

/** Transfer rows with their token's name, symbol and decimals and their transaction's fields. */
const TOKEN_TX_SELECT = `SELECT t.id, t.block_number, t.log_index, t.tx_hash, t.timestamp, t.token_address, t.token_type,
  t.from_addr, t.to_addr, t.value, t.token_id, c.name, c.symbol, c.decimals,
  x.nonce, x.block_hash, x.tx_index, x.gas_limit, x.gas_price, x.effective_gas_price, x.gas_used, x.cumulative_gas_used,
  x.input, x.to_addr AS tx_to
  FROM token_transfers t LEFT JOIN contracts c ON c.address = t.token_address LEFT JOIN transactions x ON x.hash = t.tx_hash`;

/** The id of the first transfer at or after a block, if any. */
export async function firstTransferIdFrom(db: Queryable, block: number): Promise<number | undefined> {
  return (await db.one<{ id: number }>('SELECT id FROM token_transfers WHERE block_number >= ? ORDER BY block_number, id LIMIT 1', block))?.id;
}

/** The id of the last transfer at or before a block, if any. */
export async function lastTransferIdTo(db: Queryable, block: number): Promise<number | undefined> {
  return (await db.one<{ id: number }>('SELECT id FROM token_transfers WHERE block_number <= ? ORDER BY block_number DESC, id DESC LIMIT 1', block))?.id;
}

/** Which transfers a page of TokenTxRows holds: of one standard, in an id range, by token and/or by party. */
export interface TokenTxFilter {
  tokenType: string;
  /** Transfers from or to this address; null for any. */
  address: string | null;
  /** Transfers of this token; null for any (then `address` is set). */
  token: string | null;
  fromId: number;
  toId: number;
  desc: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of transfers, with their token and transaction: by token alone, or by address (from or to it: the union of
 * the from and to indexes, each read no deeper than the page), of one token or any.
 */
export function tokenTransfersPage(db: Queryable, f: TokenTxFilter): Promise<TokenTxRow[]> {
  const dir = f.desc ? 'DESC' : 'ASC';
  if (f.address === null) {
    return db.all<TokenTxRow>(
      `${TOKEN_TX_SELECT} WHERE t.token_address = ? AND t.token_type = ? AND t.id BETWEEN ? AND ? ORDER BY t.id ${dir} LIMIT ? OFFSET ?`,
      f.token,
      f.tokenType,
      f.fromId,
      f.toId,
      f.limit,
      f.offset,
    );
  }
  const tokenFilter = f.token === null ? '' : ' AND token_address = ?';
  const side = (col: string): string =>
    `SELECT id FROM (SELECT id FROM token_transfers WHERE ${col} = ? AND token_type = ?${tokenFilter} AND id BETWEEN ? AND ? ORDER BY id ${dir} LIMIT ?) AS ${col}_side`;
  const args: SqlParam[] = [f.address, f.tokenType, ...(f.token === null ? [] : [f.token]), f.fromId, f.toId, f.offset + f.limit];
  return db.all<TokenTxRow>(
    `${TOKEN_TX_SELECT} WHERE t.id IN (${side('from_addr')} UNION ${side('to_addr')}) ORDER BY t.id ${dir} LIMIT ? OFFSET ?`,
    ...args,
    ...args,
    f.limit,
    f.offset,
  );
}

/** The parties of each transfer in blocks `since`+1 … `head`: token (a), sender (b) and recipient (c). */
export function transferPartiesBetween(db: Queryable, since: number, head: number): Promise<{ a: string; b: string; c: string }[]> {
  return db.all<{ a: string; b: string; c: string }>('SELECT token_address AS a, from_addr AS b, to_addr AS c FROM token_transfers WHERE block_number > ? AND block_number <= ?', since, head);
}

/** Number of token transfers (ERC-20, ERC-721, ERC-1155) from or to an address. */
export async function addressTransferCount(db: Queryable, address: string): Promise<number> {
  return (
    (await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT id FROM token_transfers WHERE from_addr = ? UNION SELECT id FROM token_transfers WHERE to_addr = ?) AS touching`,
      address,
      address,
    ))?.n ?? 0
  );
}

/** One page of the transfers from or to an address, newest first, of the given standards and optionally one token. */
export function addressTransfersPage(
  db: Queryable,
  address: string,
  opts: { limit: number; offset: number; token: string | null; types: readonly string[] },
): Promise<TransferWithToken[]> {
  const window = opts.limit + opts.offset;
  const types = opts.types.map((t) => `'${t}'`).join(', ');
  const filter = `AND token_type IN (${types})${opts.token ? ' AND token_address = ?' : ''}`;
  const branch = (col: string): string =>
    `SELECT id FROM (SELECT id FROM token_transfers WHERE ${col} = ? ${filter} ORDER BY id DESC LIMIT ?) AS ${col}_side`;
  const args = (): (string | number)[] => (opts.token ? [address, opts.token, window] : [address, window]);
  return db.all<TransferWithToken>(
    `${TRANSFER_SELECT} WHERE t.id IN (${branch('from_addr')} UNION ${branch('to_addr')}) ORDER BY t.id DESC LIMIT ? OFFSET ?`,
    ...args(),
    ...args(),
    opts.limit,
    opts.offset,
  );
}

/** A transfer's id, block, token and parties. */
export type TransferTouch = Pick<TransferRow, 'id' | 'block_number' | 'token_address' | 'from_addr' | 'to_addr'>;

/** Every transfer of blocks `from` … `to`. */
export function transferTouchesBetween(db: Queryable, from: number, to: number): Promise<TransferTouch[]> {
  return db.all<TransferTouch>('SELECT id, block_number, token_address, from_addr, to_addr FROM token_transfers WHERE block_number >= ? AND block_number <= ?', from, to);
}

/** The transfers of blocks `from` … `to` from or to the given addresses. */
export function addressesTransfersBetween(db: Queryable, addresses: readonly string[], from: number, to: number): Promise<TransferTouch[]> {
  const marks = addresses.map(() => '?').join(',');
  return db.all<TransferTouch>(
    `SELECT id, block_number, token_address, from_addr, to_addr FROM token_transfers
           WHERE (from_addr IN (${marks}) OR to_addr IN (${marks})) AND block_number >= ? AND block_number <= ?`,
    ...addresses,
    ...addresses,
    from,
    to,
  );
}

/** The transfers of blocks `from` … `to` of the given tokens. */
export function tokensTransfersBetween(db: Queryable, tokens: readonly string[], from: number, to: number): Promise<TransferTouch[]> {
  return db.all<TransferTouch>(
    `SELECT id, block_number, token_address, from_addr, to_addr FROM token_transfers WHERE token_address IN (${tokens.map(() => '?').join(',')}) AND block_number >= ? AND block_number <= ?`,
    ...tokens,
    from,
    to,
  );
}

/** Per block of `from` … `to` (b), token and standard: the transfers (n). */
export function transferCountsPerBlock(db: Queryable, from: number, to: number): Promise<{ b: number; token_address: string; token_type: string; n: number }[]> {
  return db.all<{ b: number; token_address: string; token_type: string; n: number }>(
    'SELECT block_number AS b, token_address, token_type, count(*) AS n FROM token_transfers WHERE block_number BETWEEN ? AND ? GROUP BY block_number, token_address, token_type',
    from,
    to,
  );
}

/** A transfer as the holders' walk back reads it. */
export type TransferMove = Pick<TransferRow, 'block_number' | 'timestamp' | 'token_address' | 'token_type' | 'from_addr' | 'to_addr' | 'value'>;

/** Every transfer from block `from` on, newest first. */
export function transfersSinceNewestFirst(db: Queryable, from: number): Promise<TransferMove[]> {
  return db.all<TransferMove>(
    'SELECT block_number, timestamp, token_address, token_type, from_addr, to_addr, value FROM token_transfers WHERE block_number >= ? ORDER BY id DESC',
    from,
  );
}

/** token_transfers as the writer appends to it (the row id is filled in). */
export const TRANSFER_ROWS: BulkTable = {
  name: 'token_transfers',
  columns: [
    'block_number', 'log_index', 'batch_index', 'tx_hash', 'timestamp', 'token_address', 'token_type', 'from_addr', 'to_addr', 'value', 'token_id',
  ],
  suffix: '',
};

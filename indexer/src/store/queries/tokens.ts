import { PADDED_ZERO } from '../../chain/num.ts';
import { insertRows, runIn, selectIn, type Key } from '../bulk.ts';
import type { ContractRow } from '../rows.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Tokens (migrations/001_init.sql): the token contracts as lists and search find them, and their holdings in
// token_balances, read and written (token_id '' holds a holder's total for the token, ERC-1155 per-id balances use the
// padded id; balances are padded decimals).

/** A holder's total balance of a token (padded decimal), if it holds any. */
export async function tokenBalance(db: Queryable, token: string, holder: string): Promise<string | undefined> {
  return (await db.one<{ balance: string }>("SELECT balance FROM token_balances WHERE token_address = ? AND holder = ? AND token_id = ''", token, holder))?.balance;
}

/** A token an address holds, with the token's fields. */
export interface HoldingRow {
  token_address: string;
  balance: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  contract_type: string;
  creator: string | null;
}

/** One page of the tokens an address holds (totals above zero), by standard, then most held first. */
export function holdingsOf(db: Queryable, holder: string, limit: number, offset: number): Promise<HoldingRow[]> {
  return db.all<HoldingRow>(
    `SELECT b.token_address, b.balance, c.name, c.symbol, c.decimals, c.contract_type, c.creator
     FROM token_balances b JOIN contracts c ON c.address = b.token_address
     WHERE b.holder = ? AND b.token_id = '' AND b.balance > ?
     ORDER BY c.contract_type, c.holder_count DESC, b.token_address LIMIT ? OFFSET ?`,
    holder,
    PADDED_ZERO,
    limit,
    offset,
  );
}

/** A token row (contracts of type ERC20, ERC721 or ERC1155): the columns TOKEN_COLUMNS selects. */
export type TokenRow = Omit<ContractRow, 'first_seen_block' | 'code_size'> & {
  /** 1 when the contract's source is verified here (selected by the token queries only). */
  verified?: number;
};

const TOKEN_COLUMNS = `address, creator, creation_tx, block_number, timestamp, contract_type, name, symbol, decimals,
  total_supply, owner, holder_count, transfer_count,
  CASE WHEN EXISTS (SELECT 1 FROM verified_contracts v WHERE v.address = contracts.address) THEN 1 ELSE 0 END AS verified`;

/** The token at an address, or undefined when it is not a token. */
export function tokenAt(db: Queryable, address: string): Promise<TokenRow | undefined> {
  return db.one<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM contracts WHERE address = ? AND contract_type != 'none'`, address);
}

/** One page of tokens (of one standard, or any), most holders first. */
export function tokensPage(db: Queryable, type: string | null, limit: number, offset: number): Promise<TokenRow[]> {
  return type
    ? db.all<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM contracts WHERE contract_type = ? ORDER BY holder_count DESC, transfer_count DESC, address LIMIT ? OFFSET ?`,
        type,
        limit,
        offset,
      )
    : db.all<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM contracts WHERE contract_type != 'none' ORDER BY holder_count DESC, transfer_count DESC, address LIMIT ? OFFSET ?`,
        limit,
        offset,
      );
}

/** One page of a token's holders (totals above zero) by balance, largest first unless `asc`. */
export function tokenHoldersPage(db: Queryable, token: string, asc: boolean, limit: number, offset: number): Promise<{ holder: string; balance: string }[]> {
  return db.all<{ holder: string; balance: string }>(
    `SELECT holder, balance FROM token_balances WHERE token_address = ? AND token_id = '' AND balance > ?
     ORDER BY balance ${asc ? 'ASC' : 'DESC'}, holder LIMIT ? OFFSET ?`,
    token,
    PADDED_ZERO,
    limit,
    offset,
  );
}

/** A token as search finds it. */
export interface TokenHit {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  contract_type: string;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** Up to `limit` tokens whose name or symbol is `q` (any case), most holders first. */
export function tokensNamed(db: Queryable, q: string, limit: number): Promise<TokenHit[]> {
  return db.all<TokenHit>(
    `SELECT address, name, symbol, decimals, total_supply, contract_type FROM contracts
     WHERE contract_type != 'none' AND (lower(name) = lower(?) OR lower(symbol) = lower(?))
     ORDER BY holder_count DESC, address LIMIT ?`,
    q,
    q,
    limit,
  );
}

/** Up to `limit` tokens whose name or symbol contains `q` (any case), most holders first. */
export function tokensNameContaining(db: Queryable, q: string, limit: number): Promise<TokenHit[]> {
  const like = `%${escapeLike(q)}%`;
  return db.all<TokenHit>(
    `SELECT address, name, symbol, decimals, total_supply, contract_type FROM contracts
       WHERE contract_type != 'none' AND (lower(name) LIKE lower(?) ESCAPE '\\' OR lower(symbol) LIKE lower(?) ESCAPE '\\')
       ORDER BY holder_count DESC, address LIMIT ?`,
    like,
    like,
    limit,
  );
}

/** Number of tokens an address holds (totals above zero), if it can be counted. */
export async function heldTokenCount(db: Queryable, holder: string): Promise<number | undefined> {
  return (await db.one<{ n: number }>("SELECT count(*) AS n FROM token_balances WHERE holder = ? AND token_id = '' AND balance > ?", holder, PADDED_ZERO))?.n;
}

/** Number of ERC-1155 ids an address holds (balances above zero). */
export async function heldIdCount(db: Queryable, holder: string): Promise<number> {
  return (await db.one<{ n: number }>("SELECT count(*) AS n FROM token_balances WHERE holder = ? AND token_id != '' AND balance > ?", holder, PADDED_ZERO))?.n ?? 0;
}

/** Number of addresses holding any token. */
export async function tokenHolderCount(db: Queryable): Promise<number> {
  return (await db.one<{ n: number }>("SELECT count(DISTINCT holder) AS n FROM token_balances WHERE token_id = '' AND balance > ?", PADDED_ZERO))?.n ?? 0;
}

/** A token and its number of holders. */
export type TokenHoldersRow = Pick<ContractRow, 'address' | 'name' | 'symbol' | 'contract_type' | 'holder_count'>;

/** The ten tokens with the most holders. */
export function topTokensByHolders(db: Queryable): Promise<TokenHoldersRow[]> {
  return db.all<TokenHoldersRow>(
    `SELECT address, name, symbol, contract_type, holder_count FROM contracts WHERE contract_type != 'none'
       ORDER BY holder_count DESC, address LIMIT 10`,
  );
}

/** The total balances (padded) of the given (token, holder) pairs that hold any. */
export function totalBalancesOf(db: Queryable, pairs: readonly (readonly [string, string])[]): Promise<{ token_address: string; holder: string; balance: string }[]> {
  return selectIn<{ token_address: string; holder: string; balance: string }>(
    db,
    "SELECT token_address, holder, balance FROM token_balances WHERE token_id = '' AND (token_address, holder) IN (?)",
    [],
    pairs,
  );
}

/** A row of token_balances. */
export interface BalanceRow {
  token_address: string;
  holder: string;
  token_id: string;
  balance: string;
}

/** Every balance row (total and per id) of the given (token, holder) pairs, in IN-list chunks. */
export function balancesOfHolders(db: Queryable, pairs: readonly Key[]): Promise<BalanceRow[]> {
  return selectIn<BalanceRow>(db, 'SELECT token_address, holder, token_id, balance FROM token_balances WHERE (token_address, holder) IN (?)', [], pairs);
}

/** Deletes the balances of the given (token, holder, token_id) keys, in IN-list chunks. */
export function deleteBalances(db: Queryable, keys: readonly Key[]): Promise<void> {
  return runIn(db, 'DELETE FROM token_balances WHERE (token_address, holder, token_id) IN (?)', [], keys);
}

/** Writes balances (rows of token_address, holder, token_id, padded balance), replacing those stored, in bulk. */
export function upsertBalances(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(db, 'token_balances', ['token_address', 'holder', 'token_id', 'balance'], rows, ' ON CONFLICT (token_address, holder, token_id) DO UPDATE SET balance = excluded.balance');
}

import { PADDED_ZERO } from '../../chain/num.ts';
import { insertRows, runIn } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of the addresses table (migrations/001_init.sql): every address the sync has seen, with its native
// balance (padded decimal) as of the last block that touched it.

/** The native balances above zero (padded decimals), one per address. */
export async function positiveBalances(db: Queryable): Promise<string[]> {
  return (await db.all<{ balance: string }>('SELECT balance FROM addresses WHERE balance > ?', PADDED_ZERO)).map((r) => r.balance);
}

/** An address's indexed native balance (padded decimal), if it is indexed. */
export async function addressBalance(db: Queryable, address: string): Promise<string | undefined> {
  return (await db.one<{ balance: string }>('SELECT balance FROM addresses WHERE address = ?', address))?.balance;
}

/** Whether an indexed address holds code (1) or not (0); undefined when it is not indexed. */
export async function addressIsContract(db: Queryable, address: string): Promise<number | undefined> {
  return (await db.one<{ is_contract: number }>('SELECT is_contract FROM addresses WHERE address = ?', address))?.is_contract;
}

/** An address with its native balance (padded) and whether it holds code. */
export interface NativeHolderRow {
  address: string;
  balance: string;
  is_contract: number;
}

/** One page of the addresses whose balance is above `floor` (or at least `floor` when `inclusive`), largest first. */
export function nativeHoldersPage(db: Queryable, floor: string, inclusive: boolean, limit: number, offset: number): Promise<NativeHolderRow[]> {
  return db.all<NativeHolderRow>(
    `SELECT address, balance, is_contract FROM addresses WHERE balance ${inclusive ? '>=' : '>'} ? ORDER BY balance DESC, address LIMIT ? OFFSET ?`,
    floor,
    limit,
    offset,
  );
}

/** Number of addresses whose balance is above `floor` (or at least `floor` when `inclusive`). */
export async function nativeHolderCount(db: Queryable, floor: string, inclusive: boolean): Promise<number> {
  return (await db.one<{ n: number }>(`SELECT count(*) AS n FROM addresses WHERE balance ${inclusive ? '>=' : '>'} ?`, floor))?.n ?? 0;
}

/** Number of indexed addresses. */
export async function addressCount(db: Queryable): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM addresses'))?.n ?? 0;
}

/** Number of indexed addresses that hold code. */
export async function contractAddressCount(db: Queryable): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM addresses WHERE is_contract = 1'))?.n ?? 0;
}

/** Number of addresses with a native balance above zero. */
export async function positiveBalanceCount(db: Queryable): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM addresses WHERE balance > ?', PADDED_ZERO))?.n ?? 0;
}

/** Per block of `from` … `to` (b), the addresses first seen in it (n). */
export function addressesFirstSeenPerBlock(db: Queryable, from: number, to: number): Promise<{ b: number; n: number }[]> {
  return db.all<{ b: number; n: number }>('SELECT first_seen_block AS b, count(*) AS n FROM addresses WHERE first_seen_block BETWEEN ? AND ? GROUP BY first_seen_block', from, to);
}

/**
 * Writes the batch's addresses in bulk: rows of (address, padded balance, balance_block, first_seen_block,
 * is_contract); a stored address takes the new balance and keeps the first block it was seen in, and once a contract
 * stays one.
 */
export function upsertAddresses(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(
    db,
    'addresses',
    ['address', 'balance', 'balance_block', 'first_seen_block', 'is_contract'],
    rows,
    ` ON CONFLICT (address) DO UPDATE SET balance = excluded.balance, balance_block = excluded.balance_block,
             is_contract = CASE WHEN excluded.is_contract > addresses.is_contract THEN excluded.is_contract ELSE addresses.is_contract END`,
  );
}

/** Marks addresses as contracts, in IN-list chunks. */
export function markContracts(db: Queryable, addresses: readonly string[]): Promise<void> {
  return runIn(db, 'UPDATE addresses SET is_contract = 1 WHERE address IN (?)', [], addresses);
}

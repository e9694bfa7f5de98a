import type { Queryable, SqlParam } from '../types.ts';
import { insertRows } from '../bulk.ts';

// Reads and writes of the daily statistics (migrations/013_daily_stats.sql): daily_stats (one row per UTC day with
// blocks), token_daily_stats (per token and day with transfers) and stats_cursor (the stats follower's cursor), written
// by the fold (stats/fold.ts) and read by the series routes (stats/read.ts).

/** A row of daily_stats, every column as stored. */
export type DailyRow = Record<string, string | number | null> & { day: number };

/** The columns of daily_stats, in the order the fold's rows give them. */
const DAILY_COLUMNS = [
  'day', 'first_block', 'last_block', 'last_hash', 'blocks', 'transactions', 'active_addresses', 'active_senders',
  'new_addresses', 'gas_used', 'average_gas_price', 'median_gas_price', 'min_gas_price', 'max_gas_price', 'average_block_time', 'average_block_size',
  'new_contracts', 'verified_contracts', 'erc20_transfers', 'nft_transfers', 'fees', 'block_rewards',
];

/** The first and last days kept (day numbers; null before any block is folded). */
export function keptDayRange(db: Queryable): Promise<{ first: number | null; last: number | null } | undefined> {
  return db.one<{ first: number | null; last: number | null }>('SELECT min(day) AS first, max(day) AS last FROM daily_stats');
}

/** The stored rows of days from … to (day numbers), in order. */
export function dailyStatsBetween(db: Queryable, from: number, to: number): Promise<DailyRow[]> {
  return db.all<DailyRow>('SELECT * FROM daily_stats WHERE day BETWEEN ? AND ? ORDER BY day', from, to);
}

/** A token's stored days from … to: its transfers and its holders at the end of each, in order. */
export function tokenDailyStats(db: Queryable, token: string, from: number, to: number): Promise<{ day: number; transfers: number; holders: number }[]> {
  return db.all<{ day: number; transfers: number; holders: number }>(
    'SELECT day, transfers, holders FROM token_daily_stats WHERE token_address = ? AND day BETWEEN ? AND ? ORDER BY day',
    token,
    from,
    to,
  );
}

/** A token's holders at the end of its last stored day before `day`, if any. */
export async function tokenHoldersBefore(db: Queryable, token: string, day: number): Promise<number | undefined> {
  return (await db.one<{ holders: number }>('SELECT holders FROM token_daily_stats WHERE token_address = ? AND day < ? ORDER BY day DESC LIMIT 1', token, day))?.holders;
}

/** The stats follower's cursor: the last block folded and its hash (null before any), the newest verification counted. */
export interface StatsCursorRow {
  block_number: number | null;
  block_hash: string | null;
  verified_at: number;
}

/** The stats follower's cursor. */
export function statsCursor(db: Queryable): Promise<StatsCursorRow | undefined> {
  return db.one<StatsCursorRow>('SELECT block_number, block_hash, verified_at FROM stats_cursor WHERE id = 1');
}

/** Moves the cursor to a block (null: before any). */
export async function setStatsCursor(db: Queryable, block: number | null, hash: string | null): Promise<void> {
  await db.run('UPDATE stats_cursor SET block_number = ?, block_hash = ? WHERE id = 1', block, hash);
}

/** Notes the newest verification time counted. */
export async function setVerifiedCursor(db: Queryable, verifiedAt: number): Promise<void> {
  await db.run('UPDATE stats_cursor SET verified_at = ? WHERE id = 1', verifiedAt);
}

/** The last day whose last folded block is still stored with the same hash (an intact day), if any. */
export function lastIntactDay(db: Queryable): Promise<{ day: number; last_block: number; last_hash: string } | undefined> {
  return db.one<{ day: number; last_block: number; last_hash: string }>(
    `SELECT d.day, d.last_block, d.last_hash FROM daily_stats d JOIN blocks b ON b.number = d.last_block AND b.hash = d.last_hash
     ORDER BY d.day DESC LIMIT 1`,
  );
}

/** Deletes the days after `day`, both daily tables. */
export async function deleteDaysAfter(db: Queryable, day: number): Promise<void> {
  await db.run('DELETE FROM daily_stats WHERE day > ?', day);
  await db.run('DELETE FROM token_daily_stats WHERE day > ?', day);
}

/**
 * Replaces the days from `firstDay` on, both daily tables: `rows` in DAILY_COLUMNS' order, `tokenRows` as
 * (token_address, day, transfers, holders).
 */
export async function replaceDaysFrom(db: Queryable, firstDay: number, rows: readonly SqlParam[][], tokenRows: readonly SqlParam[][]): Promise<void> {
  await db.run('DELETE FROM daily_stats WHERE day >= ?', firstDay);
  await db.run('DELETE FROM token_daily_stats WHERE day >= ?', firstDay);
  await insertRows(db, 'daily_stats', DAILY_COLUMNS, rows);
  await insertRows(db, 'token_daily_stats', ['token_address', 'day', 'transfers', 'holders'], tokenRows);
}

/** Sets a day's verification count. */
export async function setDayVerified(db: Queryable, day: number, count: number): Promise<void> {
  await db.run('UPDATE daily_stats SET verified_contracts = ? WHERE day = ?', count, day);
}

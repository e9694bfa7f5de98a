import type { BulkTable } from '../bulk.ts';
import type { BlockRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// Reads of the blocks table (migrations/001_init.sql), by number (its primary key), by hash, by producer (blocks_miner)
// and by time (blocks_timestamp); and the table as the writer appends to it (BLOCK_ROWS).

/** A block's number and time. */
export interface BlockTime {
  number: number;
  timestamp: number;
}

/** The highest indexed block number, or null before the first. */
export async function highestBlockNumber(db: Queryable): Promise<number | null> {
  return (await db.one<{ n: number | null }>('SELECT MAX(number) AS n FROM blocks'))?.n ?? null;
}

/** The first indexed block at or after `n`, with its timestamp (blocks may start above 0 or have gaps). */
export function blockAtOrAfter(db: Queryable, n: number): Promise<BlockTime | undefined> {
  return db.one<BlockTime>('SELECT number, timestamp FROM blocks WHERE number >= ? ORDER BY number LIMIT 1', n);
}

/** A block's producer and reward, by number. */
export function blockReward(db: Queryable, n: number): Promise<Pick<BlockRow, 'number' | 'timestamp' | 'miner' | 'reward'> | undefined> {
  return db.one<Pick<BlockRow, 'number' | 'timestamp' | 'miner' | 'reward'>>('SELECT number, timestamp, miner, reward FROM blocks WHERE number = ?', n);
}

/** One page of the blocks an address produced, by number (newest first when `desc`). */
export function blocksMinedBy(db: Queryable, miner: string, desc: boolean, limit: number, offset: number): Promise<Pick<BlockRow, 'number' | 'timestamp' | 'reward'>[]> {
  return db.all<Pick<BlockRow, 'number' | 'timestamp' | 'reward'>>(
    `SELECT number, timestamp, reward FROM blocks WHERE miner = ? ORDER BY number ${desc ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
    miner,
    limit,
    offset,
  );
}

/** A block by number. */
export function blockByNumber(db: Queryable, n: number): Promise<BlockRow | undefined> {
  return db.one<BlockRow>('SELECT * FROM blocks WHERE number = ?', n);
}

/** A block by hash. */
export function blockByHash(db: Queryable, hash: string): Promise<BlockRow | undefined> {
  return db.one<BlockRow>('SELECT * FROM blocks WHERE hash = ?', hash);
}

/** One page of blocks, newest first; only those holding transactions when `withTxs`. */
export function latestBlocks(db: Queryable, withTxs: boolean, limit: number, offset: number): Promise<BlockRow[]> {
  const sql = withTxs ? 'SELECT * FROM blocks WHERE tx_count > 0 ORDER BY number DESC LIMIT ? OFFSET ?' : 'SELECT * FROM blocks ORDER BY number DESC LIMIT ? OFFSET ?';
  return db.all<BlockRow>(sql, limit, offset);
}

/** The newest indexed block's number and time, if any. */
export function newestBlock(db: Queryable): Promise<BlockTime | undefined> {
  return db.one<BlockTime>('SELECT number, timestamp FROM blocks ORDER BY number DESC LIMIT 1');
}

/** The producers of the blocks after `since` up to `head`, one per block. */
export async function minersBetween(db: Queryable, since: number, head: number): Promise<string[]> {
  return (await db.all<{ a: string }>('SELECT miner AS a FROM blocks WHERE number > ? AND number <= ?', since, head)).map((r) => r.a);
}

/** The newest block time (seconds), 0 before the first block. */
export async function latestBlockTimestamp(db: Queryable): Promise<number> {
  return (await db.one<{ t: number | null }>('SELECT max(timestamp) AS t FROM blocks'))?.t ?? 0;
}

/** The first block produced at or after a time (seconds), 0 when none. */
export async function firstBlockSince(db: Queryable, timestamp: number): Promise<number> {
  return (await db.one<{ n: number | null }>('SELECT min(number) AS n FROM blocks WHERE timestamp >= ?', timestamp))?.n ?? 0;
}

/** The newest hundred blocks' numbers, times and transaction counts, newest first. */
export function recentBlockCounts(db: Queryable): Promise<Pick<BlockRow, 'number' | 'timestamp' | 'tx_count'>[]> {
  return db.all<Pick<BlockRow, 'number' | 'timestamp' | 'tx_count'>>('SELECT number, timestamp, tx_count FROM blocks ORDER BY number DESC LIMIT 100');
}

/** The number of the first block produced at or after a time (seconds), if any. */
export async function firstBlockAtOrAfterTime(db: Queryable, timestamp: number): Promise<number | undefined> {
  return (await db.one<{ number: number }>('SELECT number FROM blocks WHERE timestamp >= ? ORDER BY timestamp, number LIMIT 1', timestamp))?.number;
}

/** The transactions of blocks `from` … `to` (the sum of their counts; 0 when none is stored). */
export async function transactionCountBetween(db: Queryable, from: number, to: number): Promise<number> {
  return Number((await db.one<{ n: number | null }>('SELECT sum(tx_count) AS n FROM blocks WHERE number >= ? AND number <= ?', from, to))?.n ?? 0);
}

/** A block's number and hash. */
export type BlockHash = Pick<BlockRow, 'number' | 'hash'>;

/** The numbers and hashes of the stored blocks `from` … `to`, in order. */
export function blockHashesBetween(db: Queryable, from: number, to: number): Promise<BlockHash[]> {
  return db.all<BlockHash>('SELECT number, hash FROM blocks WHERE number >= ? AND number <= ? ORDER BY number', from, to);
}

/** The numbers and hashes of the stored blocks `from` … `to`, in no particular order. */
export function blockHashesIn(db: Queryable, from: number, to: number): Promise<BlockHash[]> {
  return db.all<BlockHash>('SELECT number, hash FROM blocks WHERE number >= ? AND number <= ?', from, to);
}

/** A block's hash, if it is stored. */
export async function blockHash(db: Queryable, n: number): Promise<string | undefined> {
  return (await db.one<{ hash: string }>('SELECT hash FROM blocks WHERE number = ?', n))?.hash;
}

/** The first stored block after `n`, with its time. */
export function firstBlockAfter(db: Queryable, n: number): Promise<BlockTime | undefined> {
  return db.one<BlockTime>('SELECT number, timestamp FROM blocks WHERE number > ? ORDER BY number LIMIT 1', n);
}

/** The highest stored block at or below `top` produced before `time` (seconds), if any. */
export async function lastBlockBefore(db: Queryable, top: number, time: number): Promise<number | null | undefined> {
  return (await db.one<{ n: number | null }>('SELECT max(number) AS n FROM blocks WHERE number <= ? AND timestamp < ?', top, time))?.n;
}

/** The numbers and transaction counts of the stored blocks `first` … `last`, in order. */
export function blockTxCounts(db: Queryable, first: number, last: number): Promise<Pick<BlockRow, 'number' | 'tx_count'>[]> {
  return db.all<Pick<BlockRow, 'number' | 'tx_count'>>('SELECT number, tx_count FROM blocks WHERE number BETWEEN ? AND ? ORDER BY number', first, last);
}

/** A block's figures as the daily statistics fold them. */
export type BlockFigures = Pick<BlockRow, 'number' | 'hash' | 'timestamp' | 'gas_used' | 'size' | 'reward'>;

/** The figures of the blocks produced from `time` (seconds) on, up to block `last`, in order. */
export function blockFiguresFrom(db: Queryable, time: number, last: number): Promise<BlockFigures[]> {
  return db.all<BlockFigures>('SELECT number, hash, timestamp, gas_used, size, reward FROM blocks WHERE timestamp >= ? AND number <= ? ORDER BY number', time, last);
}

/** A block's time (seconds), null when it is not stored. */
export async function blockTimestamp(db: Queryable, n: number): Promise<number | null> {
  return (await db.one<{ timestamp: number }>('SELECT timestamp FROM blocks WHERE number = ?', n))?.timestamp ?? null;
}

/** The highest stored block's number and hash, if any. */
export function newestBlockHash(db: Queryable): Promise<BlockHash | undefined> {
  return db.one<BlockHash>('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1');
}

/** Up to `limit` stored blocks from `from` on, numbers and hashes, in order. */
export function blockHashesFrom(db: Queryable, from: number, limit: number): Promise<BlockHash[]> {
  return db.all<BlockHash>('SELECT number, hash FROM blocks WHERE number >= ? ORDER BY number LIMIT ?', from, limit);
}

/** The blocks table as the writer appends to it. */
export const BLOCK_ROWS: BulkTable = {
  name: 'blocks',
  columns: [
    'number', 'hash', 'parent_hash', 'timestamp', 'miner', 'gas_used', 'gas_limit', 'base_fee', 'difficulty', 'nonce', 'extra_data', 'size',
    'tx_count', 'reward',
  ],
  suffix: '',
};

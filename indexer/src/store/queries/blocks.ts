import type { BlockRow } from '../rows.ts';
import type { Queryable } from '../types.ts';

// Reads of the blocks table (migrations/001_init.sql), by number (its primary key), by producer (blocks_miner) and by
// time (blocks_timestamp).

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

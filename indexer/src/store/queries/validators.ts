import { insertRows, selectIn } from '../bulk.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads and writes of the validators table (migrations/001_init.sql): block producers with their tallies, kept by the
// sync's writer.

/** A block producer with its tallies and its native balance (padded; null when the address is not indexed). */
export interface ValidatorRow {
  address: string;
  blocks_mined: number;
  rewards: string;
  first_block: number;
  last_block: number;
  balance: string | null;
}

/** Block producers (distinct miners of every block but genesis) with their tallies and native balances, most blocks first. */
export function validatorsWithBalances(db: Queryable): Promise<ValidatorRow[]> {
  return db.all<ValidatorRow>(
    `SELECT v.address, v.blocks_mined, v.rewards, v.first_block, v.last_block, a.balance
     FROM validators v LEFT JOIN addresses a ON a.address = v.address ORDER BY v.blocks_mined DESC, v.address`,
  );
}

/** The stored reward totals (decimal) of the given producers that have any, in IN-list chunks. */
export function validatorRewards(db: Queryable, addresses: readonly string[]): Promise<{ address: string; rewards: string }[]> {
  return selectIn<{ address: string; rewards: string }>(db, 'SELECT address, rewards FROM validators WHERE address IN (?)', [], addresses);
}

/**
 * Adds a batch's blocks to each producer's row in bulk: rows of (address, blocks, new reward total, first block, last
 * block); a stored producer adds the blocks, takes the new total and last block, and keeps its first block.
 */
export function addValidatorTallies(db: Queryable, rows: readonly SqlParam[][]): Promise<void> {
  return insertRows(
    db,
    'validators',
    ['address', 'blocks_mined', 'rewards', 'first_block', 'last_block'],
    rows,
    ` ON CONFLICT (address) DO UPDATE SET blocks_mined = validators.blocks_mined + excluded.blocks_mined, rewards = excluded.rewards,
           last_block = excluded.last_block`,
  );
}

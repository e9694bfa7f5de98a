import type { Queryable } from '../types.ts';

// Reads of the validators table (migrations/001_init.sql): block producers with their tallies, written by the sync.

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

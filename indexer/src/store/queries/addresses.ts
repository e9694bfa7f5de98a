import { PADDED_ZERO } from '../../chain/num.ts';
import type { Queryable } from '../types.ts';

// Reads of the addresses table (migrations/001_init.sql): every address the sync has seen, with its native balance
// (padded decimal) as of the last block that touched it.

/** The native balances above zero (padded decimals), one per address. */
export async function positiveBalances(db: Queryable): Promise<string[]> {
  return (await db.all<{ balance: string }>('SELECT balance FROM addresses WHERE balance > ?', PADDED_ZERO)).map((r) => r.balance);
}

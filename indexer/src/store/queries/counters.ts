import type { Queryable } from '../types.ts';

// Reads of the counters table (migrations/001_init.sql): running totals the sync keeps ('transactions', 'logs',
// 'token_transfers').

/** A counter's value, 0 when it is not kept. */
export async function counterValue(db: Queryable, name: string): Promise<number> {
  return (await db.one<{ value: number }>('SELECT value FROM counters WHERE name = ?', name))?.value ?? 0;
}

import type { Queryable } from '../types.ts';

// Reads and writes of the counters table (migrations/001_init.sql): running totals the sync keeps ('transactions', 'logs',
// 'token_transfers').

/** A counter's value, 0 when it is not kept. */
export async function counterValue(db: Queryable, name: string): Promise<number> {
  return (await db.one<{ value: number }>('SELECT value FROM counters WHERE name = ?', name))?.value ?? 0;
}

/** Adds a batch's rows to the three running totals, in one statement. */
export async function addToCounters(db: Queryable, transactions: number, logs: number, transfers: number): Promise<void> {
  await db.run(
    // Typed: PostgreSQL would read the CASE's untyped parameters as text.
    `UPDATE counters SET value = value + CASE name WHEN 'transactions' THEN CAST(? AS BIGINT) WHEN 'logs' THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END
           WHERE name IN ('transactions', 'logs', 'token_transfers')`,
    transactions,
    logs,
    transfers,
  );
}

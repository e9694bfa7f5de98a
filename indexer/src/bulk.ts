// Set-at-a-time statements for the writer and the ledger: many rows per INSERT, many keys per SELECT. Statement
// texts are kept to a few shapes because both stores prepare (SQLite) or convert (PostgreSQL) each text once and keep it.
import type { Queryable, SqlParam } from './store/types.ts';

/** Rows per multi-row INSERT (each row count is its own statement text, so the count is bounded). */
export const ROWS_PER_INSERT = 100;

/** Lengths an IN list is padded to (repeating its last value), so one query has at most this many texts. */
const IN_SIZES = [1, 8, 64, 256] as const;

/** Inserts rows with multi-row INSERTs of up to ROWS_PER_INSERT rows; `suffix` follows VALUES (ON CONFLICT …). */
export async function insertRows(q: Queryable, table: string, columns: readonly string[], rows: readonly SqlParam[][], suffix = ''): Promise<void> {
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const values = Array.from({ length: chunk.length }, () => one).join(', ');
    await q.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}${suffix}`, ...chunk.flat());
  }
}

/**
 * Runs `query` once per chunk of `values` (padded to a few fixed lengths), `sql` holding `(?)` where the IN list goes
 * after the leading parameters `before`; answers all rows.
 */
export async function selectIn<T>(q: Queryable, sql: string, before: readonly SqlParam[], values: readonly string[]): Promise<T[]> {
  const out: T[] = [];
  const largest = IN_SIZES[IN_SIZES.length - 1] as number;
  for (let i = 0; i < values.length; i += largest) {
    const chunk = values.slice(i, i + largest);
    const size = IN_SIZES.find((s) => s >= chunk.length) ?? largest;
    const padded = [...chunk, ...Array.from({ length: size - chunk.length }, () => chunk[chunk.length - 1] as string)];
    const list = `(${padded.map(() => '?').join(', ')})`;
    out.push(...(await q.all<T>(sql.replace('(?)', list), ...before, ...padded)));
  }
  return out;
}

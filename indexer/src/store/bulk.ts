// Set-at-a-time statements for the writer and the ledger: many rows per INSERT, many keys per SELECT. Statement
// texts are kept to a few shapes because both stores prepare (SQLite) or convert (PostgreSQL) each text once and keep it.
import type { Queryable, SqlParam } from './types.ts';

/** Rows per multi-row INSERT (each row count is its own statement text, so the count is bounded). */
export const ROWS_PER_INSERT = 100;

/** Lengths an IN list is padded to (repeating its last value), so one query has at most this many texts. */
const IN_SIZES = [1, 8, 64, 256] as const;

/**
 * Inserts rows with multi-row INSERTs of up to ROWS_PER_INSERT rows; `suffix` follows VALUES (ON CONFLICT …). Where the
 * backend stores many rows in one round trip (PostgreSQL), all go at once; SQLite has no round trips to save.
 */
export async function insertRows(q: Queryable, table: string, columns: readonly string[], rows: readonly SqlParam[][], suffix = ''): Promise<void> {
  if (q.insertMany !== undefined) return q.insertMany(table, columns, rows, suffix);
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const values = Array.from({ length: chunk.length }, () => one).join(', ');
    await q.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}${suffix}`, ...chunk.flat());
  }
}

/**
 * Runs `sql`, an UPDATE … FROM (?) AS v WHERE …, with `(?)` replaced by a VALUES list of up to ROWS_PER_INSERT rows,
 * each written as `row` (placeholders, typed where PostgreSQL needs it); v's columns are v.column1, v.column2, ….
 */
export async function updateFromValues(q: Queryable, sql: string, row: string, rows: readonly SqlParam[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    await q.run(sql.replace('(?)', `(VALUES ${chunk.map(() => row).join(', ')})`), ...chunk.flat());
  }
}

/** A key of an IN list: one value, or several compared as a row value (`(a, b) IN (VALUES (?, ?), …)`). */
export type Key = string | readonly SqlParam[];

/**
 * Runs `sql` once per chunk of `keys` (padded to a few fixed lengths), `sql` holding `(?)` where the IN list goes
 * after the leading parameters `before`; answers all rows.
 */
export async function selectIn<T>(q: Queryable, sql: string, before: readonly SqlParam[], keys: readonly Key[]): Promise<T[]> {
  const answers = await inChunks(keys, (list, params) => q.all<T>(sql.replace('(?)', list), ...before, ...params));
  return answers.flat();
}

/** Runs a writing statement once per chunk of `keys`, as selectIn does (UPDATE … WHERE x IN (?), DELETE …). */
export async function runIn(q: Queryable, sql: string, before: readonly SqlParam[], keys: readonly Key[]): Promise<void> {
  await inChunks(keys, (list, params) => q.run(sql.replace('(?)', list), ...before, ...params));
}

/** Calls `each` with the IN list text and its parameters for each chunk of keys, padded by repeating the last key. */
async function inChunks<R>(keys: readonly Key[], each: (list: string, params: SqlParam[]) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  const largest = IN_SIZES[IN_SIZES.length - 1] as number;
  for (let i = 0; i < keys.length; i += largest) {
    const chunk = keys.slice(i, i + largest);
    const size = IN_SIZES.find((s) => s >= chunk.length) ?? largest;
    const padded = [...chunk, ...Array.from({ length: size - chunk.length }, () => chunk[chunk.length - 1] as Key)];
    const first = padded[0] as Key;
    const list =
      typeof first === 'string'
        ? `(${padded.map(() => '?').join(', ')})`
        : `(VALUES ${padded.map(() => `(${first.map(() => '?').join(', ')})`).join(', ')})`;
    out.push(await each(list, padded.flatMap((k) => (typeof k === 'string' ? [k] : [...k]))));
  }
  return out;
}

/** A table written in bulk: its name, the columns each row gives, and what follows VALUES (ON CONFLICT …, or ''). */
export interface BulkTable {
  name: string;
  columns: readonly string[];
  suffix: string;
}

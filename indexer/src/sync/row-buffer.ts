import { insertRows, type BulkTable } from '../store/bulk.ts';
import type { Queryable } from '../store/types.ts';

/** One value of a buffered row. */
export type Cell = string | number | null;

/**
 * Rows of the append-only tables (blocks, transactions, logs, transfers, address links), written at the end of the
 * batch's transaction as multi-row INSERTs: nothing in the batch reads them back, and one statement per 100 rows
 * instead of one per row saves a round trip each on PostgreSQL.
 */
export class RowBuffer {
  private readonly tables = new Map<string, { columns: readonly string[]; suffix: string; rows: Cell[][] }>();

  /** Adds a row to its table's pending INSERT. */
  add(table: BulkTable, row: Cell[]): void {
    let t = this.tables.get(table.name);
    if (t === undefined) {
      t = { columns: table.columns, suffix: table.suffix, rows: [] };
      this.tables.set(table.name, t);
    }
    t.rows.push(row);
  }

  /** Writes the pending rows, table by table in the order each was first added to, and forgets them. */
  async flush(q: Queryable): Promise<void> {
    for (const [table, t] of this.tables) await insertRows(q, table, t.columns, t.rows, t.suffix);
    this.tables.clear();
  }

  /** Forgets the pending rows unwritten. */
  clear(): void {
    this.tables.clear();
  }
}

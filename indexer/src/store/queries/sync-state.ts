import type { Queryable } from '../types.ts';

// Reads and writes of sync_state (migrations/007_sync_state.sql, 008_metadata_updates.sql): what the syncing process
// reports for every process serving the API from the same database, one row (id 1).

/** The indexed head (the highest stored block) and the rollbacks counted, in one read (one snapshot of both). */
export function headAndReorgs(db: Queryable): Promise<{ head: number | null; reorgs: number | null } | undefined> {
  return db.one<{ head: number | null; reorgs: number | null }>('SELECT (SELECT max(number) FROM blocks) AS head, reorgs FROM sync_state WHERE id = 1');
}

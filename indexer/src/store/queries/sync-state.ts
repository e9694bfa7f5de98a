import type { Queryable } from '../types.ts';

// Reads and writes of sync_state (migrations/007_sync_state.sql, 008_metadata_updates.sql): what the syncing process
// reports for every process serving the API from the same database, one row (id 1).

/** The indexed head (the highest stored block) and the rollbacks counted, in one read (one snapshot of both). */
export function headAndReorgs(db: Queryable): Promise<{ head: number | null; reorgs: number | null } | undefined> {
  return db.one<{ head: number | null; reorgs: number | null }>('SELECT (SELECT max(number) FROM blocks) AS head, reorgs FROM sync_state WHERE id = 1');
}

/** The syncer's row, with the last stored block from blocks itself. */
export interface SyncStateRow {
  last_block: number | null;
  chain_head: number | null;
  catching_up: number;
  rpc_connected: number;
  last_error: string | null;
  reorgs: number;
  metadata_updates: number;
  updated_at: number;
}

/** The syncer's row and the last stored block. */
export function syncStateRow(db: Queryable): Promise<SyncStateRow | undefined> {
  return db.one<SyncStateRow>(
    `SELECT (SELECT max(number) FROM blocks) AS last_block, chain_head, catching_up, rpc_connected, last_error, reorgs, metadata_updates, updated_at
     FROM sync_state WHERE id = 1`,
  );
}

/** The number of rollbacks recorded so far. */
export async function reorgCount(db: Queryable): Promise<number> {
  return Number((await db.one<{ reorgs: number }>('SELECT reorgs FROM sync_state WHERE id = 1'))?.reorgs ?? 0);
}

/** Counts a rollback. */
export async function incrementReorgs(db: Queryable): Promise<void> {
  await db.run('UPDATE sync_state SET reorgs = reorgs + 1 WHERE id = 1');
}

/** The NFT metadata writes counted so far. */
export async function metadataUpdateCount(db: Queryable): Promise<number> {
  return Number((await db.one<{ n: number }>('SELECT metadata_updates AS n FROM sync_state WHERE id = 1'))?.n ?? 0);
}

/** Counts one NFT metadata write. */
export async function incrementMetadataUpdates(db: Queryable): Promise<void> {
  await db.run('UPDATE sync_state SET metadata_updates = metadata_updates + 1 WHERE id = 1');
}

/** What the syncer publishes of its state (catchingUp and rpcConnected as 0 or 1; updatedAt 0 when stopped). */
export interface PublishedState {
  chainHead: number | null;
  catchingUp: number;
  rpcConnected: number;
  lastError: string | null;
  updatedAt: number;
}

/** Writes the syncer's published state. */
export async function publishSyncState(db: Queryable, s: PublishedState): Promise<void> {
  await db.run(
    'UPDATE sync_state SET chain_head = ?, catching_up = ?, rpc_connected = ?, last_error = ?, updated_at = ? WHERE id = 1',
    s.chainHead,
    s.catchingUp,
    s.rpcConnected,
    s.lastError,
    s.updatedAt,
  );
}

/** The process holding the sync lock (null when none), locking the row until the transaction ends (PostgreSQL). */
export function syncOwnerForUpdate(db: Queryable): Promise<{ owner: string | null } | undefined> {
  return db.one<{ owner: string | null }>('SELECT owner FROM sync_state WHERE id = 1 FOR UPDATE');
}

/** Names the process holding the sync lock. */
export async function setSyncOwner(db: Queryable, owner: string): Promise<void> {
  await db.run('UPDATE sync_state SET owner = ? WHERE id = 1', owner);
}

/**
 * In a transaction that does not wait for answers (one with `post`), sends a statement that fails the transaction with
 * `message` unless `owner` still holds the sync lock, locking the row until the transaction ends (PostgreSQL); false
 * (nothing sent) in any other. The owner is a UUID the process made (no quote can be in it): a DO block takes no
 * parameters.
 */
export function postSyncOwnerFence(tx: Queryable, owner: string, message: string): boolean {
  if (!tx.post) return false;
  tx.post(`DO $fence$ BEGIN
        IF (SELECT owner FROM sync_state WHERE id = 1 FOR UPDATE) IS DISTINCT FROM '${owner}' THEN RAISE EXCEPTION '${message}'; END IF;
      END $fence$`);
  return true;
}

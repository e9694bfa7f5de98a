import { errorMessage } from '../../../common/errors.ts';
import { BackgroundLoop } from '../background/loop.ts';
import {
  incrementMetadataUpdates,
  incrementReorgs,
  metadataUpdateCount,
  publishSyncState,
  reorgCount,
  syncStateRow,
} from '../store/queries/sync-state.ts';
import type { Queryable, Store } from '../store/types.ts';

// The sync state as the syncing process writes it into the database (table sync_state), so that processes serving
// the API from the same database (INDEXER_ROLE=api, or an indexer waiting for the sync lock) report what the
// syncer does and drop cached responses after a reorg.

/** Sync progress as /health reports it. */
export interface SyncStatus {
  lastBlock: number | null;
  target: number | null;
  running: boolean;
  catchingUp: boolean;
  rpcConnected: boolean;
  lastError: string | null;
  /** Rollbacks so far: cached API responses of an older generation are stale. */
  reorgs: number;
  /**
   * Writes of NFT metadata so far (table sync_state, MetadataUpdates): an NFT's page changes with them as well as with
   * blocks. Null while unknown (the metadata queue has not read the stored count, or does not run).
   */
  metadataUpdates: number | null;
}

/** The status of a process that neither syncs nor has read a syncer's state yet. */
export const IDLE_STATUS: SyncStatus = { lastBlock: null, target: null, running: false, catchingUp: false, rpcConnected: false, lastError: null, reorgs: 0, metadataUpdates: 0 };

/** The syncer's row is refreshed at least this often while it runs. */
export const SYNC_STATE_HEARTBEAT_MS = 10_000;
/** A syncer whose row is older than this is taken as not running. */
export const SYNC_STATE_STALE_MS = 30_000;

/** Reads the sync state: the last stored block from blocks itself, the rest from the syncer's row. */
export async function readSyncState(q: Queryable, now = Date.now()): Promise<SyncStatus> {
  const row = await syncStateRow(q);
  const running = row !== undefined && now - Number(row.updated_at) < SYNC_STATE_STALE_MS;
  return {
    lastBlock: row?.last_block ?? null,
    target: row?.chain_head ?? null,
    running,
    catchingUp: running && Number(row?.catching_up) === 1,
    rpcConnected: running && Number(row?.rpc_connected) === 1,
    lastError: row?.last_error ?? null,
    reorgs: Number(row?.reorgs ?? 0),
    metadataUpdates: Number(row?.metadata_updates ?? 0),
  };
}

/** The number of rollbacks recorded so far. */
export async function storedReorgs(q: Queryable): Promise<number> {
  return reorgCount(q);
}

/** Counts a rollback, inside the rollback's own transaction (so no reader sees the rows gone and the count old). */
export async function countReorg(tx: Queryable): Promise<void> {
  await incrementReorgs(tx);
}

/**
 * The NFT metadata writes so far (sync_state.metadata_updates) as the process that writes them knows them, for the
 * status: an NFT's page changes with them as well as with blocks. The count moves only after a write committed, so a
 * page rendered for a count never misses the writes it counts. Null until the stored count is read.
 */
export class MetadataUpdates {
  private value: number | null = null;

  /** The count, or null before load(). */
  current(): number | null {
    return this.value;
  }

  /** Reads the stored count (earlier processes' writes), which later writes go on from. */
  async load(q: Queryable): Promise<void> {
    this.value = await metadataUpdateCount(q);
  }

  /**
   * Runs one metadata write and counts it in the same transaction. The count is taken first: a syncer's batch locks
   * sync_state's row first too (its fence, SELECT … FOR UPDATE on PostgreSQL) and nft_tokens' rows after, so taking
   * them in the other order here could deadlock with a batch that changes the same NFT (PostgreSQL aborts one of them).
   */
  async write(db: Store, fn: (tx: Queryable) => Promise<unknown>): Promise<void> {
    await db.transaction(async (tx) => {
      await incrementMetadataUpdates(tx);
      await fn(tx);
    });
    if (this.value !== null) this.value++;
  }
}

/** Writes the syncer's status when it changed, or at the heartbeat; running=false marks it stopped. */
export class SyncStatePublisher {
  private readonly db: Store;
  private last = '';
  private lastAt = 0;

  constructor(db: Store) {
    this.db = db;
  }

  async publish(s: SyncStatus, now = Date.now()): Promise<void> {
    const key = JSON.stringify([s.target, s.catchingUp, s.rpcConnected, s.lastError, s.running]);
    if (key === this.last && now - this.lastAt < SYNC_STATE_HEARTBEAT_MS) return;
    await publishSyncState(this.db, {
      chainHead: s.target,
      catchingUp: s.catchingUp ? 1 : 0,
      rpcConnected: s.rpcConnected ? 1 : 0,
      lastError: s.lastError,
      updatedAt: s.running ? now : 0,
    });
    this.last = key;
    this.lastAt = now;
  }
}

/**
 * Keeps a recent copy of the sync state for a process that does not sync: status() answers at once (the API reads
 * it on every request), refreshed every pollMs in the background.
 */
export class SyncStateReader {
  private readonly db: Store;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  /** While true the state is not read (this process syncs and knows it first-hand). */
  private readonly paused: () => boolean;
  private current: SyncStatus = IDLE_STATUS;
  /** Does not keep the process alive: it only feeds the API, whose server does. */
  private readonly loop = new BackgroundLoop(() => this.poll(), { unref: true });
  private failing = false;
  private readonly waiters: { test: (s: SyncStatus) => boolean; resolve: () => void }[] = [];

  /** Called with every state read (the event stream of a process that does not sync learns new blocks from it). */
  private readonly onRead: (s: SyncStatus) => void;

  constructor(db: Store, opts: { pollMs?: number; log?: (line: string) => void; paused?: () => boolean; onRead?: (s: SyncStatus) => void } = {}) {
    this.db = db;
    this.pollMs = opts.pollMs ?? 500;
    this.log = opts.log ?? (() => {});
    this.paused = opts.paused ?? (() => false);
    this.onRead = opts.onRead ?? (() => {});
  }

  /** Reads the state once, then keeps it fresh. */
  async start(): Promise<void> {
    await this.refresh();
    this.loop.start();
  }

  status(): SyncStatus {
    return this.current;
  }

  /** Resolves once the stored head has reached the chain head the syncer last saw. */
  caughtUp(): Promise<void> {
    return this.until((s) => s.lastBlock !== null && s.target !== null && s.lastBlock >= s.target);
  }

  /** Resolves once test holds for a state read. */
  until(test: (s: SyncStatus) => boolean): Promise<void> {
    if (test(this.current)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** Reads the state now. */
  async refresh(): Promise<SyncStatus> {
    try {
      this.current = await readSyncState(this.db);
      if (this.failing) this.log('sync state: readable again');
      this.failing = false;
      this.onRead(this.current);
    } catch (err) {
      if (!this.failing) this.log(`sync state: ${errorMessage(err)} (retrying)`);
      this.failing = true;
    }
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i];
      if (w?.test(this.current)) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
    return this.current;
  }

  private async poll(): Promise<void> {
    while (this.loop.running) {
      await this.loop.sleep(this.pollMs);
      if (this.loop.running && !this.paused()) await this.refresh();
    }
  }

  /** Stops polling; resolves once a read in progress has ended. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}

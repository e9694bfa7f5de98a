import { errorMessage } from '../../../common/errors.ts';
import { randomUUID } from 'node:crypto';
import { holdSyncLock, type PostgresStore, type SyncLock } from '../store/postgres.ts';
import { postSyncOwnerFence, setSyncOwner, syncOwnerForUpdate } from '../store/queries/sync-state.ts';
import type { Queryable } from '../store/types.ts';

/** What the leader loop does with the sync lock once it has it, and once it lost it. */
export interface LeaderOptions {
  log: (line: string) => void;
  /** Starts syncing: called each time this process takes the lock. */
  lead: () => void;
  /** Stops syncing: called when the lock was lost, before waiting to take it again. */
  follow: () => Promise<void>;
  /** Pause after a failed attempt to take the lock, in ms (default 2,000). */
  retryMs?: number;
}

/** Why a write of a process that lost the sync is refused. */
const TAKEN_OVER = 'another process took over the sync';

/**
 * On PostgreSQL several indexer processes may share one database, and only the process holding the sync lock syncs.
 * This loop waits for the lock in the background, syncs while it is held and waits again if it is lost. Once it holds
 * the lock it writes its own id as sync_state's owner, and the fence runs in every write's transaction: it refuses
 * the write unless that id is still the owner, so a process that lost the lock writes nothing after another took over.
 */
export class SyncLeader {
  /** This process's id in sync_state.owner. */
  readonly owner = randomUUID();
  private readonly store: PostgresStore;
  private readonly opts: LeaderOptions;
  private readonly abort = new AbortController();
  /** Made before anything can abort, so that a stop at any moment ends the wait for a lost lock. */
  private readonly aborted: Promise<null>;
  private lock: SyncLock | null = null;
  private loop: Promise<void> | null = null;

  constructor(store: PostgresStore, opts: LeaderOptions) {
    this.store = store;
    this.opts = opts;
    this.aborted = new Promise<null>((resolve) => this.abort.signal.addEventListener('abort', () => resolve(null), { once: true }));
  }

  /**
   * Refuses a write unless this process still owns the sync: by throwing, or, in a pipelined transaction (which does not
   * wait for answers), by failing the transaction in the server, so that its COMMIT fails with the same message.
   */
  readonly fence = async (tx: Queryable): Promise<void> => {
    if (postSyncOwnerFence(tx, this.owner, TAKEN_OVER)) return;
    const row = await syncOwnerForUpdate(tx);
    if (row?.owner !== this.owner) throw new Error(TAKEN_OVER);
  };

  /** Starts waiting for the lock in the background. */
  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Ends the loop: a wait for the lock is given up at once, and once this resolves no new sync starts. The lock
   * itself stays held until release(), so the caller can stop its syncer first.
   */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  /** Gives the lock back, if held. */
  async release(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    await lock?.release();
  }

  private async run(): Promise<void> {
    const { log } = this.opts;
    const signal = this.abort.signal;
    while (!signal.aborted) {
      let lost: (err: Error) => void = () => {};
      const gone = new Promise<Error>((resolve) => (lost = resolve));
      try {
        this.lock = await holdSyncLock(this.store, { signal, onLost: (err) => lost(err) });
        await setSyncOwner(this.store, this.owner);
      } catch (err) {
        if (signal.aborted) return;
        await this.release();
        log(`sync: could not take the sync lock: ${errorMessage(err)} (retrying)`);
        await new Promise((r) => setTimeout(r, this.opts.retryMs ?? 2000));
        continue;
      }
      // Stopped while the lock came: give it back without syncing (release() does, after stop()).
      if (signal.aborted) return;
      log('sync: this process syncs (it holds the sync lock)');
      this.opts.lead();
      const reason = await Promise.race([gone, this.aborted]);
      if (reason === null) return;
      log(`sync: lost the sync lock (${reason.message}); stopping and waiting to take it again`);
      await this.opts.follow();
      this.lock = null;
    }
  }
}

// The syncing part of an indexer process: the syncer and the workers that trail it (NFT metadata, the internal
// transaction tracer, the daily stats). On SQLite it runs from the start; on PostgreSQL while this process holds the
// sync lock (sync/leader.ts), so it starts and stops as one, possibly several times in a process's life.
import type { IndexerMetrics } from '../metrics/index.ts';
import { MetadataQueue } from '../metadata/queue.ts';
import { RpcClient, type RpcClientOptions } from '../chain/rpc.ts';
import { StatsFollower } from '../stats/follower.ts';
import type { Queryable, Store } from '../store/types.ts';
import type { ProgressBar } from '../sync/progress.ts';
import { MetadataUpdates, type SyncStatus } from '../sync/state.ts';
import { Syncer, type SyncOptions, type SyncTimings } from '../sync/syncer.ts';
import { InternalTracer, type TracerOptions } from '../sync/tracer.ts';

/** What the syncing part needs. */
export interface SyncServicesOptions {
  store: Store;
  rpc: RpcClient;
  rpcUrl: string;
  observe: NonNullable<RpcClientOptions['observe']>;
  metrics: IndexerMetrics;
  log: (line: string) => void;
  progress: ProgressBar;
  pollMs: number;
  gateway: string;
  sync: Pick<SyncOptions, 'concurrency' | 'txsPerBatch' | 'maxBlocksPerBatch' | 'onCommit'> | undefined;
  tracer: Pick<TracerOptions, 'maxBlocks' | 'maxTxs' | 'blocksPerBatch' | 'txsPerBatch' | 'beforeWrite'> | undefined;
  /** Starts a WAL checkpoint (SQLite file stores only). */
  checkpoint: (() => boolean) | null;
  /** The sync lock's fence on PostgreSQL: every writing transaction checks this process still owns the sync. */
  fence: ((tx: Queryable) => Promise<void>) | null;
  /** Told that the indexed chain moved (the event stream hub). */
  onChange: () => void;
  metadata: boolean;
  metadataAllowPrivate: boolean;
  traceInternal: boolean;
}

/** The syncer and its trailing workers, started and stopped together. */
export class SyncServices {
  private readonly opts: SyncServicesOptions;
  private syncer: Syncer | null = null;
  private metadata: MetadataQueue | null = null;
  private tracer: InternalTracer | null = null;
  private stats: StatsFollower | null = null;
  private readonly syncWaiters: (() => void)[] = [];

  constructor(opts: SyncServicesOptions) {
    this.opts = opts;
  }

  /** Whether this process syncs now. */
  get running(): boolean {
    return this.syncer !== null;
  }

  /** The syncer's status while this process syncs. */
  status(): SyncStatus | undefined {
    return this.syncer?.status();
  }

  /** Resolves once the syncer, if any, has caught up. */
  async caughtUp(): Promise<void> {
    await this.syncer?.caughtUp();
  }

  /** Resolves once this process syncs. */
  syncing(): Promise<void> {
    if (this.syncer !== null) return Promise.resolve();
    return new Promise<void>((resolve) => this.syncWaiters.push(resolve));
  }

  /** The last block the stats follower folded (null while this process does not sync). */
  statsBlock(): number | null {
    return this.stats?.foldedBlock() ?? null;
  }

  /** The last block the trailing tracer covered (null while this process does not trace). */
  tracedBlock(): number | null {
    return this.tracer?.tracedBlock() ?? null;
  }

  /** Where the catch-up time went (null while this process does not sync). */
  syncTimings(): SyncTimings | null {
    return this.syncer?.syncTimings() ?? null;
  }

  /** Starts the syncer, then the workers behind it. */
  start(): void {
    const opts = this.opts;
    const { store, log, pollMs, observe } = opts;
    // The metadata queue counts its writes; the syncer's status reports the count.
    const metadataUpdates = new MetadataUpdates();
    this.syncer = new Syncer(store, opts.rpc, {
      ...opts.sync,
      pollMs,
      log,
      progress: opts.progress,
      ...(opts.checkpoint ? { checkpoint: opts.checkpoint } : {}),
      ...(opts.fence ? { fence: opts.fence } : {}),
      metadataUpdates,
      onChange: opts.onChange,
      metrics: opts.metrics.sync,
    });
    const s = this.syncer;
    this.metadata = new MetadataQueue(store, new RpcClient(opts.rpcUrl, { timeoutMs: 10_000, observe }), {
      gateway: opts.gateway,
      log,
      syncBusy: () => s.status().catchingUp,
      allowPrivate: opts.metadataAllowPrivate,
      updates: metadataUpdates,
      onFetch: (outcome) => opts.metrics.metadataFetch(outcome),
    });
    const m = this.metadata;
    if (opts.metadata) s.onNftRows(() => m.kick());
    s.start();
    if (opts.metadata) m.start();
    if (opts.traceInternal) {
      // Behind the syncer, never during a catch-up; its writes pass the same fence as the syncer's.
      this.tracer = new InternalTracer(store, new RpcClient(opts.rpcUrl, { timeoutMs: 30_000, observe }), {
        ...opts.tracer,
        pollMs: Math.min(pollMs, 1000),
        log,
        caughtUp: () => s.caughtUp(),
        busy: () => s.status().catchingUp,
        ...(opts.fence ? { fence: opts.fence } : {}),
      });
      this.tracer.start();
    }
    // The daily series, behind the tracer where there is one (it adds contracts created by contracts); same fence.
    const t = this.tracer;
    this.stats = new StatsFollower(store, {
      pollMs: Math.min(pollMs, 1000),
      log,
      caughtUp: () => s.caughtUp(),
      busy: () => s.status().catchingUp,
      ...(opts.fence ? { fence: opts.fence } : {}),
      trailTracer: () => t !== null && t.state() !== 'unavailable',
      moved: () => `${s.status().lastBlock}:${s.status().reorgs}:${t?.tracedBlock()}`,
    });
    this.stats.start();
    this.syncWaiters.splice(0).forEach((resolve) => resolve());
  }

  /** Stops the syncer (after the batch being written) and its workers together. */
  async stop(): Promise<void> {
    const s = this.syncer;
    const m = this.metadata;
    const t = this.tracer;
    const f = this.stats;
    this.syncer = null;
    this.metadata = null;
    this.tracer = null;
    this.stats = null;
    await Promise.all([s?.stop(), m?.stop(), t?.stop(), f?.stop()]);
  }
}

import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '../../common/log.ts';
import { createIndexerMetrics } from './metrics/index.ts';
import { startMetricsServer, type MetricsServer } from './metrics/server.ts';
import { dirname, join } from 'node:path';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, drainServer } from '../../common/shutdown.ts';
import type { ApiContext } from './api/context.ts';
import { buildRouter } from './api/routes.ts';
import { StreamHub, type StreamHubOptions } from './api/stream/hub.ts';
import type { StreamLimits } from './api/stream/limits.ts';
import { ensureBundledSignatures } from './signatures/store.ts';
import { Checkpointer } from './store/checkpointer.ts';
import { openDatabase } from './store/sqlite.ts';
import { openPostgres, type PostgresStore } from './store/postgres.ts';
import { SqliteStore } from './store/sqlite.ts';
import { blockTimestamp } from './store/queries/blocks.ts';
import type { Store } from './store/types.ts';
import { SyncLeader } from './sync/leader.ts';
import { IDLE_STATUS, MetadataUpdates, SyncStateReader, type SyncStatus } from './sync/state.ts';
import { createApiServer } from './http/server.ts';
import { RateLimiter, type RateLimitOptions } from './http/rate-limit.ts';
import { ClientIdentity } from './http/client-identity.ts';
import { MetadataQueue } from './metadata/queue.ts';
import { DEFAULT_IPFS_GATEWAY } from './metadata/uri.ts';
import { ProgressBar } from './sync/progress.ts';
import { RpcClient } from './chain/rpc.ts';
import { Syncer, type SyncOptions, type SyncTimings } from './sync/syncer.ts';
import { InternalTracer, type TracerOptions } from './sync/tracer.ts';
import { StatsFollower } from './stats/follower.ts';
import { Compilers, DEFAULT_COMPILER_LIST_URL } from './verify/compilers.ts';
import { CompilerPool } from './verify/pool.ts';
import { VerificationService } from './verify/service.ts';

/** Settings of contract verification. */
export interface VerifyOptions {
  /** Download compilers that are not bundled (default true; SOLC_DOWNLOAD=0 turns it off). */
  download?: boolean;
  /** The official solc-js release list (SOLC_LIST_URL). */
  listUrl?: string;
  /** Compiler threads (VERIFY_WORKERS, default 1). */
  workers?: number;
  /** Time limit of one compilation (VERIFY_TIMEOUT_MS, default 120 s). */
  compileTimeoutMs?: number;
  /** Time the search for a mismatch's reason may take (default 60 s). */
  diagnosisBudgetMs?: number;
}

/** What an indexer process does: sync and serve (default), or only serve what another process syncs. */
export type IndexerRole = 'all' | 'api';

/** Settings of an indexer instance. */
export interface IndexerOptions {
  rpcUrl: string;
  /** postgres://user:password@host:port/database (DATABASE_URL): PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /** Most connections to PostgreSQL (PG_POOL_SIZE, default 10). */
  poolSize?: number;
  /**
   * 'all' syncs and serves; on PostgreSQL only the process holding the sync lock syncs, the others serve and take
   * over when it dies. 'api' (INDEXER_ROLE=api) only serves, from a database another process syncs.
   */
  role?: IndexerRole;
  /** Folder of the database file (default ./data), and of downloaded compilers on either backend. */
  dataDir?: string;
  /** Database file; overrides dataDir. */
  dbFile?: string;
  /** HTTP port; 0 picks a free one (default 3300). */
  port?: number;
  host?: string;
  /**
   * Where free-text lines go (sync progress, warnings). Default: the logger, at info. Tests and scripts/stack.ts pass
   * their own; request lines go to `logger` either way.
   */
  log?: (line: string) => void;
  /** The process's structured logger (one JSON line per request, issue 31); default createLogger('indexer'). */
  logger?: Logger;
  /**
   * GET /metrics. `token`: the bearer token a scrape needs (METRICS_TOKEN; undefined: the admin token; null: none).
   * `port`: serve it on a port of its own on the same host instead of the API's port (INDEXER_METRICS_PORT; 0: any
   * free port), the API's port then answering 404 for it.
   */
  metrics?: { token?: string | null; port?: number | null };
  pollMs?: number;
  ipfsGateway?: string;
  /** Progress bar on stderr during catch-up (default: when stderr is a TTY or PROGRESS=1). */
  progress?: boolean;
  /** Fetch NFT metadata in the background (default true). */
  metadata?: boolean;
  /**
   * Let metadata downloads reach loopback, private, link-local and metadata-service addresses
   * (METADATA_ALLOW_PRIVATE=1; default false, since token URIs are whatever a contract's deployer chose).
   */
  metadataAllowPrivate?: boolean;
  /** Serve repeated lookups from memory (default true). */
  apiCache?: boolean;
  /** Contract verification: compiler downloads, threads and time limits. */
  verify?: VerifyOptions;
  /**
   * Shared secret the site server uses for the admin routes (token logos, admin sessions); none turns them off.
   * Requests that carry it are not rate-limited either (the site server fetches for all its visitors).
   */
  adminToken?: string;
  /**
   * Rate limits per client address (token buckets; 429 with Retry-After): the defaults of DEFAULT_RATE_LIMITS when
   * absent, false for none. Clients on loopback are exempt unless `exempt` says otherwise.
   */
  rateLimit?: RateLimitOptions | false;
  /**
   * Let the Etherscan API's proxy module forward eth_sendRawTransaction to the node (ETHERSCAN_API_SEND_RAW=1; default
   * false: the API is read-only and answers it with a refusal).
   */
  etherscanSendRaw?: boolean;
  /** The STO price stats/ethprice answers (default: the site's built-in 0.1 USD, BTC unknown: 0). */
  stoPrice?: { usd: string; btc: string };
  /**
   * Trace the indexed blocks behind the syncer (debug_traceBlockByHash with callTracer) and keep the index of internal
   * transactions by address (default true; INDEXER_TRACE_INTERNAL=0 turns it off: txlistinternal by address then traces
   * the address's own transactions per request). Only the syncing process traces.
   */
  traceInternal?: boolean;
  /** Bounds of txlistinternal's per-request tracing by address (tests lower them). */
  traceLimits?: ApiContext['traceLimits'];
  /** Tracer tuning and test hooks (blocks per step, per batch). */
  tracer?: Pick<TracerOptions, 'maxBlocks' | 'maxTxs' | 'blocksPerBatch' | 'txsPerBatch' | 'beforeWrite'>;
  /** Catch-up tuning (batches in flight, transactions per batch, blocks per batch) and the tests' commit hook. */
  sync?: Pick<SyncOptions, 'concurrency' | 'txsPerBatch' | 'maxBlocksPerBatch' | 'onCommit'>;
  /**
   * Limits of GET /events (INDEXER_MAX_STREAMS_PER_CLIENT, INDEXER_MAX_STREAMS; the defaults of DEFAULT_STREAM_LIMITS).
   * Clients are told apart as the rate limits tell them (INDEXER_TRUST_PROXY; exempt ones are not counted per client).
   */
  streams?: Partial<StreamLimits> & Pick<StreamHubOptions, 'heartbeatMs' | 'onEmit' | 'gasWaitMs'>;
  /** How long stop() lets HTTP requests in flight finish before cutting them (SHUTDOWN_TIMEOUT_MS, default 10,000). */
  shutdownTimeoutMs?: number;
}

/** A running indexer. */
export interface Indexer {
  url: string;
  port: number;
  /** The database (SQLite or PostgreSQL). */
  store: Store;
  /** Sync state as /health reports it. */
  status(): SyncStatus;
  /** Resolves once the indexed head has equalled the chain head. */
  caughtUp(): Promise<void>;
  /** Resolves once this process syncs (at once on SQLite; on PostgreSQL when it holds the sync lock). */
  syncing(): Promise<void>;
  /** Whether this process syncs now. */
  isSyncing(): boolean;
  /** The last block the stats follower folded (null before any, or while this process does not sync). */
  statsBlock(): number | null;
  /** The last block the trailing tracer covered (null before any, or while this process does not trace). */
  tracedBlock(): number | null;
  /** Where this process's catch-up time went (null while it does not sync). */
  syncTimings(): SyncTimings | null;
  /** The event streams: open, dropped as slow, emissions so far, the last block they were told about. */
  streams(): ReturnType<StreamHub['stats']>;
  /** The URL of GET /metrics: on the API's port, or on the metrics port when one is set. */
  metricsUrl: string;
  /** Closes the metrics port's server when there is one (stop() calls it). */
  closeMetrics(): Promise<void>;
  /** Stops HTTP, sync and metadata work and closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, starts following the chain and serves the API. */
export async function startIndexer(opts: IndexerOptions): Promise<Indexer> {
  // First, so that unreadable settings (LOG_LEVEL, LOG_FORMAT, rate limits) fail before anything is opened.
  const logger = opts.logger ?? createLogger('indexer');
  const log = opts.log ?? ((line: string) => logger.info(line));
  // One registry per instance: tests run several indexers in one process.
  const metrics = createIndexerMetrics();
  const metricsToken = opts.metrics?.token === undefined ? (opts.adminToken ?? null) : opts.metrics.token;
  const metricsPort = opts.metrics?.port ?? null;
  const limiter =
    opts.rateLimit === false ? null : new RateLimiter(opts.rateLimit, { token: opts.adminToken, log, onRefused: (cls) => metrics.refused(cls) });
  const role = opts.role ?? 'all';
  const dbFile = opts.databaseUrl ? null : (opts.dbFile ?? join(opts.dataDir ?? './data', 'indexer.sqlite'));
  const pgStore: PostgresStore | null = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, { max: opts.poolSize ?? 10, onError: (err) => log(`database: ${err.message}`) })
    : null;
  // On SQLite, writes run on a thread of their own: the main thread fetches and answers API reads meanwhile.
  const sqliteStore = pgStore ? null : new SqliteStore(openDatabase(dbFile as string), { writerFile: dbFile as string });
  const store: Store = pgStore ?? (sqliteStore as SqliteStore);
  (pgStore ?? (sqliteStore as SqliteStore)).onQuery = metrics.observeQuery;
  const observe = metrics.observeRpc;
  const rpc = new RpcClient(opts.rpcUrl, { observe });
  // The bundled signature set, when this version of it is not in the database yet.
  await ensureBundledSignatures(store);
  const progress = opts.progress === undefined ? new ProgressBar() : new ProgressBar(process.stderr, opts.progress);
  const checkpointer = dbFile === null || dbFile === ':memory:' ? null : new Checkpointer(dbFile, log);
  const gateway = opts.ipfsGateway ?? DEFAULT_IPFS_GATEWAY;
  const pollMs = opts.pollMs ?? 1000;
  // One hub per process; it learns of new blocks from this process's syncer, or from the sync state read below.
  const identity = limiter?.identity ?? new ClientIdentity({ token: opts.adminToken, log });
  const gasRpc = new RpcClient(opts.rpcUrl, { timeoutMs: 2_000, observe });
  const hub = new StreamHub({
    db: store,
    gasPrice: () => gasRpc.call<string>('eth_gasPrice'),
    clientKey: (req) => identity.keyOf(req),
    busy: () => status().catchingUp,
    ...(opts.streams ? { limits: opts.streams } : {}),
    ...(opts.streams?.heartbeatMs ? { heartbeatMs: opts.streams.heartbeatMs } : {}),
    ...(opts.streams?.onEmit ? { onEmit: opts.streams.onEmit } : {}),
    ...(opts.streams?.gasWaitMs ? { gasWaitMs: opts.streams.gasWaitMs } : {}),
    log,
  });

  // The syncing part: on SQLite it runs at once; on PostgreSQL while this process holds the sync lock (sync/leader.ts).
  let syncer: Syncer | null = null;
  let metadata: MetadataQueue | null = null;
  let tracer: InternalTracer | null = null;
  let stats: StatsFollower | null = null;
  const leader = pgStore && role === 'all' ? new SyncLeader(pgStore, { log, lead: () => startSync(), follow: () => stopSync() }) : null;
  const startSync = (): void => {
    // The metadata queue counts its writes; the syncer's status reports the count.
    const metadataUpdates = new MetadataUpdates();
    syncer = new Syncer(store, rpc, {
      ...opts.sync,
      pollMs,
      log,
      progress,
      ...(checkpointer ? { checkpoint: () => checkpointer.request() } : {}),
      ...(leader ? { fence: leader.fence } : {}),
      metadataUpdates,
      onChange: () => hub.kick(),
      metrics: metrics.sync,
    });
    const s = syncer;
    metadata = new MetadataQueue(store, new RpcClient(opts.rpcUrl, { timeoutMs: 10_000, observe }), {
      gateway,
      log,
      syncBusy: () => s.status().catchingUp,
      allowPrivate: opts.metadataAllowPrivate === true,
      updates: metadataUpdates,
      onFetch: (outcome) => metrics.metadataFetch(outcome),
    });
    const m = metadata;
    if (opts.metadata !== false) s.onNftRows(() => m.kick());
    s.start();
    if (opts.metadata !== false) m.start();
    if (opts.traceInternal !== false) {
      // Behind the syncer, never during a catch-up; its writes pass the same fence as the syncer's.
      tracer = new InternalTracer(store, new RpcClient(opts.rpcUrl, { timeoutMs: 30_000, observe }), {
        ...opts.tracer,
        pollMs: Math.min(pollMs, 1000),
        log,
        caughtUp: () => s.caughtUp(),
        busy: () => s.status().catchingUp,
        ...(leader ? { fence: leader.fence } : {}),
      });
      tracer.start();
    }
    // The daily series, behind the tracer where there is one (it adds contracts created by contracts); same fence.
    const t = tracer;
    stats = new StatsFollower(store, {
      pollMs: Math.min(pollMs, 1000),
      log,
      caughtUp: () => s.caughtUp(),
      busy: () => s.status().catchingUp,
      ...(leader ? { fence: leader.fence } : {}),
      trailTracer: () => t !== null && t.state() !== 'unavailable',
      moved: () => `${s.status().lastBlock}:${s.status().reorgs}:${t?.tracedBlock()}`,
    });
    stats.start();
    syncWaiters.splice(0).forEach((resolve) => resolve());
  };
  const stopSync = async (): Promise<void> => {
    const s = syncer;
    const m = metadata;
    const t = tracer;
    const f = stats;
    syncer = null;
    metadata = null;
    tracer = null;
    stats = null;
    await Promise.all([s?.stop(), m?.stop(), t?.stop(), f?.stop()]);
  };
  const syncWaiters: (() => void)[] = [];

  // What processes that do not sync (yet) report: the syncer's row in the database.
  // Not read while this process syncs: its own syncer's status is first-hand.
  const reader =
    role === 'api' || pgStore ? new SyncStateReader(store, { pollMs: Math.min(500, pollMs), log, paused: () => syncer !== null, onRead: (s) => hub.observe(s) }) : null;
  await reader?.start();
  const status = (): SyncStatus => syncer?.status() ?? reader?.status() ?? IDLE_STATUS;
  await hub.start();

  const dataDir = opts.dataDir ?? (dbFile === null || dbFile === ':memory:' ? './data' : dirname(dbFile));
  const verifier = new VerificationService({
    db: store,
    rpc,
    compilers: new Compilers({
      cacheDir: join(dataDir, 'compilers'),
      download: opts.verify?.download ?? true,
      listUrl: opts.verify?.listUrl ?? DEFAULT_COMPILER_LIST_URL,
      timeoutMs: 10_000,
    }),
    pool: new CompilerPool({
      size: opts.verify?.workers ?? 1,
      maxQueue: 16,
      timeoutMs: opts.verify?.compileTimeoutMs ?? 120_000,
      onCompiled: (seconds) => metrics.compiled(seconds),
    }),
    ...(opts.verify?.diagnosisBudgetMs !== undefined ? { diagnosisBudgetMs: opts.verify.diagnosisBudgetMs } : {}),
  });
  const router = buildRouter({ db: store, rpc, sync: status, ipfsGateway: gateway, cache: opts.apiCache !== false, verifier, ...(opts.adminToken ? { adminToken: opts.adminToken } : {}), ...(opts.etherscanSendRaw ? { etherscanSendRaw: true } : {}), ...(opts.stoPrice ? { stoPrice: opts.stoPrice } : {}), ...(opts.traceLimits ? { traceLimits: opts.traceLimits } : {}), stream: hub });
  metrics.watch({
    heads: () => {
      const s = status();
      return { chain: s.target, indexed: s.lastBlock };
    },
    blockTime: (n) => blockTimestamp(store, n),
    streamsOpen: () => hub.stats().open,
    verifyQueue: () => verifier.pool.load,
  });
  const server = createApiServer(router, log, { limiter, metrics, logger, scrape: metricsPort === null ? { token: metricsToken } : null });
  const host = opts.host ?? '127.0.0.1';
  let metricsServer: MetricsServer | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 3300, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    if (metricsPort !== null) metricsServer = await startMetricsServer(metrics, { host, port: metricsPort, token: metricsToken, logger });
  } catch (err) {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    await Promise.all([reader?.stop(), verifier.close(), hub.close()]);
    await store.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const closeMetrics = async (): Promise<void> => {
    await metricsServer?.close();
  };

  if (role === 'all') {
    if (leader) leader.start();
    else startSync();
  }

  const syncing = (): Promise<void> => {
    if (syncer !== null) return Promise.resolve();
    // An API-only process never syncs.
    if (role === 'api') return new Promise<void>(() => {});
    return new Promise<void>((resolve) => syncWaiters.push(resolve));
  };

  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    store,
    status,
    async caughtUp() {
      if (role === 'api') return (reader as SyncStateReader).caughtUp();
      await syncing();
      await (syncer)?.caughtUp();
    },
    syncing,
    isSyncing: () => syncer !== null,
    statsBlock: () => stats?.foldedBlock() ?? null,
    tracedBlock: () => tracer?.tracedBlock() ?? null,
    syncTimings: () => syncer?.syncTimings() ?? null,
    streams: () => hub.stats(),
    metricsUrl: metricsServer?.url ?? `${url}/metrics`,
    closeMetrics,
    stop() {
      stopped ??= (async () => {
        // Ends a wait for the sync lock at once.
        const leaving = leader?.stop();
        const unread = reader?.stop();
        // The event streams end now (they never finish by themselves), so the drain waits only for real requests.
        const streamsClosed = hub.close();
        // Every server this process listens on: each stops accepting, and its requests in flight finish (bounded).
        const drainMs = opts.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
        const servers = [server];
        const drained = Promise.all(
          servers.map(async (s) => {
            const { cut } = await drainServer(s, drainMs);
            if (cut > 0) logger.warn({ cut, timeoutMs: drainMs }, `shutdown: ${cut} connection(s) still busy after ${drainMs} ms (SHUTDOWN_TIMEOUT_MS) were cut`);
          }),
        );
        // The lock loop ends first, so that no syncer starts after the one stopped here.
        await leaving;
        // The sync batch ends (the syncer's stop), while requests finish against the still open store.
        await Promise.all([stopSync(), unread, streamsClosed, drained, verifier.close(), closeMetrics()]);
        await leader?.release();
        await checkpointer?.close();
        await store.close();
      })();
      return stopped;
    },
  };
}

// An indexer process: opens the database, follows the chain and serves the API. The parts live in app/ (settings,
// the database, verification, the syncing part) and in their folders; this file wires them, and says in one place
// the order they start and stop in (startIndexer's comment).
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../common/log.ts';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, drainServer } from '../../common/shutdown.ts';
import { buildRouter } from './api/routes.ts';
import { StreamHub } from './api/stream/hub.ts';
import { fileCheckpointer, openStore } from './app/store.ts';
import { SyncServices } from './app/sync-services.ts';
import { createVerifier } from './app/verifier.ts';
import type { Indexer, IndexerOptions } from './app/options.ts';
import { RpcClient } from './chain/rpc.ts';
import { ClientIdentity } from './http/client-identity.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { createApiServer } from './http/server.ts';
import { DEFAULT_IPFS_GATEWAY } from './metadata/uri.ts';
import { createIndexerMetrics } from './metrics/index.ts';
import { startMetricsServer, type MetricsServer } from './metrics/server.ts';
import { ensureBundledSignatures } from './signatures/store.ts';
import { blockTimestamp } from './store/queries/blocks.ts';
import { SyncLeader } from './sync/leader.ts';
import { ProgressBar } from './sync/progress.ts';
import { IDLE_STATUS, SyncStateReader, type SyncStatus } from './sync/state.ts';

export type { Indexer, IndexerOptions, IndexerRole, VerifyOptions } from './app/options.ts';

/**
 * Opens the database, starts following the chain and serves the API.
 *
 * Start order, each part needing the ones before it: the database (and the bundled signatures in it); the sync state
 * reader (a process that does not sync learns the head from it); the event stream hub (it reads where the chain
 * stands); verification; the HTTP server, then the metrics port; last the sync (at once on SQLite, through the sync
 * lock on PostgreSQL), so that no block is written before the API that reports it is up.
 *
 * Stop order (stop()), the reverse in three steps: (1) the sync lock's loop ends, so no syncer starts after the one
 * stopped next; meanwhile the sync state reader stops, the event streams end (they never finish by themselves, and
 * the HTTP drain would wait for them) and the HTTP server stops accepting and drains its requests. (2) The sync stops
 * after its batch, while requests finish against the still open store; verification and the metrics port close. (3)
 * The sync lock is released, the checkpointer and the database close, in that order.
 */
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
  const { store, pgStore, dbFile, dataDir } = await openStore(opts, log, metrics);
  const observe = metrics.observeRpc;
  const rpc = new RpcClient(opts.rpcUrl, { observe });
  // The bundled signature set, when this version of it is not in the database yet.
  await ensureBundledSignatures(store);
  const progress = opts.progress === undefined ? new ProgressBar() : new ProgressBar(process.stderr, opts.progress);
  const checkpointer = fileCheckpointer(dbFile, log);
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
  const leader: SyncLeader | null = pgStore && role === 'all' ? new SyncLeader(pgStore, { log, lead: () => sync.start(), follow: () => sync.stop() }) : null;
  const sync: SyncServices = new SyncServices({
    store,
    rpc,
    rpcUrl: opts.rpcUrl,
    observe,
    metrics,
    log,
    progress,
    pollMs,
    gateway,
    sync: opts.sync,
    tracer: opts.tracer,
    checkpoint: checkpointer ? () => checkpointer.request() : null,
    fence: leader ? leader.fence : null,
    onChange: () => hub.kick(),
    metadata: opts.metadata !== false,
    metadataAllowPrivate: opts.metadataAllowPrivate === true,
    traceInternal: opts.traceInternal !== false,
  });

  // What processes that do not sync (yet) report: the syncer's row in the database.
  // Not read while this process syncs: its own syncer's status is first-hand.
  const reader =
    role === 'api' || pgStore ? new SyncStateReader(store, { pollMs: Math.min(500, pollMs), log, paused: () => sync.running, onRead: (s) => hub.observe(s) }) : null;
  await reader?.start();
  const status = (): SyncStatus => sync.status() ?? reader?.status() ?? IDLE_STATUS;
  await hub.start();

  const verifier = createVerifier(store, rpc, dataDir, opts.verify, metrics);
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
  const server = createApiServer(router, log, { limiter, metrics, logger, compression: opts.compression !== false, scrape: metricsPort === null ? { token: metricsToken } : null });
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
    else sync.start();
  }

  const syncing = (): Promise<void> => {
    if (sync.running) return Promise.resolve();
    // An API-only process never syncs.
    if (role === 'api') return new Promise<void>(() => {});
    return sync.syncing();
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
      await sync.caughtUp();
    },
    syncing,
    isSyncing: () => sync.running,
    statsBlock: () => sync.statsBlock(),
    tracedBlock: () => sync.tracedBlock(),
    syncTimings: () => sync.syncTimings(),
    streams: () => hub.stats(),
    metricsUrl: metricsServer?.url ?? `${url}/metrics`,
    closeMetrics,
    stop() {
      // The order is startIndexer's comment's.
      stopped ??= (async () => {
        // (1) Ends a wait for the sync lock at once; the reader, the streams and the HTTP drain start stopping meanwhile.
        const leaving = leader?.stop();
        const unread = reader?.stop();
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
        await leaving;
        // (2) The sync batch ends (the syncer's stop), while requests finish against the still open store.
        await Promise.all([sync.stop(), unread, streamsClosed, drained, verifier.close(), closeMetrics()]);
        // (3)
        await leader?.release();
        await checkpointer?.close();
        await store.close();
      })();
      return stopped;
    },
  };
}

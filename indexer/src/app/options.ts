// The indexer's settings (what startIndexer takes) and the running indexer's handle (what it answers).
import type { Logger } from '../../../common/log.ts';
import type { ApiContext } from '../api/context.ts';
import type { StreamHub, StreamHubOptions } from '../api/stream/hub.ts';
import type { StreamLimits } from '../api/stream/limits.ts';
import type { RateLimitOptions } from '../http/rate-limit.ts';
import type { Store } from '../store/types.ts';
import type { SyncStatus } from '../sync/state.ts';
import type { SyncOptions, SyncTimings } from '../sync/syncer.ts';
import type { TracerOptions } from '../sync/tracer.ts';

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
  /** The process's structured logger (one JSON line per request); default createLogger('indexer'). */
  logger?: Logger;
  /**
   * GET /metrics. `token`: the bearer token a scrape needs (METRICS_TOKEN; undefined: the admin token; null: none).
   * `port`: serve it on a port of its own on the same host instead of the API's port (INDEXER_METRICS_PORT; 0: any
   * free port), the API's port then answering 404 for it.
   */
  metrics?: { token?: string | null; port?: number | null };
  pollMs?: number;
  ipfsGateway?: string;
  /** Progress bar on stderr during catch-up (default: when stderr is a TTY; PROGRESS=1 sets it). */
  progress?: boolean;
  /** Compress JSON answers as the client accepts (HTTP_COMPRESSION; default true). */
  compression?: boolean;
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

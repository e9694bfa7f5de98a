import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { buildRouter } from './api/routes.ts';
import { Checkpointer } from './checkpointer.ts';
import { openDatabase } from './db.ts';
import { SqliteStore } from './store/sqlite.ts';
import { createApiServer } from './http/server.ts';
import { MetadataQueue } from './metadata/queue.ts';
import { DEFAULT_IPFS_GATEWAY } from './metadata/uri.ts';
import { ProgressBar } from './progress.ts';
import { RpcClient } from './rpc.ts';
import { Syncer, type SyncOptions, type SyncStatus } from './sync.ts';
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

/** Settings of an indexer instance. */
export interface IndexerOptions {
  rpcUrl: string;
  /** Folder of the database file (default ./data). */
  dataDir?: string;
  /** Database file; overrides dataDir. */
  dbFile?: string;
  /** HTTP port; 0 picks a free one (default 3300). */
  port?: number;
  host?: string;
  log?: (line: string) => void;
  pollMs?: number;
  ipfsGateway?: string;
  /** Progress bar on stderr during catch-up (default: when stderr is a TTY or PROGRESS=1). */
  progress?: boolean;
  /** Fetch NFT metadata in the background (default true). */
  metadata?: boolean;
  /** Serve repeated lookups from memory (default true). */
  apiCache?: boolean;
  /** Contract verification: compiler downloads, threads and time limits. */
  verify?: VerifyOptions;
  /** Shared secret the site server uses for the admin routes (token logos, admin sessions); none turns them off. */
  adminToken?: string;
  /** Catch-up tuning (batches in flight, transactions per batch, blocks per batch). */
  sync?: Pick<SyncOptions, 'concurrency' | 'txsPerBatch' | 'maxBlocksPerBatch'>;
}

/** A running indexer. */
export interface Indexer {
  url: string;
  port: number;
  db: DatabaseSync;
  /** Sync state as /health reports it. */
  status(): SyncStatus;
  /** Resolves once the indexed head has equalled the chain head. */
  caughtUp(): Promise<void>;
  /** Stops HTTP, sync and metadata work and closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, starts following the chain and serves the API. */
export async function startIndexer(opts: IndexerOptions): Promise<Indexer> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const dbFile = opts.dbFile ?? join(opts.dataDir ?? './data', 'indexer.sqlite');
  const db = openDatabase(dbFile);
  const store = new SqliteStore(db);
  const rpc = new RpcClient(opts.rpcUrl);
  const progress = opts.progress === undefined ? new ProgressBar() : new ProgressBar(process.stderr, opts.progress);
  const checkpointer = dbFile === ':memory:' ? null : new Checkpointer(dbFile, log);
  const syncer = new Syncer(store, rpc, {
    ...opts.sync,
    pollMs: opts.pollMs ?? 1000,
    log,
    progress,
    ...(checkpointer ? { checkpoint: () => checkpointer.request() } : {}),
  });
  const gateway = opts.ipfsGateway ?? DEFAULT_IPFS_GATEWAY;
  const metadata = new MetadataQueue(store, new RpcClient(opts.rpcUrl, { timeoutMs: 10_000 }), {
    gateway,
    log,
    syncBusy: () => syncer.status().catchingUp,
  });
  if (opts.metadata !== false) syncer.onNftRows(() => metadata.kick());

  const dataDir = dbFile === ':memory:' ? (opts.dataDir ?? './data') : dirname(dbFile);
  const verifier = new VerificationService({
    db: store,
    rpc,
    compilers: new Compilers({
      cacheDir: join(dataDir, 'compilers'),
      download: opts.verify?.download ?? true,
      listUrl: opts.verify?.listUrl ?? DEFAULT_COMPILER_LIST_URL,
      timeoutMs: 10_000,
    }),
    pool: new CompilerPool({ size: opts.verify?.workers ?? 1, maxQueue: 16, timeoutMs: opts.verify?.compileTimeoutMs ?? 120_000 }),
    ...(opts.verify?.diagnosisBudgetMs !== undefined ? { diagnosisBudgetMs: opts.verify.diagnosisBudgetMs } : {}),
  });
  const router = buildRouter({ db: store, rpc, sync: () => syncer.status(), ipfsGateway: gateway, cache: opts.apiCache !== false, verifier, ...(opts.adminToken ? { adminToken: opts.adminToken } : {}) });
  const server = createApiServer(router, log);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 3300, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  syncer.start();
  if (opts.metadata !== false) metadata.start();

  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    db,
    status: () => syncer.status(),
    caughtUp: () => syncer.caughtUp(),
    stop() {
      stopped ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await Promise.all([syncer.stop(), metadata.stop(), closed, verifier.close()]);
        await checkpointer?.close();
        db.close();
      })();
      return stopped;
    },
  };
}

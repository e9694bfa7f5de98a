import { dirname, join } from 'node:path';
import type { IndexerMetrics } from '../metrics/index.ts';
import { Checkpointer } from '../store/checkpointer.ts';
import { openPostgres, type PostgresStore } from '../store/postgres.ts';
import { openDatabase, SqliteStore } from '../store/sqlite.ts';
import type { Store } from '../store/types.ts';
import type { IndexerOptions } from './options.ts';

/** The opened database, and what comes with its backend. */
export interface OpenedStore {
  store: Store;
  /** The PostgreSQL store (null on SQLite): the sync lock lives there. */
  pgStore: PostgresStore | null;
  /** The SQLite file (null on PostgreSQL). */
  dbFile: string | null;
  /** Folder of downloaded compilers' cache. */
  dataDir: string;
}

/** Opens PostgreSQL when a database URL is set, else the SQLite file, its queries timed by the metrics. */
export async function openStore(opts: IndexerOptions, log: (line: string) => void, metrics: IndexerMetrics): Promise<OpenedStore> {
  const dbFile = opts.databaseUrl ? null : (opts.dbFile ?? join(opts.dataDir ?? './data', 'indexer.sqlite'));
  const pgStore: PostgresStore | null = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, { max: opts.poolSize ?? 10, onError: (err) => log(`database: ${err.message}`) })
    : null;
  // On SQLite, writes run on a thread of their own: the main thread fetches and answers API reads meanwhile.
  const sqliteStore = pgStore ? null : new SqliteStore(openDatabase(dbFile as string), { writerFile: dbFile as string });
  const store: Store = pgStore ?? (sqliteStore as SqliteStore);
  (pgStore ?? (sqliteStore as SqliteStore)).onQuery = metrics.observeQuery;
  const dataDir = opts.dataDir ?? (dbFile === null || dbFile === ':memory:' ? './data' : dirname(dbFile));
  return { store, pgStore, dbFile, dataDir };
}

/** Checkpoints a SQLite file's WAL on a thread of its own (null on PostgreSQL and in memory). */
export function fileCheckpointer(dbFile: string | null, log: (line: string) => void): Checkpointer | null {
  return dbFile === null || dbFile === ':memory:' ? null : new Checkpointer(dbFile, log);
}

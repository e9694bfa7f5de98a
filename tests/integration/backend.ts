// Which database the integration suite runs on: SQLite (project `integration`) or PostgreSQL (project
// `integration-postgres`, INDEXER_TEST_BACKEND=postgres, a throw-away cluster from pg-global-setup.ts). Tests ask for
// storage here instead of naming a file, so the same cases run on both backends.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '../../indexer/src/store/postgres.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';
import type { Store } from '../../indexer/src/store/types.ts';

export type Backend = 'sqlite' | 'postgres';

export const BACKEND: Backend = process.env['INDEXER_TEST_BACKEND'] === 'postgres' ? 'postgres' : 'sqlite';

/** Where an indexer keeps its data: passed to startIndexer as is, and again to restart it on the same data. */
export interface Storage {
  /** Folder of downloaded compilers, and of the SQLite file on SQLite. */
  dataDir: string;
  /** On PostgreSQL: the fresh database. */
  databaseUrl?: string;
}

/** A new, empty database on the suite's backend; dir holds the SQLite file (and compilers on both). */
export async function freshStorage(dir: string): Promise<Storage> {
  if (BACKEND === 'sqlite') return { dataDir: dir };
  const base = inject('pgUrl');
  const name = `it_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { dataDir: dir, databaseUrl: url.toString() };
}

/** A database that lives as long as the indexer using it: SQLite in memory, or a fresh PostgreSQL database. */
export async function scratchStorage(): Promise<{ dbFile: string } | { databaseUrl: string }> {
  if (BACKEND === 'sqlite') return { dbFile: ':memory:' };
  const { databaseUrl } = await freshStorage('');
  return { databaseUrl: databaseUrl as string };
}

/** A store on an empty, migrated database of the suite's backend, for tests that drive the API's routes directly. */
export async function scratchStore(): Promise<Store> {
  const storage = await scratchStorage();
  return 'databaseUrl' in storage ? openPostgres(storage.databaseUrl, { max: 4 }) : openSqlite(storage.dbFile);
}

/** A second connection to a storage's database, for checks beside a running indexer (close it afterwards). */
export async function openStorage(storage: Storage): Promise<Store> {
  return storage.databaseUrl ? openPostgres(storage.databaseUrl, { max: 2 }) : openSqlite(join(storage.dataDir, 'indexer.sqlite'));
}

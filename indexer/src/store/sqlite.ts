import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { migrateSqlite } from './migrate.ts';
import type { Queryable, SqlParam, Store } from './types.ts';

/**
 * SQLite through node:sqlite: one connection, statements prepared once by their text. Queries run synchronously,
 * so a transaction's statements cannot interleave with others; callers outside a transaction wait while one is
 * open (its callback may await between statements), so they never read its uncommitted rows.
 */
export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private open: Promise<void> | null = null;
  private readonly direct: Queryable;

  constructor(db: DatabaseSync) {
    this.db = db;
    // Promise.try: a failing statement becomes a rejection, as on PostgreSQL.
    this.direct = {
      one: <T>(sql: string, ...params: SqlParam[]) => Promise.try(() => this.prepared(sql).get(...params) as T | undefined),
      all: <T>(sql: string, ...params: SqlParam[]) => Promise.try(() => this.prepared(sql).all(...params) as T[]),
      run: (sql: string, ...params: SqlParam[]) => Promise.try(() => Number(this.prepared(sql).run(...params).changes)),
    };
  }

  private prepared(sql: string): StatementSync {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Waits until no transaction is open. */
  private async idle(): Promise<void> {
    while (this.open) await this.open;
  }

  async one<T>(sql: string, ...params: SqlParam[]): Promise<T | undefined> {
    if (this.open) await this.idle();
    return this.direct.one<T>(sql, ...params);
  }

  async all<T>(sql: string, ...params: SqlParam[]): Promise<T[]> {
    if (this.open) await this.idle();
    return this.direct.all<T>(sql, ...params);
  }

  async run(sql: string, ...params: SqlParam[]): Promise<number> {
    if (this.open) await this.idle();
    return this.direct.run(sql, ...params);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.idle();
    let release!: () => void;
    this.open = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.db.exec('BEGIN');
    try {
      const out = await fn(this.direct);
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.open = null;
      release();
    }
  }

  checkpoint(): Promise<void> {
    return Promise.try(() => {
      this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    });
  }

  async close(): Promise<void> {
    await this.idle();
    this.db.close();
  }
}

/** Opens (creating if needed) a SQLite database in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  // WAL with NORMAL stays consistent after a crash; only the last commits may be lost, and sync redoes them.
  db.exec('PRAGMA synchronous = NORMAL');
  // Checkpoints (which fsync) are run by the sync between batches rather than inside a commit.
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('PRAGMA journal_size_limit = 67108864');
  db.exec('PRAGMA foreign_keys = OFF');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA cache_size = -65536');
  db.exec('PRAGMA temp_store = MEMORY');
  migrateSqlite(db);
  return db;
}

/** The store of a SQLite database file (see openDatabase). */
export function openSqlite(file: string): SqliteStore {
  return new SqliteStore(openDatabase(file));
}

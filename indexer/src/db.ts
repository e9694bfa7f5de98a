import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';

/** Folder of the versioned schema migrations (NNN_name.sql, applied in order). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** A parsed migration file name. */
export interface Migration {
  version: number;
  name: string;
  file: string;
}

/** The migrations present in a folder, sorted by version. */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => /^(\d+)_([\w-]+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2] ?? '', file: join(dir, m[0]) }))
    .sort((a, b) => a.version - b.version);
}

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export function migrate(db: DatabaseSync, dir = MIGRATIONS_DIR): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const done: number[] = [];
  for (const m of listMigrations(dir)) {
    if (applied.has(m.version)) continue;
    db.exec('BEGIN');
    try {
      db.exec(readFileSync(m.file, 'utf8'));
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        Math.floor(Date.now() / 1000),
      );
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    done.push(m.version);
  }
  return done;
}

/** Opens (creating if needed) the indexer database in WAL mode and brings its schema up to date. */
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
  migrate(db);
  return db;
}

/** Copies the write-ahead log into the database file without waiting for readers. */
export function checkpoint(db: DatabaseSync): void {
  db.exec('PRAGMA wal_checkpoint(PASSIVE)');
}

/** Prepared statements cached by SQL text, so hot paths never re-prepare. */
export class Statements {
  private readonly db: DatabaseSync;
  private readonly cache = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The prepared statement for this SQL. */
  get(sql: string): StatementSync {
    let stmt = this.cache.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare(sql);
      this.cache.set(sql, stmt);
    }
    return stmt;
  }

  /** First row of a query, typed by the caller. */
  one<T>(sql: string, ...params: SqlParam[]): T | undefined {
    return this.get(sql).get(...params) as T | undefined;
  }

  /** All rows of a query, typed by the caller. */
  all<T>(sql: string, ...params: SqlParam[]): T[] {
    return this.get(sql).all(...params) as T[];
  }

  /** Runs a write statement. */
  run(sql: string, ...params: SqlParam[]): void {
    this.get(sql).run(...params);
  }

  /** Runs a checkpoint of the write-ahead log. */
  checkpoint(): void {
    checkpoint(this.db);
  }

  /** Runs fn inside one transaction (rolled back if it throws). */
  transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN');
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }
}

/** Values node:sqlite binds. */
export type SqlParam = null | number | bigint | string | Uint8Array;

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';

/** Folder of the versioned schema migrations (NNN_name.sql, applied in order, on both backends). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

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

/** Applies every migration not yet recorded in schema_migrations to a SQLite database, each in its own transaction. */
export function migrateSqlite(db: DatabaseSync, dir = MIGRATIONS_DIR): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const done: number[] = [];
  for (const m of listMigrations(dir)) {
    if (applied.has(m.version)) continue;
    db.exec('BEGIN');
    try {
      db.exec(readFileSync(m.file, 'utf8'));
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Math.floor(Date.now() / 1000));
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    done.push(m.version);
  }
  return done;
}

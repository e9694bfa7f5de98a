import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { POSTGRES_PRELUDE, postgresDdl } from './dialect.ts';
import { listMigrations, MIGRATIONS_DIR } from './migrate.ts';
import { asError } from '../../../common/errors.ts';

/** Key of the session advisory lock that lets one process at a time migrate ('STO_MIGR'). */
export const MIGRATE_LOCK_KEY = 0x53544f5f4d494752n;

/**
 * Applies every migration not yet recorded in schema_migrations to a PostgreSQL database (translated by
 * postgresDdl), each in its own transaction, under an advisory lock: a second process starting meanwhile waits,
 * then finds nothing left to apply. Answers the versions applied.
 */
export async function migratePostgres(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<number[]> {
  const client = await pool.connect();
  // A lent-out connection's error is ours to catch (the pool only listens to idle ones).
  let broken: Error | undefined;
  const onError = (err: Error) => (broken = err);
  client.on('error', onError);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY.toString()]);
    try {
      return await migrateLocked(client, dir);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY.toString()]).catch((e: unknown) => {
        // Ending the connection releases the lock.
        broken = asError(e);
      });
    }
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** The migrations themselves, run while holding the lock. */
async function migrateLocked(client: pg.PoolClient, dir: string): Promise<number[]> {
  await client.query(POSTGRES_PRELUDE);
  // The same table and columns as SQLite's (applied_at in seconds).
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  const rows = (await client.query<{ version: string | number }>('SELECT version FROM schema_migrations')).rows;
  const applied = new Set(rows.map((r) => Number(r.version)));
  const done: number[] = [];
  for (const m of listMigrations(dir)) {
    if (applied.has(m.version)) continue;
    await client.query('BEGIN');
    try {
      // Without parameters the simple protocol runs the whole file, every statement in this transaction.
      await client.query(postgresDdl(readFileSync(m.file, 'utf8')));
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        Math.floor(Date.now() / 1000),
      ]);
      await client.query('COMMIT');
    } catch (err) {
      // Should ROLLBACK fail too, so will the unlock, and the connection is dropped.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    done.push(m.version);
  }
  return done;
}

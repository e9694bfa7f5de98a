import type { Queryable } from '../types.ts';

// Reads and writes of the token admin's sessions and failed logins (migrations/006_token_admin.sql): not chain data,
// kept through reorgs and restarts so the site's instances stay stateless.

/** A session of the token admin. */
export interface SessionRow {
  username: string;
  created_at: number;
  last_seen: number;
}

/** Removes the sessions idle since before `before` (ms). */
export async function deleteIdleSessions(db: Queryable, before: number): Promise<void> {
  await db.run('DELETE FROM admin_sessions WHERE last_seen < ?', before);
}

/** Records a new session, seen now (ms). */
export async function insertSession(db: Queryable, idHash: string, username: string, now: number): Promise<void> {
  await db.run('INSERT INTO admin_sessions (id_hash, username, created_at, last_seen) VALUES (?, ?, ?, ?)', idHash, username, now, now);
}

/** A session by the hash of its id. */
export function sessionByHash(db: Queryable, idHash: string): Promise<SessionRow | undefined> {
  return db.one<SessionRow>('SELECT username, created_at, last_seen FROM admin_sessions WHERE id_hash = ?', idHash);
}

/** Marks a session seen at `now` (ms). */
export async function touchSession(db: Queryable, idHash: string, now: number): Promise<void> {
  await db.run('UPDATE admin_sessions SET last_seen = ? WHERE id_hash = ?', now, idHash);
}

/** Ends a session. */
export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.run('DELETE FROM admin_sessions WHERE id_hash = ?', idHash);
}

/** A client's failed logins after `since` (ms): how many, and the time of the oldest (null when none). */
export async function loginFailuresSince(db: Queryable, client: string, since: number): Promise<{ n: number; oldest: number | null } | undefined> {
  return db.one<{ n: number; oldest: number | null }>('SELECT count(*) AS n, min(at) AS oldest FROM admin_login_failures WHERE client = ? AND at > ?', client, since);
}

/** Removes the failed logins at or before `before` (ms). */
export async function deleteLoginFailuresBefore(db: Queryable, before: number): Promise<void> {
  await db.run('DELETE FROM admin_login_failures WHERE at <= ?', before);
}

/** Records a failed login of a client at `at` (ms). */
export async function insertLoginFailure(db: Queryable, client: string, at: number): Promise<void> {
  await db.run('INSERT INTO admin_login_failures (client, at) VALUES (?, ?)', client, at);
}

/** Forgets a client's failed logins. */
export async function clearLoginFailures(db: Queryable, client: string): Promise<void> {
  await db.run('DELETE FROM admin_login_failures WHERE client = ?', client);
}

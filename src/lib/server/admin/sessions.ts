// Token admin sessions: a random id in an httpOnly, SameSite=Strict cookie; the indexer keeps only its hash, the
// user and the last use, and ends it after 8 hours without use (so any number of site instances share sessions).
import { createHash, randomBytes } from 'node:crypto';
import { adminPost } from './indexer-admin.ts';

/** The cookie the cookie policy lists as necessary, for the session. */
export const SESSION_COOKIE = 'session_id';
/** A session ends after this long without a request. */
const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** The cookie is sent only to the admin panel's paths. */
export const SESSION_COOKIE_PATH = '/token-admin';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The hash under which the indexer knows a session id. */
export function sessionHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** The session id of a cookie value, or null when it is not one this server could have made. */
export function parseSessionId(value: string | undefined): string | null {
  return value !== undefined && SESSION_ID.test(value) ? value : null;
}

/** Starts a session for the user; answers its id (256 random bits) for the cookie. */
export async function createSession(username: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const res = await adminPost('/admin/sessions', { idHash: sessionHash(id), username, idleMs: SESSION_IDLE_MS });
  if (!res.ok) throw new Error(`session not stored: ${res.status}`);
  return id;
}

/** The user of a live session (and marks it used), or null when it is unknown or expired. */
export async function readSession(id: string | null): Promise<{ username: string } | null> {
  if (id === null) return null;
  const res = await adminPost(`/admin/sessions/${sessionHash(id)}/touch`, { idleMs: SESSION_IDLE_MS });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`session not read: ${res.status}`);
  const body = res.body as { username?: unknown } | null;
  return typeof body?.username === 'string' ? { username: body.username } : null;
}

/** Ends a session (Logout). */
export async function endSession(id: string): Promise<void> {
  await adminPost(`/admin/sessions/${sessionHash(id)}/end`, {});
}

/** Cookie attributes of the session: httpOnly, SameSite=Strict, the panel's path, Secure over https, no expiry date. */
export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'strict', path: SESSION_COOKIE_PATH, secure } as const;
}

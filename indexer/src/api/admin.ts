import { bearerMatches } from '../http/bearer.ts';
import { INVALID_JSON } from '../http/server.ts';
import { HttpError, type ApiRequest, type Router } from '../http/router.ts';
import type { ApiContext } from './context.ts';
import type { Queryable } from '../store/types.ts';

/** Longest client key kept for throttling (an IPv6 address with zone fits easily). */
const MAX_CLIENT_LENGTH = 100;
/** Longest window or idle time the site may ask for: a day. */
const MAX_WINDOW_MS = 86_400_000;

/**
 * Admin routes answer only the site server, which proves itself with the shared secret INDEXER_ADMIN_TOKEN as a
 * bearer token (compared in constant time). Without a configured secret they are off (503), never open.
 */
export function requireAdmin(ctx: ApiContext, req: ApiRequest): void {
  if (!ctx.adminToken) throw new HttpError(503, 'Admin routes are disabled: INDEXER_ADMIN_TOKEN is not set');
  if (!bearerMatches(req.headers?.['authorization'], ctx.adminToken)) throw new HttpError(401, 'Unauthorized');
}

/** The JSON object body of an admin request, or 400. */
export function adminBody(body: unknown): Record<string, unknown> {
  if (body === INVALID_JSON || typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof URLSearchParams) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A string field of at most max characters, or 400 naming it. */
function text(body: Record<string, unknown>, name: string, max: number, pattern?: RegExp): string {
  const v = body[name];
  if (typeof v !== 'string' || v.length === 0 || v.length > max || (pattern && !pattern.test(v))) throw new HttpError(400, `Invalid ${name}`);
  return v;
}

/** A duration in milliseconds within (0, a day], or 400 naming it. */
function duration(v: unknown, name: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0 || n > MAX_WINDOW_MS) throw new HttpError(400, `Invalid ${name}`);
  return n;
}

const SESSION_HASH = /^[0-9a-f]{64}$/;

/** The session hash named in the path, or 400. */
function sessionHash(raw: string | undefined): string {
  if (raw === undefined || !SESSION_HASH.test(raw)) throw new HttpError(400, 'Invalid session');
  return raw;
}

interface SessionRow {
  username: string;
  created_at: number;
  last_seen: number;
}

/** Failures of a client within the window, and when the oldest of them leaves it. */
async function failures(q: Queryable, client: string, windowMs: number, now: number): Promise<{ failures: number; oldest: number | null }> {
  const row = await q.one<{ n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM admin_login_failures WHERE client = ? AND at > ?',
    client,
    now - windowMs,
  );
  return { failures: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Sessions and login throttling of the token admin, kept here so the site's instances stay stateless. The site owns
 * the policy (idle time, window, limit); these routes only store and count.
 */
export function adminRoutes(router: Router, ctx: ApiContext): void {
  router.post('/admin/sessions', async (req) => {
    requireAdmin(ctx, req);
    const body = adminBody(req.body);
    const idHash = sessionHash(typeof body['idHash'] === 'string' ? body['idHash'] : undefined);
    const username = text(body, 'username', 200);
    const idleMs = duration(body['idleMs'], 'idleMs');
    const now = Date.now();
    await ctx.db.transaction(async (tx) => {
      await tx.run('DELETE FROM admin_sessions WHERE last_seen < ?', now - idleMs);
      await tx.run('INSERT INTO admin_sessions (id_hash, username, created_at, last_seen) VALUES (?, ?, ?, ?)', idHash, username, now, now);
    });
    return { created: true };
  });

  router.post('/admin/sessions/{idHash}/touch', async (req) => {
    requireAdmin(ctx, req);
    const idHash = sessionHash(req.params['idHash']);
    const idleMs = duration(adminBody(req.body)['idleMs'], 'idleMs');
    const now = Date.now();
    const row = await ctx.db.one<SessionRow>('SELECT username, created_at, last_seen FROM admin_sessions WHERE id_hash = ?', idHash);
    if (!row || now - row.last_seen > idleMs) {
      if (row) await ctx.db.run('DELETE FROM admin_sessions WHERE id_hash = ?', idHash);
      throw new HttpError(404, 'Session not found');
    }
    await ctx.db.run('UPDATE admin_sessions SET last_seen = ? WHERE id_hash = ?', now, idHash);
    return { username: row.username, createdAt: row.created_at, lastSeen: now };
  });

  router.post('/admin/sessions/{idHash}/end', async (req) => {
    requireAdmin(ctx, req);
    await ctx.db.run('DELETE FROM admin_sessions WHERE id_hash = ?', sessionHash(req.params['idHash']));
    return { ended: true };
  });

  router.get('/admin/login-failures', (req) => {
    requireAdmin(ctx, req);
    const client = req.query.get('client') ?? '';
    if (client.length === 0 || client.length > MAX_CLIENT_LENGTH) throw new HttpError(400, 'Invalid client');
    return failures(ctx.db, client, duration(req.query.get('windowMs'), 'windowMs'), Date.now());
  });

  router.post('/admin/login-failures', (req) => {
    requireAdmin(ctx, req);
    const body = adminBody(req.body);
    const client = text(body, 'client', MAX_CLIENT_LENGTH);
    const windowMs = duration(body['windowMs'], 'windowMs');
    const now = Date.now();
    return ctx.db.transaction(async (tx) => {
      await tx.run('DELETE FROM admin_login_failures WHERE at <= ?', now - MAX_WINDOW_MS);
      await tx.run('INSERT INTO admin_login_failures (client, at) VALUES (?, ?)', client, now);
      return failures(tx, client, windowMs, now);
    });
  });

  router.post('/admin/login-failures/clear', async (req) => {
    requireAdmin(ctx, req);
    await ctx.db.run('DELETE FROM admin_login_failures WHERE client = ?', text(adminBody(req.body), 'client', MAX_CLIENT_LENGTH));
    return { cleared: true };
  });
}

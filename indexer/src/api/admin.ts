import { bearerMatches } from '../../../common/bearer.ts';
import { parseBody } from '../http/body.ts';
import { HttpError, type ApiRequest, type Router } from '../http/router.ts';
import type { ApiContext } from './context.ts';
import {
  clearLoginFailures,
  deleteIdleSessions,
  deleteLoginFailuresBefore,
  deleteSession,
  insertLoginFailure,
  insertSession,
  loginFailuresSince,
  sessionByHash,
  touchSession,
} from '../store/queries/admin.ts';
import type { Queryable } from '../store/types.ts';
import { MAX_WINDOW_MS } from './admin-requests.ts';
import {
  clearLoginFailuresRoute,
  endSessionRoute,
  loginFailuresRoute,
  newSessionRoute,
  recordLoginFailureRoute,
  touchSessionRoute,
} from './contract/admin.ts';
import { readParams, readQuery, type AnswerOf } from './contract/route.ts';

/**
 * Admin routes answer only the site server, which proves itself with the shared secret INDEXER_ADMIN_TOKEN as a
 * bearer token (compared in constant time). Without a configured secret they are off (503), never open.
 */
export function requireAdmin(ctx: ApiContext, req: ApiRequest): void {
  if (!ctx.adminToken) throw new HttpError(503, 'Admin routes are disabled: INDEXER_ADMIN_TOKEN is not set');
  if (!bearerMatches(req.headers?.['authorization'], ctx.adminToken)) throw new HttpError(401, 'Unauthorized');
}

/** Failures of a client within the window, and when the oldest of them leaves it. */
async function failures(q: Queryable, client: string, windowMs: number, now: number): Promise<{ failures: number; oldest: number | null }> {
  const row = await loginFailuresSince(q, client, now - windowMs);
  return { failures: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Sessions and login throttling of the token admin, kept here so the site's instances stay stateless. The site owns
 * the policy (idle time, window, limit); these routes only store and count.
 */
export function adminRoutes(router: Router, ctx: ApiContext): void {
  router.post(newSessionRoute.path, async (req): Promise<AnswerOf<typeof newSessionRoute>> => {
    requireAdmin(ctx, req);
    const { idHash, username, idleMs } = parseBody(newSessionRoute.body, req.body);
    const now = Date.now();
    await ctx.db.transaction(async (tx) => {
      await deleteIdleSessions(tx, now - idleMs);
      await insertSession(tx, idHash, username, now);
    });
    return { created: true };
  });

  router.post(touchSessionRoute.path, async (req): Promise<AnswerOf<typeof touchSessionRoute>> => {
    requireAdmin(ctx, req);
    const { idHash } = readParams(touchSessionRoute, req.params);
    const { idleMs } = parseBody(touchSessionRoute.body, req.body);
    const now = Date.now();
    const row = await sessionByHash(ctx.db, idHash);
    if (!row || now - row.last_seen > idleMs) {
      if (row) await deleteSession(ctx.db, idHash);
      throw new HttpError(404, 'Session not found');
    }
    await touchSession(ctx.db, idHash, now);
    return { username: row.username, createdAt: row.created_at, lastSeen: now };
  });

  router.post(endSessionRoute.path, async (req): Promise<AnswerOf<typeof endSessionRoute>> => {
    requireAdmin(ctx, req);
    await deleteSession(ctx.db, readParams(endSessionRoute, req.params).idHash);
    return { ended: true };
  });

  router.get(loginFailuresRoute.path, (req): Promise<AnswerOf<typeof loginFailuresRoute>> => {
    requireAdmin(ctx, req);
    const { client, windowMs } = readQuery(loginFailuresRoute, req.query);
    return failures(ctx.db, client, windowMs, Date.now());
  });

  router.post(recordLoginFailureRoute.path, (req): Promise<AnswerOf<typeof recordLoginFailureRoute>> => {
    requireAdmin(ctx, req);
    const { client, windowMs } = parseBody(recordLoginFailureRoute.body, req.body);
    const now = Date.now();
    return ctx.db.transaction(async (tx) => {
      await deleteLoginFailuresBefore(tx, now - MAX_WINDOW_MS);
      await insertLoginFailure(tx, client, now);
      return failures(tx, client, windowMs, now);
    });
  });

  router.post(clearLoginFailuresRoute.path, async (req): Promise<AnswerOf<typeof clearLoginFailuresRoute>> => {
    requireAdmin(ctx, req);
    await clearLoginFailures(ctx.db, parseBody(clearLoginFailuresRoute.body, req.body).client);
    return { cleared: true };
  });
}

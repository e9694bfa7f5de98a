// Login throttling: after 5 failed logins from one client address within 15 minutes, further attempts are
// refused with 429 until the oldest of them leaves the window. Counted by the indexer, shared by all site instances.
import { adminGet, adminPost } from './indexer-admin.ts';

/** Failed logins allowed in the window. */
export const LOGIN_MAX_FAILURES = 5;
/** The window failures are counted in. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Failures in the window and the time of the oldest, as the indexer counts them. */
export interface FailureCount {
  failures: number;
  oldest: number | null;
}

/** When a client may try again (ms since the epoch), or null when it may try now. */
export function blockedUntil(count: FailureCount, now: number): number | null {
  if (count.failures < LOGIN_MAX_FAILURES || count.oldest === null) return null;
  const until = count.oldest + LOGIN_WINDOW_MS;
  return until > now ? until : null;
}

function readCount(body: unknown): FailureCount {
  const b = body as { failures?: unknown; oldest?: unknown } | null;
  return { failures: typeof b?.failures === 'number' ? b.failures : 0, oldest: typeof b?.oldest === 'number' ? b.oldest : null };
}

/** When the client may try again, or null; throws when the count cannot be read (the login then fails closed). */
export async function loginBlockedUntil(client: string, now = Date.now()): Promise<number | null> {
  const res = await adminGet('/admin/login-failures', { client, windowMs: LOGIN_WINDOW_MS });
  if (!res.ok) throw new Error(`failures not read: ${res.status}`);
  return blockedUntil(readCount(res.body), now);
}

/** Records a failed login; answers when the client may try again if this failure blocked it, else null. */
export async function recordLoginFailure(client: string, now = Date.now()): Promise<number | null> {
  const res = await adminPost('/admin/login-failures', { client, windowMs: LOGIN_WINDOW_MS });
  if (!res.ok) throw new Error(`failure not recorded: ${res.status}`);
  return blockedUntil(readCount(res.body), now);
}

/** Forgets a client's failures after a successful login. */
export async function clearLoginFailures(client: string): Promise<void> {
  await adminPost('/admin/login-failures/clear', { client });
}

/** 'Try again in N minutes' text of a block, rounded up to whole minutes (at least 1). */
export function retryText(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

// The indexer's admin routes (sessions, failed logins, logo uploads), called with the shared secret
// INDEXER_ADMIN_TOKEN as a bearer token. Server only: the secret never leaves this process.
import { readConfig } from '../config.ts';
import { createTransport, type RawResponse, type Transport } from '../../indexer-api/transport.ts';
import { observedFetch } from '../indexer-client.ts';
import { platformFetch } from '../deadline.ts';
import { siteSettings, type SiteSettings } from '../settings.ts';

let cached: { key: string; transport: Transport } | null = null;

/** Whether the admin routes can be reached (INDEXER_ADMIN_TOKEN is set). */
export function adminConfigured(settings: Pick<SiteSettings, 'INDEXER_ADMIN_TOKEN'> = siteSettings()): boolean {
  return settings.INDEXER_ADMIN_TOKEN !== undefined;
}

/** The transport of the admin routes (rebuilt when the indexer URL or the secret changes). */
function adminTransport(): Transport {
  const settings = siteSettings();
  const base = readConfig(settings).indexerUrl;
  const token = settings.INDEXER_ADMIN_TOKEN ?? '';
  const key = `${base} ${token}`;
  if (cached?.key !== key) cached = { key, transport: createTransport(base, { timeoutMs: 5_000, headers: { authorization: `Bearer ${token}` }, fetch: observedFetch(platformFetch) }) };
  return cached.transport;
}

/** GET of an admin route; throws the typed indexer errors on failure. */
export function adminGet(path: string, query: Record<string, string | number>): Promise<RawResponse> {
  return adminTransport().send('GET', path, query, undefined);
}

/** POST of an admin route with a JSON body; any status is answered (callers tell 404 and 4xx apart). */
export function adminPost(path: string, payload: unknown, timeoutMs?: number): Promise<RawResponse> {
  return adminTransport().send('POST', path, {}, payload, timeoutMs === undefined ? {} : { timeoutMs });
}

import { createIndexerClient, type IndexerClient } from '../indexer-api/client.ts';
import { readConfig } from './config.ts';
import { deadlineFetch } from './deadline.ts';

let client: { key: string; client: IndexerClient } | undefined;

/** Whether an indexer URL is on this machine (compressing what never leaves it would only cost CPU on both sides). */
export function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Headers of the server's indexer requests: uncompressed answers from a loopback indexer, and the shared secret
 * INDEXER_ADMIN_TOKEN as a bearer token when it is set, so that the indexer does not rate-limit this server as one
 * client (it fetches for all its visitors). Read from process.env at run time in this server-only module: the secret
 * is in no build output and never reaches a browser (islands build their own transports, without it).
 */
export function serverHeaders(base: string, env: Record<string, string | undefined> = process.env): Record<string, string> {
  const token = (env['INDEXER_ADMIN_TOKEN'] ?? '').trim();
  return { ...(isLoopback(base) ? { 'accept-encoding': 'identity' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/**
 * The server's indexer client, for the configured INDEXER_URL (rebuilt if the setting or the secret changes). Its reads
 * also end with the page's deadline (src/lib/server/deadline.ts).
 */
export function indexerClient(): IndexerClient {
  const base = readConfig().indexerUrl;
  const key = `${base} ${process.env['INDEXER_ADMIN_TOKEN'] ?? ''}`;
  if (client?.key !== key) {
    client = { key, client: createIndexerClient(base, { headers: serverHeaders(base), fetch: deadlineFetch() }) };
  }
  return client.client;
}

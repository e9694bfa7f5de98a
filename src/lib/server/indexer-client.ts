import { createIndexerClient, type FetchLike, type IndexerClient } from '../indexer-api/client.ts';
import { REQUEST_ID_HEADER, type Logger } from '../../../common/log.ts';
import { readConfig } from './config.ts';
import { siteSettings, type SiteSettings } from './settings.ts';
import { deadlineFetch } from './deadline.ts';
import { siteMetrics, type SiteMetrics } from './metrics.ts';
import { currentRequestId, siteLogger } from './request-context.ts';

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
 * client (it fetches for all its visitors). Read from the settings at run time in this server-only module: the secret
 * is in no build output and never reaches a browser (islands build their own transports, without it).
 */
export function serverHeaders(base: string, settings: Pick<SiteSettings, 'INDEXER_ADMIN_TOKEN'> = siteSettings()): Record<string, string> {
  const token = settings.INDEXER_ADMIN_TOKEN;
  return { ...(isLoopback(base) ? { 'accept-encoding': 'identity' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** The path of an indexer URL, without its query (which may carry what a visitor typed), for a log line. */
function pathOf(input: string): string {
  try {
    return new URL(input, 'http://indexer.invalid').pathname;
  } catch {
    return '(unreadable)';
  }
}

/** What observedFetch reports to (the process's series and logger unless a test passes its own). */
export interface FetchObservers {
  metrics?: SiteMetrics;
  logger?: Logger;
  requestId?: () => string | null;
}

/**
 * The fetch of the server's indexer requests, around `base`: it sends the id of the page's request as X-Request-Id
 * (so the indexer's log line of this read carries the id of the visitor's request), counts each request and its time
 * (explorer_site_indexer_requests_total, …_duration_seconds), and logs a failed one (a status other than 2xx or 304,
 * or no answer) at warn with the request id, the indexer path (no query) and the status.
 */
export function observedFetch(base: FetchLike, observers: FetchObservers = {}): FetchLike {
  return async (input, init) => {
    const metrics = observers.metrics ?? siteMetrics();
    const reqId = (observers.requestId ?? currentRequestId)();
    let sent = init;
    if (reqId) {
      const headers = new Headers(init?.headers);
      headers.set(REQUEST_ID_HEADER, reqId);
      sent = { ...init, headers };
    }
    const started = performance.now();
    const done = (outcome: 'ok' | 'error'): void => {
      metrics.indexerRequests.inc({ outcome });
      metrics.indexerDuration.observe((performance.now() - started) / 1000);
    };
    let response: Response;
    try {
      response = await base(input, sent);
    } catch (error) {
      done('error');
      (observers.logger ?? siteLogger()).warn({ reqId, indexerPath: pathOf(input), status: null, err: error }, 'indexer request failed');
      throw error;
    }
    const ok = response.ok || response.status === 304;
    done(ok ? 'ok' : 'error');
    if (!ok) (observers.logger ?? siteLogger()).warn({ reqId, indexerPath: pathOf(input), status: response.status }, 'indexer request failed');
    return response;
  };
}

/**
 * The server's indexer client, for the configured INDEXER_URL (rebuilt if the setting or the secret changes). Its reads
 * also end with the page's deadline (src/lib/server/deadline.ts), and carry the page request's id (observedFetch).
 */
export function indexerClient(): IndexerClient {
  const settings = siteSettings();
  const base = readConfig(settings).indexerUrl;
  const key = `${base} ${settings.INDEXER_ADMIN_TOKEN ?? ''}`;
  if (client?.key !== key) {
    client = { key, client: createIndexerClient(base, { headers: serverHeaders(base, settings), fetch: observedFetch(deadlineFetch()) }) };
  }
  return client.client;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { bearerMatches } from './bearer.ts';

// Prometheus metrics of the site server and the indexer, with prom-client. Each process keeps one
// registry (Node's own process metrics included) and answers GET /metrics in the text exposition format. Labels
// take values from closed sets only (route templates, never raw paths; status classes; methods from a list), so a
// scraper's series count stays flat whatever the requests: HTTP_LABELS and routeLabel() are the one place that decide.

export { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from 1 ms to 30 s, for request and query latency. */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The HTTP methods counted by name; any other is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request's method as a label. */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? 'GET').toUpperCase();
  return METHODS.has(m) ? m : 'OTHER';
}

/**
 * A route as a label: its template (`/blocks/{number}`, `/address/[address]`) when the request matched one, or one
 * of the fixed names for those that did not (`unmatched`: a 404 or a malformed URL; `static`: a built file).
 */
export function routeLabel(template: string | null | undefined): string {
  return template ?? 'unmatched';
}

/** Node's process metrics, collected once per process and prefix (tests start several indexers in one process). */
const processMetrics = new Map<string, Registry>();

/**
 * A registry with Node's own process metrics (event-loop lag, memory, GC, handles) under `prefix`. Those are the
 * process's, not the registry's: they are made once per process and prefix, with one event-loop monitor and one GC
 * observer, and the same metric objects are registered in every registry made with that prefix.
 */
export function createRegistry(prefix: string, labels: Record<string, string> = {}): Registry {
  let shared = processMetrics.get(prefix);
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared, prefix, eventLoopMonitoringPrecision: 20 });
    processMetrics.set(prefix, shared);
  }
  // A new registry holding the shared metric objects; the caller's own series are registered in it afterwards.
  const registry = Registry.merge([shared]);
  registry.setDefaultLabels(labels);
  return registry;
}

/** The HTTP series every server keeps: requests by route template, method and status, and their latency. */
export interface HttpMetrics {
  requests: Counter<'route' | 'method' | 'status'>;
  duration: Histogram<'route' | 'method' | 'status'>;
  /** Records one answered request. */
  observe(route: string, method: string | undefined, status: number, seconds: number): void;
}

/** Creates the HTTP series in a registry, named `{prefix}http_requests_total` and `{prefix}http_request_duration_seconds`. */
export function httpMetrics(registry: Registry, prefix: string): HttpMetrics {
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time from a request to the end of its answer, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  return {
    requests,
    duration,
    observe(route, method, status, seconds) {
      const labels = { route: routeLabel(route), method: methodLabel(method), status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/**
 * Whether a scrape may read the metrics: always when no token is configured, otherwise only with
 * `Authorization: Bearer {token}` (compared in constant time).
 */
export function scrapeAllowed(authorization: string | string[] | undefined, token: string | null | undefined): boolean {
  return !token || bearerMatches(authorization, token);
}

/**
 * Answers GET /metrics from a registry: 401 (with WWW-Authenticate) without the configured token, 405 for other
 * methods, otherwise the text exposition format, never cached.
 */
export async function serveMetrics(registry: Registry, req: IncomingMessage, res: ServerResponse, token: string | null | undefined): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return;
  }
  if (!scrapeAllowed(req.headers.authorization, token)) {
    res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Unauthorized: /metrics needs the bearer token configured on this server\n');
    return;
  }
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(req.method === 'HEAD' ? undefined : text);
}

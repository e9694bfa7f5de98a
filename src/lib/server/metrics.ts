// The site server's Prometheus metrics: one registry per process, named `explorer_site_…`, with Node's
// process metrics, the HTTP series by route template, the render cache's hits and misses and the indexer requests
// made while answering. site-server.ts and the built Astro bundle (dist/server/entry.mjs, which it loads) are
// two module graphs: the registry lives on a global symbol, made by whichever graph asks first, so both count into the
// same series and /metrics shows them all.
import { siteSettings, type SiteSettings } from './settings.ts';
import { Counter, createRegistry, Histogram, httpMetrics, LATENCY_BUCKETS, type HttpMetrics, type Registry } from '../../../common/metrics.ts';

/** The prefix of every site series. */
export const SITE_METRICS_PREFIX = 'explorer_site_';

/** The site's series. */
export interface SiteMetrics {
  registry: Registry;
  /** `explorer_site_http_requests_total` and `…_http_request_duration_seconds`, by route template, method and status. */
  http: HttpMetrics;
  /** `explorer_site_render_cache_requests_total{outcome}`: pages answered from memory (hit) or rendered (miss). */
  renderCache: Counter<'outcome'>;
  /** `explorer_site_indexer_requests_total{outcome}`: indexer requests answered 2xx/304 (ok) or not (error). */
  indexerRequests: Counter<'outcome'>;
  /** `explorer_site_indexer_request_duration_seconds`: time of each indexer request, to its answer's headers. */
  indexerDuration: Histogram;
}

const SITE_METRICS = Symbol.for('sto-explorer.site-metrics');

/** Creates the site's series in a registry of their own (tests make their own; the process has siteMetrics()). */
export function createSiteMetrics(): SiteMetrics {
  const registry = createRegistry(SITE_METRICS_PREFIX);
  return {
    registry,
    http: httpMetrics(registry, SITE_METRICS_PREFIX),
    renderCache: new Counter({
      name: `${SITE_METRICS_PREFIX}render_cache_requests_total`,
      help: 'GET page requests looked up in the render cache: answered from memory (hit) or rendered (miss)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    indexerRequests: new Counter({
      name: `${SITE_METRICS_PREFIX}indexer_requests_total`,
      help: 'Requests to the indexer made by this server, by outcome (ok: 2xx or 304; error: another status or no answer)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    indexerDuration: new Histogram({
      name: `${SITE_METRICS_PREFIX}indexer_request_duration_seconds`,
      help: 'Time from an indexer request to its answer (or failure)',
      buckets: [...LATENCY_BUCKETS],
      registers: [registry],
    }),
  };
}

/** The process's site series, made once and shared by the site server and the built bundle. */
export function siteMetrics(): SiteMetrics {
  const holder = globalThis as { [SITE_METRICS]?: SiteMetrics };
  return (holder[SITE_METRICS] ??= createSiteMetrics());
}

/**
 * The token /metrics asks for: METRICS_TOKEN, else INDEXER_ADMIN_TOKEN, else none (then /metrics is open), the same
 * rule as the indexer's, so that one scrape configuration reads both servers.
 */
export function metricsToken(settings: Pick<SiteSettings, 'METRICS_TOKEN' | 'INDEXER_ADMIN_TOKEN'> = siteSettings()): string | null {
  return settings.METRICS_TOKEN ?? settings.INDEXER_ADMIN_TOKEN ?? null;
}

/**
 * The `route` label of one answered request, from a closed set: Astro's route pattern when its router matched a page
 * (`/blocks/[n]`; the pattern kept with a page when the site server answers it from the render cache), `cached` for a
 * kept page stored without one, `static` for a file of the build, `/metrics` for the scrape, `unmatched` for anything
 * else (no route, Astro's 404 page for a path no route matches, a request that failed before routing). Never the path.
 */
export function siteRouteLabel(answer: { pattern?: string | null; kind?: 'static' | 'cached' | 'metrics' | null }): string {
  if (answer.kind === 'metrics') return '/metrics';
  if (answer.kind === 'static') return 'static';
  const pattern = answer.pattern ?? null;
  // Astro renders src/pages/404.astro when no route matches: its pattern says nothing of what was asked.
  if (pattern !== null && pattern !== '/404' && pattern.startsWith('/')) return pattern;
  if (answer.kind === 'cached') return 'cached';
  return 'unmatched';
}

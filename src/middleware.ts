import { defineMiddleware, sequence } from 'astro:middleware';
import { compressResponse, keptCopies, packPage } from './lib/server/compress.ts';
import { freshHead, latestHead } from './lib/server/head.ts';
import { createActivityTracker } from './lib/server/activity.ts';
import { indexerClient } from './lib/server/indexer-client.ts';
import { freshLogoIndex } from './lib/server/logo-index.ts';
import { pageKey, type PageKeyReads } from './lib/server/page-key.ts';
import { logoIndexVersion } from './lib/tokens/logo-index.ts';
import { finishPage, fullStylesheet } from './lib/server/page-css.ts';
import {
  createRenderCache,
  KEEP_PER_HEAD_HEADER,
  KEPT_PAGE_LOOKUP,
  keptAnswer,
  requestPageKeys,
  sharedCacheSeconds,
  type CachedPage,
  type KeptAnswer,
  type KeptPageLookup,
  type KeptRequest,
} from './lib/server/render-cache.ts';
import { readConfig } from './lib/server/config.ts';
import { baseSecurityHeaders, contentSecurityPolicy, servedOverHttps } from './lib/server/security-headers.ts';
import { withDeadline } from './lib/server/deadline.ts';
import { MAIN_CLIENT_TIMEOUT_MS } from './lib/indexer-api/timeouts.ts';
import { siteMetrics } from './lib/server/metrics.ts';
import { requestContexts } from './lib/server/request-context.ts';

const pages = createRenderCache({ recompress: keptCopies });
/** Renders under way per key: a second visitor of a page being rendered waits for it instead of rendering it too. */
const rendering = new Map<string, Promise<CachedPage | null>>();
/**
 * How long a page kept per head block may live if the chain stalls: its relative times ("x secs ago", written on the
 * server) would drift further, and pages whose parts are read on their own clock (the home page's statistics, 30 s)
 * follow them within this.
 */
const HEAD_PAGE_TTL_MS = 10_000;

/** A Response of a kept page's answer. */
function toResponse(answer: KeptAnswer): Response {
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers: answer.headers });
}

/** Which block last changed an address, from the indexer's change lists (pages about one address outlive other blocks). */
const activity = createActivityTracker((since) => indexerClient().getChanges(since));

/** The reads of a request's key: the shared head reads, change lists and logo list of this server. */
const KEY_READS: PageKeyReads = {
  freshHead: () => freshHead(),
  latestHead,
  freshLogos: () => freshLogoIndex(),
  logoVersion: logoIndexVersion,
  activity: (mark, address) => activity.version(mark, address),
};

/**
 * The look-up the site server (lib/server/site-server.ts) makes before Astro's handler: a kept page's answer without
 * rendering anything.
 */
const lookup: KeptPageLookup = (path, cookie, request) =>
  withDeadline(MAIN_CLIENT_TIMEOUT_MS, async () => {
    const key = await pageKey(new URL(path, 'http://site.invalid'), cookie, KEY_READS);
    const page = pages.get(key.key, Date.now());
    // A miss is counted by the middleware, which renders the page (or finds it kept by then).
    if (page) siteMetrics().renderCache.inc({ outcome: 'hit' });
    return { answer: page ? keptAnswer(page, request, 'hit') : null, key, route: page?.route ?? null };
  });
(globalThis as { [KEPT_PAGE_LOOKUP]?: KeptPageLookup })[KEPT_PAGE_LOOKUP] = lookup;

/**
 * Serves pages from memory after their first render: those that allow shared caching (final blocks and their
 * transactions) for their s-maxage, and the pages of the moment (keptPerHead) while the head block stays the same.
 * Kept pages are answered by the site server (lib/server/site-server.ts) before Astro runs (the look-up above); this
 * serves them too when it cannot (another server), and keeps what is rendered. A page is never kept with its Set-Cookie (the visitor whose
 * request rendered it still gets theirs).
 */
const renderCache = defineMiddleware(async (context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  const ask: KeptRequest = { acceptEncoding: context.request.headers.get('accept-encoding'), ifNoneMatch: context.request.headers.get('if-none-match') };
  // The site server's look-up made this request's key already (a miss); anything else (another server, a page Astro
  // renders in place of the one asked for) makes its own.
  const known = requestPageKeys().getStore();
  const target = `${context.url.pathname}${context.url.search}`;
  const { key, theme, perHead: headKey } = known?.target === target ? known : await pageKey(context.url, context.request.headers.get('cookie'), KEY_READS);
  // One reading of the theme cookie for both the key and the page (the layout), so they cannot disagree.
  context.locals.theme = theme;
  // Counted once per request: a hit when a kept page answers, a miss when Astro renders (kept afterwards or not).
  const outcome = (value: 'hit' | 'miss'): void => siteMetrics().renderCache.inc({ outcome: value });
  const hit = pages.get(key, Date.now());
  if (hit) {
    outcome('hit');
    return toResponse(keptAnswer(hit, ask, 'hit'));
  }
  const pending = rendering.get(key);
  if (pending) {
    const page = await pending;
    // Rendered by the other request and kept: this one is served as a hit. Not kept: this one renders its own.
    outcome(page ? 'hit' : 'miss');
    if (page) return toResponse(keptAnswer(page, ask, 'hit'));
    return next();
  }
  outcome('miss');
  let settle: (page: CachedPage | null) => void = () => {};
  rendering.set(key, new Promise((resolve) => (settle = resolve)));
  let kept: CachedPage | null = null;
  try {
    const response = await next();
    const cacheControl = response.headers.get('cache-control');
    const seconds = response.status === 200 ? sharedCacheSeconds(cacheControl) : 0;
    const perHeadAllowed = response.headers.get(KEEP_PER_HEAD_HEADER) === '1' || !/\b(no-store|private)\b/i.test(cacheControl ?? '');
    if (response.headers.has(KEEP_PER_HEAD_HEADER)) response.headers.delete(KEEP_PER_HEAD_HEADER);
    const perHead = headKey && response.status === 200 && perHeadAllowed;
    if ((!pages.keeps(seconds) && !perHead) || response.headers.has('content-encoding')) return response;
    const packed = await packPage(new Uint8Array(await response.arrayBuffer()));
    const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
    const now = Date.now();
    kept = perHead ? pages.keep(key, packed, headers, HEAD_PAGE_TTL_MS, now) : pages.set(key, packed, headers, seconds, now);
    if (kept) kept.route = context.routePattern;
    const sent = toResponse(keptAnswer({ ...packed, headers }, ask, 'miss'));
    for (const cookie of response.headers.getSetCookie()) sent.headers.append('set-cookie', cookie);
    return sent;
  } finally {
    rendering.delete(key);
    settle(kept);
  }
});

/** A Vary header value with one more request header named. */
function withVary(vary: string | null, name: string): string {
  if (!vary) return name;
  return vary.split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase()) ? vary : `${vary}, ${name}`;
}

/** Compresses what the server renders, last, so cached pages are stored as text and compressed per browser. */
const compression = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : compressResponse(context.request, response);
});

/**
 * Each HTML page inlines only its part of the site's stylesheet (src/lib/server/critical-css.ts), the whole one
 * being served from its immutable URL, and loads its module scripts after the first paint (late-scripts.ts). Built
 * sites only: the dev server injects its styles and scripts its own way.
 */
const pageHtml = defineMiddleware(async (context, next) => {
  if (!import.meta.env.PROD) return next();
  const full = context.request.method === 'GET' ? fullStylesheet(context.url.pathname) : null;
  if (full !== null) {
    return new Response(full, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' } });
  }
  const response = await next();
  if (context.isPrerendered || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '') || !response.body) return response;
  const html = finishPage(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // Hashes of the finished page's inline scripts (a kept page keeps its policy with it, src/lib/server/security-headers.ts).
  headers.set('content-security-policy', contentSecurityPolicy(html, { publicIndexerUrl: readConfig().publicIndexerUrl }));
  // The page has the visitor's theme (the theme_preference cookie): an HTTP cache keeps it per cookie.
  headers.set('vary', withVary(headers.get('vary'), 'Cookie'));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});

/**
 * The headers every answer carries (src/lib/server/security-headers.ts), set per request, outside the render cache:
 * Strict-Transport-Security depends on how this visitor came.
 */
const security = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  let peer = '';
  try {
    peer = context.clientAddress;
  } catch {
    // No socket address (an adapter without one): only the request's own scheme counts.
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(baseSecurityHeaders(servedOverHttps(context.url.protocol, context.request.headers, peer)))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

/**
 * A page's indexer reads share one deadline, the main client's time-out, the render cache's own reads (the
 * head block, the logo list) included: behind a slow indexer the page renders its failure in time instead of adding up
 * the time-outs of reads made one after another. Reads only (GET): a verification may compile for minutes.
 */
const deadline = defineMiddleware((context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  // A request the site server looked up first: its deadline began with the look-up (the read of its key's head).
  const arrivedAt = requestPageKeys().getStore()?.arrivedAt ?? Date.now();
  return withDeadline(Math.max(0, MAIN_CLIENT_TIMEOUT_MS - (Date.now() - arrivedAt)), () => next());
});

/**
 * Tells the site server (lib/server/site-server.ts) which route answered, for the `route` label of its metrics and
 * log line (Astro's route pattern, never the path), and keeps an exception for the request's log line. First, so that it
 * sees what every other layer throws. No change to any response.
 */
const observe = defineMiddleware(async (context, next) => {
  const request = requestContexts().getStore();
  if (request) request.route = context.routePattern;
  try {
    return await next();
  } catch (error) {
    if (request) request.error = error;
    throw error;
  }
});

export const onRequest = sequence(observe, security, compression, deadline, renderCache, pageHtml);

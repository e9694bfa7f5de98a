import { defineMiddleware, sequence } from 'astro:middleware';
import { compressBody, compressionEnabled, negotiateEncoding, varyWithEncoding } from '../indexer/src/http/encoding.ts';
import { compressResponse } from './lib/server/compress.ts';
import { latestHead } from './lib/server/head.ts';
import { freshLogoIndex } from './lib/server/logo-index.ts';
import { logoIndexVersion } from './lib/tokens/logo-index.ts';
import { finishPage, fullStylesheet } from './lib/server/page-css.ts';
import { createRenderCache, sharedCacheSeconds } from './lib/server/render-cache.ts';
import { parseThemePreference, THEME_COOKIE } from './lib/theme.ts';
import { readConfig } from './lib/config.ts';
import { baseSecurityHeaders, contentSecurityPolicy, servedOverHttps } from './lib/server/security-headers.ts';
import { withDeadline } from './lib/server/deadline.ts';
import { MAIN_CLIENT_TIMEOUT_MS } from './lib/indexer/timeouts.ts';

const pages = createRenderCache();
/** How long a page kept per head block may live if the chain stalls (its relative times would drift further). */
const HEAD_PAGE_TTL_MS = 30_000;
const COMPRESSION = compressionEnabled();

/**
 * Pages that change only with the chain, kept per head block: an address page (not its Contract tab, whose
 * verification and calls do not wait for blocks). Data is at most one head check (2 s) older than the chain.
 */
function keptPerHead(url: URL): boolean {
  return /^\/address\/0x[0-9a-fA-F]{40}$/.test(url.pathname) && url.searchParams.get('tab') !== 'contract' && !url.searchParams.has('verified');
}

/**
 * Serves pages from memory after their first render: those that allow shared caching (final blocks and their
 * transactions) for their s-maxage, and address pages for as long as the chain's head block stays the same. A page
 * is kept per theme (the layout renders the visitor's theme_preference), so no visitor gets another's.
 */
const renderCache = defineMiddleware(async (context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  // Token logos show on many pages (lists, holdings, transfers): a new upload is a new key, so no kept page hides it.
  const [head] = await Promise.all([keptPerHead(context.url) ? latestHead() : null, freshLogoIndex()]);
  const theme = parseThemePreference(context.cookies.get(THEME_COOKIE)?.value);
  const key = `${theme} ${context.url.pathname}${context.url.search}${head === null ? '' : `@${head}`}#${logoIndexVersion()}`;
  const now = Date.now();
  const hit = pages.get(key, now);
  if (hit) {
    const headers = new Headers([...hit.headers, ['x-render-cache', 'hit']]);
    const encoding = COMPRESSION ? negotiateEncoding(context.request.headers.get('accept-encoding')) : null;
    if (!encoding) return new Response(hit.body, { status: 200, headers });
    // A cached page is compressed once per encoding and sent as it is then.
    let packed = hit.encoded?.get(encoding);
    if (!packed) {
      packed = new Uint8Array(await compressBody(Buffer.from(hit.body), encoding));
      pages.addEncoded(hit, encoding, packed);
    }
    headers.set('content-encoding', encoding);
    headers.set('content-length', String(packed.byteLength));
    headers.set('vary', varyWithEncoding(headers.get('vary')));
    return new Response(packed, { status: 200, headers });
  }
  const response = await next();
  const cacheControl = response.headers.get('cache-control');
  const seconds = response.status === 200 ? sharedCacheSeconds(cacheControl) : 0;
  const perHead = head !== null && response.status === 200 && !/\b(no-store|private)\b/i.test(cacheControl ?? '');
  if (!pages.keeps(seconds) && !perHead) return response;
  const body = await response.text();
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
  if (perHead) pages.keep(key, body, headers, HEAD_PAGE_TTL_MS, now);
  else pages.set(key, body, headers, seconds, now);
  return new Response(body, { status: 200, headers: [...headers, ['x-render-cache', 'miss']] });
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
 * A page's indexer reads share one deadline, the main client's time-out (core §9), the render cache's own reads (the
 * head block, the logo list) included: behind a slow indexer the page renders its failure in time instead of adding up
 * the time-outs of reads made one after another. Reads only (GET): a verification may compile for minutes.
 */
const deadline = defineMiddleware((context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  return withDeadline(MAIN_CLIENT_TIMEOUT_MS, () => next());
});

export const onRequest = sequence(security, compression, deadline, renderCache, pageHtml);

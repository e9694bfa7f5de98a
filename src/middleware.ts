import { defineMiddleware, sequence } from 'astro:middleware';
import { compressBody, compressionEnabled, negotiateEncoding, varyWithEncoding } from '../indexer/src/http/encoding.ts';
import { compressResponse } from './lib/server/compress.ts';
import { createRenderCache, sharedCacheSeconds } from './lib/server/render-cache.ts';

const pages = createRenderCache();
const COMPRESSION = compressionEnabled();

/** Serves pages that allow shared caching (final blocks and their transactions) from memory after the first render. */
const renderCache = defineMiddleware(async (context, next) => {
  if (context.request.method !== 'GET' || context.isPrerendered) return next();
  const key = `${context.url.pathname}${context.url.search}`;
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
  const seconds = response.status === 200 ? sharedCacheSeconds(response.headers.get('cache-control')) : 0;
  if (!pages.keeps(seconds)) return response;
  const body = await response.text();
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'set-cookie');
  pages.set(key, body, headers, seconds, now);
  return new Response(body, { status: 200, headers: [...headers, ['x-render-cache', 'miss']] });
});

/** Compresses what the server renders, last, so cached pages are stored as text and compressed per browser. */
const compression = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : compressResponse(context.request, response);
});

export const onRequest = sequence(compression, renderCache);

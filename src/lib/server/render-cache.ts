import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { negotiateEncoding, varyWithEncoding } from '../../../common/encoding.ts';
import { etagMatches } from '../../../common/etag.ts';
import type { ThemePreference } from '../page/theme.ts';

// An in-process shared cache for rendered pages that say a shared cache may keep them (`s-maxage`), such as pages
// of final blocks: the site serves them as a CDN in front of it would, without rendering or asking the indexer again.
// A page is kept as bytes, already compressed in every encoding the site sends (made once, when it is stored), with
// an ETag naming its content, so that a hit costs about what a static file costs: no render, no compression, and a
// `304` for a browser that has the page already.

/** What is kept of a page: its bytes, their compressed copies and the ETag of that content. */
export interface PackedPage {
  /** The page as sent without content-encoding (UTF-8). */
  body: Uint8Array;
  /** The body compressed, per content-encoding ('br', 'gzip'). */
  encoded: ReadonlyMap<string, Uint8Array>;
  /** A weak validator of the body (the same for every encoding of it, hence weak): `W/"…"`. */
  etag: string;
}

/** A stored page. */
export interface CachedPage extends PackedPage {
  headers: [string, string][];
  expiresAt: number;
  /** Bytes of the body and its compressed copies, as counted against the cache's limit. */
  bytes: number;
  /** Whether its copies were made again at the higher effort kept pages get (RenderCacheOptions.recompress). */
  recompressed?: boolean;
  /**
   * Astro's route pattern of the page (`/blocks/[n]`), so that a hit the site server answers without Astro is counted
   * under the page's route in its metrics and log line (src/lib/server/metrics.ts).
   */
  route?: string;
}

/** Seconds a shared cache may keep a response, from its Cache-Control; 0 when it may not. */
export function sharedCacheSeconds(cacheControl: string | null): number {
  if (!cacheControl || /\b(no-store|private|no-cache)\b/i.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/** The weak ETag of a page's bytes (a content hash: pages that differ in anything, their theme included, differ). */
export function pageEtag(body: Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A kept page's answer to one request, as plain data (the middleware makes a Response of it, the site server writes it). */
export interface KeptAnswer {
  status: 200 | 304;
  headers: [string, string][];
  /** The bytes to send: compressed in the encoding named by content-encoding, if any; null for a 304. */
  body: Uint8Array | null;
}

/** What a request asks of a kept page: the headers that choose its answer. */
export interface KeptRequest {
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/**
 * A kept page as this request gets it: `304` when the browser's copy has its ETag, else the bytes stored in the
 * encoding the browser prefers (compressed when the page was stored, never per request).
 */
export function keptAnswer(page: PackedPage & { headers: [string, string][] }, request: KeptRequest, state: 'hit' | 'miss'): KeptAnswer {
  const headers = page.headers.filter(([name]) => name !== 'vary');
  const vary = page.headers.find(([name]) => name === 'vary')?.[1];
  headers.push(['etag', page.etag], ['x-render-cache', state], ['vary', varyWithEncoding(vary)]);
  if (etagMatches(request.ifNoneMatch, page.etag)) return { status: 304, headers, body: null };
  const encoding = page.encoded.size > 0 ? negotiateEncoding(request.acceptEncoding) : null;
  const packed = encoding ? page.encoded.get(encoding) : undefined;
  if (encoding && packed) headers.push(['content-encoding', encoding]);
  const body = packed ?? page.body;
  headers.push(['content-length', String(body.byteLength)]);
  return { status: 200, headers, body };
}

/**
 * A cookie's value in a Cookie header, read as Astro's `cookies.get` reads it (the `cookie` package: the first pair of
 * that name, spaces and tabs trimmed, %-decoded when it can be), so that a key made outside Astro (the site server's
 * look-up) names the page Astro renders for the same request.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).replace(/^[ \t]+|[ \t]+$/g, '') !== name) continue;
    const value = pair.slice(eq + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (!value) return undefined;
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * A page's word to the render cache (src/middleware.ts) that it may be kept per head block although shared caches
 * may not keep it (`no-store`): a block inside the reorg window, which changes only with the head (a rollback
 * included, which the key names). Never sent to the browser.
 */
export const KEEP_PER_HEAD_HEADER = 'x-keep-per-head';

/**
 * Where the built middleware leaves its look-up of kept pages (a global symbol: site-server.ts and the
 * bundle are separate module graphs), so the site server answers a hit before Astro's handler runs at all.
 */
export const KEPT_PAGE_LOOKUP = Symbol.for('sto-explorer.kept-page-lookup');

/** A request's key in the render cache. */
export interface PageKey {
  /** The path and query it was made for. */
  target: string;
  /** The visitor's theme (theme_preference), part of the key: the layout renders this one. */
  theme: ThemePreference;
  key: string;
  /** Whether the key names the head block (the page is kept per head). */
  perHead: boolean;
  /** When the request's look-up began (epoch ms): its deadline for indexer reads counts from then (src/middleware.ts). */
  arrivedAt: number;
}

/** What the look-up found: the kept page's answer, or null (then Astro renders, under the same key). */
export interface KeptLookup {
  answer: KeptAnswer | null;
  key: PageKey;
  /** The kept page's route pattern, when it was answered and one was kept with it. */
  route?: string | null;
}

/** The look-up: the answer for a GET of `path` (path and query) from the kept pages. */
export type KeptPageLookup = (path: string, cookie: string | undefined, request: KeptRequest) => Promise<KeptLookup>;

const KEPT_PAGE_KEYS = Symbol.for('sto-explorer.kept-page-keys');

/**
 * The key the site server's look-up made for the request it then hands to Astro: the middleware reuses it rather than
 * making it again (a page kept per head block asks the indexer for its head: once per request, not twice). Held in an
 * AsyncLocalStorage (on a global symbol, shared by both module graphs) and never in a request header, which a
 * visitor could send to store a page under another page's key.
 */
export function requestPageKeys(): AsyncLocalStorage<PageKey> {
  const holder = globalThis as { [KEPT_PAGE_KEYS]?: AsyncLocalStorage<PageKey> };
  return (holder[KEPT_PAGE_KEYS] ??= new AsyncLocalStorage<PageKey>());
}

/** Options of createRenderCache. */
export interface RenderCacheOptions {
  /** Bytes of page bodies and their compressed copies kept at most; the least recently used go first. */
  maxBytes?: number;
  /**
   * Expired pages are swept out this often (on a store), not only when asked for again: a page kept per head block
   * is never asked for again once a new block comes, and would otherwise sit in memory until the size limit.
   */
  sweepIntervalMs?: number;
  /**
   * Upper bound of an entry's life, whatever s-maxage says, so relative times in a page stay near the truth: a
   * transaction page's "x mins ago" is written on the server and not rewritten in the browser (a block page's is).
   */
  maxTtlMs?: number;
  /**
   * Lives are shortened by up to this share, at random: pages rendered together (a burst of first visits) then expire
   * over a spread of time instead of all at once, which would make their next visitors wait for a burst of renders.
   */
  ttlJitter?: number;
  /** Random numbers in [0, 1) for the jitter (tests pass their own). */
  random?: () => number;
  /**
   * Only pages shared caches may keep at least this long are stored: final content. Lists of the moment
   * (s-maxage of a few seconds) are left to a CDN, so 'Show new blocks' and Refresh always render afresh here.
   */
  minSharedSeconds?: number;
  /**
   * Makes a kept page's compressed copies again, smaller, at an effort too slow for a page made per request (Brotli
   * quality 10: 6–8 % fewer bytes than the quality 5 a page is first sent with, for about 30 ms of a thread-pool
   * thread per page). Run once per page, at its first hit (a page asked for twice is asked for again: a page seen once
   * never costs it), off the request: the hit and those before the copies are ready send the first copies.
   */
  recompress?: (body: Uint8Array) => Promise<ReadonlyMap<string, Uint8Array>>;
}

/** Creates the page cache. */
export function createRenderCache(options: RenderCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxTtlMs = options.maxTtlMs ?? 60_000;
  const ttlJitter = options.ttlJitter ?? 0.2;
  const random = options.random ?? Math.random;
  const minSharedSeconds = options.minSharedSeconds ?? 60;
  const sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
  const recompress = options.recompress;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let lastSweep = -Infinity;

  const drop = (key: string, page: CachedPage) => {
    entries.delete(key);
    bytes -= page.bytes;
  };

  return {
    /** Whether a page shared caches may keep this long is stored at all. */
    keeps(sMaxAgeSeconds: number): boolean {
      return sMaxAgeSeconds >= minSharedSeconds;
    },
    /** The page for a key when it is still fresh (its first hit has its copies made smaller: options.recompress). */
    get(key: string, now: number): CachedPage | null {
      const page = entries.get(key);
      if (!page) return null;
      if (page.expiresAt <= now) {
        drop(key, page);
        return null;
      }
      entries.delete(key);
      entries.set(key, page);
      if (recompress && !page.recompressed && page.encoded.size > 0) {
        page.recompressed = true;
        recompress(page.body).then(
          (encoded) => {
            // Only while the page is still kept under its key (not dropped, expired or replaced meanwhile).
            if (entries.get(key) !== page) return;
            let size = page.body.byteLength;
            for (const copy of encoded.values()) size += copy.byteLength;
            bytes += size - page.bytes;
            page.bytes = size;
            page.encoded = encoded;
          },
          // The first copies stay.
          () => {},
        );
      }
      return page;
    },
    /** Keeps a page for min(sMaxAgeSeconds, maxTtl); the stored page, or null when it is not kept. */
    set(key: string, page: PackedPage, headers: [string, string][], sMaxAgeSeconds: number, now: number): CachedPage | null {
      if (!this.keeps(sMaxAgeSeconds)) return null;
      return this.keep(key, page, headers, sMaxAgeSeconds * 1000, now);
    },
    /**
     * Keeps a page for min(ttlMs, maxTtl) whatever its headers say (the caller's key makes it fresh: a head block);
     * the stored page, or null when it is too large to keep.
     */
    keep(key: string, packed: PackedPage, headers: [string, string][], ttlMs: number, now: number): CachedPage | null {
      let size = packed.body.byteLength;
      for (const copy of packed.encoded.values()) size += copy.byteLength;
      if (size > maxBytes / 8) return null;
      const old = entries.get(key);
      if (old) drop(key, old);
      if (now - lastSweep >= sweepIntervalMs) {
        lastSweep = now;
        for (const [k, page] of entries) if (page.expiresAt <= now) drop(k, page);
      }
      const life = Math.min(ttlMs, maxTtlMs) * (1 - ttlJitter * random());
      const page: CachedPage = { ...packed, headers, expiresAt: now + life, bytes: size };
      entries.set(key, page);
      bytes += size;
      for (const [k, p] of entries) {
        if (bytes <= maxBytes) break;
        drop(k, p);
      }
      return page;
    },
    get size(): number {
      return entries.size;
    },
    /** Bytes held (bodies and compressed copies). */
    get bytes(): number {
      return bytes;
    },
  };
}

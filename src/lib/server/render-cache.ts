// An in-process shared cache for rendered pages that say a shared cache may keep them (`s-maxage`), such as pages
// of final blocks: the site serves them as a CDN in front of it would, without rendering or asking the indexer again.

/** A stored page. */
export interface CachedPage {
  body: string;
  headers: [string, string][];
  expiresAt: number;
  /** Heap bytes of the body as counted against the cache's limit (see heapBytes). */
  bodyBytes: number;
  /** The body compressed, per encoding, made on the first request that asks for it (counted in the cache's bytes). */
  encoded?: Map<string, Uint8Array<ArrayBuffer>>;
}

/** Seconds a shared cache may keep a response, from its Cache-Control; 0 when it may not. */
export function sharedCacheSeconds(cacheControl: string | null): number {
  if (!cacheControl || /\b(no-store|private|no-cache)\b/i.test(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/**
 * Bytes a string takes on the heap: V8 keeps a string with any character beyond Latin-1 (a '—', a '·') at two bytes
 * per character, and every page has some. Counting characters let the cache hold twice its limit.
 */
export function heapBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? 2 * text.length : text.length;
}

/** Options of createRenderCache. */
export interface RenderCacheOptions {
  /** Heap bytes of page bodies (and their compressed copies) kept at most; the least recently used go first. */
  maxBytes?: number;
  /**
   * Expired pages are swept out this often (on a store), not only when asked for again: a page kept per head block
   * is never asked for again once a new block comes, and would otherwise sit in memory until the size limit.
   */
  sweepIntervalMs?: number;
  /** Upper bound of an entry's life, whatever s-maxage says, so relative times in a page stay near the truth. */
  maxTtlMs?: number;
  /**
   * Only pages shared caches may keep at least this long are stored: final content. Lists of the moment
   * (s-maxage of a few seconds) are left to a CDN, so 'Show new blocks' and Refresh always render afresh here.
   */
  minSharedSeconds?: number;
}

/** Creates the page cache. */
export function createRenderCache(options: RenderCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxTtlMs = options.maxTtlMs ?? 60_000;
  const minSharedSeconds = options.minSharedSeconds ?? 60;
  const sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let lastSweep = -Infinity;

  const drop = (key: string, page: CachedPage) => {
    entries.delete(key);
    bytes -= page.bodyBytes;
    for (const packed of page.encoded?.values() ?? []) bytes -= packed.byteLength;
  };

  return {
    /** Whether a page shared caches may keep this long is stored at all. */
    keeps(sMaxAgeSeconds: number): boolean {
      return sMaxAgeSeconds >= minSharedSeconds;
    },
    /** The page for a key when it is still fresh. */
    get(key: string, now: number): CachedPage | null {
      const page = entries.get(key);
      if (!page) return null;
      if (page.expiresAt <= now) {
        drop(key, page);
        return null;
      }
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    /** Keeps a page for min(sMaxAgeSeconds, maxTtl). */
    set(key: string, body: string, headers: [string, string][], sMaxAgeSeconds: number, now: number): void {
      if (!this.keeps(sMaxAgeSeconds)) return;
      this.keep(key, body, headers, sMaxAgeSeconds * 1000, now);
    },
    /** Keeps a page for min(ttlMs, maxTtl) whatever its headers say (the caller's key makes it fresh: a head block). */
    keep(key: string, body: string, headers: [string, string][], ttlMs: number, now: number): void {
      const bodyBytes = heapBytes(body);
      if (bodyBytes > maxBytes / 8) return;
      const old = entries.get(key);
      if (old) drop(key, old);
      if (now - lastSweep >= sweepIntervalMs) {
        lastSweep = now;
        for (const [k, page] of entries) if (page.expiresAt <= now) drop(k, page);
      }
      entries.set(key, { body, headers, expiresAt: now + Math.min(ttlMs, maxTtlMs), bodyBytes });
      bytes += bodyBytes;
      for (const [k, page] of entries) {
        if (bytes <= maxBytes) break;
        drop(k, page);
      }
    },
    /** Keeps a compressed copy of a stored page (so a cached page is compressed once per encoding, not per request). */
    addEncoded(page: CachedPage, encoding: string, packed: Uint8Array<ArrayBuffer>): void {
      if (page.encoded?.has(encoding)) return;
      (page.encoded ??= new Map()).set(encoding, packed);
      bytes += packed.byteLength;
    },
    get size(): number {
      return entries.size;
    },
    /** Heap bytes held (bodies and compressed copies). */
    get bytes(): number {
      return bytes;
    },
  };
}

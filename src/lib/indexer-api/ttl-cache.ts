// A tiny TTL cache of promises: concurrent and later callers within the lifetime share one upstream call (the
// lifetimes of indexer reads are below; the server's shared instance is src/lib/server/shared-cache.ts).
// Failed loads are forgotten at once, so an error is never served from the cache.

/** Network statistics lifetime. */
export const NETWORK_STATS_TTL_MS = 30_000;
/** Contract statistics lifetime. */
export const CONTRACT_STATS_TTL_MS = 5 * 60_000;
/** Validator statistics lifetime. */
export const VALIDATOR_STATS_TTL_MS = 2 * 60_000;

/** Options of createTtlCache. */
export interface TtlCacheOptions {
  /** Clock in epoch milliseconds (Date.now by default); tests inject their own. */
  now?: () => number;
  /** Entries kept at most; expired entries go first, then the oldest. */
  maxEntries?: number;
}

/** A keyed promise memo with per-call lifetimes. */
export interface TtlCache {
  /** The cached value for `key`, or the result of `load` kept for `ttlMs`. */
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /** Keeps a known value for `key` for `ttlMs` (in place of what is held). */
  set<T>(key: string, ttlMs: number, value: T): void;
  /** Forgets one key. */
  delete(key: string): void;
  /** Forgets everything. */
  clear(): void;
  /** Number of entries held (expired ones included until they are pruned). */
  readonly size: number;
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/** Creates a TTL cache. */
export function createTtlCache(options: TtlCacheOptions = {}): TtlCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  function prune(at: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    // Map iteration follows insertion order, so the first keys are the oldest.
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      prune(at);
      let value: Promise<T>;
      try {
        value = load();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      const entry: Entry = { expiresAt: at + ttlMs, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    set<T>(key: string, ttlMs: number, value: T): void {
      const at = now();
      entries.delete(key);
      prune(at);
      entries.set(key, { expiresAt: at + ttlMs, value: Promise.resolve(value) });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}

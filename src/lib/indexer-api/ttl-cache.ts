// A TTL cache of promises: concurrent and later callers within the lifetime share one upstream call (the lifetimes of
// indexer reads are below; the server's shared instance is src/lib/server/shared-cache.ts). Failed loads are forgotten
// at once, so an error is never served from the cache. Kept in an lru-cache: a full cache drops its least recently used
// entry, and an expired one is dropped when it is next asked for (or pushed out), without a walk over every entry on
// each miss. Each entry carries its own end of life, read against the injected clock: it is fresh while younger than
// its lifetime, to the millisecond.
import { LRUCache } from 'lru-cache';
import { asError } from '../../../common/errors.ts';

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
  /** Entries kept at most; the least recently used goes first. */
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
  /** Number of entries held (expired ones included until they are asked for or pushed out). */
  readonly size: number;
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

/** Creates a TTL cache. */
export function createTtlCache(options: TtlCacheOptions = {}): TtlCache {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries ?? 500 });

  return {
    get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
      let value: Promise<T>;
      try {
        value = load();
      } catch (error) {
        return Promise.reject(asError(error));
      }
      const entry: Entry = { expiresAt: at + ttlMs, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return value;
    },
    set<T>(key: string, ttlMs: number, value: T): void {
      entries.set(key, { expiresAt: now() + ttlMs, value: Promise.resolve(value) });
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

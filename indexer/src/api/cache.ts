import { LRUCache } from 'lru-cache';
import { RawJson } from '../http/router.ts';
import type { ApiContext } from './context.ts';
import { toJson } from '../http/json.ts';

interface Entry {
  generation: string;
  text: string;
}

/** The size a cached body counts for: its UTF-8 bytes, as sent (a string's length counts characters). */
export function bodyBytes(entry: { text: string }): number {
  return Buffer.byteLength(entry.text);
}

/**
 * Serialised responses, least recently used first out, bounded in bytes. Immutable lookups (a block, a
 * transaction) stay valid until a rollback starts a new generation; mutable ones (an address's page)
 * also expire when a new block is indexed.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly mutable: boolean;

  constructor(opts: { mutable?: boolean; maxBytes?: number } = {}) {
    this.mutable = opts.mutable ?? false;
    const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    // A body larger than a sixteenth of the budget is served but not kept, so that one answer cannot flush the rest.
    this.entries = new LRUCache<string, Entry>({ maxSize: maxBytes, maxEntrySize: Math.floor(maxBytes / 16), sizeCalculation: bodyBytes });
  }

  /** The cached body for key, or the computed one (cached unless null, i.e. not found). */
  async serveAsync(ctx: ApiContext, key: string, compute: () => Promise<unknown>): Promise<RawJson | null> {
    if (ctx.cache === false) return this.plain(await compute());
    const value = this.lookup(ctx, key);
    if (value instanceof RawJson) return value;
    return this.store(key, value, await compute());
  }

  private lookup(ctx: ApiContext, key: string): RawJson | string {
    const s = ctx.sync();
    const generation = this.mutable ? `${s.reorgs}:${s.lastBlock}` : String(s.reorgs);
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation) return new RawJson(hit.text);
    if (hit) this.entries.delete(key);
    return generation;
  }

  private store(key: string, generation: string, value: unknown): RawJson | null {
    if (value === null || value === undefined) return null;
    const text = toJson(value);
    // Replaces what a concurrent request may have stored under the same key while this one waited on the node; a
    // body over the entry limit is not kept, and the older one under its key goes too.
    this.entries.set(key, { generation, text });
    return new RawJson(text);
  }

  private plain(value: unknown): RawJson | null {
    return value === null || value === undefined ? null : new RawJson(toJson(value));
  }
}

import { RawJson } from '../http/router.ts';
import type { ApiContext } from './context.ts';
import { toJson } from '../http/json.ts';

interface Entry {
  generation: string;
  text: string;
}

/**
 * Serialised responses, least recently used first out, bounded in bytes. Immutable lookups (a block, a
 * transaction) stay valid until a rollback starts a new generation; mutable ones (an address's page)
 * also expire when a new block is indexed.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxBytes: number;
  private bytes = 0;

  private readonly mutable: boolean;

  constructor(opts: { mutable?: boolean; maxBytes?: number } = {}) {
    this.mutable = opts.mutable ?? false;
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
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
    if (hit && hit.generation === generation) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return new RawJson(hit.text);
    }
    if (hit) this.drop(key, hit);
    return generation;
  }

  private store(key: string, generation: string, value: unknown): RawJson | null {
    if (value === null || value === undefined) return null;
    const text = toJson(value);
    // A concurrent request may have stored the same key while this one waited on the node.
    const other = this.entries.get(key);
    if (other) this.drop(key, other);
    if (text.length <= this.maxBytes / 16) {
      this.entries.set(key, { generation, text });
      this.bytes += text.length;
      for (const [k, e] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.drop(k, e);
      }
    }
    return new RawJson(text);
  }

  private plain(value: unknown): RawJson | null {
    return value === null || value === undefined ? null : new RawJson(toJson(value));
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.text.length;
  }
}

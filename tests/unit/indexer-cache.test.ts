import { describe, expect, it } from 'vitest';
import { bodyBytes, ResponseCache } from '../../indexer/src/api/cache.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';

function context(cache = true) {
  const state = { reorgs: 0, lastBlock: 10 };
  const ctx = { sync: () => state, cache } as unknown as ApiContext;
  return { ctx, state };
}

function counter() {
  let calls = 0;
  return {
    compute: () => ({ n: ++calls }),
    get calls() {
      return calls;
    },
  };
}

describe('ResponseCache', () => {
  it('serves an immutable lookup from memory until a rollback', async () => {
    const { ctx, state } = context();
    const cache = new ResponseCache();
    const c = counter();
    expect((await cache.serveAsync(ctx, 'k', async () => c.compute()))?.text).toBe('{"n":1}');
    state.lastBlock = 11;
    expect((await cache.serveAsync(ctx, 'k', async () => c.compute()))?.text).toBe('{"n":1}');
    state.reorgs = 1;
    expect((await cache.serveAsync(ctx, 'k', async () => c.compute()))?.text).toBe('{"n":2}');
    expect(c.calls).toBe(2);
  });

  it('expires mutable entries when a block is indexed', async () => {
    const { ctx, state } = context();
    const cache = new ResponseCache({ mutable: true });
    const c = counter();
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    state.lastBlock = 11;
    expect((await cache.serveAsync(ctx, 'k', async () => c.compute()))?.text).toBe('{"n":2}');
  });

  it('does not cache not-found answers', async () => {
    const { ctx } = context();
    const cache = new ResponseCache();
    let calls = 0;
    expect(await cache.serveAsync(ctx, 'k', async () => (calls++, null))).toBeNull();
    expect(await cache.serveAsync(ctx, 'k', async () => (calls++, null))).toBeNull();
    expect(calls).toBe(2);
  });

  it('evicts the least recently used entries beyond its byte budget', async () => {
    const { ctx } = context();
    const cache = new ResponseCache({ maxBytes: 16 * 40 });
    const c = counter();
    for (let i = 0; i < 100; i++) await cache.serveAsync(ctx, `k${i}`, async () => ({ pad: 'x'.repeat(20), i }));
    expect((await cache.serveAsync(ctx, 'k99', async () => c.compute()))?.text).toContain('"i":99');
    expect((await cache.serveAsync(ctx, 'k0', async () => c.compute()))?.text).toBe('{"n":1}');
  });

  it('counts a body in UTF-8 bytes, not characters', () => {
    expect(bodyBytes({ text: '{"a":"b"}' })).toBe(9);
    // 'é' is 2 bytes, '€' 3, '𝄞' 4 (two UTF-16 code units).
    expect(bodyBytes({ text: '"é€𝄞"' })).toBe(2 + 2 + 3 + 4);
    expect('"é€𝄞"'.length).toBe(6);
  });

  it('keeps no non-ASCII body whose bytes exceed the entry limit, though its characters would not', async () => {
    const { ctx } = context();
    // Entry limit: 640 / 16 = 40 bytes. The body is 28 characters but 48 bytes.
    const cache = new ResponseCache({ maxBytes: 16 * 40 });
    let calls = 0;
    const body = async () => ({ s: 'é'.repeat(20), n: ++calls });
    expect((await cache.serveAsync(ctx, 'k', body))?.text).toBe(`{"s":"${'é'.repeat(20)}","n":1}`);
    expect((await cache.serveAsync(ctx, 'k', body))?.text).toContain('"n":2');
    // The same length in ASCII fits, and is kept.
    const ascii = async () => ({ s: 'e'.repeat(20), n: ++calls });
    await cache.serveAsync(ctx, 'a', ascii);
    expect((await cache.serveAsync(ctx, 'a', ascii))?.text).toContain('"n":3');
  });

  it('evicts by the bytes of non-ASCII bodies: the budget holds fewer of them than their characters suggest', async () => {
    const { ctx } = context();
    // 16 bodies of 24 characters (384 of the 640 budget) but 34 bytes each (544).
    const cache = new ResponseCache({ maxBytes: 16 * 40 });
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) await cache.serveAsync(ctx, `k${i}`, async () => ({ s: 'é'.repeat(10), i: i % 10 }));
    };
    await fill(16);
    const c = counter();
    // All 16 fit (544 bytes): the first is still kept.
    expect((await cache.serveAsync(ctx, 'k0', async () => c.compute()))?.text).toContain('"i":0');
    // Four more (680 bytes) go over the budget in bytes, though not in characters (480): the least recently used go.
    for (let i = 16; i < 20; i++) await cache.serveAsync(ctx, `k${i}`, async () => ({ s: 'é'.repeat(10), i: i % 10 }));
    expect((await cache.serveAsync(ctx, 'k1', async () => c.compute()))?.text).toBe('{"n":1}');
    expect((await cache.serveAsync(ctx, 'k19', async () => c.compute()))?.text).toContain('"i":9');
  });

  it('computes every time when caching is off', async () => {
    const { ctx } = context(false);
    const cache = new ResponseCache();
    const c = counter();
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    expect(c.calls).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../indexer/src/api/cache.ts';
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

  it('computes every time when caching is off', async () => {
    const { ctx } = context(false);
    const cache = new ResponseCache();
    const c = counter();
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    await cache.serveAsync(ctx, 'k', async () => c.compute());
    expect(c.calls).toBe(2);
  });
});

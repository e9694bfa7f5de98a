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
  it('serves an immutable lookup from memory until a rollback', () => {
    const { ctx, state } = context();
    const cache = new ResponseCache();
    const c = counter();
    expect(cache.serve(ctx, 'k', c.compute)?.text).toBe('{"n":1}');
    state.lastBlock = 11;
    expect(cache.serve(ctx, 'k', c.compute)?.text).toBe('{"n":1}');
    state.reorgs = 1;
    expect(cache.serve(ctx, 'k', c.compute)?.text).toBe('{"n":2}');
    expect(c.calls).toBe(2);
  });

  it('expires mutable entries when a block is indexed', () => {
    const { ctx, state } = context();
    const cache = new ResponseCache({ mutable: true });
    const c = counter();
    cache.serve(ctx, 'k', c.compute);
    cache.serve(ctx, 'k', c.compute);
    state.lastBlock = 11;
    expect(cache.serve(ctx, 'k', c.compute)?.text).toBe('{"n":2}');
  });

  it('does not cache not-found answers', () => {
    const { ctx } = context();
    const cache = new ResponseCache();
    let calls = 0;
    expect(cache.serve(ctx, 'k', () => (calls++, null))).toBeNull();
    expect(cache.serve(ctx, 'k', () => (calls++, null))).toBeNull();
    expect(calls).toBe(2);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const { ctx } = context();
    const cache = new ResponseCache({ maxBytes: 16 * 40 });
    const c = counter();
    for (let i = 0; i < 100; i++) cache.serve(ctx, `k${i}`, () => ({ pad: 'x'.repeat(20), i }));
    expect(cache.serve(ctx, 'k99', c.compute)?.text).toContain('"i":99');
    expect(cache.serve(ctx, 'k0', c.compute)?.text).toBe('{"n":1}');
  });

  it('computes every time when caching is off', () => {
    const { ctx } = context(false);
    const cache = new ResponseCache();
    const c = counter();
    cache.serve(ctx, 'k', c.compute);
    cache.serve(ctx, 'k', c.compute);
    expect(c.calls).toBe(2);
  });
});

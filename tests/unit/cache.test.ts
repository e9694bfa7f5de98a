import { describe, expect, it } from 'vitest';
import { CONTRACT_STATS_TTL_MS, NETWORK_STATS_TTL_MS, VALIDATOR_STATS_TTL_MS, createTtlCache } from '../../src/lib/indexer-api/ttl-cache.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('cache lifetimes', () => {
  it.each([
    ['network stats', NETWORK_STATS_TTL_MS, 30_000],
    ['contract stats', CONTRACT_STATS_TTL_MS, 300_000],
    ['validator stats', VALIDATOR_STATS_TTL_MS, 120_000],
  ])('%s: %i ms', (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});

describe('createTtlCache', () => {
  it('shares one load within the lifetime and reloads after it', async () => {
    const time = clock();
    const cache = createTtlCache({ now: time.now });
    let calls = 0;
    const load = async (): Promise<number> => ++calls;
    expect(await cache.get('stats', NETWORK_STATS_TTL_MS, load)).toBe(1);
    time.advance(NETWORK_STATS_TTL_MS - 1);
    expect(await cache.get('stats', NETWORK_STATS_TTL_MS, load)).toBe(1);
    time.advance(1);
    expect(await cache.get('stats', NETWORK_STATS_TTL_MS, load)).toBe(2);
    expect(calls).toBe(2);
  });

  it('set keeps a known value for its lifetime, in place of what was held', async () => {
    const time = clock();
    const cache = createTtlCache({ now: time.now });
    let calls = 0;
    const load = async (): Promise<number> => ++calls;
    expect(await cache.get('head', 2_000, load)).toBe(1);
    cache.set('head', 2_000, 7);
    time.advance(1_999);
    expect(await cache.get('head', 2_000, load)).toBe(7);
    time.advance(1);
    expect(await cache.get('head', 2_000, load)).toBe(2);
  });

  it('concurrent callers share the in-flight promise', async () => {
    const cache = createTtlCache({ now: clock().now });
    let calls = 0;
    let release: (value: string) => void = () => {};
    const load = (): Promise<string> => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('k', 1000, load);
    const second = cache.get('k', 1000, load);
    release('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('keys are independent', async () => {
    const cache = createTtlCache({ now: clock().now });
    expect(await cache.get('a', 1000, async () => 'A')).toBe('A');
    expect(await cache.get('b', 1000, async () => 'B')).toBe('B');
    expect(cache.size).toBe(2);
  });

  it('a failed load is not cached', async () => {
    const cache = createTtlCache({ now: clock().now });
    await expect(cache.get('k', 1000, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', 1000, async () => 'up')).toBe('up');
  });

  it('a synchronous throw in load becomes a rejection', async () => {
    const cache = createTtlCache({ now: clock().now });
    await expect(
      cache.get('k', 1000, () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(cache.size).toBe(0);
  });

  it('delete and clear forget entries', async () => {
    const cache = createTtlCache({ now: clock().now });
    let calls = 0;
    const load = async (): Promise<number> => ++calls;
    await cache.get('k', 1000, load);
    cache.delete('k');
    expect(await cache.get('k', 1000, load)).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createTtlCache({ now: clock().now, maxEntries: 2 });
    await cache.get('a', 1000, async () => 1);
    await cache.get('b', 1000, async () => 2);
    await cache.get('c', 1000, async () => 3);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', 1000, async () => {
      reloaded = true;
      return 1;
    });
    expect(reloaded).toBe(true);
  });
});

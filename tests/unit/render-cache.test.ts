import { describe, expect, it } from 'vitest';
import { createRenderCache, heapBytes, sharedCacheSeconds } from '../../src/lib/server/render-cache.ts';

describe('sharedCacheSeconds', () => {
  it.each([
    ['public, max-age=300, s-maxage=86400', 86400],
    ['public, max-age=0, s-maxage=5', 5],
    ['no-store', 0],
    ['private, s-maxage=60', 0],
    ['public, max-age=60', 0],
    [null, 0],
  ])('%s → %i', (header, seconds) => expect(sharedCacheSeconds(header)).toBe(seconds));
});

describe('render cache', () => {
  it('serves a page until min(s-maxage, max lifetime), then forgets it', () => {
    const cache = createRenderCache({ maxTtlMs: 60_000 });
    cache.set('/blocks/1', '<p>1</p>', [['content-type', 'text/html']], 86400, 0);
    expect(cache.get('/blocks/1', 59_999)?.body).toBe('<p>1</p>');
    expect(cache.get('/blocks/1', 60_000)).toBeNull();
    cache.set('/blocks/2', '<p>2</p>', [], 90, 0);
    expect(cache.get('/blocks/2', 59_999)).not.toBeNull();
    expect(cache.get('/blocks/2', 60_000)).toBeNull();
  });

  it('keeps nothing that may not be shared, nor lists of the moment', () => {
    const cache = createRenderCache();
    cache.set('/x', 'x', [], 0, 0);
    expect(cache.get('/x', 1)).toBeNull();
    cache.set('/blocks', '<p>list</p>', [], 5, 0);
    expect(cache.get('/blocks', 1)).toBeNull();
  });

  it('drops the least recently used pages beyond its size', () => {
    const cache = createRenderCache({ maxBytes: 80, minSharedSeconds: 1 });
    cache.set('/a', 'a'.repeat(10), [], 100, 0);
    cache.set('/b', 'b'.repeat(10), [], 100, 0);
    cache.get('/a', 1);
    for (let i = 0; i < 7; i++) cache.set(`/c${i}`, 'c'.repeat(10), [], 100, 0);
    // 9 pages of 10 bytes exceed 80: the least recently used one (/b, since /a was read) goes.
    expect(cache.get('/b', 2)).toBeNull();
    expect(cache.get('/a', 2)).not.toBeNull();
    expect(cache.get('/c6', 2)).not.toBeNull();
    expect(cache.size).toBeLessThanOrEqual(8);
  });
});

describe('what the render cache holds in memory', () => {
  it('counts a page with a character beyond Latin-1 at two bytes per character, as V8 keeps it', () => {
    expect(heapBytes('abc')).toBe(3);
    expect(heapBytes('café')).toBe(4);
    expect(heapBytes('a — b')).toBe(10);
    const cache = createRenderCache({ maxBytes: 800, minSharedSeconds: 1 });
    // Pages of 50 characters with a dash take 100 bytes each: 8 fit in 800 bytes, the 9th pushes the first out.
    for (let i = 0; i < 9; i++) cache.set(`/p${i}`, `—${'x'.repeat(49)}`, [], 100, 0);
    expect(cache.bytes).toBe(800);
    expect(cache.size).toBe(8);
    expect(cache.get('/p0', 1)).toBeNull();
  });

  it('sweeps out expired pages nobody asks for again (pages kept per head block once the head moves)', () => {
    const cache = createRenderCache({ maxBytes: 1_000_000, maxTtlMs: 30_000, sweepIntervalMs: 5_000 });
    for (let i = 0; i < 100; i++) cache.keep(`/address/0x${i}@7`, 'x'.repeat(1_000), [], 30_000, 0);
    expect(cache.size).toBe(100);
    expect(cache.bytes).toBe(100_000);
    // A new head: the same addresses under new keys. Before 30 s nothing has expired; after, the old keys go.
    cache.keep('/address/0x0@8', 'x'.repeat(1_000), [], 30_000, 29_999);
    expect(cache.size).toBe(101);
    cache.keep('/address/0x1@9', 'x'.repeat(1_000), [], 30_000, 35_000);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2_000);
    expect(cache.get('/address/0x0@8', 35_001)).not.toBeNull();
  });

  it('sweeps at most once per interval', () => {
    const cache = createRenderCache({ maxTtlMs: 1_000, sweepIntervalMs: 5_000 });
    cache.keep('/a', 'a', [], 1_000, 0);
    cache.keep('/b', 'b', [], 1_000, 2_000);
    // /a expired at 1 s, but the last sweep ran at 0 s: it stays until the sweep at 5 s.
    cache.keep('/c', 'c', [], 1_000, 4_000);
    expect(cache.size).toBe(3);
    cache.keep('/d', 'd', [], 1_000, 5_000);
    expect(cache.size).toBe(1);
  });
});

describe('compressed copies of cached pages', () => {
  it('are kept once per encoding, count toward the byte limit and leave with their page', () => {
    const cache = createRenderCache({ maxBytes: 1_000, minSharedSeconds: 1 });
    cache.set('/a', 'a'.repeat(100), [], 60, 0);
    const page = cache.get('/a', 1);
    expect(page).not.toBeNull();
    if (!page) return;
    cache.addEncoded(page, 'br', new Uint8Array(20));
    cache.addEncoded(page, 'br', new Uint8Array(500));
    expect(page.encoded?.get('br')?.byteLength).toBe(20);
    cache.addEncoded(page, 'gzip', new Uint8Array(30));
    expect([...(page.encoded?.keys() ?? [])]).toEqual(['br', 'gzip']);
    // 100 + 20 + 30 bytes held: a second page of 120 fits the 1,000-byte budget (each page ≤ 1/8 of it) …
    cache.set('/b', 'b'.repeat(120), [], 60, 2);
    expect(cache.size).toBe(2);
    // … and replacing /a frees its copies with it.
    cache.set('/a', 'c'.repeat(100), [], 60, 3);
    expect(cache.get('/a', 4)?.encoded).toBeUndefined();
  });
});

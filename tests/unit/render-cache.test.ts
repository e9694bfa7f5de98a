import { describe, expect, it } from 'vitest';
import { createRenderCache, sharedCacheSeconds } from '../../src/lib/server/render-cache.ts';

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

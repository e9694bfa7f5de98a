import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { keptCopies, packPage } from '../../src/lib/server/compress.ts';
import { compressBodySync } from '../../common/encoding.ts';
import { cookieValue, createRenderCache, keptAnswer, pageEtag, sharedCacheSeconds, type PackedPage, type RenderCacheOptions } from '../../src/lib/server/render-cache.ts';

/** A page as the cache keeps it, without compressed copies unless given. */
function packed(text: string, encoded: Record<string, number> = {}): PackedPage {
  const body = Buffer.from(text);
  return { body, encoded: new Map(Object.entries(encoded).map(([e, n]) => [e, new Uint8Array(n)])), etag: pageEtag(body) };
}

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

/** A cache whose lives are exactly what it is told (no jitter), for the tests of its timing. */
const exactCache = (options: RenderCacheOptions = {}) => createRenderCache({ ttlJitter: 0, ...options });

describe('render cache', () => {
  it('serves a page until min(s-maxage, max lifetime), then forgets it', () => {
    const cache = exactCache({ maxTtlMs: 60_000 });
    cache.set('/blocks/1', packed('<p>1</p>'), [['content-type', 'text/html']], 86400, 0);
    expect(Buffer.from(cache.get('/blocks/1', 59_999)?.body ?? []).toString()).toBe('<p>1</p>');
    expect(cache.get('/blocks/1', 60_000)).toBeNull();
    cache.set('/blocks/2', packed('<p>2</p>'), [], 90, 0);
    expect(cache.get('/blocks/2', 59_999)).not.toBeNull();
    expect(cache.get('/blocks/2', 60_000)).toBeNull();
  });

  it('shortens lives by up to their jitter, so pages rendered together expire apart', () => {
    const draws = [0, 0.5, 0.999];
    const cache = createRenderCache({ maxTtlMs: 100_000, ttlJitter: 0.2, random: () => draws.shift() ?? 0 });
    for (const key of ['/a', '/b', '/c']) cache.set(key, packed(key), [], 86400, 0);
    // Lives of 100 s, 90 s and 80.02 s.
    expect(cache.get('/a', 99_999)).not.toBeNull();
    expect(cache.get('/b', 89_999)).not.toBeNull();
    expect(cache.get('/b', 90_000)).toBeNull();
    expect(cache.get('/c', 80_010)).not.toBeNull();
    expect(cache.get('/c', 80_030)).toBeNull();
  });

  it('keeps nothing that may not be shared, nor lists of the moment', () => {
    const cache = exactCache();
    expect(cache.set('/x', packed('x'), [], 0, 0)).toBeNull();
    expect(cache.get('/x', 1)).toBeNull();
    cache.set('/blocks', packed('<p>list</p>'), [], 5, 0);
    expect(cache.get('/blocks', 1)).toBeNull();
  });

  it('drops the least recently used pages beyond its size', () => {
    const cache = exactCache({ maxBytes: 80, minSharedSeconds: 1 });
    cache.set('/a', packed('a'.repeat(10)), [], 100, 0);
    cache.set('/b', packed('b'.repeat(10)), [], 100, 0);
    cache.get('/a', 1);
    for (let i = 0; i < 7; i++) cache.set(`/c${i}`, packed('c'.repeat(10)), [], 100, 0);
    // 9 pages of 10 bytes exceed 80: the least recently used one (/b, since /a was read) goes.
    expect(cache.get('/b', 2)).toBeNull();
    expect(cache.get('/a', 2)).not.toBeNull();
    expect(cache.get('/c6', 2)).not.toBeNull();
    expect(cache.size).toBeLessThanOrEqual(8);
  });
});

describe('what the render cache holds in memory', () => {
  it("counts a page's bytes (UTF-8) and its compressed copies against its limit", () => {
    const cache = exactCache({ maxBytes: 1_600, minSharedSeconds: 1 });
    // 48 ASCII characters and a dash (3 bytes in UTF-8) are 51 bytes, with 100 + 49 bytes of copies: 200 a page.
    for (let i = 0; i < 9; i++) cache.set(`/p${i}`, packed(`—${'x'.repeat(48)}`, { br: 100, gzip: 49 }), [], 100, 0);
    expect(cache.bytes).toBe(1_600);
    expect(cache.size).toBe(8);
    expect(cache.get('/p0', 1)).toBeNull();
    // Replacing a page frees its copies with it.
    cache.set('/p1', packed('y'), [], 100, 2);
    expect(cache.bytes).toBe(1_401);
  });

  it('does not keep a page larger than an eighth of its limit', () => {
    const cache = exactCache({ maxBytes: 800, minSharedSeconds: 1 });
    expect(cache.set('/big', packed('x'.repeat(50), { br: 51 }), [], 100, 0)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('sweeps out expired pages nobody asks for again (pages kept per head block once the head moves)', () => {
    const cache = exactCache({ maxBytes: 1_000_000, maxTtlMs: 30_000, sweepIntervalMs: 5_000 });
    for (let i = 0; i < 100; i++) cache.keep(`/address/0x${i}@7`, packed('x'.repeat(1_000)), [], 30_000, 0);
    expect(cache.size).toBe(100);
    expect(cache.bytes).toBe(100_000);
    // A new head: the same addresses under new keys. Before 30 s nothing has expired; after, the old keys go.
    cache.keep('/address/0x0@8', packed('x'.repeat(1_000)), [], 30_000, 29_999);
    expect(cache.size).toBe(101);
    cache.keep('/address/0x1@9', packed('x'.repeat(1_000)), [], 30_000, 35_000);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2_000);
    expect(cache.get('/address/0x0@8', 35_001)).not.toBeNull();
  });

  it('sweeps at most once per interval', () => {
    const cache = exactCache({ maxTtlMs: 1_000, sweepIntervalMs: 5_000 });
    cache.keep('/a', packed('a'), [], 1_000, 0);
    cache.keep('/b', packed('b'), [], 1_000, 2_000);
    // /a expired at 1 s, but the last sweep ran at 0 s: it stays until the sweep at 5 s.
    cache.keep('/c', packed('c'), [], 1_000, 4_000);
    expect(cache.size).toBe(3);
    cache.keep('/d', packed('d'), [], 1_000, 5_000);
    expect(cache.size).toBe(1);
  });
});

describe('pages packed for the cache', () => {
  const html = `<!doctype html><html data-theme="dark"><body>${'<p class="x">Block — 7</p>'.repeat(200)}</body></html>`;

  it("hold Brotli and gzip copies whose decompression is the page, as a fresh compression's is", async () => {
    const page = await packPage(Buffer.from(html), true);
    expect([...page.encoded.keys()].sort()).toEqual(['br', 'gzip']);
    const br = page.encoded.get('br') as Uint8Array;
    const gzip = page.encoded.get('gzip') as Uint8Array;
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(gunzipSync(gzip).toString()).toBe(html);
    expect(brotliDecompressSync(br)).toEqual(brotliDecompressSync(compressBodySync(Buffer.from(html), 'br', 'dynamic')));
    expect(br.byteLength).toBeLessThan(Buffer.byteLength(html) / 4);
  });

  it('have no copies when compression is off, or for a page too small to gain from it', async () => {
    expect((await packPage(Buffer.from(html), false)).encoded.size).toBe(0);
    expect((await packPage(Buffer.from('<p>1</p>'), true)).encoded.size).toBe(0);
  });

  it('are named by a weak ETag of their content: another theme or another byte is another ETag', () => {
    const dark = pageEtag(Buffer.from(html));
    expect(dark).toMatch(/^W\/"[\w-]+"$/);
    expect(pageEtag(Buffer.from(html))).toBe(dark);
    expect(pageEtag(Buffer.from(html.replace('dark', 'light')))).not.toBe(dark);
  });
});

describe("a kept page's copies made again, smaller, at its first hit", () => {
  /** A recompress whose answers the test releases, and the bodies it was asked for. */
  function heldRecompress() {
    const asked: string[] = [];
    const release: Array<() => void> = [];
    const recompress = (body: Uint8Array) => {
      asked.push(Buffer.from(body).toString());
      return new Promise<ReadonlyMap<string, Uint8Array>>((resolve) => release.push(() => resolve(new Map([['br', new Uint8Array(3)], ['gzip', new Uint8Array(4)]]))));
    };
    return { asked, release, recompress };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('not when stored, once at the first hit, and the hits after it send the new copies, counted in its bytes', async () => {
    const held = heldRecompress();
    const cache = exactCache({ recompress: held.recompress });
    cache.keep('/', packed('<p>home</p>', { br: 30, gzip: 40 }), [], 60_000, 0);
    expect(held.asked).toEqual([]);
    expect(cache.bytes).toBe(11 + 70);
    // The first hit sends the first copies and starts the new ones; later hits before they are ready start nothing.
    expect(cache.get('/', 1)?.encoded.get('br')?.byteLength).toBe(30);
    expect(cache.get('/', 2)?.encoded.get('br')?.byteLength).toBe(30);
    expect(held.asked).toEqual(['<p>home</p>']);
    held.release[0]?.();
    await settle();
    const page = cache.get('/', 3);
    expect(page?.encoded.get('br')?.byteLength).toBe(3);
    expect(page?.encoded.get('gzip')?.byteLength).toBe(4);
    expect(page?.bytes).toBe(11 + 7);
    expect(cache.bytes).toBe(11 + 7);
    expect(held.asked).toHaveLength(1);
  });

  it('are dropped when the page was replaced or dropped meanwhile, and a page without copies is left alone', async () => {
    const held = heldRecompress();
    const cache = exactCache({ recompress: held.recompress });
    cache.keep('/', packed('<p>old</p>', { br: 30 }), [], 60_000, 0);
    cache.get('/', 1);
    cache.keep('/', packed('<p>new</p>', { br: 20 }), [], 60_000, 2);
    held.release[0]?.();
    await settle();
    expect(cache.get('/', 3)?.encoded.get('br')?.byteLength).toBe(20);
    expect(cache.bytes).toBe(10 + 20);
    // Compression off: nothing to make again.
    cache.keep('/plain', packed('<p>plain</p>'), [], 60_000, 0);
    cache.get('/plain', 1);
    expect(held.asked).toEqual(['<p>old</p>', '<p>new</p>']);
  });

  it("keptCopies: Brotli and gzip whose decompression is the page, smaller than the first copies' Brotli", async () => {
    const html = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<tr><td class="px-4 py-2">#${i * 7919}</td><td>0x${(i * 2654435761).toString(16)}</td></tr>`).join('')}</body></html>`;
    const first = await packPage(Buffer.from(html), true);
    const again = await keptCopies(Buffer.from(html));
    expect(brotliDecompressSync(again.get('br') as Uint8Array).toString()).toBe(html);
    expect(gunzipSync(again.get('gzip') as Uint8Array).toString()).toBe(html);
    expect((again.get('br') as Uint8Array).byteLength).toBeLessThan((first.encoded.get('br') as Uint8Array).byteLength);
  });
});

describe('answers from a kept page', () => {
  const page = { ...packed('<p>page</p>', { br: 3, gzip: 4 }), headers: [['content-type', 'text/html'], ['vary', 'Cookie'], ['cache-control', 'public, max-age=300, s-maxage=86400']] as [string, string][] };
  const header = (answer: { headers: [string, string][] }, name: string) => answer.headers.filter(([n]) => n === name).map(([, v]) => v);

  it('sends the stored copy in the encoding the browser prefers, with the ETag and Vary', () => {
    const br = keptAnswer(page, { acceptEncoding: 'gzip, deflate, br', ifNoneMatch: null }, 'hit');
    expect(br.status).toBe(200);
    expect(br.body).toBe(page.encoded.get('br'));
    expect(header(br, 'content-encoding')).toEqual(['br']);
    expect(header(br, 'content-length')).toEqual(['3']);
    expect(header(br, 'etag')).toEqual([page.etag]);
    expect(header(br, 'vary')).toEqual(['Cookie, Accept-Encoding']);
    expect(header(br, 'x-render-cache')).toEqual(['hit']);
    const gzip = keptAnswer(page, { acceptEncoding: 'gzip', ifNoneMatch: null }, 'miss');
    expect(gzip.body).toBe(page.encoded.get('gzip'));
    expect(header(gzip, 'x-render-cache')).toEqual(['miss']);
    const plain = keptAnswer(page, { acceptEncoding: null, ifNoneMatch: null }, 'hit');
    expect(plain.body).toBe(page.body);
    expect(header(plain, 'content-encoding')).toEqual([]);
  });

  it('answers 304 without a body when the browser has the page (If-None-Match), and 200 when it has another', () => {
    for (const inm of [page.etag, page.etag.replace('W/', ''), `W/"other", ${page.etag}`, '*']) {
      const answer = keptAnswer(page, { acceptEncoding: 'br', ifNoneMatch: inm }, 'hit');
      expect(answer.status, inm).toBe(304);
      expect(answer.body).toBeNull();
      expect(header(answer, 'etag')).toEqual([page.etag]);
      expect(header(answer, 'cache-control')).toEqual(['public, max-age=300, s-maxage=86400']);
    }
    expect(keptAnswer(page, { acceptEncoding: 'br', ifNoneMatch: 'W/"other"' }, 'hit').status).toBe(200);
    expect(keptAnswer(page, { acceptEncoding: 'br', ifNoneMatch: null }, 'hit').status).toBe(200);
  });
});

describe('the theme cookie as the render cache reads it', () => {
  it.each([
    'theme_preference=dark',
    'a=1; theme_preference=light; b=2',
    ' theme_preference = dark ;x=y',
    'theme_preference=dark; theme_preference=light',
    'theme_preference="dark"',
    'theme_preference=%64ark',
    'theme_preference=%E0%A4%A',
    'theme_preference=',
    'other=1',
    'broken; theme_preference=light',
    '',
  ])('%j is read as Astro reads it', (header) => {
    const astro = parseCookie(header, { decode: (v) => v })['theme_preference'];
    let expected: string | undefined;
    if (astro) {
      try {
        expected = decodeURIComponent(astro);
      } catch {
        expected = astro;
      }
    }
    expect(cookieValue(header, 'theme_preference')).toBe(expected);
  });
});

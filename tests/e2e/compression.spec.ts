import { expect } from '@playwright/test';
import { MIN_COMPRESS_BYTES } from '../../common/encoding.ts';
import { decodeBody, rawGet, type RawAnswer } from '../http-raw.ts';
import { indexerUrl, scenario, test } from './fixtures.ts';

// Compression and caching headers of the running site and indexer, read with Node's HTTP client so the bytes are
// the bytes on the wire (fetch would decode them): every encoding decodes to the identical document.

/** The body decoded; any encoding but Brotli and gzip fails the test. */
function decoded(r: RawAnswer): Buffer {
  const encoding = r.headers['content-encoding'];
  if (encoding !== 'br' && encoding !== 'gzip') expect(encoding).toBeUndefined();
  return decodeBody(r.body, encoding);
}

function site(path: string): string {
  return new URL(path, process.env['E2E_SITE_URL']).href;
}

/** Fetches a URL as identity, gzip and Brotli and checks the three decode to the same bytes. */
async function sameInEveryEncoding(url: string): Promise<{ identity: RawAnswer; br: RawAnswer; gzip: RawAnswer }> {
  const identity = await rawGet(url, { 'accept-encoding': 'identity' });
  const br = await rawGet(url, { 'accept-encoding': 'br' });
  const gzip = await rawGet(url, { 'accept-encoding': 'gzip, deflate' });
  for (const r of [identity, br, gzip]) expect(r.status, url).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  for (const r of [identity, br, gzip]) expect(String(r.headers['vary'])).toMatch(/Accept-Encoding/i);
  expect(decoded(br).equals(identity.body), `${url} br`).toBe(true);
  expect(decoded(gzip).equals(identity.body), `${url} gzip`).toBe(true);
  expect(br.body.length).toBeLessThan(identity.body.length);
  return { identity, br, gzip };
}

test.describe('compression', () => {
  test('built scripts and styles are sent precompressed, immutable, identical once decoded', async ({ page }) => {
    await page.goto('/blocks');
    const assets = await page.evaluate(() => [
      ...Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (l) => l.getAttribute('href')),
      ...Array.from(document.querySelectorAll('script[src]'), (s) => s.getAttribute('src')),
    ]);
    const built = [...new Set(assets.filter((a): a is string => !!a && a.startsWith('/_astro/')))];
    expect(built.length).toBeGreaterThan(0);
    for (const path of built) {
      const plain = await rawGet(site(path), { 'accept-encoding': 'identity' });
      if (plain.body.length < MIN_COMPRESS_BYTES) {
        // A file too small to gain from compression (a page's few-line script) is sent as it is, immutable too.
        const br = await rawGet(site(path), { 'accept-encoding': 'br' });
        expect(br.headers['content-encoding'], path).toBeUndefined();
        expect(br.body.equals(plain.body), path).toBe(true);
        expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        continue;
      }
      const { br } = await sameInEveryEncoding(site(path));
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
    }
  });

  test('a prerendered legal page and a final block page: compressed, identical, with their caching headers', async () => {
    const legal = await sameInEveryEncoding(site('/privacy-policy'));
    expect(legal.br.headers['content-type']).toMatch(/^text\/html/);
    // A validator: asking again with it is a 304 without a body.
    const again = await rawGet(site('/privacy-policy'), { 'accept-encoding': 'br', 'if-none-match': String(legal.br.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // Block 1 is final: its page may be kept by shared caches, so the site renders it once and serves the same text.
    await rawGet(site('/blocks/1'));
    const block = await sameInEveryEncoding(site('/blocks/1'));
    expect(String(block.br.headers['cache-control'])).toMatch(/s-maxage=\d+/);
    expect(decoded(block.br).toString()).toContain('Block #1');
  });

  test('pages made per request are compressed too, streamed without a stale length', async () => {
    // Pages rendered for every request (kept pages are sent with their length, src/lib/server/render-cache.ts).
    for (const path of [`/address/${scenario().accounts[0]}?tab=contract`, '/verify-contract', '/search?q=zzzz-nothing']) {
      const br = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-length'], path).toBeUndefined();
      expect(decoded(br).toString(), path).toMatch(/^<!DOCTYPE html>/i);
      const plain = await rawGet(site(path));
      expect(plain.headers['content-encoding'], path).toBeUndefined();
    }
    // An error page is compressed like any other.
    const missing = await rawGet(site('/blocks/99999999'), { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(decoded(missing).toString()).toContain('Block not found');
  });

  test('the indexer: compressed JSON identical to the plain answer, ETag and 304 for a repeated poll', async () => {
    const blocks = await sameInEveryEncoding(`${indexerUrl()}/blocks/1`);
    expect(blocks.identity.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(blocks.br.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    const poll = await rawGet(`${indexerUrl()}/blocks/1`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(poll.status).toBe(304);
    expect(poll.body.length).toBe(0);
    // The list the home page polls.
    const list = await sameInEveryEncoding(`${indexerUrl()}/blocks?limit=10`);
    expect(list.br.body.length).toBeLessThan(list.identity.body.length / 2);
  });

  test('caching headers per route, every one with Vary: Accept-Encoding', async () => {
    const { lastBlock } = await (await fetch(`${indexerUrl()}/health`)).json() as { lastBlock: number };
    const routes: [string, RegExp][] = [
      ['/blocks/1', /^public, max-age=\d+, s-maxage=\d+/],
      [`/blocks/${lastBlock}`, /^no-store$/],
      ['/blocks', /^public, max-age=0, s-maxage=5$/],
      ['/search?q=zzzz-nothing', /^no-store$/], // a 404: nothing found
      ['/privacy-policy', /^public, max-age=0, must-revalidate$/],
    ];
    for (const [path, expected] of routes) {
      const r = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(r.status, path).toBe(path.startsWith('/search') ? 404 : 200);
      expect(String(r.headers['cache-control'] ?? ''), path).toMatch(expected);
      if (String(r.headers['content-type']).match(/html|svg|javascript|json|css/)) expect(String(r.headers['vary']), path).toMatch(/Accept-Encoding/i);
    }
  });
});

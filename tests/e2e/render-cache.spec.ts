import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { decodeBody, rawGet } from '../http-raw.ts';
import { indexedHead, indexedTx, indexerJson, rpc, scenario, test } from './fixtures.ts';

function site(path: string): string {
  return new URL(path, process.env['E2E_SITE_URL']).href;
}

test.describe('pages of final blocks are kept like a CDN would', () => {
  test('an old block page and a transaction in it are rendered once, then served from memory', async ({ request }) => {
    const s = scenario();
    for (const path of [`/blocks/${s.busyBlock.number}`, `/transactions/${s.samples.erc20Transfer}`]) {
      // A token logo uploaded in between (the token admin tests run beside this one) starts new keys: try again.
      await expect(async () => {
        const first = await request.get(`${path}?cache-probe=${randomUUID()}`);
        expect(first.status()).toBe(200);
        expect(first.headers()['cache-control']).toMatch(/s-maxage=\d+/);
        expect(first.headers()['x-render-cache']).toBe('miss');
        const again = await request.get(new URL(first.url()).pathname + new URL(first.url()).search);
        expect(again.headers()['x-render-cache']).toBe('hit');
        expect(await again.text()).toBe(await first.text());
      }).toPass({ timeout: 30_000 });
    }
  });

  test("a page asked for again is sent smaller once its first hit had its copies made again (the cache's higher effort)", async () => {
    await expect(async () => {
      const path = `/blocks/${scenario().busyBlock.number}?cache-probe=${randomUUID()}`;
      const first = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(first.headers['x-render-cache']).toBe('miss');
      // The first hit sends the copy made with the render and starts the smaller one, off the request.
      const hit = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(hit.headers['x-render-cache']).toBe('hit');
      expect(hit.body.length).toBe(first.body.length);
      await expect.poll(async () => (await rawGet(site(path), { 'accept-encoding': 'br' })).body.length, { timeout: 10_000 }).toBeLessThan(first.body.length);
      const later = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(Number(later.headers['content-length'])).toBe(later.body.length);
      expect(decodeBody(later.body, 'br').equals(decodeBody(first.body, 'br'))).toBe(true);
      const gzip = await rawGet(site(path), { 'accept-encoding': 'gzip' });
      expect(decodeBody(gzip.body, 'gzip').equals(decodeBody(first.body, 'br'))).toBe(true);
    }).toPass({ timeout: 60_000 });
  });

  test('errors and a Contract tab are not served from memory, and carry no ETag', async ({ request }) => {
    for (const path of ['/blocks/99999999', `/address/${scenario().accounts[0]}?tab=contract`, '/search?q=zzzz-nothing']) {
      await request.get(path);
      const again = await request.get(path);
      expect(again.headers()['x-render-cache'], path).toBeUndefined();
      expect(again.headers()['etag'], path).toBeUndefined();
    }
  });

  test('a final page carries an ETag of its content and answers 304 to a browser that has it', async () => {
    await expect(async () => {
      const path = `/transactions/${scenario().samples.erc20Transfer}?cache-probe=${randomUUID()}`;
      const first = await rawGet(site(path), { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await rawGet(site(path), { 'accept-encoding': 'gzip' });
      expect(again.headers['x-render-cache']).toBe('hit');
      expect(again.headers['etag']).toBe(etag);
      // Revalidation: a 304 without a body, with the page's validator and policy; another ETag gets the page.
      const revalidated = await rawGet(site(path), { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers['etag']).toBe(etag);
      expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      const other = await rawGet(site(path), { 'accept-encoding': 'br', 'if-none-match': 'W/"not-this-page"' });
      expect(other.status).toBe(200);
      expect(decodeBody(other.body, 'br').equals(decodeBody(first.body, 'br'))).toBe(true);
      // Another theme is another page, with another ETag (and a browser's copy of one never answers for the other).
      const dark = await rawGet(site(path), { 'accept-encoding': 'br', cookie: 'theme_preference=dark', 'if-none-match': etag });
      expect(dark.status).toBe(200);
      expect(dark.headers['etag']).not.toBe(etag);
      expect(decodeBody(dark.body, 'br').toString()).toMatch(/<html[^>]*data-theme="dark"/);
    }).toPass({ timeout: 30_000 });
  });

  test('a page asked by many visitors at once is rendered once; the others get it from memory', async () => {
    // A token logo uploaded in between (the token admin tests run beside this one) starts new keys: try again, anew.
    await expect(async () => {
      const path = `/blocks/${scenario().busyBlock.number}?cache-probe=${randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => rawGet(site(path), { 'accept-encoding': 'br' })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(answers.map((a) => a.headers['x-render-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
      expect(new Set(answers.map((a) => a.headers['etag'])).size).toBe(1);
    }).toPass({ timeout: 30_000 });
  });

  test('an address page is kept across blocks that do not change the address, and rendered again by one that does', async ({ request }) => {
    test.setTimeout(90_000);
    // A fresh address (no other test reads its page), paid by an account no other test sends from.
    const address = `0x${randomBytes(20).toString('hex')}`;
    const path = `/address/${address}`;
    // The live devnet mines a block every few seconds, none of them about this address: the page stays the one
    // rendered first. (Tried again if its life of at most 10 s ran out before the block came, on a slow machine.)
    await expect(async () => {
      const first = await request.get(path);
      expect(first.status()).toBe(200);
      const before = await indexedHead();
      await expect.poll(indexedHead, { timeout: 20_000 }).toBeGreaterThan(before);
      const again = await request.get(path);
      expect(again.headers()['x-render-cache']).toBe('hit');
      expect(again.headers()['etag']).toBe(first.headers()['etag']);
    }).toPass({ timeout: 80_000 });
    // A block that changes it: the next visit renders the page afresh, with the transaction.
    const hash = (await rpc<string>('eth_sendTransaction', [{ from: scenario().accounts[6], to: address, value: '0x1' }])).toLowerCase();
    await indexedTx(hash);
    const res = await request.get(path);
    expect(res.headers()['x-render-cache']).toBe('miss');
    expect((await res.text()).toLowerCase()).toContain(hash);
  });

  test('lists of the moment are kept per head block, and never older than the head the indexer had when asked', async ({ request }) => {
    test.setTimeout(90_000);
    const shownLatest = (html: string): number => {
      const tag = /<a\b[^>]*data-test="latest-block"[^>]*>/.exec(html)?.[0] ?? '';
      return Number(/href="\/blocks\/(\d+)"/.exec(tag)?.[1] ?? NaN);
    };
    // A key of its own (the list ignores the unknown parameter), so that other tests' visits do not answer for it.
    const path = `/blocks?cache-probe=${randomUUID()}`;
    const home = `/?cache-probe=${randomUUID()}`;
    await request.get(home);
    await expect.poll(async () => (await request.get(home)).headers()['x-render-cache']).toBe('hit');
    // Asked again and again while the devnet mines three blocks (one every few seconds): every answer shows at least
    // the head the indexer had before the request, kept answers included, and each new head is rendered once.
    const start = await indexedHead();
    const seen = { hit: 0, miss: 0 };
    for (let before = start; before < start + 3; ) {
      before = await indexedHead();
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(shownLatest(await res.text())).toBeGreaterThanOrEqual(before);
      const state = res.headers()['x-render-cache'];
      if (state === 'hit' || state === 'miss') seen[state]++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.hit).toBeGreaterThan(0);
    expect(seen.miss).toBeGreaterThanOrEqual(3);
  });

  test('NFT pages are kept per head block and count of metadata writes the indexer reports', async ({ request }) => {
    const nft = scenario().nfts[0]?.address;
    const mark = async () => {
      const h = await indexerJson<{ lastBlock: number; reorgs: number; metadataUpdates: number | null }>('/health');
      return `${h.lastBlock}.${h.reorgs}m${h.metadataUpdates}`;
    };
    // The bundled indexer counts its metadata writes (the scenario's NFTs had theirs fetched).
    expect((await indexerJson<{ metadataUpdates: number | null }>('/health')).metadataUpdates).toBeGreaterThan(0);
    for (const path of ['/nfts', `/nfts/${nft}`, `/nfts/${nft}/1`].map((p) => `${p}?cache-probe=${randomUUID()}`)) {
      await expect
        .poll(async () => {
          // The same head and count for both requests, or it is tried again (the devnet mines every few seconds).
          const before = await mark();
          const first = await request.get(path);
          const again = await request.get(path);
          expect(again.status(), path).toBe(200);
          expect(await again.text()).toBe(await first.text());
          return before === (await mark()) ? `${first.headers()['x-render-cache']} ${again.headers()['x-render-cache']}` : 'head moved';
        })
        .toBe('miss hit');
    }
  });

  test('a block inside the reorg window is kept per head block, and still tells shared caches not to store it', async ({ request }) => {
    const head = await indexedHead();
    const path = `/blocks/${head}`;
    await expect
      .poll(async () => {
        // The same head for both requests, or it is tried again (the devnet mines every few seconds).
        const before = await indexedHead();
        await request.get(path);
        const again = await request.get(path);
        expect(again.headers()['cache-control']).toBe('no-store');
        expect(again.headers()['x-keep-per-head']).toBeUndefined();
        return before === (await indexedHead()) ? again.headers()['x-render-cache'] : 'head moved';
      })
      .toBe('hit');
  });
});

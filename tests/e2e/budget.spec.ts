import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { scenario } from './fixtures.ts';

/** Gzipped bytes of every script a page runs before any interaction: external files and inline blocks. */
async function scriptBytesBeforeInteraction(page: Page, path: string, exclude?: RegExp): Promise<{ bytes: number; urls: string[] }> {
  const urls: string[] = [];
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || exclude?.test(res.url())) return;
    urls.push(res.url());
    pending.push(res.body().then((body) => { bytes += gzipSync(body).length; }));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Let idle/visible islands and timers start, as a visitor who only looks would.
  await page.waitForTimeout(1_500);
  await Promise.all(pending);
  const inline = await page.evaluate(() => Array.from(document.querySelectorAll('script:not([src])'), (s) => s.textContent ?? '').join('\n'));
  bytes += gzipSync(Buffer.from(inline)).length;
  return { bytes, urls };
}

const KB = 1024;
const SHELL_BUDGET = 5 * KB;

test.describe('JavaScript budgets before interaction (gzip)', () => {
  for (const path of ['/terms-of-service', '/privacy-policy', '/cookie-policy', '/search?q=Sto', '/no-such-page']) {
    test(`shell-only page ${path} ≤ 5 KB and no framework runtime`, async ({ page }) => {
      const { bytes, urls } = await scriptBytesBeforeInteraction(page, path);
      console.log(`budget ${path}: ${bytes} B gzip, ${urls.length} script file(s)`);
      expect(urls.filter((u) => /react|client\.[\w-]+\.js|SearchBox/i.test(u))).toEqual([]);
      expect(bytes).toBeLessThanOrEqual(SHELL_BUDGET);
    });
  }

  test('home ≤ 110 KB including React, fetched only after the first paint', async ({ page }) => {
    const { bytes, urls } = await scriptBytesBeforeInteraction(page, '/');
    console.log(`budget /: ${bytes} B gzip, ${urls.length} script file(s)`);
    expect(bytes).toBeLessThanOrEqual(110 * KB);
    // Islands (React and their components) must start loading only after the first paint.
    const timing = await page.evaluate(() => {
      const islandUrls = new Set(
        Array.from(document.querySelectorAll('astro-island')).flatMap((el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]).filter((u): u is string => !!u).map((u) => new URL(u, location.href).href),
      );
      return {
        islands: islandUrls.size,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        early: performance.getEntriesByType('resource').filter((e) => islandUrls.has(e.name) && e.startTime < (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity)).map((e) => e.name),
      };
    });
    expect(timing.islands).toBeGreaterThan(0);
    expect(timing.fcp).not.toBeNull();
    expect(timing.early).toEqual([]);
  });

  test('block, transaction, address, token and NFT pages and their lists ≤ 10 KB', async ({ page }) => {
    test.setTimeout(180_000);
    const s = scenario();
    const paths = [
      '/blocks',
      '/blocks?withTxs=1&size=50',
      `/blocks/${s.busyBlock.number}`,
      '/transactions',
      `/transactions/${s.samples.erc20Transfer}`,
      `/transactions/${s.samples.erc20Transfer}?tab=input`,
      `/address/${s.accounts[0]}`,
      `/address/${s.holderToken.address}?tab=holders`,
      '/nfts',
      '/nfts?sort=new&size=48',
      `/nfts/${s.nfts[0]?.address}/1`,
      `/nfts/${s.nfts[0]?.address}/1?tab=history`,
      `/nfts/${s.nfts[0]?.address}`,
      '/tokens',
      `/tokens/${s.holderToken.address}`,
      `/tokens/${s.holderToken.address}?tab=transfers`,
      `/tokens/${s.holderToken.address}?tab=holders`,
    ];
    for (const path of paths) {
      // The token price chart (uPlot) loads only when it scrolls into view and is outside the budget by the terms.
      const { bytes } = await scriptBytesBeforeInteraction(page, path, /\/token-price-chart\./);
      console.log(`budget ${path}: ${bytes} B gzip`);
      expect(bytes, path).toBeLessThanOrEqual(10 * KB);
    }
  });

  test('the search suggestions code loads on first focus of the box', async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script') loaded.push(res.url()); });
    await page.goto('/search?q=Sto', { waitUntil: 'networkidle' });
    expect(loaded.some((u) => /SearchBox/.test(u))).toBe(false);
    await page.getByPlaceholder('Search by Block / Txn / Address / Token').first().focus();
    await expect.poll(() => loaded.some((u) => /SearchBox/.test(u))).toBe(true);
  });
});

import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/** Gzipped bytes of every script a page runs before any interaction: external files and inline blocks. */
async function scriptBytesBeforeInteraction(page: Page, path: string): Promise<{ bytes: number; urls: string[] }> {
  const urls: string[] = [];
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
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

const SHELL_BUDGET = 5 * 1024;

test.describe('JavaScript budgets before interaction (gzip)', () => {
  for (const path of ['/', '/terms-of-service', '/privacy-policy', '/cookie-policy', '/no-such-page']) {
    test(`shell-only page ${path} ≤ 5 KB and no framework runtime`, async ({ page }) => {
      const { bytes, urls } = await scriptBytesBeforeInteraction(page, path);
      console.log(`budget ${path}: ${bytes} B gzip, ${urls.length} script file(s)`);
      expect(urls.filter((u) => /react|client\.[\w-]+\.js|SearchBox/i.test(u))).toEqual([]);
      expect(bytes).toBeLessThanOrEqual(SHELL_BUDGET);
    });
  }

  test('the search suggestions code loads on first focus of the box', async ({ page }) => {
    const loaded: string[] = [];
    page.on('response', (res) => { if (res.request().resourceType() === 'script') loaded.push(res.url()); });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(loaded.some((u) => /SearchBox/.test(u))).toBe(false);
    await page.getByPlaceholder('Search by Block / Txn / Address / Token').first().focus();
    await expect.poll(() => loaded.some((u) => /SearchBox/.test(u))).toBe(true);
  });
});

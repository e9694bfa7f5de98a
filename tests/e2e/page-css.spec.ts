import { expect, type Page } from '@playwright/test';
import { hydrated, scenario, test } from './fixtures.ts';
import { styleDifferences } from './styles.ts';

// Each page inlines only its part of the site's stylesheet and loads the whole one after the load event; module
// scripts load after the first paint. The part must style the page exactly as the whole stylesheet does: for every
// element (and its ::before / ::after), every computed property is compared with the whole stylesheet switched off
// and on, after the page's scripts and islands have run.

test.describe('each page carries only its own CSS', () => {
  const s = scenario();
  const pages = [
    '/',
    '/blocks',
    `/blocks/${s.busyBlock.number}`,
    '/blocks/not-a-block',
    '/transactions',
    `/transactions/${s.samples.erc20Transfer}`,
    `/transactions/${s.samples.erc20Transfer}?tab=logs`,
    `/address/${s.accounts[0]}`,
    `/address/${s.holderToken.address}?tab=holders`,
    `/address/${s.playground.address}?tab=contract`,
    '/tokens',
    `/tokens/${s.holderToken.address}`,
    '/nfts',
    `/nfts/${s.nfts[0]?.address}/1`,
    '/search?q=Sto',
    '/ai-dashboard',
    '/ai-dashboard?tab=visualization',
    '/verify-contract',
    '/terms-of-service',
    '/no-such-page',
  ];
  for (const path of pages) {
    test(`${path} looks the same with its part of the stylesheet as with the whole`, async ({ page }) => {
      // Every computed property of every element, twice: slow on a loaded 2-core machine.
      test.setTimeout(120_000);
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(500);
      const { pruned, full, differences } = await styleDifferences(page);
      expect(differences).toEqual([]);
      expect(pruned).toBeGreaterThan(0);
      // The point of it: a page's part is well under the whole.
      expect(pruned, `${pruned} of ${full} characters`).toBeLessThan(full * 0.7);
    });
  }

  test('the mobile menu, opened, looks the same too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/blocks');
    await page.getByTestId('mobile-menu').locator('summary').click();
    await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Blocks' })).toBeVisible();
    expect((await styleDifferences(page)).differences).toEqual([]);
  });

  test('the search suggestions, shown, look the same too', async ({ page }) => {
    await page.goto('/blocks');
    const box = page.locator('#header-search-q');
    await box.fill('Sto');
    await expect(page.getByTestId('search-suggestions').first()).toBeVisible();
    expect((await styleDifferences(page)).differences).toEqual([]);
  });
});

test('module scripts are fetched after the first paint and the largest', async ({ page }) => {
  await page.goto('/transactions');
  // The placeholder is in the HTML; the head script adds the module script once the page has painted.
  const placeholder = page.locator('script[type="text/x-after-paint"][data-src*="Header"]');
  await expect(placeholder).toHaveCount(1);
  const src = await placeholder.getAttribute('data-src');
  await expect(page.locator(`head script[type="module"][src="${src}"]`)).toHaveCount(1);
  const { paint, fetched } = await fetchedAfterPaint(page, src ?? '');
  expect(fetched).toBeGreaterThanOrEqual(paint);
  // And after the frame that painted the rest of the page once parsed: its largest paint came before them.
  const largest = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(fetched).toBeGreaterThanOrEqual(largest);
  // That they still run is what the live tests show (shell-live, transactions: banner, gas price, ages).
});

test("React's runtime, one chunk, is fetched after the first paint by a page with islands, and only once", async ({ page }) => {
  const runtime: string[] = [];
  page.on('request', (req) => {
    if (/\/_astro\/react-runtime\.[\w-]+\.js$/.test(req.url())) runtime.push(req.url());
  });
  await page.goto('/');
  await hydrated(page);
  expect(runtime).toHaveLength(1);
  const { paint, fetched } = await fetchedAfterPaint(page, new URL(runtime[0] ?? '').pathname);
  expect(fetched).toBeGreaterThanOrEqual(paint);
});

/** When the first contentful paint happened and when the script `path` was fetched (ms from navigation start). */
async function fetchedAfterPaint(page: Page, path: string): Promise<{ paint: number; fetched: number }> {
  const timing = await page.waitForFunction((url) => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith(url));
    return paint && script ? { paint: paint.startTime, fetched: script.startTime } : null;
  }, path);
  const measured = await timing.jsonValue();
  if (!measured) throw new Error('no timing');
  return measured;
}

import { expect } from '@playwright/test';
import { freePort, startSite } from '../../scripts/site.ts';
import { indexerJson, scenario, test } from './fixtures.ts';

test.describe('search page and redirect flow', () => {
  test('an empty query asks for one, with a 400', async ({ page }) => {
    for (const q of ['', '%20%20']) {
      const res = await page.goto(`/search?q=${q}`);
      expect(res?.status()).toBe(400);
      await expect(page.getByText('Please enter a search query')).toBeVisible();
      await expect(page.getByTestId('search-tips')).toBeVisible();
    }
  });

  test('digits go to the block', async ({ page }) => {
    await page.goto('/search?q=5');
    await expect(page).toHaveURL(/\/blocks\/5$/);
  });

  test('a 66-character hash goes to the transaction', async ({ page }) => {
    const hash = scenario().samples.plainTransfer;
    await page.goto(`/search?q=${hash}`);
    expect(new URL(page.url()).pathname.toLowerCase()).toBe(`/transactions/${hash.toLowerCase()}`);
  });

  test('a 42-character address goes to the address page', async ({ page }) => {
    const address = scenario().accounts[1] as string;
    await page.goto(`/search?q=${address}`);
    expect(new URL(page.url()).pathname.toLowerCase()).toBe(`/address/${address.toLowerCase()}`);
  });

  test('a token symbol goes to the token address (general search by result type)', async ({ page }) => {
    const token = scenario().holderToken;
    await page.goto(`/search?q=${token.symbol}`);
    expect(new URL(page.url()).pathname.toLowerCase()).toBe(`/address/${token.address.toLowerCase()}`);
  });

  test('several matches are listed as result cards with hashes shortened', async ({ page }) => {
    const res = await page.goto('/search?q=Sto');
    expect(res?.status()).toBe(200);
    const cards = page.getByTestId('search-result');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(cards.filter({ hasText: scenario().holderToken.symbol })).toHaveCount(1);
    const first = await cards.first().locator('a').first().getAttribute('href');
    expect(first).toMatch(/^\/(address|blocks|transactions|nfts)\//);
    await expect(page.getByRole('heading', { name: 'Search Tips' })).toBeVisible();
  });

  test('no result: the spec text with a 404, and the query stays in the box', async ({ page }) => {
    const res = await page.goto('/search?q=no-such-thing-xyz');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('No results found for the query')).toBeVisible();
    await expect(page.getByTestId('search-page-form').getByRole('searchbox')).toHaveValue('no-such-thing-xyz');
  });

  test('an unknown block number is no result', async ({ page }) => {
    const { latestBlock } = await indexerJson<{ latestBlock: number }>('/stats/transactions/count');
    const res = await page.goto(`/search?q=${latestBlock + 1_000_000}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText('No results found for the query')).toBeVisible();
  });

  test('hostile token names in results are text, not markup', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto('/search?q=script');
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    await expect(page.locator('main script')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('results and redirects are server-side', async ({ page }) => {
      await page.goto('/search?q=Sto');
      await expect(page.getByTestId('search-result').first()).toBeVisible();
      await page.goto('/search?q=3');
      await expect(page).toHaveURL(/\/blocks\/3$/);
    });
  });

  test('an unreachable indexer gives the failure message and hint, with a 503', async ({ browser }) => {
    const site = await startSite({ indexerUrl: `http://127.0.0.1:${await freePort()}`, quiet: true });
    try {
      const page = await browser.newPage();
      const res = await page.goto(`${site.url}/search?q=Sto`);
      expect(res?.status()).toBe(503);
      await expect(page.getByText('Failed to perform search. Please try again.')).toBeVisible();
      await expect(page.getByText('Try searching for a block number, transaction hash or address.')).toBeVisible();
      await page.close();
    } finally {
      await site.stop();
    }
  });
});

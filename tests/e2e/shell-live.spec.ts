import { expect, type Page } from '@playwright/test';
import { formatGwei } from '../../src/lib/format/index.ts';
import { indexerUrl, scenario, test, withoutStream } from './fixtures.ts';

/** What the header shows for a gas price: gwei with up to 2 decimals or 3 significant digits, K/M suffixes. */
const GWEI_TEXT = /^(0|\d{1,3}(,\d{3})*(\.\d+)?[KM]?)$/;

test.describe('header gas price', () => {
  test('is rendered by the server and refreshed every 30 s from the indexer', async ({ page }) => {
    // The polling, as against an indexer without the event stream.
    await withoutStream(page);
    await page.clock.install();
    await page.goto('/');
    const gas = page.getByTestId('gas-price');
    await expect(gas).toHaveText(GWEI_TEXT);
    // Mark the element, then let 30 s pass: the browser must ask the indexer again and write its answer back.
    await gas.evaluate((el) => { el.textContent = 'stale'; });
    // Other parts of the page ask for the gas price too, and it moves with the chain: the header must show one of
    // the answers the indexer gave after the mark.
    const answers: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.url() === `${indexerUrl()}/proxy/rpc` && (res.request().postData() ?? '').includes('eth_gasPrice')) {
        answers.push(res.json().then((body: { result: string }) => formatGwei(BigInt(body.result)), () => ''));
      }
    });
    await page.clock.runFor(30_000);
    await expect(gas).not.toHaveText('stale');
    const shown = await gas.textContent();
    await expect.poll(async () => (await Promise.all(answers)).includes(shown ?? '')).toBe(true);
  });

  test('without JavaScript the server value is there', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env['E2E_SITE_URL'] ?? '' });
    const page = await context.newPage();
    await page.goto('/blocks');
    await expect(page.getByTestId('gas-price')).toHaveText(GWEI_TEXT);
    await context.close();
  });
});

test.describe('search suggestions', () => {
  const box = (page: Page) => page.getByTestId('search-form').first();

  async function typeQuery(page: Page, q: string) {
    await page.goto('/');
    const input = box(page).getByRole('combobox');
    await input.click();
    await input.fill(q);
    const list = box(page).getByTestId('search-suggestions');
    await expect(list).toHaveAttribute('data-state', /results|none/, { timeout: 10_000 });
    return list;
  }

  test('shows loading, then at most 5 results, for a token symbol; choosing one opens its address', async ({ page }) => {
    const token = scenario().holderToken;
    await page.goto('/');
    const input = box(page).getByRole('combobox');
    await input.click();
    await input.fill(token.symbol);
    const list = box(page).getByTestId('search-suggestions');
    await expect(list).toHaveAttribute('data-state', 'loading');
    await expect(list).toHaveAttribute('data-state', 'results', { timeout: 10_000 });
    const options = list.getByRole('option');
    expect(await options.count()).toBeLessThanOrEqual(5);
    await options.filter({ hasText: token.symbol }).first().click();
    expect(new URL(page.url()).pathname.toLowerCase()).toBe(`/address/${token.address.toLowerCase()}`);
  });

  test('a broad query is capped at 5 suggestions', async ({ page }) => {
    const list = await typeQuery(page, 'Sto');
    await expect(list).toHaveAttribute('data-state', 'results');
    expect(await list.getByRole('option').count()).toBe(5);
  });

  test('a block number suggests the block; choosing it goes through the search page to the block', async ({ page }) => {
    const list = await typeQuery(page, '7');
    await list.getByRole('option', { name: /Block #7/ }).click();
    await expect(page).toHaveURL(/\/blocks\/7$/);
  });

  test('a transaction hash suggests the transaction and leads to it', async ({ page }) => {
    const hash = scenario().samples.erc20Transfer;
    const list = await typeQuery(page, hash);
    await list.getByRole('option').first().click();
    await expect.poll(() => new URL(page.url()).pathname.toLowerCase()).toBe(`/transactions/${hash.toLowerCase()}`);
  });

  test('an address suggests the address and opens it', async ({ page }) => {
    const address = scenario().accounts[2] as string;
    const list = await typeQuery(page, address);
    await list.getByRole('option').first().click();
    await expect.poll(() => new URL(page.url()).pathname.toLowerCase()).toBe(`/address/${address.toLowerCase()}`);
  });

  test('nothing found says so', async ({ page }) => {
    const list = await typeQuery(page, 'qqqqzzzz');
    await expect(list).toHaveAttribute('data-state', 'none');
    await expect(list).toHaveText('No results found');
  });

  test('submitting the form goes to the search page with the trimmed query', async ({ page }) => {
    await page.goto('/');
    const input = box(page).getByRole('combobox');
    await input.click();
    await input.fill('  no-such-token  ');
    // The box hydrates on first focus, and only then does submitting trim: before, the plain form sends the spaces.
    await expect(input.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr', /.*/);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=no-such-token$/);
  });

  test('text typed before the suggestions code arrives is kept', async ({ page }) => {
    await page.goto('/');
    const input = box(page).getByRole('combobox');
    await input.pressSequentially('SG', { delay: 0 });
    await expect(input).toHaveValue('SG');
    await input.pressSequentially('OV');
    await expect(input).toHaveValue('SGOV');
  });
});

import { getAddress } from 'ethers';
import { expect, type Locator, type Page } from '@playwright/test';
import { indexedHead, indexerJson, indexerUrl, scenario, rpc, scriptsReady, test, withoutStream } from './fixtures.ts';

interface BlockJson {
  number: number | string;
  hash: string;
  miner: string;
  gasUsed: string;
  gasLimit: string;
  transactionCount?: number;
  transactions: unknown[] | number;
}

interface TxJson {
  hash: string;
  blockNumber: number | string;
  to: string | null;
}


const digits = async (locator: Locator): Promise<number> => Number((await locator.innerText()).replace(/[^\d]/g, ''));
/** Block numbers of the rows shown, top to bottom. */
const rowNumbers = async (page: Page): Promise<number[]> =>
  (await page.getByTestId('block-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-block')))).map(Number);
/** Gas used as the page prints it: grouped units and the percent of the limit to 2 decimals. */
function gasUsedText(used: bigint, limit: bigint): string {
  // Ten-thousandths of a percent, then rounded half up to hundredths, in integers: a float's toFixed(2) read 0.435 as
  // 0.43 (0.434999…), where the page rightly shows 0.44.
  const hundredths = limit === 0n ? 0n : ((used * 1_000_000n) / limit + 50n) / 100n;
  const percent = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
  return `${used.toLocaleString('en-US')} (${percent}%)`;
}

const BACK = 'Back to Blocks';

test.describe('block list', () => {
  test('title, Latest Block from the indexer, 25 rows newest first, pagination and cache header', async ({ page }) => {
    const before = await indexedHead();
    const res = await page.goto('/blocks');
    const after = await indexedHead();
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=5');
    await expect(page.getByRole('heading', { level: 1, name: 'Blocks' })).toBeVisible();
    const latest = await digits(page.getByTestId('latest-block'));
    expect(latest).toBeGreaterThanOrEqual(before);
    expect(latest).toBeLessThanOrEqual(after);
    await expect(page.getByTestId('latest-block')).toHaveAttribute('href', `/blocks/${latest}`);

    await expect(page.getByLabel('Show')).toHaveValue('25');
    await expect(page.getByLabel('Only blocks with transactions')).not.toBeChecked();
    await expect(page.getByTestId('block-row')).toHaveCount(25);
    const numbers = await rowNumbers(page);
    expect(numbers[0]).toBeGreaterThanOrEqual(latest - 1);
    numbers.forEach((n, i) => expect(n).toBe((numbers[0] ?? 0) - i));

    // The row's figures are the indexer's.
    const shown = numbers[3] ?? 0;
    const json = await indexerJson<BlockJson>(`/blocks/${shown}`);
    const row = page.locator(`[data-test="block-row"][data-block="${shown}"]`);
    await expect(row.getByTestId('block-number')).toHaveText(`#${shown.toLocaleString('en-US')}`);
    await expect(row.getByTestId('block-number')).toHaveAttribute('href', `/blocks/${shown}`);
    await expect(row.getByTestId('tx-count')).toHaveText(String(json.transactionCount ?? (Array.isArray(json.transactions) ? json.transactions.length : json.transactions)));
    await expect(row.getByTestId('gas-used')).toHaveText(gasUsedText(BigInt(json.gasUsed), BigInt(json.gasLimit)));
    await expect(row.getByTestId('address')).toHaveAttribute('href', `/address/${json.miner}`);
    await expect(row.getByTestId('age')).toHaveText(/ago$/);
    await expect(row.getByTestId('reward')).toHaveText(/ STO$/);

    const total = Math.ceil((latest + 1) / 25);
    const nav = page.getByRole('navigation', { name: 'Block list pages' });
    await expect(nav.getByText(`Page 1 of ${total}`)).toBeVisible();
    await expect(nav.getByText('Previous', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByText('First', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    for (const n of [2, 3, 4, 5]) await expect(nav.getByRole('link', { name: `Page ${n}`, exact: true })).toHaveAttribute('href', `/blocks?page=${n}`);
    await expect(nav.getByRole('link', { name: `Page ${total}`, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Last page' })).toHaveAttribute('href', `/blocks?page=${total}`);
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/blocks?page=2');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
    await expect(nav.getByText('…')).toHaveCount(1);
  });

  test('page size changes the row count and goes back to page 1', async ({ page }) => {
    await page.goto('/blocks?page=3');
    await expect(page.getByRole('navigation', { name: 'Block list pages' }).locator('[aria-current="page"]')).toHaveText('3');
    for (const size of ['10', '50', '100', '25']) {
      // The select submits itself once its script has run: each size before was a full navigation, and waitForURL
      // waits for the load event, which the page's module scripts (loaded after the first paint) may follow.
      await scriptsReady(page);
      await page.getByLabel('Show').selectOption(size);
      await page.waitForURL((url) => (url.searchParams.get('size') ?? '25') === size && url.pathname === '/blocks');
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();
      await expect(page.getByTestId('block-row')).toHaveCount(Number(size));
      await expect(page.getByLabel('Show')).toHaveValue(size);
      await expect(page.getByRole('navigation', { name: 'Block list pages' }).locator('[aria-current="page"]')).toHaveText('1');
    }
  });

  test('pagination: window with ellipses, Next/Previous, first and last pages', async ({ page }) => {
    await page.goto('/blocks?size=10&page=10');
    const nav = page.getByRole('navigation', { name: 'Block list pages' });
    const latest = await digits(page.getByTestId('latest-block'));
    const total = Math.ceil((latest + 1) / 10);
    // '1 … 8 9 [10] 11 12 … total'
    const items = await nav.locator('li').evaluateAll((lis) => lis.map((li) => li.textContent?.trim()));
    expect(items).toEqual(['First', 'Previous', '1', '…', '8', '9', '10', '11', '12', '…', String(total), 'Next', 'Last']);
    const numbers = await rowNumbers(page);
    expect(numbers).toHaveLength(10);
    // Page 10 of size 10 starts 90 blocks below the head (head and page are read together; a block may land between).
    expect(numbers[0]).toBeGreaterThanOrEqual(latest - 91);
    expect(numbers[0]).toBeLessThanOrEqual(latest - 89);

    // The page's after-paint scripts have run (the island runtime and the islands it hydrates with them), so nothing
    // moves under the click: on a loaded CI run a click on Previous once led nowhere.
    await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ready');
    await nav.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blocks\?size=10&page=9$/);
    // The devnet keeps producing blocks: by the time the last page loads, a new page may have begun. Follow 'Last
    // page' until a render is its own last page (usually the first time).
    const lastNav = page.getByRole('navigation', { name: 'Block list pages' });
    await expect(async () => {
      const last = lastNav.getByRole('link', { name: 'Last page' });
      if ((await last.count()) > 0) await last.click();
      await expect(lastNav.getByText('Next', { exact: true })).toHaveAttribute('aria-disabled', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const latestHere = await digits(page.getByTestId('latest-block'));
    expect(Math.ceil((latestHere + 1) / 10)).toBeGreaterThanOrEqual(total);
    await expect(page).toHaveURL(new RegExp(`page=${Math.ceil((latestHere + 1) / 10)}$`));
    await expect(lastNav.getByText('Last', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    // The genesis block is reachable: page total = ceil((latest + 1) / size).
    expect((await rowNumbers(page)).at(-1)).toBeLessThanOrEqual(9);
    await lastNav.getByRole('link', { name: 'First page' }).click();
    await expect(page).toHaveURL(/\/blocks\?size=10&page=1$/);
    await expect(page.getByRole('navigation', { name: 'Block list pages' }).locator('[aria-current="page"]')).toHaveText('1');
  });

  test("the 'Only blocks with transactions' toggle hides empty blocks", async ({ page }) => {
    const { emptyBlock } = scenario();
    // The page of 100 that holds the scenario's empty block (the head may move a row or two meanwhile).
    await page.goto('/blocks?size=100');
    const latest = await digits(page.getByTestId('latest-block'));
    await page.goto(`/blocks?size=100&page=${Math.floor((latest - emptyBlock) / 100) + 1}`);
    const zeros = (await page.getByTestId('tx-count').allInnerTexts()).filter((c) => c === '0');
    expect(zeros.length).toBeGreaterThan(0);

    await page.getByLabel('Only blocks with transactions').check();
    await page.waitForURL(/withTxs=1/);
    const url = new URL(page.url());
    expect(url.searchParams.get('page')).toBeNull();
    expect(url.searchParams.get('size')).toBe('100');
    await expect(page.getByLabel('Only blocks with transactions')).toBeChecked();
    const counts = await page.getByTestId('tx-count').allInnerTexts();
    expect(counts.length).toBeGreaterThan(0);
    for (const c of counts) expect(Number(c.replace(/,/g, ''))).toBeGreaterThan(0);
    // Pagination keeps the filter.
    await expect(page.getByRole('navigation', { name: 'Block list pages' }).getByRole('link', { name: 'Next' })).toHaveAttribute('href', /withTxs=1/);

    // The scenario has many more than 10 empty blocks, so the last page of 10 has no block with transactions.
    const lastPage = Math.ceil((latest + 1) / 10);
    const res = await page.goto(`/blocks?withTxs=1&size=10&page=${lastPage}`);
    expect(res?.status()).toBe(200);
    expect(await indexerJson<BlockJson[]>(`/blocks?withTxs=1&limit=10&offset=${(lastPage - 1) * 10}`)).toEqual([]);
    await expect(page.getByText('No blocks with transactions found in this range.')).toBeVisible();
    await expect(page.getByTestId('block-row')).toHaveCount(0);
    await page.getByLabel('Only blocks with transactions').uncheck();
    await page.waitForURL((u) => u.searchParams.get('withTxs') === null);
    await expect(page.getByTestId('block-row')).toHaveCount(10);
  });

  test("a page past the end says 'No blocks found.' with a 404", async ({ page }) => {
    const res = await page.goto('/blocks?page=999999');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByText('No blocks found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to page 1' })).toHaveAttribute('href', '/blocks');
    const filtered = await page.goto('/blocks?page=999999&withTxs=1');
    expect(filtered?.status()).toBe(404);
    await expect(page.getByText('No blocks with transactions found in this range.')).toBeVisible();
  });

  test('garbage query values fall back to the defaults', async ({ page }) => {
    const res = await page.goto('/blocks?page=abc&size=7&withTxs=maybe');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('block-row')).toHaveCount(25);
    await expect(page.getByLabel('Only blocks with transactions')).not.toBeChecked();
  });

  test('every 30 s the page polls the head: Latest Block rises and page 1 says new blocks exist', async ({ page }) => {
    const polls: string[] = [];
    const react: string[] = [];
    page.on('request', (req) => {
      if (req.url() === `${indexerUrl()}/health`) polls.push(req.url());
      if (/\/react-runtime\.[\w-]+\.js$/.test(req.url())) react.push(req.url());
    });
    // Polling, as against an indexer without the event stream (with a stream the page does not poll).
    await withoutStream(page);
    await page.clock.install();
    await page.goto('/blocks');
    // Freeze the page's clock (a little ahead, as reading it takes time) so only runFor moves its timers.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const latestEl = page.getByTestId('latest-block');
    const shown = await digits(latestEl);
    const badge = page.getByTestId('new-blocks');
    await expect(badge).toBeHidden();
    // On real time, wait for the devnet to move past the page's head.
    await expect.poll(indexedHead, { timeout: 20_000 }).toBeGreaterThan(shown);
    // The interval started at load, at most a few seconds before the pause: nothing at 25 s, one poll by 31 s.
    await page.clock.runFor(24_000);
    expect(polls).toHaveLength(0);
    // The page's script follows the store from the start; its island waits for news (client:news): no React yet.
    const island = page.locator('astro-island[component-url*="LatestBlockLive"]');
    await expect(island).toHaveAttribute('ssr', '');
    expect(react).toEqual([]);
    await page.clock.runFor(6_000);
    await expect.poll(() => polls.length).toBe(1);
    // The poll's newer block is news: the island hydrates (React's runtime loads now) and shows it.
    await expect(island).not.toHaveAttribute('ssr');
    expect(react).toHaveLength(1);
    await expect.poll(() => digits(latestEl)).toBeGreaterThan(shown);
    const now = await digits(latestEl);
    await expect(latestEl).toHaveAttribute('href', `/blocks/${now}`);
    await expect(badge).toBeVisible();
    await expect(badge).toContainText(`${now - shown} new block${now - shown === 1 ? '' : 's'} since this page loaded`);
    await badge.getByRole('link', { name: 'Show new blocks' }).click();
    await expect.poll(async () => (await rowNumbers(page))[0]).toBeGreaterThanOrEqual(now);

    // Other pages update the number but announce nothing: once their own poll has raised it (the clock is still paused,
    // so that poll runs only when the test moves the page's clock past the 30 s interval).
    // The paused clock would hold the island's idle callback: it runs until the page is ready, then stops again.
    await page.clock.resume();
    await page.goto('/blocks?page=2');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const second = await digits(latestEl);
    await expect(badge).toBeHidden();
    await expect.poll(indexedHead, { timeout: 20_000 }).toBeGreaterThan(second);
    const polled = page.waitForResponse((res) => res.url() === `${indexerUrl()}/health` && res.ok());
    await page.clock.runFor(31_000);
    await polled;
    await expect.poll(() => digits(latestEl)).toBeGreaterThan(second);
    await expect(badge).toBeHidden();
  });
});

test.describe('block detail', () => {
  test('the busy block: overview matches the chain and the indexer, AI badge and card, full transaction table', async ({ page }) => {
    const { busyBlock } = scenario();
    const [json, chain] = await Promise.all([
      indexerJson<BlockJson & { transactions: TxJson[] }>(`/blocks/${busyBlock.number}`),
      rpc<{ hash: string; miner: string; gasUsed: string; gasLimit: string; timestamp: string; transactions: string[] }>('eth_getBlockByNumber', [`0x${busyBlock.number.toString(16)}`, false]),
    ]);
    const res = await page.goto(`/blocks/${busyBlock.number}`);
    expect(res?.status()).toBe(200);
    // Far behind the head: final, so a CDN may keep the page.
    expect(res?.headers()['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Block #${busyBlock.number}` })).toBeVisible();
    await expect(page.getByTestId('ai-badge')).toHaveText('AI Optimized');
    await expect(page.getByTestId('block-time')).toContainText('UTC');

    await expect(page.getByRole('heading', { name: 'Block Overview' })).toBeVisible();
    await expect(page.getByTestId('block-height')).toHaveText(busyBlock.number.toLocaleString('en-US'));
    await expect(page.getByTestId('block-overview').getByTestId('tx-count')).toHaveText(String(busyBlock.txCount));
    expect(chain.transactions).toHaveLength(busyBlock.txCount);
    await expect(page.getByTestId('block-hash')).toHaveText(chain.hash);
    expect(json.hash).toBe(chain.hash);
    const miner = page.getByTestId('miner').getByRole('link');
    // The chain answers lowercase hex; the page shows the checksum form of the same address.
    await expect(miner).toHaveText(getAddress(chain.miner));
    await expect(miner).toHaveAttribute('href', `/address/${json.miner}`);
    await expect(page.getByTestId('gas-used')).toHaveText(gasUsedText(BigInt(chain.gasUsed), BigInt(chain.gasLimit)));
    await expect(page.getByTestId('gas-used')).toHaveText(/\(\d+\.\d{2}%\)$/);
    await expect(page.getByTestId('gas-limit')).toHaveText(BigInt(chain.gasLimit).toLocaleString('en-US'));
    await expect(page.getByTestId('block-reward')).toHaveText(/^[\d,.]+ STO$/);
    await expect(page.getByTestId('timestamp')).toContainText(new Date(Number(chain.timestamp) * 1000).getUTCFullYear().toString());

    const card = page.getByTestId('ai-optimization');
    await expect(page.getByRole('heading', { name: 'AI Optimization Details' })).toBeVisible();
    for (const text of ['98.7% gas savings', '+42% throughput', '99.2% prediction accuracy']) await expect(card.getByText(text)).toBeVisible();

    const table = page.getByTestId('block-txs');
    for (const name of ['Txn Hash', 'From', 'To', 'Value', 'Gas Used']) await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expect(page.getByTestId('tx-row')).toHaveCount(busyBlock.txCount);
    const first = json.transactions[0] as TxJson;
    await expect(page.getByTestId('tx-row').first().getByTestId('tx-hash')).toHaveAttribute('href', `/transactions/${first.hash}`);
    await expect(page.getByTestId('tx-row').first().getByTestId('value')).toHaveText(/ STO$/);

    await expect(page.getByRole('link', { name: 'Previous block' })).toHaveAttribute('href', `/blocks/${busyBlock.number - 1}`);
    await expect(page.getByRole('link', { name: 'Next block' })).toHaveAttribute('href', `/blocks/${busyBlock.number + 1}`);
  });

  test('an empty block: no badge, no AI card, "No transactions in this block"', async ({ page }) => {
    const { emptyBlock } = scenario();
    await page.goto(`/blocks/${emptyBlock}`);
    await expect(page.getByRole('heading', { level: 1, name: `Block #${emptyBlock}` })).toBeVisible();
    await expect(page.getByTestId('ai-badge')).toHaveCount(0);
    await expect(page.getByText('AI Optimization Details')).toHaveCount(0);
    await expect(page.getByTestId('block-overview').getByTestId('tx-count')).toHaveText('0');
    await expect(page.getByTestId('gas-used')).toHaveText('0 (0.00%)');
    await expect(page.getByText('No transactions in this block')).toBeVisible();
  });

  test("a contract creation shows '[Contract Creation]' in the To column", async ({ page }) => {
    const hash = scenario().samples.contractCreation;
    const tx = await indexerJson<TxJson>(`/transactions/${hash}`);
    expect(tx.to).toBeNull();
    await page.goto(`/blocks/${Number(tx.blockNumber)}`);
    const row = page.getByTestId('tx-row').filter({ has: page.locator(`a[href="/transactions/${hash}"]`) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('to')).toContainText('[Contract Creation]');
  });

  test('Previous is disabled at block 0, Next at the latest block (which is not cached)', async ({ page }) => {
    await page.goto('/blocks/0');
    await expect(page.getByRole('heading', { level: 1, name: 'Block #0' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Previous block' })).toHaveCount(0);
    await expect(page.getByTestId('previous-block')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name: 'Next block' })).toHaveAttribute('href', '/blocks/1');

    // The head moves every 3 s: retry until the page and the indexer agree on it.
    await expect(async () => {
      const head = await indexedHead();
      const res = await page.goto(`/blocks/${head}`);
      expect(res?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByTestId('next-block')).toHaveAttribute('aria-disabled', 'true', { timeout: 500 });
      await expect(page.getByRole('link', { name: 'Next block' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Previous block' })).toHaveAttribute('href', `/blocks/${head - 1}`);
    }).toPass({ timeout: 20_000 });
  });

  test('a block hash in the URL shows that block', async ({ page }) => {
    const { busyBlock } = scenario();
    const json = await indexerJson<BlockJson>(`/blocks/${busyBlock.number}`);
    for (const hash of [json.hash, `0x${json.hash.slice(2).toUpperCase()}`]) {
      const res = await page.goto(`/blocks/${hash}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: `Block #${busyBlock.number}` })).toBeVisible();
      await expect(page.getByTestId('block-hash')).toHaveText(json.hash);
    }
  });

  test('the aliases /block/{n} and /b/{n} land on the block', async ({ page }) => {
    for (const alias of ['/block/3', '/b/3']) {
      await page.goto(alias);
      await expect(page).toHaveURL(/\/blocks\/3$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Block #3' })).toBeVisible();
    }
  });

  const notFound: Array<[string, string]> = [
    ['a number past the head', '/blocks/99999999'],
    ['an unknown hash', `/blocks/0x${'ab'.repeat(32)}`],
  ];
  for (const [name, path] of notFound) {
    test(`'Block not found' with 404 for ${name}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      expect(res?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('alert')).toHaveText(/Block not found/);
      await expect(page.getByRole('link', { name: BACK })).toHaveAttribute('href', '/blocks');
    });
  }

  for (const bad of ['abc', '-1', '1.5', '0x1234', '9'.repeat(40), '%20']) {
    test(`'Invalid block number' with 400 for ${JSON.stringify(bad)}`, async ({ page }) => {
      const res = await page.goto(`/blocks/${bad}`);
      expect(res?.status()).toBe(400);
      expect(res?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('alert')).toHaveText(/Invalid block number/);
      await expect(page.getByRole('link', { name: BACK })).toHaveAttribute('href', '/blocks');
      const html = await res?.text();
      expect(html).not.toMatch(/at \w+ \(|stack/i);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the block list, its page-size form, toggle and pagination work', async ({ page }) => {
    await page.goto('/blocks?page=2');
    await expect(page.getByTestId('block-row')).toHaveCount(25);
    await expect(page.getByTestId('latest-block')).toHaveText(/^\d[\d,]*$/);
    await page.getByLabel('Show').selectOption('10');
    await page.getByTestId('page-size').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/blocks\?size=10$/);
    await expect(page.getByTestId('block-row')).toHaveCount(10);
    await page.getByLabel('Only blocks with transactions').check();
    await page.getByTestId('with-txs-form').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/blocks\?size=10&withTxs=1$/);
    for (const c of await page.getByTestId('tx-count').allInnerTexts()) expect(Number(c)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Block list pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/blocks\?size=10&withTxs=1&page=2$/);
    await expect(page.getByTestId('block-row')).toHaveCount(10);
  });

  test('the block detail shows its overview and transactions', async ({ page }) => {
    const { busyBlock } = scenario();
    await page.goto(`/blocks/${busyBlock.number}`);
    await expect(page.getByTestId('block-height')).toHaveText(busyBlock.number.toLocaleString('en-US'));
    await expect(page.getByTestId('block-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
    await expect(page.getByTestId('gas-used')).toHaveText(/^[\d,]+ \(\d+\.\d{2}%\)$/);
    await expect(page.getByTestId('tx-row')).toHaveCount(busyBlock.txCount);
    await expect(page.getByText('98.7% gas savings')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next block' })).toBeVisible();
  });
});

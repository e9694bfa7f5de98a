import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated, indexerJson, scenario, scriptsReady, test } from './fixtures.ts';
import { PRESET_TOKENS } from '../../src/lib/tokens/presets.ts';

// The token list and token detail screens against the run's devnet. Live activity moves SGOV, SUSD and LPT (new
// transfers and holders), so their counts are compared with the indexer before and after the page load; ITEM (the
// ERC-1155) and the hostile tokens do not move and are used where exact rows are compared.

interface TokenJson {
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: string | null;
  holders: number;
  transfers: number;
  type: string;
}
interface TransferJson {
  transactionHash: string;
  blockNumber: number;
  fromAddress: string;
  toAddress: string;
  value: string;
  tokenId: string | null;
}
interface HoldersJson {
  holders: Array<{ address: string; balance: string; percentage: number }>;
  totalHolders: number;
}

/** The chart island's code: its component's chunk and its drawing module's (uPlot with it). */
const CHART_CODE = /\/_astro\/(Chart|draw)\.[\w-]+\.js/;
const COLUMNS = ['Token', 'Price', '24h Change', 'Volume', 'Market Cap', 'Holders'];
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const lower = (a: string) => a.toLowerCase();
const presetAddresses = new Set(PRESET_TOKENS.flatMap((t) => (t.address ? [lower(t.address)] : [])));
const itemAddress = () => lower(scenario().erc1155.address);
const sgov = () => lower(scenario().holderToken.address);
const hostile = (role: string) => {
  const t = scenario().hostile.erc20.find((h) => h.role === role);
  if (!t) throw new Error(`no hostile token ${role}`);
  return t;
};

/** The indexer's tokens, addresses lowercased (the indexer may checksum them). */
const allTokens = async () => (await indexerJson<TokenJson[]>('/tokens?limit=100')).map((t) => ({ ...t, address: lower(t.address) }));
/** A link to a path ending in this address, any case. */
const hrefTo = (path: string, address: string) => new RegExp(`^${path}${address}$`, 'i');

/** Collects every dialog the page opens (a hostile name that ran as script would open one). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map((t) => t.trim());
}
const rowAddresses = (page: Page) => page.getByTestId('token-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-address') ?? ''));
const rowNumbers = async (page: Page) => (await texts(page.getByTestId('token-holders'))).map((t) => Number(t.replace(/,/g, '')));

/** The list's order when every sort value ties (all devnet prices are unknown): presets, then holders, then name. */
function tieOrder(tokens: TokenJson[]): string[] {
  return [...tokens]
    .sort(
      (a, b) =>
        Number(!presetAddresses.has(a.address)) - Number(!presetAddresses.has(b.address)) ||
        b.holders - a.holders ||
        collator.compare(a.name?.trim() || 'Unknown Token', b.name?.trim() || 'Unknown Token') ||
        a.address.localeCompare(b.address),
    )
    .map((t) => t.address);
}

/** Whether the document scrolls sideways. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Nothing from a hostile name ran or became markup. */
async function expectNoInjection(page: Page, dialogs: string[]): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  const scripts = await page.locator('script').evaluateAll((all) => all.map((s) => s.textContent ?? ''));
  expect(scripts.filter((s) => s.includes('alert(1)'))).toEqual([]);
  expect(dialogs).toEqual([]);
}

test.describe('token list', () => {
  test('columns, rows, links, figures, info card and zero-gas statement', async ({ page }) => {
    const before = await allTokens();
    const res = await page.goto('/tokens');
    expect(res?.status()).toBe(200);
    const after = await allTokens();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens');
    const table = page.getByTestId('tokens-table');
    await expect(table.getByTestId('column-label')).toHaveText(COLUMNS);
    await expect(table.getByRole('columnheader', { name: 'Market Cap' })).toHaveAttribute('aria-sort', 'descending');
    const rows = page.getByTestId('token-row');
    await expect(rows).toHaveCount(Math.min(25, after.length));
    await expect(page.getByTestId('token-count')).toHaveText(String(after.length));

    // Every token, linked to its token page and its address page, with the indexer's holder count.
    const shown = await rowAddresses(page);
    expect([...shown].sort()).toEqual(after.map((t) => t.address).sort());
    for (const t of after) {
      const row = page.locator(`[data-test="token-row"][data-address="${t.address}"]`);
      await expect(row.getByTestId('token-name')).toHaveAttribute('href', hrefTo('/tokens/', t.address));
      await expect(row.getByTestId('token-address')).toHaveAttribute('href', hrefTo('/address/', t.address));
      const holders = Number((await row.getByTestId('token-holders').innerText()).replace(/,/g, ''));
      const was = before.find((b) => b.address === t.address)?.holders ?? t.holders;
      expect(holders).toBeGreaterThanOrEqual(Math.min(was, t.holders));
      expect(holders).toBeLessThanOrEqual(Math.max(was, t.holders));
    }
    // No devnet token has a price (built-in prices are for STO, USDT, USDC and 3DC): every figure is unknown.
    for (const id of ['token-price', 'token-change', 'token-volume', 'token-market-cap']) {
      expect(new Set(await texts(page.getByTestId(id)))).toEqual(new Set(['—']));
    }
    // Default order (market cap, all unknown): presets first, then by holders.
    expect(shown.slice(0, 3).every((a) => presetAddresses.has(a))).toBe(true);
    const priorities = (await rows.evaluateAll((all) => all.map((r) => Number(r.getAttribute('data-priority')))));
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    await expect(page.getByTestId('price-error')).toHaveCount(0);

    await expect(page.getByTestId('info-total-tokens')).toHaveText('1,000+');
    await expect(page.getByTestId('info-standards')).toHaveText(/ERC-20\s*ERC-721\s*ERC-1155/);
    await expect(page.getByTestId('info-daily-transfers')).toHaveText('50K+');
    await expect(page.getByTestId('zero-gas')).toHaveText('Token transfers on the STO network have zero gas fees.');
  });

  test('sorting: each column, the same column toggles, a new column starts descending', async ({ page }) => {
    await page.goto('/tokens?size=100');
    const header = (key: string) => page.getByTestId(`sort-${key}`);

    await header('holders').click();
    await expect(page).toHaveURL(/sort=holders&dir=desc/);
    await expect(page.getByRole('columnheader', { name: 'Holders' })).toHaveAttribute('aria-sort', 'descending');
    const desc = await rowNumbers(page);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    await header('holders').click();
    await expect(page).toHaveURL(/sort=holders&dir=asc/);
    await expect(page.getByRole('columnheader', { name: 'Holders' })).toHaveAttribute('aria-sort', 'ascending');
    const asc = await rowNumbers(page);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));

    await header('token').click();
    await expect(page).toHaveURL(/sort=token&dir=desc/);
    const namesDesc = await page.getByTestId('token-name').evaluateAll((all) => all.map((a) => a.getAttribute('title') ?? ''));
    expect(namesDesc).toEqual([...namesDesc].sort((a, b) => collator.compare(b, a)));
    await header('token').click();
    await expect(page).toHaveURL(/sort=token&dir=asc/);
    const namesAsc = await page.getByTestId('token-name').evaluateAll((all) => all.map((a) => a.getAttribute('title') ?? ''));
    expect(namesAsc).toEqual([...namesDesc].reverse());

    // Price, 24h Change, Volume, Market Cap: unknown everywhere on the devnet, so the rows keep their tie order.
    for (const [key, label] of [['price', 'Price'], ['change', '24h Change'], ['volume', 'Volume'], ['marketCap', 'Market Cap']] as const) {
      await header(key).click();
      await expect(page).toHaveURL(new RegExp(`sort=${key}&dir=desc`));
      const th = page.getByRole('columnheader', { name: label });
      await expect(th).toHaveAttribute('aria-sort', 'descending');
      expect(await rowAddresses(page)).toEqual(tieOrder(await allTokens()));
      await header(key).click();
      await expect(page).toHaveURL(new RegExp(`sort=${key}&dir=asc`));
      await expect(th).toHaveAttribute('aria-sort', 'ascending');
    }
    // Sorting keeps the page size and starts on page 1.
    await expect(page).toHaveURL(/size=100/);
  });

  test('search by name, symbol or address (case-insensitive substring), empty result, clear', async ({ page }) => {
    const tokens = await allTokens();
    const governance = tokens.find((t) => t.address === sgov());
    if (!governance) throw new Error('no SGOV');

    await page.goto('/tokens');
    await page.getByLabel('Search tokens by name, symbol or address').fill('GOVERNANCE');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await expect(page).toHaveURL(/[?&]q=GOVERNANCE/);
    await expect(page.getByTestId('token-row')).toHaveCount(1);
    await expect(page.getByTestId('token-name')).toHaveText('Sto Governance');

    const bySymbol = tokens.filter((t) => [t.name, t.symbol, t.address].some((f) => (f ?? '').toLowerCase().includes('susd')));
    await page.goto('/tokens?q=susd');
    expect((await rowAddresses(page)).sort()).toEqual(bySymbol.map((t) => t.address).sort());

    const fragment = itemAddress().slice(2, 14).toUpperCase();
    await page.goto(`/tokens?q=${fragment}`);
    expect(await rowAddresses(page)).toEqual([itemAddress()]);

    // Markup in a search is text, and finds the hostile token whose name holds it.
    await page.goto(`/tokens?q=${encodeURIComponent('<script>')}`);
    expect(await rowAddresses(page)).toContain(lower(hostile('script').address));
    await expect(page.getByTestId('token-query')).toHaveText('<script>');

    await page.goto('/tokens?q=no-such-token-anywhere');
    await expect(page.getByTestId('token-row')).toHaveCount(0);
    await expect(page.getByTestId('empty')).toContainText('No tokens match your search.');
    await page.getByRole('link', { name: 'Clear Search' }).click();
    await expect(page).toHaveURL(/\/tokens$/);
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(25, tokens.length));
  });

  test('page sizes 10/25/50/100 and the pagination window', async ({ page }) => {
    const count = (await allTokens()).length;
    await page.goto('/tokens?size=10');
    await expect(page.getByLabel('Show')).toHaveValue('10');
    await expect(page.getByLabel('Show').locator('option')).toHaveText(['10', '25', '50', '100']);
    await expect(page.getByTestId('token-row')).toHaveCount(10);
    const pages = Math.ceil(count / 10);
    const nav = page.getByTestId('pagination');
    await expect(nav).toContainText(`Page 1 of ${pages}`);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toBeVisible();
    const firstPage = await rowAddresses(page);
    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(10, count - 10));
    expect((await rowAddresses(page)).some((a) => firstPage.includes(a))).toBe(false);
    await expect(nav).toContainText(`Page 2 of ${pages}`);

    // Changing the size (auto-submitted) goes back to page 1. The select submits itself once its script has run: Next
    // was a full navigation, and before the script a changed select submits nothing.
    await scriptsReady(page);
    await page.getByLabel('Show').selectOption('50');
    await expect(page).toHaveURL(/size=50/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(50, count));

    // Garbage falls back to the defaults; a page past the end shows the last page.
    const garbage = await page.goto('/tokens?size=7&page=-3&sort=%3Cx%3E&dir=sideways');
    expect(garbage?.status()).toBe(200);
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(25, count));
    await expect(page.getByRole('columnheader', { name: 'Market Cap' })).toHaveAttribute('aria-sort', 'descending');
    await page.goto('/tokens?size=10&page=99');
    await expect(page.getByTestId('pagination')).toContainText(`Page ${pages} of ${pages}`);
  });

  test('logos: a preset logo is found, a token without one shows initials, a failed load falls back', async ({ page, request }) => {
    await page.goto('/tokens');
    const sgovRow = page.locator(`[data-test="token-row"][data-address="${sgov()}"]`);
    await expect(sgovRow.getByTestId('token-logo')).toHaveAttribute('data-state', 'found');
    expect(await sgovRow.getByTestId('token-logo-img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const plain = page.locator(`[data-test="token-row"][data-address="${itemAddress()}"]`);
    await expect(plain.getByTestId('token-logo-img')).toHaveCount(0);
    await expect(plain.getByTestId('token-logo')).toHaveAttribute('data-state', 'failed');
    await expect(plain.getByTestId('token-initials')).toHaveText('IT');
    const script = page.locator(`[data-test="token-row"][data-address="${lower(hostile('script').address)}"]`);
    await expect(script.getByTestId('token-initials')).toHaveText('IM');

    // The logo route: PNG for presets, 404 otherwise, never anything that could run.
    const logo = await request.get(`/token-logos/${sgov()}.png`);
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(logo.headers()['x-content-type-options']).toBe('nosniff');
    expect(logo.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect([...(await logo.body()).subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect((await request.get(`/token-logos/${itemAddress()}.png`)).status()).toBe(404);
    expect((await request.get('/token-logos/%3Cscript%3E.png')).status()).toBe(404);

    // A logo that fails to load gives way to the initials.
    await page.route('**/token-logos/**', (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.reload();
    await expect(sgovRow.getByTestId('token-logo')).toHaveAttribute('data-state', 'failed');
    await expect(sgovRow.getByTestId('token-logo-img')).toBeHidden();
    await expect(sgovRow.getByTestId('token-initials')).toBeVisible();
    await expect(sgovRow.getByTestId('token-initials')).toHaveText('SG');
  });

  test('hostile names and symbols render as text, isolated and truncated, without overflow at 375 px', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const tokens = await allTokens();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/tokens?size=100');
    const names = await texts(page.getByTestId('token-name'));
    const symbols = await texts(page.getByTestId('token-symbol'));
    for (const t of scenario().hostile.erc20) {
      expect(names).toContain(t.name);
      expect(symbols).toContain(t.symbol);
    }
    // Invalid UTF-8 is shown as the indexer decoded it.
    const bad = tokens.find((t) => t.address === lower(scenario().hostile.badUtf8.address));
    if (!bad) throw new Error('no bad-UTF-8 token');
    expect(names).toContain(bad.name);
    // Very long names are cut by CSS, with the whole name in the title.
    const long = page.locator(`[data-test="token-row"][data-address="${lower(hostile('long-name').address)}"]`).getByTestId('token-name');
    await expect(long).toHaveAttribute('title', hostile('long-name').name);
    expect(await long.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Right-to-left overrides stay inside their own isolate.
    expect(await page.locator('[data-test="token-name"] bdi').count()).toBe(tokens.length);
    await expectNoInjection(page, dialogs);
    expect(await overflows(page)).toBe(false);
  });
});

test.describe('token detail', () => {
  test('overview: header, Token Information and Market Information match the indexer', async ({ page }) => {
    const address = sgov();
    const before = await indexerJson<TokenJson>(`/tokens/${address}`);
    const res = await page.goto(`/tokens/${address}`);
    expect(res?.status()).toBe(200);
    const after = await indexerJson<TokenJson>(`/tokens/${address}`);

    await expect(page.getByTestId('token-title')).toHaveText('Sto Governance');
    await expect(page.getByTestId('token-header-symbol')).toHaveText('SGOV');
    await expect(page.getByTestId('token-standard')).toHaveText('ERC-20');
    await expect(page.getByTestId('token-header').getByTestId('token-logo')).toHaveAttribute('data-state', 'found');
    const tabs = page.getByTestId('tabs');
    await expect(tabs.getByRole('link')).toHaveText(['Overview', 'Transfers', 'Holders']);
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    const info = page.getByTestId('token-information');
    await expect(info.getByTestId('info-name')).toHaveText('Sto Governance');
    await expect(info.getByTestId('info-symbol')).toHaveText('SGOV');
    await expect(info.getByTestId('info-contract').getByRole('link')).toHaveAttribute('href', hrefTo('/address/', address));
    await expect(info.getByTestId('info-contract')).toHaveText(new RegExp(`^${address}$`, 'i'));
    await expect(info.getByTestId('info-decimals')).toHaveText('18');
    await expect(info.getByTestId('info-supply')).toHaveText('10,000,000 SGOV');
    const holders = Number((await info.getByTestId('info-holders').innerText()).replace(/,/g, ''));
    expect(holders).toBeGreaterThanOrEqual(Math.min(before.holders, after.holders));
    expect(holders).toBeLessThanOrEqual(Math.max(before.holders, after.holders));

    const market = page.getByTestId('market-information');
    await expect(market.locator('dt')).toHaveText(['Price', '24h Price Change', 'Market Cap', '24h Volume']);
    for (const id of ['market-price', 'market-change', 'market-cap', 'market-volume']) await expect(market.getByTestId(id)).toHaveText('—');
    await expect(page.getByTestId('price-range')).toHaveText('24h');
  });

  test('the price chart loads uPlot only when scrolled into view', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => { if (req.resourceType() === 'script') scripts.push(req.url()); });
    await page.setViewportSize({ width: 375, height: 200 });
    const transfers = await indexerJson<TransferJson[]>(`/tokens/${itemAddress()}/transfers?limit=30`);
    await page.goto(`/tokens/${itemAddress()}`, { waitUntil: 'networkidle' });
    const chart = page.getByTestId('price-chart');
    const box = await chart.boundingBox();
    expect(box?.y ?? 0, 'the chart starts below the fold').toBeGreaterThan(200 + 50);
    // The chart island waits (client:visible): neither its code nor uPlot's (its drawing module) is loaded.
    const island = chart.getByTestId('price-chart-canvas');
    await expect(island).toHaveAttribute('data-state', 'server');
    await expect(chart.locator('astro-island[ssr]')).toHaveCount(1);
    await expect(chart.locator('canvas')).toHaveCount(0);
    expect(scripts.filter((u) => CHART_CODE.test(u))).toEqual([]);
    // The server's fallback already tells the series.
    await expect(page.getByTestId('price-point')).toHaveCount(transfers.length);
    await expect(page.getByTestId('price-chart-count')).toHaveText(String(transfers.length));

    await chart.scrollIntoViewIfNeeded();
    await hydrated(page, chart);
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(island).toHaveAttribute('data-state', 'drawn');
    expect([...new Set(scripts.filter((u) => CHART_CODE.test(u)).map((u) => /\/_astro\/(\w+)/.exec(u)?.[1]))].sort()).toEqual(['Chart', 'draw']);
    // The drawn chart follows its element's width (the island's ResizeObserver): a wider window, a wider canvas.
    const before = (await chart.locator('canvas').first().boundingBox())?.width ?? 0;
    await page.setViewportSize({ width: 700, height: 400 });
    await expect.poll(async () => (await chart.locator('canvas').first().boundingBox())?.width ?? 0).toBeGreaterThan(before + 100);
  });

  test('transfers tab: columns, links, values and Previous / Page N / Next', async ({ page }) => {
    const address = itemAddress();
    const token = await indexerJson<TokenJson>(`/tokens/${address}`);
    const expected = await indexerJson<TransferJson[]>(`/tokens/${address}/transfers?limit=10&offset=10`);
    await page.goto(`/tokens/${address}`);
    await page.getByTestId('tabs').getByRole('link', { name: 'Transfers' }).click();
    await expect(page).toHaveURL(/tab=transfers/);
    const table = page.getByTestId('transfers-table');
    await expect(table.getByRole('columnheader')).toHaveText(['Txn Hash', 'Block', 'Age', 'From', 'To', 'Value']);
    await expect(page.getByTestId('transfer-row')).toHaveCount(10);
    await expect(page.getByTestId('page-number')).toHaveText('Page 1');
    await expect(page.getByTestId('pager').getByText('Previous')).toHaveAttribute('aria-disabled', 'true');

    await page.getByTestId('pager').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/tab=transfers&page=2/);
    await expect(page.getByTestId('page-number')).toHaveText('Page 2');
    const rows = page.getByTestId('transfer-row');
    await expect(rows).toHaveCount(expected.length);
    for (const [i, t] of expected.entries()) {
      const row = rows.nth(i);
      await expect(row.getByTestId('tx-hash')).toHaveAttribute('href', `/transactions/${t.transactionHash}`);
      await expect(row.getByTestId('block-number')).toHaveAttribute('href', `/blocks/${t.blockNumber}`);
      await expect(row.getByTestId('address').first()).toHaveAttribute('title', new RegExp(t.fromAddress, 'i'));
      await expect(row.getByTestId('address').nth(1)).toHaveAttribute('href', new RegExp(`/address/${t.toAddress}$`, 'i'));
      await expect(row.getByTestId('transfer-amount')).toHaveText(BigInt(t.value).toLocaleString('en-US'));
      await expect(row.getByTestId('transfer-value')).toContainText(token.symbol ?? '');
      if (t.tokenId !== null) await expect(row.getByTestId('transfer-token-id')).toHaveText(`#${t.tokenId}`);
    }
    await page.getByTestId('pager').getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByTestId('page-number')).toHaveText('Page 1');
  });

  test("holders tab: Rank, Address, Balance, Percentage ('< 0.01%'), 10 per page", async ({ page }) => {
    const address = sgov();
    await page.goto(`/tokens/${address}?tab=holders`);
    const table = page.getByTestId('holders-table');
    await expect(table.getByRole('columnheader')).toHaveText(['Rank', 'Address', 'Balance', 'Percentage']);
    await expect(page.getByTestId('holder-row')).toHaveCount(10);
    expect(await texts(page.getByTestId('holder-rank'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await page.getByTestId('pager').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/tab=holders&page=2/);
    expect(await texts(page.getByTestId('holder-rank'))).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);

    // The smallest holders: shares under 0.01 % read '< 0.01%'; the figures are the indexer's.
    const total = (await indexerJson<HoldersJson>(`/holders/token/${address}?limit=1`)).totalHolders;
    const last = Math.ceil(total / 10);
    await page.goto(`/tokens/${address}?tab=holders&page=${last}`);
    const expected = await indexerJson<HoldersJson>(`/holders/token/${address}?limit=10&offset=${(last - 1) * 10}`);
    await expect(page.getByTestId('holders-total')).toHaveText(String(expected.totalHolders));
    await expect(page.getByTestId('pager').getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    const percentages = await texts(page.getByTestId('holder-percentage'));
    expect(percentages).toContain('< 0.01%');
    const shown = await page.getByTestId('holder-row').evaluateAll((rows) => rows.map((r) => r.querySelector('[data-test="address"]')?.getAttribute('title')?.toLowerCase()));
    for (const [i, h] of expected.holders.entries()) {
      if (shown[i] !== h.address) continue; // live activity moved this row between the two reads
      expect(percentages[i]).toBe(h.percentage < 0.01 ? '< 0.01%' : `${h.percentage.toFixed(2)}%`);
    }
  });

  test('not found (404), malformed address (400), redirects', async ({ page, request }) => {
    const missing = await page.goto('/tokens/0x0000000000000000000000000000000000000001');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('error')).toContainText('Token not found');
    await expect(page.getByRole('link', { name: 'Back to Tokens' })).toHaveAttribute('href', '/tokens');

    for (const bad of ['0x123', 'not-an-address', '0x5fbdb2315678afecb367f032d93f642f64180aaZ']) {
      const res = await page.goto(`/tokens/${bad}`);
      expect(res?.status(), bad).toBe(400);
      await expect(page.getByTestId('invalid-address')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Tokens' })).toBeVisible();
    }
    for (const alias of ['/token/', '/t/']) {
      const res = await request.get(`${alias}${sgov()}`, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(res.headers()['location']).toBe(`/tokens/${sgov()}`);
    }
  });

  test('hostile tokens: names as text on every tab, isolated, no overflow at 375 px', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const t of scenario().hostile.erc20) {
      for (const tab of ['', '?tab=transfers', '?tab=holders']) {
        await page.goto(`/tokens/${lower(t.address)}${tab}`);
        await expect(page.getByTestId('token-title')).toHaveText(t.name);
        await expect(page.getByTestId('token-title')).toHaveAttribute('title', t.name);
        await expect(page.getByTestId('token-header-symbol')).toHaveText(t.symbol);
        expect(await overflows(page), `${t.role}${tab}`).toBe(false);
      }
    }
    const bad = scenario().hostile.badUtf8;
    const badJson = await indexerJson<TokenJson>(`/tokens/${bad.address}`);
    await page.goto(`/tokens/${bad.address}`);
    await expect(page.getByTestId('info-name')).toHaveText(badJson.name ?? '');
    await expectNoInjection(page, dialogs);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list: rows, sorting links, search form and page-size form work', async ({ page }) => {
    const count = (await allTokens()).length;
    await page.goto('/tokens');
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(25, count));
    await expect(page.locator(`[data-test="token-row"][data-address="${itemAddress()}"]`).getByTestId('token-initials')).toBeVisible();
    await page.getByTestId('sort-holders').click();
    await expect(page).toHaveURL(/sort=holders&dir=desc/);
    const holders = await rowNumbers(page);
    expect(holders).toEqual([...holders].sort((a, b) => b - a));
    await page.getByLabel('Search tokens by name, symbol or address').fill('loyalty');
    await page.getByTestId('token-search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=loyalty/);
    await expect(page).toHaveURL(/sort=holders/);
    await expect(page.getByTestId('token-name')).toHaveText(['Loyalty Points']);
    await page.goto('/tokens');
    await page.getByLabel('Show').selectOption('10');
    await page.getByTestId('page-size').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/size=10/);
    await expect(page.getByTestId('token-row')).toHaveCount(Math.min(10, count));
  });

  test('the detail page: overview with the chart data, tabs and pagers as links', async ({ page }) => {
    const address = itemAddress();
    const transfers = await indexerJson<TransferJson[]>(`/tokens/${address}/transfers?limit=30`);
    await page.goto(`/tokens/${address}`);
    await expect(page.getByTestId('token-title')).toHaveText('Sto Game Items');
    await expect(page.getByTestId('info-holders')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('price-chart-summary')).toBeVisible();
    await expect(page.getByTestId('price-chart').locator('canvas')).toHaveCount(0);
    await page.getByText('Chart data').click();
    await expect(page.getByTestId('price-point')).toHaveCount(transfers.length);
    await page.getByTestId('tabs').getByRole('link', { name: 'Holders' }).click();
    await expect(page.getByTestId('holder-row')).toHaveCount(10);
    await page.getByTestId('pager').getByRole('link', { name: 'Next' }).click();
    await expect(page.getByTestId('page-number')).toHaveText('Page 2');
    await page.getByTestId('tabs').getByRole('link', { name: 'Transfers' }).click();
    await expect(page.getByTestId('page-number')).toHaveText('Page 1');
    await expect(page.getByTestId('transfer-row')).toHaveCount(10);
  });
});

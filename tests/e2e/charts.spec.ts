import { expect, type Page } from '@playwright/test';
import { CHAIN_SERIES, type ChainSeriesName, type SeriesPoint, type SeriesResponse, type SummaryResponse } from '../../common/stats-series.ts';
import { formatSeriesValue } from '../../src/lib/charts/series-view.ts';
import { hydrated, indexerJson, rpc, scenario, test } from './fixtures.ts';

// The charts: /charts' cards against the indexer's own /stats/summary, a series page with and without
// JavaScript (the chart drawn, the table, the range links, the CSV), the token page's cards, 360 px, the dark theme
// and bad input. The devnet keeps producing blocks, so the day in progress may move while a page is read: a figure is
// compared with the answers read just before and just after it.

const NAMES = Object.keys(CHAIN_SERIES) as ChainSeriesName[];

/** The chart island's code: its component's chunk and its drawing module's (uPlot with it). */
const CHART_CODE = /\/_astro\/(Chart|draw)\.[\w-]+\.js/;

/**
 * Waits until the indexer has folded every block up to the chain's head of now into its days (it folds behind its
 * sync, oldest day first, in whole days): from then on a finished day's figures no longer change while a test reads
 * them. The daily block counts then add up to at least the head's number.
 */
async function statsCaughtUp(): Promise<void> {
  const head = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
  const folded = async (): Promise<number> => (await indexerJson<SeriesResponse>('/stats/series/blocks')).points.reduce((n, p) => n + Number(p.value ?? 0), 0);
  await expect.poll(folded, { timeout: 60_000, message: `blocks folded into days, up to block ${head}` }).toBeGreaterThanOrEqual(head);
}

/** Whether a shown point is one of two answers, or between them on the same day (the day's figures only grow). */
function shownBetween(shown: { day: string | null; value: string | null }, before: SeriesPoint | null, after: SeriesPoint | null): boolean {
  const same = (p: SeriesPoint | null) => (p === null ? shown.day === null : shown.day === p.day && shown.value === (p.value ?? ''));
  if (same(before) || same(after)) return true;
  if (!before || !after || before.day !== after.day || shown.day !== after.day || shown.value === null) return false;
  const num = (v: string | null): number | null => (v === null || v === '' ? null : Number(v));
  const [b, s, a] = [num(before.value), num(shown.value), num(after.value)];
  return b !== null && s !== null && a !== null && Math.min(b, a) <= s && s <= Math.max(b, a);
}

/** The table's rows as {day, value} (the raw value the row carries). */
async function tableRows(page: Page): Promise<Array<{ day: string; value: string }>> {
  return page.getByTestId('series-row').evaluateAll((rows) => rows.map((r) => ({ day: r.getAttribute('data-day') ?? '', value: r.getAttribute('data-value') ?? '' })));
}

test.describe('/charts', () => {
  test.use({ javaScriptEnabled: false });

  test("a card per series with the day's figure the indexer answers, its line drawn on the server", async ({ page }) => {
    await statsCaughtUp();
    const before = await indexerJson<SummaryResponse>('/stats/summary');
    const res = await page.goto('/charts');
    const after = await indexerJson<SummaryResponse>('/stats/summary');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('series-card')).toHaveCount(NAMES.length);
    for (const name of NAMES) {
      const card = page.locator(`[data-test="series-card"][data-series="${name}"]`);
      await expect(card.getByRole('link', { name: CHAIN_SERIES[name].title })).toHaveAttribute('href', `/charts/${name}`);
      const latest = card.getByTestId('series-latest');
      const shown = { day: await latest.getAttribute('data-day'), value: await latest.getAttribute('data-value') };
      const b = before.series.find((s) => s.name === name)?.latest ?? null;
      const a = after.series.find((s) => s.name === name)?.latest ?? null;
      expect(shownBetween(shown, b, a), `${name}: shown ${JSON.stringify(shown)}, indexer ${JSON.stringify(b)} then ${JSON.stringify(a)}`).toBe(true);
      await expect(latest).toHaveText(formatSeriesValue(shown.value === '' ? null : shown.value, CHAIN_SERIES[name].unit));
      if ((a?.value ?? null) !== null) await expect(card.getByTestId('series-sparkline').locator('path')).toHaveAttribute('d', /^M[\d.]+ [\d.]+/);
    }
    // The devnet has blocks every day of its history: the block count of the day is a figure, not 'No data'.
    await expect(page.locator('[data-series="blocks"] [data-test="series-latest"]')).toHaveText(/^[\d,]+$/);
    // No script of the page's own: no chart code is named by the page.
    expect(await page.content()).not.toMatch(/series-chart|uPlot/i);
  });
});

test.describe('a series page', () => {
  test('draws its chart with JavaScript, above the table of the days the indexer answers', async ({ page }) => {
    await statsCaughtUp();
    const res = await page.goto('/charts/transactions');
    expect(res?.status()).toBe(200);
    const series = await indexerJson<SeriesResponse>('/stats/series/transactions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily Transactions');
    const chart = page.getByTestId('series-chart');
    await chart.scrollIntoViewIfNeeded();
    // The chart island (client:visible) hydrates once in view and draws: its element says so.
    await hydrated(page, chart);
    await expect(chart.getByTestId('series-chart-canvas')).toHaveAttribute('data-state', 'drawn');
    await expect(chart.locator('canvas')).toHaveCount(1);
    // Every finished day reads as the indexer has it (the last one may still grow).
    const rows = await tableRows(page);
    const finished = new Map(series.points.slice(0, -1).map((p) => [p.day, p.value ?? '']));
    expect(rows.length).toBeGreaterThanOrEqual(finished.size);
    for (const row of rows.slice(1)) expect(row.value, row.day).toBe(finished.get(row.day));
    // The crosshair's legend reads the day under the pointer; dragging across the chart zooms into fewer days, so the
    // same spot then reads an earlier day.
    const over = chart.locator('.u-over');
    const box = (await over.boundingBox())!;
    const legendDay = chart.locator('.u-legend .u-value').first();
    const at = (share: number) => page.mouse.move(box.x + box.width * share, box.y + box.height / 2, { steps: 2 });
    await at(0.95);
    await expect(legendDay).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    const lastSeen = await legendDay.innerText();
    await at(0.05);
    await page.mouse.down();
    await at(0.5);
    await page.mouse.up();
    await at(0.95);
    await expect.poll(async () => (await legendDay.innerText()) < lastSeen, { message: `zoomed: ${lastSeen} → earlier` }).toBe(true);
  });

  test('draws from the data in its HTML, with no request for it, and loads its code only once the chart is in view', async ({ page }) => {
    await statsCaughtUp();
    // A window too short to show the chart below the heading: nothing of it may load until it is scrolled to.
    await page.setViewportSize({ width: 1280, height: 160 });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/charts/transactions');
    const chart = page.getByTestId('series-chart-canvas');
    await expect(chart).toHaveAttribute('data-state', 'server');
    // The page's other scripts have run by the time its late scripts are in (networkidle), and the chart still waits:
    // neither the island's code nor uPlot's (the chart island's drawing module) is asked for.
    await page.waitForLoadState('networkidle');
    await expect(chart).toHaveAttribute('data-state', 'server');
    expect(requests.filter((u) => CHART_CODE.test(u))).toEqual([]);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-state', 'drawn');
    expect([...new Set(requests.filter((u) => CHART_CODE.test(u)).map((u) => /\/_astro\/(\w+)/.exec(u)?.[1]))].sort()).toEqual(['Chart', 'draw']);
    // The series came with the HTML: the browser asked no indexer and no route for data.
    expect(requests.filter((u) => /\/stats\/|\/series\/|\/csv/.test(u))).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('reads as a table, and its range links slice the days on the server', async ({ page }) => {
      await statsCaughtUp();
      await page.goto('/charts/blocks');
      const all = await tableRows(page);
      await expect(page.getByTestId('series-chart-canvas')).toHaveAttribute('data-state', 'server');
      await expect(page.getByTestId('series-chart-canvas')).toBeHidden();
      await expect(page.getByRole('link', { name: 'All, all days' })).toHaveAttribute('aria-current', 'page');
      await page.getByRole('link', { name: '1M, one month' }).click();
      await expect(page).toHaveURL(/\/charts\/blocks\?range=1M$/);
      await expect(page.getByRole('link', { name: '1M, one month' })).toHaveAttribute('aria-current', 'page');
      const month = await tableRows(page);
      expect(month.length).toBeLessThanOrEqual(30);
      expect(month.length).toBe(Math.min(30, all.length));
      // Newest first: the month is the first rows of the whole history.
      expect(month.map((r) => r.day)).toEqual(all.slice(0, month.length).map((r) => r.day));
    });
  });

  test("'Download CSV' gives the series' days with the indexer's exact values", async ({ page, request }) => {
    await statsCaughtUp();
    await page.goto('/charts/fees?range=6M');
    await expect(page.getByTestId('series-csv')).toHaveAttribute('href', '/charts/fees/csv?range=6M');
    const res = await request.get('/charts/fees/csv');
    const series = await indexerJson<SeriesResponse>('/stats/series/fees');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="fees-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('"Date(UTC)","UnixTimeStamp","Value (wei)"');
    const rows = lines.slice(1).map((line) => JSON.parse(`[${line}]`) as string[]);
    expect(rows.length).toBeGreaterThanOrEqual(series.points.length - 1);
    const byDay = new Map(series.points.slice(0, -1).map((p) => [p.day, p.value ?? '']));
    for (const [day, unix, value] of rows.slice(0, -1)) {
      expect(value, day).toBe(byDay.get(day!));
      expect(Number(unix)).toBe(Date.parse(`${day}T00:00:00Z`) / 1000);
    }
  });

  test('an unknown series is the 404 page; a bad range a 400 that shows what was typed', async ({ page }) => {
    const missing = await page.goto('/charts/no-such-series');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    const bad = await page.goto('/charts/transactions?range=%3Cb%3E2Y%3C%2Fb%3E');
    expect(bad?.status()).toBe(400);
    await expect(page.getByTestId('error')).toHaveText('Unknown range: choose one of 1M, 6M, 1Y, All');
    await expect(page.getByTestId('range-input')).toHaveText('<b>2Y</b>');
    expect((await page.request.get('/charts/transactions/csv?range=2Y')).status()).toBe(400);
    expect((await page.request.get('/charts/no-such-series/csv')).status()).toBe(404);
  });

  test('at 360 px nothing scrolls sideways, and the dark theme draws in its own colours', async ({ page, context }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/charts', '/charts/average-gas-price']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    const chart = page.getByTestId('series-chart-canvas');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-state', 'drawn');
    const light = await chart.getAttribute('data-chart-text');
    expect(light).toBeTruthy();
    // The header's toggle: the drawn island draws itself again in the dark colours, in place.
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'));
    await expect.poll(() => chart.getAttribute('data-chart-text')).not.toBe(light);
    await expect(chart.locator('canvas')).toHaveCount(1);
    await context.addCookies([{ name: 'theme_preference', value: 'dark', url: page.url() }]);
    await page.reload();
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-state', 'drawn');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await chart.getAttribute('data-chart-text')).not.toBe(light);
  });
});

test.describe("a token's charts", () => {
  test("a hostile token's name and symbol in its chart's legend are text: no element, no script", async ({ page }) => {
    const token = scenario().hostile.erc20.find((t) => t.role === 'script')!;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/tokens/${token.address}/charts/holders`);
    const title = await page.getByTestId('series-title').innerText();
    expect(title).toContain('<script>');
    const chart = page.getByTestId('series-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.getByTestId('series-chart-canvas')).toHaveAttribute('data-state', 'drawn');
    // uPlot writes the series' label (the page's title, the token's name and symbol in it) with textContent.
    await expect(chart.locator('.u-legend .u-series').nth(1).locator('.u-label')).toHaveText(title);
    await expect(chart.locator('.u-legend script, .u-legend img')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('its Transfers per Day and Holders cards sit beside the price chart, with the figures the indexer answers', async ({ page }) => {
    const token = scenario().holderToken.address;
    await statsCaughtUp();
    await page.goto(`/tokens/${token}`);
    const holders = await indexerJson<SeriesResponse>(`/tokens/${token}/series/holders`);
    const cards = page.getByTestId('token-series-cards');
    await expect(cards.getByTestId('series-card')).toHaveCount(2);
    const priceBox = (await page.getByTestId('price-chart').boundingBox())!;
    const cardsBox = (await cards.boundingBox())!;
    expect(cardsBox.x, 'beside, not below').toBeGreaterThan(priceBox.x + priceBox.width - 1);
    const card = cards.locator('[data-series="holders"]');
    const last = holders.points.at(-1)!;
    await expect(card.getByTestId('series-latest')).toHaveAttribute('data-day', last.day);
    await expect(card.getByTestId('series-latest')).toHaveText(formatSeriesValue(last.value, 'count'));
    await card.getByRole('link', { name: 'Holders' }).click();
    await expect(page).toHaveURL(new RegExp(`/tokens/${token}/charts/holders$`));
    await expect(page.getByTestId('series-title')).toContainText('Holders:');
    await expect(page.getByTestId('series-row').first()).toHaveAttribute('data-day', last.day);
    const csv = await page.request.get(`/tokens/${token}/charts/transfers/csv`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toBe('"Date(UTC)","UnixTimeStamp","Value (count)"');
  });
});

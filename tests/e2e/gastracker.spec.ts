import { wcagScan } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { GAS_LEVELS, HOURS, type GasTrackerResponse } from '../../common/gas-tracker.ts';
import { formatGwei, formatSto } from '../../src/lib/format/index.ts';
import { levelCards } from '../../src/lib/gastracker/view.ts';
import { builtInPriceBook, tokenPrice } from '../../src/lib/tokens/prices.ts';
import { bannerSettled, hydrated, indexerJson, indexerUrl, rpc, test, withoutStream } from './fixtures.ts';
import { barsChartDrawn, chartedBlock } from './gas-chart.ts';

// The gas tracker page on the real stack (anvil, the bundled indexer, the built site): its figures are what
// GET /stats/gas answers, it is whole without JavaScript, and its levels, base fee and bars follow the chain (its
// figures island reads the gas tracker's store, which the page's script feeds). The pushed `gas` event's case is in
// live-stream-push.spec.ts (the `live` project owns the stream's tests).

/** The page's figures: last block (as shown), base fee and each level's price, as texts. */
async function shownFigures(page: Page): Promise<{ lastBlock: number; baseFee: string; prices: string[] }> {
  return {
    lastBlock: Number((await page.getByTestId('gas-last-block').innerText()).replaceAll(',', '') || 'NaN'),
    baseFee: await page.getByTestId('gas-base-fee').innerText(),
    prices: await page.getByTestId('gas-level-price').allInnerTexts(),
  };
}

/** The STO price the site uses without a market feed, as the e2e stack runs. */
const STO_USD = tokenPrice('STO', builtInPriceBook()) as number;

test.describe('gas tracker', () => {
  test("the page's figures are what /stats/gas answers, levels Slow to Fast", async ({ page }) => {
    // The chain moves on while the test reads: page and answer are compared when they are of the same block.
    let answer: GasTrackerResponse | undefined;
    await expect(async () => {
      await page.goto('/gastracker');
      const shown = await shownFigures(page);
      answer = await indexerJson<GasTrackerResponse>('/stats/gas');
      expect(shown.lastBlock).toBe(answer.lastBlock);
      expect(shown.baseFee).toBe(formatGwei(answer.baseFee));
      expect(shown.prices).toEqual(GAS_LEVELS.map(({ key }) => formatGwei(answer!.levels[key].price)));
      // Each level's transfer fee, in STO and in US dollars at the site's built-in STO price (no market feed here).
      const cards = levelCards(answer, STO_USD);
      expect(cards.map((c) => c.feeSto)).toEqual(GAS_LEVELS.map(({ key }) => `${formatSto(answer!.levels[key].transferFee)} STO`));
      expect(await page.getByTestId('gas-level-fee-sto').allInnerTexts()).toEqual(cards.map((c) => c.feeSto));
      expect(await page.getByTestId('gas-level-fee-usd').allInnerTexts()).toEqual(cards.map((c) => c.feeUsd));
      // The hours and the consumers come from the indexed blocks, which move on with other tests' transactions even
      // when the node's last block has not: they are compared within the same read too (a clean-clone CI run saw the
      // last hour's count move from 229 to 234 between the page and a later comparison).
      expect(await page.getByTestId('gas-hour-transactions').allTextContents()).toEqual(
        answer.hourly.map((h) => h.transactions.toLocaleString('en-US')),
      );
      expect(await page.getByTestId('gas-consumer-gas').allTextContents()).toEqual(
        answer.topConsumers.map((c) => BigInt(c.gasUsed).toLocaleString('en-US')),
      );
    }).toPass({ timeout: 30_000 });
    const a = answer!;
    await expect(page.getByTestId('gas-level-label')).toHaveText(['Slow', 'Standard', 'Fast']);
    const prices = GAS_LEVELS.map(({ key }) => BigInt(a.levels[key].price));
    expect(prices[0]! <= prices[1]! && prices[1]! <= prices[2]!, `levels ordered: ${prices.join(' ≤ ')}`).toBe(true);
    // One bar per block of the fee history, each saying its block.
    const bars = page.getByTestId('gas-block-bars').locator('rect');
    await expect(bars).toHaveCount(a.blocks.length);
    await expect(bars.last()).toHaveAttribute('data-block', String(a.blocks.at(-1)?.number));
    // The hours: a table row each, with the indexer's transaction counts.
    await expect(page.getByTestId('gas-hour-row')).toHaveCount(a.hourly.length);
    expect(a.hourly).toHaveLength(HOURS);
    // The consumers, each linking to its address page.
    const links = page.getByTestId('gas-consumer-row').getByTestId('address');
    await expect(links).toHaveCount(a.topConsumers.length);
    expect(a.topConsumers.length).toBeGreaterThan(0);
    for (const [i, c] of a.topConsumers.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/address/${c.address}`);
    // Their names (the chain's text) as text, in the indexer's order.
    await expect(page.getByTestId('gas-consumer-name')).toHaveText(a.topConsumers.flatMap((c) => (c.name === null ? [] : [c.name])));
  });

  test('the render cache keeps the page per head block: rendered once per block, anew for the next one', async ({ request }) => {
    // Each attempt asks a page no earlier attempt (or repeat, or retry) asked for, so its first visit is a miss.
    const run = `${test.info().repeatEachIndex}-${test.info().retry}`;
    let attempt = 0;
    let url = '';
    await expect(async () => {
      url = `/gastracker?visit=cache-${run}-${attempt++}`;
      const first = await request.get(url);
      const again = await request.get(url);
      expect(first.headers()['x-render-cache']).toBe('miss');
      expect(again.headers()['x-render-cache']).toBe('hit');
    }).toPass({ timeout: 20_000 });
    // A block stored: the next visit is rendered for it (a page kept for its s-maxage alone would still be a hit).
    await rpc('evm_mine', []);
    const mined = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    await expect.poll(async () => (await indexerJson<{ lastBlock: number | null }>('/health')).lastBlock ?? -1).toBeGreaterThanOrEqual(mined);
    const next = await request.get(url);
    expect(next.headers()['x-render-cache']).toBe('miss');
    expect(Number(/data-last-block="(\d+)"/.exec(await next.text())?.[1])).toBeGreaterThanOrEqual(mined);
  });

  test("the header's gas price links to the gas tracker", async ({ page }) => {
    await page.goto('/blocks');
    await page.getByTestId('gas-tracker-link').click();
    await expect(page).toHaveURL(/\/gastracker$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gas Tracker');
  });

  test('without the stream the page polls /stats/gas every 30 s and its figures follow the chain', async ({ page }) => {
    await withoutStream(page);
    const polls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/stats/gas') polls.push(req.url());
    });
    await page.clock.install();
    await page.goto('/gastracker');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // The bars chart island drawn from the server's blocks, before the chain moves.
    await barsChartDrawn(page);
    const before = (await shownFigures(page)).lastBlock;
    await rpc('evm_mine', []);
    const mined = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    expect(mined).toBeGreaterThan(before);
    // The indexer answers /stats/gas once per block it has stored: the poll comes once it has this one.
    await expect.poll(async () => (await indexerJson<{ lastBlock: number | null }>('/health')).lastBlock ?? -1).toBeGreaterThanOrEqual(mined);
    await page.clock.runFor(30_000);
    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await shownFigures(page)).lastBlock).toBeGreaterThanOrEqual(mined);
    const shown = await shownFigures(page);
    await expect(page.getByTestId('gas-last-block')).toHaveText(shown.lastBlock.toLocaleString('en-US'));
    await expect(page.getByTestId('gas-block-bars').locator('rect').last()).toHaveAttribute('data-block', String(shown.lastBlock));
    await expect(page.getByTestId('gas-bars-last')).toHaveText(`#${shown.lastBlock.toLocaleString('en-US')}`);
    // The bars chart island reads the gas tracker's store the poll published: its bars end at the polled block.
    expect(await chartedBlock(page, shown.lastBlock)).toBe(shown.lastBlock);
  });

  test("after hydration a poll's figures reach the level cards and the base fee: the islands follow the store", async ({ page }) => {
    await withoutStream(page);
    await page.clock.install();
    await page.goto('/gastracker');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // The figures' islands have hydrated: from now on the server's HTML is theirs, and only the store changes it.
    await hydrated(page, page.getByTestId('gas-levels'));
    await hydrated(page, page.getByTestId('gas-base-fee'));
    const server = await shownFigures(page);
    // The next poll answers the indexer's own figures (of the page's block or newer) with levels no devnet block gives,
    // so that only that poll can have put them on the page.
    const answer = await indexerJson<GasTrackerResponse>('/stats/gas');
    expect(answer.lastBlock).toBeGreaterThanOrEqual(server.lastBlock);
    const level = (gwei: bigint, priority: bigint, waitSeconds: number) => ({
      price: String(gwei * 10n ** 9n),
      priorityFee: String(priority * 10n ** 9n),
      transferFee: String(gwei * 10n ** 9n * 21_000n),
      waitSeconds,
    });
    const polled: GasTrackerResponse = { ...answer, baseFee: String(654n * 10n ** 9n), levels: { slow: level(777n, 11n, 5_000), standard: level(888n, 22n, 50), fast: level(999n, 33n, 5) } };
    let polls = 0;
    await page.route(
      (url) => url.href.startsWith(indexerUrl()) && url.pathname === '/stats/gas',
      (route) => {
        polls++;
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(polled) });
      },
    );
    expect(server.prices).not.toContain('777');
    await page.clock.runFor(30_000);
    await expect.poll(() => polls).toBeGreaterThanOrEqual(1);
    const cards = levelCards(polled, STO_USD);
    await expect(page.getByTestId('gas-level-price')).toHaveText(cards.map((c) => c.gwei));
    await expect(page.getByTestId('gas-level-priority')).toHaveText(cards.map((c) => c.priorityGwei));
    await expect(page.getByTestId('gas-level-fee-sto')).toHaveText(cards.map((c) => c.feeSto));
    await expect(page.getByTestId('gas-level-fee-usd')).toHaveText(cards.map((c) => c.feeUsd));
    await expect(page.getByTestId('gas-level-wait')).toHaveText(['~1 hour', '~50 sec', '~5 sec']);
    await expect(page.getByTestId('gas-base-fee')).toHaveText('654');
    await expect(page.getByTestId('gas-last-block')).toHaveText(answer.lastBlock.toLocaleString('en-US'));
    await expect(page.getByTestId('gas-block-bars').locator('rect').last()).toHaveAttribute('data-block', String(answer.blocks.at(-1)?.number));
  });

  test('its two charts are islands drawn with uPlot once in view; the server pictures stay for screen readers', async ({ page }) => {
    await page.goto('/gastracker');
    for (const [test, island] of [['gas-block-bars', 'gas-bars-chart'], ['gas-hours-chart', 'gas-hours-canvas']] as const) {
      const chart = page.getByTestId(island);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart).toHaveAttribute('data-state', 'drawn');
      await expect(chart.locator('canvas')).toHaveCount(1);
      // The SVG is out of sight but still read out (sr-only: 1 px), and the canvas is hidden from screen readers.
      await expect.poll(async () => (await page.getByTestId(test).boundingBox())?.width).toBeLessThanOrEqual(1);
      await expect(chart).toHaveAttribute('aria-hidden', 'true');
    }
    // The hours chart's legend reads the hour under the pointer, as the table's rows name it.
    const hours = page.getByTestId('gas-hours-canvas');
    const box = (await hours.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await expect(hours.locator('.u-legend .u-value').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
  });

  test('dark theme: the page is dark and has no serious or critical accessibility finding', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme_preference', value: 'dark', url: baseURL! }]);
    await page.goto('/gastracker');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const card = page.getByTestId('gas-level').first();
    const background = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    // A scan during the cookie banner's fade-in would measure half-transparent text.
    await bannerSettled(page);
    const result = await wcagScan(page).analyze();
    const findings = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(' | ')}`);
    expect(findings).toEqual([]);
  });
});

test.describe('gas tracker without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first response is the whole page', async ({ page }) => {
    const res = await page.goto('/gastracker');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('gas-level')).toHaveCount(GAS_LEVELS.length);
    await expect(page.getByTestId('gas-level-fee-sto').first()).toHaveText(/ STO$/);
    await expect(page.getByTestId('gas-level-fee-usd').first()).toHaveText(/^\$/);
    await expect(page.getByTestId('gas-level-wait').first()).not.toBeEmpty();
    expect(await page.getByTestId('gas-block-bars').locator('rect').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('gas-hours-chart')).toBeVisible();
    // The chart islands are their server containers, hidden: the SVG pictures are the charts.
    await expect(page.getByTestId('gas-bars-chart')).toHaveAttribute('data-state', 'server');
    await expect(page.getByTestId('gas-bars-chart')).toBeHidden();
    expect((await page.getByTestId('gas-block-bars').boundingBox())?.width).toBeGreaterThan(100);
    // The table of the hours is the chart's text: it is in the page, behind its summary.
    await expect(page.getByTestId('gas-hour-row')).toHaveCount(HOURS);
    await page.getByText('Hourly figures').click();
    await expect(page.getByTestId('gas-hours-table')).toBeVisible();
    await expect(page.getByTestId('gas-consumers')).toBeVisible();
  });
});

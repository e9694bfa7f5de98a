import { formatPercentFigure } from '../../src/lib/home/feed.ts';
import { expect, type Page } from '@playwright/test';
import { loadAiDashboardData } from '../../src/lib/ai/data.ts';
import { learningAlgorithmText, networkArchitecture } from '../../src/lib/ai/network.ts';
import { PRIORITY_LABELS, SIMULATED_FIGURES } from '../../src/lib/ai/fallback.ts';
import { formatCount } from '../../src/lib/ai/view.ts';
import { createIndexerClient } from '../../src/lib/indexer-api/client.ts';
import { formatActivityTime } from '../../src/lib/format/time.ts';
import type { AiDashboardData } from '../../src/lib/model/types.ts';
import { startSite } from '../../scripts/site.ts';
import { indexerUrl, indexedTx, test, hydrated, rpc, scenario, scriptsReady, withoutStream } from './fixtures.ts';

// The AI dashboard against the devnet: its figures are what src/lib/ai/data.ts computes from the indexer's blocks
// and transactions (read here through the same client), complete in the HTML.

async function shownStats(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const test of ['stat-learning-cycles', 'stat-blocks-processed', 'stat-prediction-accuracy', 'stat-gas-optimization']) {
    out[test] = (await page.getByTestId(test).innerText()).trim();
  }
  return out;
}

function expectedStats(data: AiDashboardData): Record<string, string> {
  return {
    'stat-learning-cycles': formatCount(data.learningCycles),
    'stat-blocks-processed': formatCount(data.blocksProcessed),
    'stat-prediction-accuracy': formatPercentFigure(data.predictionAccuracy),
    'stat-gas-optimization': formatPercentFigure(data.gasOptimization),
  };
}

/**
 * Loads the page and computes the data from the indexer right after; the devnet keeps producing blocks, so the two
 * may see different chains: retried until a page and a computation saw the same one.
 */
async function pageWithItsData(
  page: Page,
  path: string,
  read: (page: Page) => Promise<Record<string, string>> = shownStats,
  expected: (data: AiDashboardData) => Record<string, string> = expectedStats,
): Promise<AiDashboardData> {
  const client = createIndexerClient(indexerUrl());
  let data: AiDashboardData | null = null;
  await expect
    .poll(
      async () => {
        await page.goto(path);
        const shown = await read(page);
        data = await loadAiDashboardData(client);
        return JSON.stringify(shown) === JSON.stringify(expected(data));
      },
      { timeout: 60_000, intervals: [0, 500, 1_000] },
    )
    .toBe(true);
  if (!data) throw new Error('no data');
  return data;
}

/**
 * Opens the dashboard with every island live: goto() waits for the first screen's (client:idle), and the feed hydrates
 * once in view (client:visible). A page clock installed before must be running (a paused one holds the idle callback).
 */
async function openLive(page: Page): Promise<void> {
  await page.goto('/ai-dashboard');
  const feed = page.getByTestId('activity-feed');
  await feed.scrollIntoViewIfNeeded();
  await hydrated(page, feed);
}

/** The chart island's code: its component's chunk and its drawing module's (uPlot with it). */
const CHART_CODE = /\/_astro\/(Chart|draw)\.[\w-]+\.js/;

test.describe('AI dashboard', () => {
  test('overview: the four figures, the priority mix and the feed are computed from the chain, labelled Real-time Data', async ({ page }) => {
    const data = await pageWithItsData(page, '/ai-dashboard');
    expect(data.isSimulated).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Dashboard' })).toBeVisible();
    await expect(page.getByTestId('data-source-badge')).toHaveText('Real-time Data');
    await expect(page.getByTestId('ai-error')).toHaveCount(0);
    for (const label of ['Learning Cycles', 'Blocks Processed', 'Prediction Accuracy %', 'Gas Optimization %']) {
      await expect(page.getByTestId('ai-stats').getByText(label, { exact: true })).toBeVisible();
    }
    expect(data.blocksProcessed).toBeGreaterThan(100);
    // The doughnut's legend: one row per priority label of the sample, with its count.
    const legend = page.getByTestId('priority-legend').locator('li');
    await expect(legend).toHaveCount(data.transactionPriorityData.labels.length);
    expect(await page.getByTestId('priority-value').allInnerTexts()).toEqual(data.transactionPriorityData.values.map(String));
    // Six colours at most, one segment per non-empty class.
    await expect(page.getByTestId('priority-doughnut').locator('svg circle')).toHaveCount(1 + data.transactionPriorityData.labels.length);
    // Chart data as tables: 20 blocks' predictions, and the feed's newest event first.
    await expect(page.getByTestId('table-block-prediction').locator('tbody tr')).toHaveCount(data.blockPredictionData.predicted.length);
    const items = page.getByTestId('activity-item');
    await expect(items).toHaveCount(data.activityFeed.length);
    expect(data.activityFeed.length).toBeGreaterThan(0);
    await expect(items.first()).toHaveAttribute('data-id', data.activityFeed[0]?.id ?? '');
    await expect(items.first()).toContainText(data.activityFeed[0]?.message ?? '');
    for (const name of ['Block Height Prediction', 'Gas Fee Optimization', 'Transaction Priority Distribution', 'Network Learning Progress', 'Real-time AI Activity']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
  });

  test('tabs and chart ranges are links: Neural Network shows the architecture and algorithm texts, Performance Metrics explains each chart', async ({ page }) => {
    await page.goto('/ai-dashboard');
    await page.getByRole('link', { name: 'Neural Network' }).click();
    await expect(page).toHaveURL(/\/ai-dashboard\?tab=visualization$/);
    const data = await pageWithItsData(
      page,
      '/ai-dashboard?tab=visualization',
      // Every figure derived from the network's size is compared: two sizes can share some of them (35 and 36 nodes both give 18 units).
      async (p) => ({
        connections: await p.getByTestId('arch-connections').innerText(),
        units: await p.getByTestId('arch-units').innerText(),
        layers: await p.getByTestId('arch-hidden-layers').innerText(),
        nodes: await p.getByTestId('arch-hidden-nodes').innerText(),
      }),
      (d) => {
        const a = networkArchitecture(d.neuralNetwork, PRIORITY_LABELS);
        return { connections: formatCount(a.connections), units: formatCount(Math.round(d.neuralNetwork.nodes / 2)), layers: String(a.hiddenLayers), nodes: String(a.hiddenNodesPerLayer) };
      },
    );
    const arch = networkArchitecture(data.neuralNetwork, PRIORITY_LABELS);
    await expect(page.getByTestId('arch-input')).toHaveText(String(PRIORITY_LABELS.length));
    await expect(page.getByTestId('arch-hidden-layers')).toHaveText(String(arch.hiddenLayers));
    await expect(page.getByTestId('arch-hidden-nodes')).toHaveText(String(arch.hiddenNodesPerLayer));
    await expect(page.getByTestId('arch-output')).toHaveText('4');
    await expect(page.getByTestId('arch-connections')).toHaveText(formatCount(arch.connections));
    await expect(page.getByTestId('arch-units')).toHaveText(formatCount(Math.round(data.neuralNetwork.nodes / 2)));
    const algorithm = learningAlgorithmText(data.predictionAccuracy, data.gasOptimization);
    await expect(page.getByTestId('card-algorithm')).toContainText(algorithm.algorithm);
    await expect(page.getByTestId('card-algorithm')).toContainText(algorithm.optimizer);
    await expect(page.getByTestId('adaptive-learning')).toHaveText('60%');
    await expect(page.getByTestId('neural-network-graphic').locator('svg circle')).not.toHaveCount(0);
    await expect(page.getByTestId('ai-stats')).toHaveCount(0);

    await page.getByRole('link', { name: 'Performance Metrics' }).click();
    await expect(page).toHaveURL(/\?tab=metrics$/);
    await expect(page.getByText('How It Works:')).toHaveCount(4);

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/ai-dashboard$/);
    const ranges = page.getByRole('navigation', { name: 'Block Height Prediction range' });
    await expect(ranges.getByRole('link', { name: 'Daily' })).toHaveAttribute('aria-current', 'true');
    // With JavaScript the chart changes in place: the page is not reloaded, its address follows. The page's script
    // must have started first: the Overview link was a full navigation, and a click before the script runs is the
    // plain link that works without JavaScript.
    await scriptsReady(page);
    // The chart island is drawn (daily labels on its x axis) before the range changes.
    const prediction = page.getByTestId('chart-block-prediction');
    await prediction.scrollIntoViewIfNeeded();
    await expect(prediction.locator('[data-chart]')).toHaveAttribute('data-state', 'drawn');
    const dailyCanvas = await prediction.locator('canvas').elementHandle();
    await page.evaluate(() => { (window as unknown as { kept: boolean }).kept = true; });
    await ranges.getByRole('link', { name: 'Monthly' }).click();
    await expect(page).toHaveURL(/\?prediction=monthly#block-height-prediction$/);
    await expect(page.getByRole('navigation', { name: 'Block Height Prediction range' }).getByRole('link', { name: 'Monthly' })).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    // The charts region's island draws the monthly range in place of the daily chart (whose uPlot it destroyed).
    await expect(prediction.locator('[data-chart]')).toHaveAttribute('data-state', 'drawn');
    await expect(prediction.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(prediction.locator('canvas')).toHaveCount(1);
    expect(await dailyCanvas?.evaluate((el) => el.isConnected)).toBe(false);
    const over = (await prediction.locator('.u-over').boundingBox())!;
    await page.mouse.move(over.x + 2, over.y + over.height / 2);
    await expect(prediction.locator('.u-legend .u-value').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
    await expect(page.getByRole('navigation', { name: 'Block Height Prediction range' }).getByRole('link', { name: 'Monthly' })).toHaveAttribute('aria-current', 'true');
    // The learning chart keeps its own range.
    await expect(page.getByRole('navigation', { name: 'Network Learning Progress range' }).getByRole('link', { name: 'Daily' })).toHaveAttribute('aria-current', 'true');
    // Monthly labels on a devnet minted today: every row is today's date.
    const firstCell = await page.getByTestId('table-block-prediction').locator('tbody tr td').first().innerText();
    expect(firstCell).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
  });

  test('charts are drawn with uPlot only once they scroll into view', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => { if (req.resourceType() === 'script') scripts.push(req.url()); });
    await page.setViewportSize({ width: 1280, height: 240 });
    await page.goto('/ai-dashboard');
    const chart = page.getByTestId('chart-block-prediction');
    // No chart in view: the first one starts below the window.
    expect(await chart.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(240);
    // 'server' is checked once the page's observer has had its first notice, else it passes before it could fail: the
    // page's was made by its script before this probe, and observers are told in the order they were made.
    await chart.evaluate((el) => new Promise<void>((resolve) => {
      const probe = new IntersectionObserver(() => { probe.disconnect(); resolve(); });
      probe.observe(el);
    }));
    const island = chart.locator('[data-chart]');
    await expect(island).toHaveAttribute('data-state', 'server');
    // Neither the chart island's code nor uPlot's (its drawing module) is loaded before a chart is in view.
    expect(scripts.filter((u) => CHART_CODE.test(u))).toEqual([]);
    await chart.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute('data-state', 'drawn');
    await expect(chart.locator('[data-chart-canvas] .uplot canvas')).toHaveCount(1);
    expect(scripts.filter((u) => /\/_astro\/draw\.[\w-]+\.js/.test(u))).toHaveLength(1);
    // Predicted and actual in the legend; the learning chart's axis from 40 to 100 when it is drawn.
    await expect(chart.locator('.u-legend')).toContainText('Predicted');
    await expect(chart.locator('.u-legend')).toContainText('Actual');
    const learning = page.getByTestId('chart-learning-progress');
    await learning.scrollIntoViewIfNeeded();
    await expect(learning.locator('[data-chart]')).toHaveAttribute('data-state', 'drawn');
    await page.getByTestId('chart-gas-optimization').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-gas-optimization').locator('[data-chart]')).toHaveAttribute('data-state', 'drawn');
  });

  test("with its indexer gone: 'Simulated Data', the spec's simulated figures, and an error box with Retry", async ({ page }) => {
    // The same built site, started against an indexer address where nothing listens.
    const site = await startSite({ indexerUrl: 'http://127.0.0.1:9', quiet: true });
    try {
      await page.goto(`${site.url}/ai-dashboard`);
      await expect(page.getByTestId('data-source-badge')).toHaveText('Simulated Data');
      expect(await shownStats(page)).toEqual({
        'stat-learning-cycles': '946',
        'stat-blocks-processed': '236,565',
        'stat-prediction-accuracy': '85.3%',
        'stat-gas-optimization': '87.5%',
      });
      expect(await page.getByTestId('priority-value').allInnerTexts()).toEqual(SIMULATED_FIGURES.priorityValues.map(String));
      await expect(page.getByTestId('ai-error')).toBeVisible();
      await expect(page.getByTestId('ai-error').getByRole('link', { name: 'Retry' })).toHaveAttribute('href', '/ai-dashboard');
    } finally {
      await site.stop();
    }
  });

  test('the islands hydrate: Refresh Data refreshes in place, without a navigation', async ({ page }) => {
    await openLive(page);
    // Every island of the page's first screen (hydrated by then), and the feed once in view.
    await expect(page.locator('astro-island[component-url*="AiStats"], astro-island[component-url*="AiDashboardControls"], astro-island[component-url*="AiDashboardAlerts"]')).toHaveCount(3);
    await page.evaluate(() => { (window as unknown as { kept: boolean }).kept = true; });
    const indexerReads = page.waitForRequest((req) => req.url().startsWith(`${indexerUrl()}/blocks?`));
    await page.getByTestId('refresh-data').click();
    // The store read the indexer itself (through the transport), and the page stayed.
    await indexerReads;
    await expect(page.getByTestId('refresh-data')).toHaveText('Refresh Data');
    await expect(page.getByTestId('refresh-data')).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await expect(page.getByTestId('ai-live-error')).toHaveCount(0);
  });

  test('live: Refresh Data reads Refreshing... while loading; changed figures pulse 1 s, a new newest activity is highlighted 3 s', async ({ page }) => {
    await page.clock.install();
    await openLive(page);
    // Frozen (a little ahead, as reading the clock takes time): only runFor moves the page's timers.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const shownBlocks = Number((await page.getByTestId('stat-blocks-processed').innerText()).replace(/,/g, ''));
    const shownNewest = await page.getByTestId('activity-item').first().getAttribute('data-id');
    // Wait (on real time) until the devnet has produced a newer block with transactions, so the figures change.
    const client = createIndexerClient(indexerUrl());
    await expect.poll(async () => (await loadAiDashboardData(client)).activityFeed[0]?.id !== shownNewest && (await client.getBlocks({ limit: 1 }))[0]!.number > shownBlocks, { timeout: 30_000 }).toBe(true);
    // Every text the button shows, in order.
    await page.evaluate(() => {
      const button = document.querySelector('[data-test="refresh-data"]') as HTMLElement;
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => seen.push(button.textContent ?? '')).observe(button, { childList: true, characterData: true, subtree: true });
    });
    await page.getByTestId('refresh-data').click();
    await expect(page.getByTestId('stat-blocks-processed')).toHaveAttribute('data-pulse', 'on');
    await expect(page.getByTestId('refresh-data')).toHaveText('Refresh Data');
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual(['Refreshing...', 'Refresh Data']);
    expect(Number((await page.getByTestId('stat-blocks-processed').innerText()).replace(/,/g, ''))).toBeGreaterThan(shownBlocks);
    const newest = page.getByTestId('activity-item').first();
    await expect(newest).toHaveAttribute('data-highlight', 'on');
    await expect(newest).not.toHaveAttribute('data-id', shownNewest ?? '');
    // Figures that did not change do not pulse.
    await expect(page.getByTestId('stat-learning-cycles')).not.toHaveAttribute('data-pulse', 'on');
    await page.clock.runFor(1_000);
    await expect(page.getByTestId('stat-blocks-processed')).not.toHaveAttribute('data-pulse', 'on');
    await expect(newest).toHaveAttribute('data-highlight', 'on');
    await page.clock.runFor(2_000);
    await expect(newest).not.toHaveAttribute('data-highlight', 'on');
  });

  test('live: the page refreshes itself every 30 s and recomputes the feed\'s relative times every 60 s', async ({ page }) => {
    // A refresh reads the indexer's latest blocks (with its transactions and statistics): counted by that read.
    const fetches: string[] = [];
    page.on('request', (req) => { if (['fetch', 'xhr'].includes(req.resourceType()) && req.url().startsWith(`${indexerUrl()}/blocks?`)) fetches.push(req.url()); });
    // Polling, as against an indexer without the event stream (with a stream the page does not poll).
    await withoutStream(page);
    await page.clock.install();
    await openLive(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // The store started when its first island hydrated, at most a second or two before the pause.
    await page.clock.runFor(27_000);
    expect(fetches).toHaveLength(0);
    await page.clock.runFor(2_000);
    await expect.poll(() => fetches.length).toBe(1);
    await expect(page.getByTestId('refresh-data')).toHaveText('Refresh Data');
    // From here the indexer does not answer: no refresh brings new data (its error box says so), and only the 60 s
    // clock moves the feed's relative times.
    await page.route((url) => url.href.startsWith(indexerUrl()), (route) => route.abort());
    const time = page.getByTestId('activity-item').first().locator('time');
    const originalTime = Number(await time.getAttribute('data-activity-time'));
    const before = await time.innerText();
    await page.clock.runFor(5 * 60_000);
    await expect(page.getByTestId('ai-live-error')).toBeVisible();
    // The last recomputation happened within the last 60 s of the page's clock, five minutes after the time shown.
    const end = await page.evaluate(() => Date.now());
    const candidates = new Set([formatActivityTime(originalTime, end - 59_999), formatActivityTime(originalTime, end)]);
    const shown = await time.innerText();
    expect([...candidates]).toContain(shown);
    expect(shown).not.toBe(before);
    expect(shown).toMatch(/^\d+ minutes ago$/);
  });

  test('live, without a stream: a transaction mined on the devnet reaches the feed through the store\'s poll, as a new highlighted activity', async ({ page }) => {
    await withoutStream(page);
    await page.clock.install();
    await openLive(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const newest = page.getByTestId('activity-item').first();
    const shownNewest = await newest.getAttribute('data-id');
    const [from, to] = [scenario().accounts[9] ?? '', scenario().accounts[8] ?? ''];
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    await indexedTx(hash);
    const block = Number.parseInt((await rpc<{ blockNumber: string }>('eth_getTransactionReceipt', [hash])).blockNumber, 16);
    // The 30 s poll (on the page's clock) refreshes the store; its islands follow.
    await page.clock.runFor(30_000);
    await expect(newest).not.toHaveAttribute('data-id', shownNewest ?? '');
    await expect(newest).toHaveAttribute('data-highlight', 'on');
    const id = (await newest.getAttribute('data-id')) ?? '';
    expect(id).toMatch(/^block-\d+$/);
    expect(Number(id.slice('block-'.length))).toBeGreaterThanOrEqual(block);
    await page.clock.runFor(3_000);
    await expect(newest).not.toHaveAttribute('data-highlight', 'on');
    // The charts region reads the same store: the prediction table's actual heights now reach the new block.
    const prediction = page.getByTestId('table-block-prediction');
    await prediction.scrollIntoViewIfNeeded();
    await hydrated(page, page.getByTestId('ai-charts'));
    const actual = async () => Math.max(...(await prediction.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((t) => Number(t.replace(/,/g, ''))));
    await expect.poll(actual).toBeGreaterThanOrEqual(block);
  });
});

test.describe('AI dashboard without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every figure is in the HTML', async ({ page }) => {
    const data = await pageWithItsData(page, '/ai-dashboard');
    await expect(page.getByTestId('data-source-badge')).toHaveText(data.isSimulated ? 'Simulated Data' : 'Real-time Data');
    await expect(page.getByTestId('table-learning-progress').locator('tbody tr')).toHaveCount(data.learningProgressData.accuracy.length);
    // The range links are plain links.
    await page.getByRole('navigation', { name: 'Network Learning Progress range' }).getByRole('link', { name: 'Yearly' }).click();
    await expect(page).toHaveURL(/\?learning=yearly#network-learning-progress$/);
    await expect(page.getByRole('navigation', { name: 'Network Learning Progress range' }).getByRole('link', { name: 'Yearly' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/ai-dashboard?tab=visualization');
    await expect(page.getByTestId('arch-output')).toHaveText('4');
  });
});

import { wcagScan } from './axe.ts';
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { freePort, startSite } from '../../scripts/site.ts';
import { loadAiDashboardData } from '../../src/lib/ai/data.ts';
import { feedSource } from '../../src/lib/indexer-api/feed-source.ts';
import { formatActivityTime } from '../../src/lib/format/time.ts';
import { createTransport } from '../../src/lib/indexer-api/transport.ts';
import type { AiDashboardData } from '../../src/lib/model/types.ts';
import { bannerSettled, hydrated, indexerJson, indexerUrl, test } from './fixtures.ts';
import { styleDifferences } from './styles.ts';

// The AI test page: texts, the start-up health check, Run Test against the real indexer (its
// figures recomputed here from the very answers the page received), the log, the download, the activity feed's
// highlight and relative times on Playwright's clock, and accessibility.

const LOG_LINE = /^\[\d\d:\d\d:\d\d\] (INFO|SUCCESS|WARNING|ERROR): \S/;

/** Waits until the page's flow has logged `count` successful data runs and is idle with real data. */
async function waitForRuns(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('ai-log-entry').filter({ hasText: 'Real data received' })).toHaveCount(count, { timeout: 20_000 });
  await expect(page.getByTestId('ai-status')).toHaveText('Real Data');
  await expect(page.getByTestId('ai-run')).toBeEnabled();
}

/** The raw data the page shows. */
async function rawData(page: Page): Promise<AiDashboardData> {
  return JSON.parse(await page.getByTestId('ai-raw').innerText()) as AiDashboardData;
}

test.describe('AI test page', () => {
  test('texts, the dropdown, and the start-up health check then data fetch', async ({ page }) => {
    await page.goto('/ai-test');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Test' })).toBeVisible();
    const select = page.getByLabel('Data to test');
    await expect(select).toHaveValue('full');
    const options = select.locator('option');
    await expect(options).toHaveText(['Full AI Dashboard Data', 'Network Stats Only', 'Blocks Only', 'Transactions Only']);
    expect(await options.evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).disabled))).toEqual([false, true, true, true]);
    await expect(page.getByRole('button', { name: 'Run Test' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Logs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Full JSON' })).toBeVisible();
    for (const heading of ['Results', 'Neural Network', 'Activity Feed', 'Debug Log', 'Raw Data']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }

    await waitForRuns(page, 1);
    // The result cards, the network figures and the feed are islands over the shared store: hydrated, they show the
    // run's data (the raw data the script wrote).
    await hydrated(page);
    await expect(page.locator('astro-island[component-url*="AiTest"]')).toHaveCount(3);
    const entries = page.getByTestId('ai-log-entry');
    await expect(entries.first()).toHaveText(/INFO: Checking API health\.\.\.$/);
    await expect(entries.nth(1)).toHaveText(/SUCCESS: API connected \(status: ok\)$/);
    await expect(page.getByTestId('ai-error')).toBeHidden();
    const data = await rawData(page);
    expect(data.isSimulated).toBe(false);
    await expect(page.getByTestId('ai-card-blocks-processed')).toHaveAttribute('data-value', String(data.blocksProcessed));
  });

  test("an indexer that does not answer: 'API connection failed', a warning in the log, and no data fetch", async ({ page }) => {
    // The same built site, started against (and telling the browser) an indexer address where nothing listens.
    const dead = `http://127.0.0.1:${await freePort()}`;
    const site = await startSite({ indexerUrl: dead, publicIndexerUrl: dead, quiet: true });
    const requested: string[] = [];
    page.on('request', (req) => { if (req.url().startsWith(dead)) requested.push(new URL(req.url()).pathname); });
    try {
      await page.goto(`${site.url}/ai-test`);
      await expect(page.getByTestId('ai-error')).toHaveText('API connection failed');
      await expect(page.getByTestId('ai-status')).toHaveText('Error');
      const warning = page.getByTestId('ai-log-entry').filter({ hasText: 'WARNING:' });
      await expect(warning).toHaveCount(1);
      await expect(warning).toHaveText(/^\[\d{2}:\d{2}:\d{2}\] WARNING: /);
      // Only the health check went out: the data was not fetched.
      expect(requested).toEqual(['/health']);
    } finally {
      await site.stop();
    }
  });

  test('Run Test: Real Data, figures equal to what the indexer answered; log entries typed and timestamped; Clear Logs', async ({ page }) => {
    await page.goto('/ai-test');
    await waitForRuns(page, 1);

    // Every indexer answer of the run, by method and URL (the first of each), to recompute the figures from.
    const answers = new Map<string, { status: number; body: string }>();
    const reading: Promise<void>[] = [];
    let recording = false;
    page.on('response', (res) => {
      const method = res.request().method();
      if (!recording || !res.url().startsWith(indexerUrl()) || (method !== 'GET' && method !== 'POST')) return;
      const key = `${method} ${res.url()}`;
      reading.push(res.text().then((body) => {
        if (!answers.has(key)) answers.set(key, { status: res.status(), body });
      }, () => undefined));
    });
    const before = (await indexerJson<{ lastBlock: number }>('/health')).lastBlock;
    recording = true;
    await page.getByRole('button', { name: 'Run Test' }).click();
    await waitForRuns(page, 2);
    recording = false;
    await Promise.all(reading);

    const replay = createTransport(indexerUrl(), {
      fetch: async (url, init) => {
        const answer = answers.get(`${init?.method ?? 'GET'} ${url}`);
        if (!answer) throw new Error(`the page made no request to ${url}`);
        return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
      },
    });
    const failures: unknown[] = [];
    const expected = await loadAiDashboardData(feedSource(replay), { onError: (e) => failures.push(e) });
    expect(failures).toEqual([]);
    expect(expected.isSimulated).toBe(false);
    expect(expected.blocksProcessed).toBeGreaterThanOrEqual(before);

    const shown = await rawData(page);
    expect(shown.isSimulated).toBe(false);
    const cards: Record<string, number> = {
      'learning-cycles': expected.learningCycles,
      'blocks-processed': expected.blocksProcessed,
      'prediction-accuracy': expected.predictionAccuracy,
      'gas-optimization': expected.gasOptimization,
    };
    for (const [key, value] of Object.entries(cards)) {
      await expect(page.getByTestId(`ai-card-${key}`)).toHaveAttribute('data-value', String(value));
    }
    await expect(page.getByTestId('ai-card-blocks-processed')).toHaveText(expected.blocksProcessed.toLocaleString('en-US'));
    for (const key of ['nodes', 'connections', 'layers'] as const) {
      await expect(page.getByTestId(`ai-network-${key}`)).toHaveText(String(expected.neuralNetwork[key]));
    }
    // Everything but the computation's time (and so the feed's relative texts) is the same.
    const withoutTime = (d: AiDashboardData): unknown => ({ ...d, updatedAt: 0, activityFeed: [] });
    expect(withoutTime(shown)).toEqual(withoutTime(expected));
    const [shownFeed, expectedFeed] = [shown.activityFeed, expected.activityFeed];
    expect(shownFeed.map((item) => [item.id, item.message])).toEqual(expectedFeed.map((item) => [item.id, item.message]));
    await expect(page.getByTestId('ai-feed-item')).toHaveCount(expectedFeed.length);
    await expect(page.getByTestId('ai-feed-item').first()).toContainText(expectedFeed[0]?.message ?? '');

    // Log entries: a timestamp, their type in words and colour.
    const entries = page.getByTestId('ai-log-entry');
    for (const text of await entries.allInnerTexts()) expect(text).toMatch(LOG_LINE);
    await expect(entries.filter({ hasText: 'Running test: Full AI Dashboard Data' })).toHaveCount(2);
    const colours: Record<string, string> = await entries.evaluateAll((els) =>
      Object.fromEntries(els.map((el) => [(el as HTMLElement).dataset['type'] ?? '', getComputedStyle(el).color])),
    );
    expect(Object.keys(colours).sort()).toEqual(['info', 'success']);
    expect(colours['info']).not.toBe(colours['success']);

    await page.getByRole('button', { name: 'Clear Logs' }).click();
    await expect(entries).toHaveCount(0);
    await expect(page.getByTestId('ai-log-empty')).toHaveText('No log entries');
    await expect(page.getByTestId('ai-status')).toHaveText('Real Data');
  });

  test('Download Full JSON saves ai-data.json holding the raw data shown', async ({ page }) => {
    await page.goto('/ai-test');
    await waitForRuns(page, 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Full JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('ai-data.json');
    const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as AiDashboardData;
    expect(saved).toEqual(await rawData(page));
    expect(saved.isSimulated).toBe(false);
    await expect(page.getByTestId('ai-log-entry').last()).toHaveText(/INFO: Downloaded ai-data\.json/);
  });

  test('activity feed: a new newest item is highlighted for 3 s; relative times follow the clock every 60 s', async ({ page }) => {
    test.setTimeout(60_000);
    await page.clock.install();
    await page.goto('/ai-test');
    await waitForRuns(page, 1);
    // The feed is an island: it hydrates on an idle moment, which a paused clock would not give it.
    await hydrated(page);
    // Paused: timers fire only when the test moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(3_000);
    const items = page.getByTestId('ai-feed-item');
    await expect(items.first()).not.toHaveClass(/bg-amber-50/);

    // A newer block gives the feed a new newest item.
    const shownBlock = (await rawData(page)).blocksProcessed;
    await expect.poll(async () => (await indexerJson<{ lastBlock: number }>('/health')).lastBlock, { timeout: 20_000 }).toBeGreaterThan(shownBlock);
    await page.getByRole('button', { name: 'Run Test' }).click();
    await waitForRuns(page, 2);
    const data = await rawData(page);
    expect(data.blocksProcessed).toBeGreaterThan(shownBlock);
    await expect(items.first()).toHaveAttribute('data-id', data.activityFeed[0]?.id ?? '');
    await expect(items.first()).toHaveClass(/bg-amber-50/);
    await expect(page.locator('[data-test="ai-feed-item"].bg-amber-50')).toHaveCount(1);
    // The page's own CSS styles what the script wrote (log entries, the highlight) as the whole stylesheet does.
    expect((await styleDifferences(page)).differences).toEqual([]);
    await page.clock.runFor(3_000);
    await expect(page.locator('[data-test="ai-feed-item"].bg-amber-50')).toHaveCount(0);

    // Five minutes on: the last recomputation happened within the last 60 s of that time.
    const originalTime = data.activityFeed[0]?.originalTime ?? 0;
    await page.clock.runFor(5 * 60_000);
    const end = await page.evaluate(() => Date.now());
    const candidates = new Set([formatActivityTime(originalTime, end - 59_999), formatActivityTime(originalTime, end)]);
    const shown = await items.first().getByTestId('ai-feed-time').innerText();
    expect([...candidates]).toContain(shown);
    expect(shown).toMatch(/^\d+ minutes ago$/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("the server's first result is readable, and the download link carries it", async ({ page }) => {
      await page.goto('/ai-test');
      await expect(page.getByTestId('ai-status')).toHaveText('Real Data');
      const data = await rawData(page);
      expect(data.isSimulated).toBe(false);
      await expect(page.getByTestId('ai-card-learning-cycles')).toHaveAttribute('data-value', String(data.learningCycles));
      await expect(page.getByTestId('ai-network-layers')).toHaveText(String(data.neuralNetwork.layers));
      await expect(page.getByTestId('ai-feed-item')).toHaveCount(data.activityFeed.length);
      await expect(page.getByTestId('ai-log-empty')).toHaveText('No log entries');
      const href = (await page.getByRole('link', { name: 'Download Full JSON' }).getAttribute('href')) ?? '';
      expect(JSON.parse(decodeURIComponent(href.replace(/^data:application\/json;charset=utf-8,/, '')))).toEqual(data);
    });
  });

  for (const width of [1280, 375]) {
    test(`no serious or critical accessibility findings at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/ai-test');
      await waitForRuns(page, 1);
      await bannerSettled(page);
      const result = await wcagScan(page).analyze();
      const findings = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} [${v.impact}] ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(findings).toEqual([]);
    });
  }
});

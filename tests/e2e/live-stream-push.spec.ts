import { expect, type Page } from '@playwright/test';
import { Interface } from 'ethers';
import { STREAM_OPEN_DELAY_MS } from '../../src/lib/stores/live-boot.ts';
import { hydrated, indexedHead, indexerUrl, rpc, scenario, test } from './fixtures.ts';
import { barsChartDrawn, chartedBlock } from './gas-chart.ts';

// The pages' live parts on the bundled indexer's GET /events, end to end: anvil, the indexer, the built site.
// A project of its own (playwright.config.ts), after the read-only tests: its last case reorganises the devnet's tip.
//
// No wall-clock assertion: every wait is on the page's state. The devnet's scenario mines a block every few seconds
// (liveIntervalMs in the global setup), so events keep arriving while a test runs. Pages open their stream
// STREAM_OPEN_DELAY_MS after load: the tests move the page's clock past it (gotoLive) instead of waiting.

/** Whether a request is the page's event stream. */
const isStream = (url: string): boolean => url.startsWith(`${indexerUrl()}/events`);

/** Waits until the page's stream has answered 200 (the headers of text/event-stream; the body never ends). */
function streamOpened(page: Page): Promise<unknown> {
  return page.waitForResponse((res) => isStream(res.url()) && res.status() === 200);
}

/** The number a page shows as text ('#1,234' or '1,234'). */
const numberOf = (text: string): number => Number(text.replace(/[^\d]/g, ''));

/**
 * Hides or shows the page as a background tab would: document.hidden and visibilityState, and the visibilitychange
 * event (headless Chromium has no window to put behind another).
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/**
 * Opens a page with its clock installed and moves the clock past the stream's start, answering once the stream has
 * answered 200 (the headers of text/event-stream; the body never ends).
 */
async function gotoLive(page: Page, path: string): Promise<void> {
  await page.clock.install();
  const opened = streamOpened(page);
  await page.goto(path);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.clock.fastForward(STREAM_OPEN_DELAY_MS + 1_000);
  await opened;
}

/**
 * As gotoLive, but the page's clock stays paused once the stream is open: its timers run only when the test runs them
 * (page.clock.runFor), so the test can count what they would have asked for.
 */
async function gotoLivePaused(page: Page, path: string): Promise<void> {
  await page.clock.install();
  const opened = streamOpened(page);
  await page.goto(path);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // The stream opens 10 s after the page has loaded, when the browser is idle (on the page's clock).
  await page.clock.runFor(STREAM_OPEN_DELAY_MS + 2_000);
  await opened;
}

test.describe('live updates from the event stream', () => {
  // The tests wait for blocks the devnet mines (one every few seconds).
  test.describe.configure({ timeout: 90_000 });

  test('a block mined on the devnet appears on an open home page, pushed', async ({ page }) => {
    await gotoLive(page, '/');
    await rpc('evm_mine', []);
    const mined = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    const row = page.getByTestId('latest-blocks').getByTestId('block-number').filter({ hasText: `#${mined.toLocaleString('en-US')}` });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('new-blocks-badge')).toHaveText(/^\+\d+ new$/);
  });

  test('while the stream is open the page makes no periodic requests (60 s of its timers)', async ({ page }) => {
    await gotoLivePaused(page, '/');
    // The first event loads the feeds once (the browser does not hold the server's rows); from then on events merge.
    const newest = async (): Promise<number> => numberOf(await page.getByTestId('latest-blocks').getByTestId('block-number').first().innerText());
    const before = await newest();
    await expect.poll(newest, { timeout: 20_000 }).toBeGreaterThan(before);
    const pushed = await newest();
    await expect.poll(newest, { timeout: 20_000 }).toBeGreaterThan(pushed);

    const requests: string[] = [];
    page.on('request', (req) => {
      if (!isStream(req.url()) && ['fetch', 'xhr', 'document'].includes(req.resourceType())) requests.push(req.url());
    });
    // A minute of the page's timers: the polls of before (health 10 s, gas 30 s, canvas 5 s) would all have fired.
    await page.clock.runFor(60_000);
    // Meanwhile real blocks keep coming, as events: wait for two more.
    const later = await newest();
    await expect.poll(newest, { timeout: 20_000 }).toBeGreaterThan(later);
    const last = await newest();
    await expect.poll(newest, { timeout: 20_000 }).toBeGreaterThan(last);
    expect(requests).toEqual([]);
  });

  test('a hidden tab closes its stream and reopens it with the last event id when shown', async ({ page }) => {
    const streams: string[] = [];
    page.on('request', (req) => { if (isStream(req.url())) streams.push(req.url()); });
    await gotoLive(page, '/blocks');
    const latest = async (): Promise<number> => numberOf(await page.getByTestId('latest-block').innerText());
    const initial = await latest();
    await expect.poll(latest, { timeout: 20_000 }).toBeGreaterThan(initial);
    const seen = await latest();

    await setHidden(page, true);
    // Hidden long enough for blocks to be missed.
    const head = async (): Promise<number> => Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    await expect.poll(head, { timeout: 20_000 }).toBeGreaterThan(seen + 1);
    expect(streams).toHaveLength(1);

    const reopened = streamOpened(page);
    await setHidden(page, false);
    await reopened;
    expect(streams).toHaveLength(2);
    const lastEventId = new URL(streams[1] ?? '').searchParams.get('lastEventId');
    expect(lastEventId).toMatch(/^\d+-\d+-\d+$/);
    expect(Number(lastEventId?.split('-')[0])).toBeGreaterThanOrEqual(seen);
    // What was missed is replayed: Latest Block catches up with the chain without a poll.
    const now = await head();
    await expect.poll(latest, { timeout: 20_000 }).toBeGreaterThanOrEqual(now);
  });

  test("an address page's hint counts a new transaction of the address (its address: topic)", async ({ page }) => {
    const [from, to] = [scenario().accounts[9] ?? '', scenario().accounts[8] ?? ''];
    const streams: string[] = [];
    page.on('request', (req) => { if (isStream(req.url())) streams.push(req.url()); });
    await gotoLive(page, `/address/${to}`);
    expect(new URL(streams[0] ?? '').searchParams.getAll('address')).toEqual([to.toLowerCase()]);
    const hint = page.getByTestId('activity-hint');
    await expect(hint).toBeHidden();
    await rpc('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    await expect(hint).toBeVisible({ timeout: 20_000 });
    await expect(hint).toContainText(/\d+ new transactions? since this page loaded/);
    await expect(hint.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', `/address/${to}`);
  });

  test("the transaction list's banner counts pushed transactions, and the header's gas price follows gas events", async ({ page }) => {
    const [from, to] = [scenario().accounts[7] ?? '', scenario().accounts[6] ?? ''];
    const requests: string[] = [];
    // When its stream opens the list reads the newest transactions once (what came between the page and the stream).
    const caughtUp = page.waitForResponse((res) => res.url().startsWith(`${indexerUrl()}/transactions?`));
    await gotoLive(page, '/transactions');
    await caughtUp;
    page.on('request', (req) => {
      if (!isStream(req.url()) && ['fetch', 'xhr'].includes(req.resourceType())) requests.push(req.url());
    });
    // The server rendered a price; blank it, so only a later `gas` event can write one (its poll has stopped).
    const gas = page.getByTestId('gas-price');
    await gas.evaluate((el) => { el.textContent = 'pending'; });
    const banner = page.getByTestId('new-tx-banner');
    // The devnet's own activity may have brought some already (a block every 3 s): the count must grow.
    const count = async (): Promise<number> => ((await banner.isVisible()) ? numberOf(await banner.getByTestId('new-tx-text').innerText()) : 0);
    const before = await count();
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(banner).toContainText(/[1-9]\d* new transaction\(s\) detected/);
    await expect(gas).toHaveText(/^\d[\d,.]*[KM]?$/, { timeout: 20_000 });
    expect(requests).toEqual([]);
    // Its Refresh swaps the list for the server's: the pushed transaction is in it.
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator(`[data-refresh-region="tx-list"] [data-hash="${hash}"]`).first()).toBeAttached({ timeout: 20_000 });
  });

  test("a token page's hint counts a new transfer of the token (its token: topic)", async ({ page }) => {
    const token = scenario().tokens[0]?.address ?? '';
    const [from, to] = [scenario().accounts[5] ?? '', scenario().accounts[4] ?? ''];
    const streams: string[] = [];
    page.on('request', (req) => { if (isStream(req.url())) streams.push(req.url()); });
    await gotoLive(page, `/tokens/${token}`);
    expect(new URL(streams[0] ?? '').searchParams.getAll('token')).toEqual([token.toLowerCase()]);
    const hint = page.getByTestId('activity-hint');
    // The devnet's own activity may move the token too (a block every 3 s): the count of transfers must grow.
    const transfers = async (): Promise<number> => {
      const text = (await hint.isVisible()) ? await hint.innerText() : '';
      return Number(/(\d+) new token transfers?/.exec(text)?.[1] ?? 0);
    };
    const before = await transfers();
    const data = new Interface(['function transfer(address to, uint256 amount)']).encodeFunctionData('transfer', [to, 1n]);
    await rpc('eth_sendTransaction', [{ from, to: token, data }]);
    await expect.poll(transfers, { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(hint).toContainText(/[1-9]\d* new token transfers? since this page loaded/);
    await expect(hint.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', `/tokens/${token}`);
  });

  test('the AI dashboard refreshes itself when the stream brings a block, through its store: the transaction mined is a new highlighted activity', async ({ page }) => {
    await gotoLivePaused(page, '/ai-dashboard');
    await hydrated(page);
    const feed = page.getByTestId('activity-feed');
    await feed.scrollIntoViewIfNeeded();
    await hydrated(page, feed);
    const requests: string[] = [];
    page.on('request', (req) => {
      if (!isStream(req.url()) && ['fetch', 'xhr', 'document'].includes(req.resourceType())) requests.push(req.url());
    });
    const processed = async (): Promise<number> => numberOf(await page.getByTestId('stat-blocks-processed').innerText());
    const before = await processed();
    const newest = page.getByTestId('activity-item').first();
    const [from, to] = [scenario().accounts[1] ?? '', scenario().accounts[0] ?? ''];
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    await expect.poll(async () => (await rpc<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash])) !== null, { timeout: 20_000 }).toBe(true);
    const mined = Number.parseInt((await rpc<{ blockNumber: string }>('eth_getTransactionReceipt', [hash])).blockNumber, 16);
    // Stored before the page's clock moves: a refresh set off by an earlier block's event (the devnet mines on its own)
    // would otherwise read the chain without this block, and the next one waits 30 s more of the paused clock.
    await expect.poll(indexedHead, { timeout: 20_000 }).toBeGreaterThanOrEqual(mined);
    // A block came: the store reads the indexer again at most every 30 s (on the page's clock), and its islands follow.
    // The clock stops as soon as the refresh has begun (Refresh Data is busy): moved further it would end the new
    // activity's 3 s highlight before it could be seen.
    const refreshed = page.waitForRequest((req) => req.url().startsWith(`${indexerUrl()}/blocks?`));
    const busy = async (): Promise<boolean> => (await page.getByTestId('refresh-data').getAttribute('aria-busy')) === 'true' || requests.length > 0;
    await expect.poll(async () => {
      if (await busy()) return true;
      await page.clock.runFor(1_000);
      return busy();
    }, { timeout: 30_000 }).toBe(true);
    await refreshed;
    await expect.poll(processed, { timeout: 20_000 }).toBeGreaterThanOrEqual(mined);
    expect(mined).toBeGreaterThan(before);
    await expect(newest).toHaveAttribute('data-id', /^block-\d+$/);
    expect(Number(((await newest.getAttribute('data-id')) ?? '').slice('block-'.length))).toBeGreaterThanOrEqual(mined);
    await expect(newest).toHaveAttribute('data-highlight', 'on');
    // The store's reads of the indexer, and the page itself for the regions that are still server HTML (the charts and
    // their tables): nothing else, and no poll of its own.
    const other = requests.filter((url) => !url.startsWith(indexerUrl()) && new URL(url).pathname !== '/ai-dashboard');
    expect(other).toEqual([]);
    expect(requests.some((url) => url.startsWith(`${indexerUrl()}/transactions?`))).toBe(true);
  });

  test('the page of a block a reorganisation replaced says so', async ({ page }) => {
    const head = async (): Promise<number> => Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    const [from, to] = [scenario().accounts[3] ?? '', scenario().accounts[2] ?? ''];
    // A block holding a transaction of this test's: its replacement (mined without it) has another hash. An empty
    // block would not do: re-mined in the same second by the same coinbase it comes out identical, not replaced.
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    const receipt = async (): Promise<{ blockNumber: string } | null> => rpc('eth_getTransactionReceipt', [hash]);
    await expect.poll(async () => (await receipt()) !== null, { timeout: 20_000 }).toBe(true);
    const number = Number.parseInt((await receipt())?.blockNumber ?? '', 16);
    // The page of a block the indexer has stored (else it is "Block not found", with no notice to show).
    await expect.poll(indexedHead, { timeout: 20_000 }).toBeGreaterThanOrEqual(number);
    await gotoLive(page, `/blocks/${number}`);
    const notice = page.getByTestId('block-replaced');
    await expect(notice).toBeHidden();
    // Replace everything from the block before this one up: the devnet may have mined more since, and one more
    // block of margin keeps this block inside the reorganisation should the devnet mine between the two calls.
    await rpc('anvil_reorg', [(await head()) - number + 2, []]);
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('This block was replaced by a chain reorganisation');
  });

  test("the gas tracker's levels, base fee and bars follow the `gas` events, with no poll", async ({ page }) => {
    await gotoLivePaused(page, '/gastracker');
    const polls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/stats/gas') polls.push(req.url());
    });
    const tracker = page.getByTestId('gas-tracker');
    // The bars chart island drawn from the server's blocks (the page's clock moved for its idle moments).
    await barsChartDrawn(page);
    // The last block the figures island shows (the server's, then the store's).
    const lastBlock = async (): Promise<number> => Number((await tracker.getByTestId('gas-last-block').innerText()).replaceAll(',', ''));
    const before = await lastBlock();
    await rpc('evm_mine', []);
    const mined = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
    expect(mined).toBeGreaterThan(before);
    // The page's clock stands still: what moves the figures is the stream's `gas` event, not the 30 s poll.
    await expect.poll(lastBlock, { timeout: 20_000 }).toBeGreaterThanOrEqual(mined);
    const shown = await lastBlock();
    await expect(page.getByTestId('gas-last-block')).toHaveText(shown.toLocaleString('en-US'));
    await expect(tracker.getByTestId('gas-block-bars').locator('rect').last()).toHaveAttribute('data-block', String(shown));
    await expect(tracker.getByTestId('gas-level-price')).toHaveCount(3);
    // The bars chart island reads the gas tracker's store the events feed: its bars reach the mined block too.
    expect(await chartedBlock(page, mined)).toBeGreaterThanOrEqual(mined);
    expect(polls).toEqual([]);
  });
});

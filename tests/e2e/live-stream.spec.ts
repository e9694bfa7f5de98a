import { expect } from '@playwright/test';
import { STREAM_OPEN_DELAY_MS } from '../../src/lib/stores/live-boot.ts';
import { indexedTx, indexerUrl, rpc, scenario, test, withoutStream } from './fixtures.ts';

// The live parts against an indexer without the event stream (the chain operator's: GET /events answers 404): the page asks
// for the stream once, after it has loaded, and its live parts keep polling with the spec's intervals, as
// they did before the stream. The stream's own tests (a new block pushed, no periodic requests, reconnecting) are in
// live-stream-push.spec.ts (the `live` project).

test.describe('live updates without an event stream', () => {
  test('home: one refused stream request after load, then /health every 10 s and the gas price every 30 s', async ({ page }) => {
    await withoutStream(page);
    const streams: string[] = [];
    const health: number[] = [];
    const gas: number[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!req.url().startsWith(indexerUrl())) return;
      if (url.pathname === '/events') streams.push(req.url());
      if (url.pathname === '/health') health.push(Date.now());
      if (url.pathname === '/proxy/rpc' && (req.postData() ?? '').includes('eth_gasPrice')) gas.push(Date.now());
    });
    await page.clock.install();
    await page.goto('/');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Opened after the first paint, not with it: the page shows its blocks and its first requests are done, and still
    // no stream was asked for while the page's clock has not passed the delay.
    await expect(page.getByTestId('home-block').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(streams).toEqual([]);
    // The stream is asked for 10 s after the page has loaded, when the browser is idle (at most 2 s more).
    await page.clock.runFor(STREAM_OPEN_DELAY_MS + 2_000);
    await expect.poll(() => streams.length).toBe(1);
    expect(streams[0]).toBe(`${indexerUrl()}/events`);
    // Refused: the parts poll as before, and nothing asks for the stream again.
    await page.clock.runFor(60_000);
    await expect.poll(() => health.length).toBeGreaterThanOrEqual(5);
    await expect.poll(() => gas.length).toBeGreaterThanOrEqual(2);
    expect(streams).toHaveLength(1);
  });

  test('block list: the 30 s head poll still raises Latest Block', async ({ page }) => {
    await withoutStream(page);
    const polls: string[] = [];
    page.on('request', (req) => { if (req.url() === `${indexerUrl()}/health`) polls.push(req.url()); });
    await page.clock.install();
    await page.goto('/blocks');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(30_000);
    await expect.poll(() => polls.length).toBeGreaterThanOrEqual(1);
  });

  test('address page: no activity hint shows without a stream, even when the address gets a transaction', async ({ page }) => {
    // The addresses the pushed stream's hint test uses (the `live` project, after this one): nothing else here reads
    // their pages' contents.
    const [from, to] = [scenario().accounts[9] ?? '', scenario().accounts[8] ?? ''];
    await withoutStream(page);
    await page.clock.install();
    await page.goto(`/address/${to}`);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const hint = page.getByTestId('activity-hint');
    await expect(hint).toBeHidden();
    // The page asks for the stream (with the address's topic) after the delay, is refused, and gives it up: its hint
    // is wired by then (live.ts wires it before opening the stream), and the page's live parts poll.
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/events' && res.status() === 404);
    await page.clock.runFor(STREAM_OPEN_DELAY_MS + 2_000);
    expect(new URL((await refused).url()).searchParams.getAll('address')).toEqual([to.toLowerCase()]);
    await page.waitForFunction(() => (window as unknown as { stoLive?: { $liveStatus: { get(): string } } }).stoLive?.$liveStatus.get() === 'fallback');
    // Activity for the address, indexed.
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    await indexedTx(hash);
    // Without a stream nothing on this page polls for the address's activity: the only poll is the header's gas price
    // (every 30 s). Once one has been answered after the transaction was indexed, the page's timers have run past it,
    // and still no hint: the page tells nothing it cannot know, and does not claim to be out of date either.
    const gas = page.waitForResponse((res) => new URL(res.url()).pathname === '/proxy/rpc' && (res.request().postData() ?? '').includes('eth_gasPrice'));
    await page.clock.runFor(30_000);
    await gas;
    await expect(hint).toBeHidden();
    await expect(hint).toHaveText('Refresh');
  });
});

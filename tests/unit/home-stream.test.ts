import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeBaseline } from '../../src/lib/home/feed.ts';

// The home page fed by the tab's stream: blocks, transactions, stats and gas events update the feeds and the
// '+N new' counters without a request; reload and reorg load once; the 10 s health poll runs only on fallback.

type Store = typeof import('../../src/lib/home/store.ts');
type Live = typeof import('../../src/lib/stores/live.ts');

const INDEXER = 'http://indexer.test';
const MINER = '0x0dc0dccea64fd201da269fa621740c93ead926b5';

const block = (number: number, transactionCount: number) => ({
  number,
  hash: `0x${number.toString(16).padStart(64, '0')}`,
  timestamp: 1_700_000_000 + number * 3,
  miner: MINER,
  gasUsed: '21000',
  gasLimit: '30000000',
  transactionCount,
});
const tx = (n: number, blockNumber: number) => ({
  hash: `0x${n.toString(16).padStart(64, 'b')}`,
  blockNumber,
  timestamp: 1_700_000_000 + blockNumber * 3,
  from: '0x5acfb896eea61dbcab284abaaf1dae7c36bc7810',
  to: '0xeabc2628f279ea3bd308cb4527875a01d7487813',
  value: '1',
  status: true,
});

let paths: string[];
let head: number;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchStub = vi.fn(async (input: string | URL | Request) => {
  const url = new URL(input instanceof Request ? input.url : input);
  paths.push(`${url.pathname}${url.search}`);
  switch (url.pathname) {
    case '/health':
      return json({ status: 'ok', lastBlock: head });
    case '/blocks':
      return json(Array.from({ length: 11 }, (_, i) => block(head - i, 1)));
    case '/transactions':
      return json(Array.from({ length: 5 }, (_, i) => tx(head * 10 + i, head)));
    case '/stats/holders':
      return json({ holders: 7 });
    case '/proxy/rpc':
      return json({ jsonrpc: '2.0', id: 1, result: '0x1' });
    default:
      return json({});
  }
});

const baseline = (): HomeBaseline => ({ indexerUrl: INDEXER, latestBlock: 100, missing: [], renderedAt: 0 });

let store: Store;
let live: Live;
const event = (name: string, data: unknown) => store.applyHomeEvent({ name, data, id: '' });

beforeEach(async () => {
  vi.resetModules();
  store = await import('../../src/lib/home/store.ts');
  live = await import('../../src/lib/stores/live.ts');
  // Loaded now, as a browser that opened the stream has it: a fake clock's ticks do not wait for file reads.
  await import('../../src/lib/stores/live-stream.ts');
  paths = [];
  head = 100;
  vi.stubGlobal('fetch', fetchStub);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home page from the stream', () => {
  it('loads the feeds once on the first event, then merges events without a request', async () => {
    store.startHome(baseline());
    head = 101;
    await event('block', block(101, 2));
    expect(paths).toEqual(expect.arrayContaining(['/blocks?limit=11', '/transactions?limit=5']));
    expect(store.$homeFeed.get().newBlocks).toBe(1);
    paths = [];

    await event('block', block(102, 3));
    await event('transactions', { block: 102, count: 3, items: [tx(1022, 102), tx(1021, 102), tx(1020, 102)] });
    await event('stats', { block: 102, tps: { tps: 1.5 }, holders: { holders: 9 }, payout: null, transactionCount: { totalTransactions: 400, latestBlock: 102 }, erc20Count: { count: 4 } });
    await event('gas', { block: 102, gasPrice: '0x3b9aca00' });
    expect(paths).toEqual([]);
    const feed = store.$homeFeed.get();
    expect(feed.blocks?.map((b) => b.number).slice(0, 3)).toEqual([102, 101, 100]);
    expect(feed.blocks).toHaveLength(11);
    expect(feed.transactions?.map((t) => t.blockNumber)).toEqual([102, 102, 102, 101, 101]);
    expect(feed.newBlocks).toBe(2);
    expect(feed.newTransactions).toBe(1 + 3);
    expect(feed.stats).toMatchObject({ latestBlock: 102, tps: 1.5, totalHolders: 9, totalTransactions: 400, totalTokens: 4, gasPriceWei: 1_000_000_000n });

    // A figure whose route failed keeps the value shown.
    await event('stats', { block: 102, tps: { tps: 2 }, holders: null, payout: null, transactionCount: null, erc20Count: null });
    expect(store.$homeFeed.get().stats).toMatchObject({ tps: 2, totalHolders: 9, totalTransactions: 400, totalTokens: 4 });

    // A block sent again (a reopened stream replays) replaces itself.
    await event('block', block(102, 3));
    expect(store.$homeFeed.get().blocks?.filter((b) => b.number === 102)).toHaveLength(1);
    expect(store.$homeFeed.get().newTransactions).toBe(1 + 3);
  });

  it('a malformed event changes nothing', async () => {
    store.startHome(baseline());
    await event('block', block(101, 1));
    const before = store.$homeFeed.get();
    await event('block', { number: 'soon' });
    await event('transactions', { items: 'none' });
    await event('stats', 'nothing');
    await event('gas', { gasPrice: 'cheap' });
    expect(store.$homeFeed.get().blocks).toEqual(before.blocks);
    expect(store.$homeFeed.get().stats).toEqual(before.stats);
  });

  it.each(['reload', 'reorg'])('%s loads blocks, transactions and stats once', async (name) => {
    store.startHome(baseline());
    head = 105;
    await event(name, name === 'reload' ? { reason: 'too-far-behind' } : { depth: 2, fork: 103, head: 105, reorgs: 1 });
    expect(paths).toEqual(expect.arrayContaining(['/blocks?limit=11', '/transactions?limit=5', '/stats/holders']));
    expect(store.$homeFeed.get().blocks?.[0]?.number).toBe(105);
  });

  it('polls /health every 10 s as before until the stream opens; while it is open no request and no timer', async () => {
    vi.useFakeTimers();
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'complete', hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
    // An EventSource that neither opens nor fails: the test says when the stream is open.
    vi.stubGlobal('EventSource', class { readyState = 0; onopen = null; onerror = null; addEventListener(): void {} close(): void {} });
    store.startHome(baseline());
    const stop = store.$homeFeed.listen(() => {});
    // The stream's module arrives (the header loads it late) and the stream opens.
    live.announceLive(win as Window);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.$liveStatus.get()).toBe('connecting');
    live.$liveStatus.set('open');
    // Past nanostores' own unmount delays: what is left would be a poll.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(paths).toEqual([]);
    // Given up later (the indexer gone behind a proxy): the 10 s poll again.
    live.$liveStatus.set('fallback');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(paths).toEqual(['/health']);
    stop();
  });

  it('without a stream the health poll keeps its 10 s from the start', async () => {
    vi.useFakeTimers();
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState: 'complete', hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
    vi.stubGlobal('EventSource', class { readyState = 0; onopen = null; onerror: (() => void) | null = null; addEventListener(): void {} close(): void {} constructor() { setTimeout(() => this.onerror?.(), 0); } });
    store.startHome(baseline());
    const stop = store.$homeFeed.listen(() => {});
    await vi.advanceTimersByTimeAsync(3_000);
    live.announceLive(win as Window);
    await vi.advanceTimersByTimeAsync(1);
    // Refused before it opened (a 404): fallback, and the timer of the start goes on.
    expect(live.$liveStatus.get()).toBe('fallback');
    await vi.advanceTimersByTimeAsync(10_000 - 3_000 - 2);
    expect(paths).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(paths).toEqual(['/health']);
    stop();
  });
});

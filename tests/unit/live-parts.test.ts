import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $liveEvent, $liveStatus, announceLive } from '../../src/lib/stores/live.ts';
import { $blocksReorg, $latestBlock, BLOCKS_POLL_MS, seedLatestBlock } from '../../src/lib/stores/blocks.ts';
import { $latestTransactions, $newTransactionCount, $transactionsReplaced, TX_LIST_POLL_MS, acknowledgeTransactions, trackTransactions } from '../../src/lib/stores/transactions.ts';
import { activityText, countActivity } from '../../src/lib/stores/activity-hint.ts';
import { pollWhileNoStream } from '../../src/lib/stores/when-live.ts';

// The live parts of the block and transaction lists and the address/token hint, fed by the tab's stream:
// they count from its events, poll only when it could not be opened, and handle reload and reorg.

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
let id = 0;
const emit = (name: string, data: unknown): void => $liveEvent.set({ name, data, id: String(++id) });

let txAnswer: unknown = [];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (url: string) => json(url.endsWith('/health') ? { status: 'ok', lastBlock: 500 } : txAnswer));

/** An EventSource that neither opens nor fails: the tests set the stream's status themselves. */
class QuietEventSource {
  readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener(): void {}
  close(): void {}
}

/** The window the parts see: where the stream's module announces itself (when-live.ts). */
let win: EventTarget;

/** The stream's module arrives (the header loads it late) and the stream is in `status`. */
async function streamReady(status: 'open' | 'fallback' = 'open'): Promise<void> {
  // The stream opens after the parts follow it (live.ts, openTabStream); a refused one is refused at once.
  $liveStatus.set(status === 'open' ? 'connecting' : status);
  announceLive(globalThis as unknown as Window);
  // The parts' followers load (already loaded: a microtask).
  await vi.advanceTimersByTimeAsync(0);
  $liveStatus.set(status);
}

beforeAll(async () => {
  // The modules the parts import when due, as a browser that loaded them has them (see blocks-store.test.ts).
  await import('../../src/lib/stores/polls.ts');
  await import('../../src/lib/stores/live-stream.ts');
  await import('../../src/lib/stores/blocks-live.ts');
  await import('../../src/lib/stores/transactions-live.ts');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  win = new EventTarget();
  // The page's window is the global object: the stores listen there for the stream's module.
  delete (globalThis as { stoLive?: unknown }).stoLive;
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('dispatchEvent', win.dispatchEvent.bind(win));
  vi.stubGlobal('document', { readyState: 'complete', hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
  vi.stubGlobal('EventSource', QuietEventSource);
  fetchMock.mockClear();
  txAnswer = [];
  $liveStatus.set('off');
  $liveEvent.set(null);
  $latestBlock.set(null);
  $blocksReorg.set(null);
  $transactionsReplaced.set(0);
  acknowledgeTransactions([]);
});

afterEach(async () => {
  // Past nanostores' unmount delay, so the next test mounts the stores afresh.
  await vi.advanceTimersByTimeAsync(2_000);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pollWhileNoStream: a part polls as before the stream, until it opens', () => {
  it.each<[string, 'open' | 'fallback' | null, number]>([
    // the stream's state once its module arrived after 2 ticks, then the ticks counted over 5 more periods
    ['no stream module at all: it keeps polling', null, 7],
    ['the stream opens: the polling stops', 'open', 2],
    ['the stream is refused: the polling goes on', 'fallback', 7],
  ])('%s', async (_name, status, ticks) => {
    const tick = vi.fn();
    const poll = pollWhileNoStream(tick, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    if (status) await streamReady(status);
    expect(poll.polling()).toBe(status !== 'open');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tick).toHaveBeenCalledTimes(ticks);
    poll.stop();
  });

  it('a stream given up after it opened: the polling starts again; stop() ends it for good', async () => {
    const tick = vi.fn();
    const poll = pollWhileNoStream(tick, 1_000);
    await streamReady('open');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tick).not.toHaveBeenCalled();
    $liveStatus.set('fallback');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tick).toHaveBeenCalledTimes(2);
    poll.stop();
    $liveStatus.set('open');
    $liveStatus.set('fallback');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(poll.polling()).toBe(false);
  });
});

describe('block list: Latest Block and its new-blocks banner', () => {
  it('rises with block events and asks nothing, with no timer, while the stream is open', async () => {
    seedLatestBlock('http://indexer.test', 100);
    const stop = $latestBlock.listen(() => {});
    await streamReady();
    // Past nanostores' own unmount delays: what is left would be a poll.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(vi.getTimerCount()).toBe(0);
    emit('block', { number: 101, hash: h(101) });
    emit('block', { number: 99, hash: h(99) });
    emit('block', { number: 'x', hash: h(1) });
    expect($latestBlock.get()).toBe(101);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('without a stream it polls every 30 s from its start, as before', async () => {
    seedLatestBlock('http://indexer.test', 100);
    const stop = $latestBlock.listen(() => {});
    await streamReady('fallback');
    await vi.advanceTimersByTimeAsync(BLOCKS_POLL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['http://indexer.test/health']);
    await vi.waitFor(() => expect($latestBlock.get()).toBe(500));
    stop();
  });

  it('reads the head once on reload, and notes a reorg below the newest block it knows', async () => {
    seedLatestBlock('http://indexer.test', 100);
    const stop = $latestBlock.listen(() => {});
    await streamReady();
    emit('reload', { reason: 'too-far-behind' });
    await vi.waitFor(() => expect($latestBlock.get()).toBe(500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    emit('reorg', { depth: 3, fork: 497, head: 500, reorgs: 1 });
    expect($blocksReorg.get()).toBe(497);
    // One above the newest block known replaced nothing listed.
    emit('reorg', { depth: 1, fork: 600, head: 601, reorgs: 2 });
    expect($blocksReorg.get()).toBe(497);
    stop();
  });
});

describe('transaction list: the new-transactions banner', () => {
  it('reads once when the stream opens, then counts each block event against the rows shown', async () => {
    trackTransactions('http://indexer.test', [h(2), h(1)]);
    txAnswer = [{ hash: h(2) }, { hash: h(1) }];
    const stop = $newTransactionCount.listen(() => {});
    await streamReady();
    // The one read: what arrived between the page and the stream (here nothing).
    await vi.waitFor(() => expect($latestTransactions.get()).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    emit('transactions', { block: 3, count: 2, items: [{ hash: h(4) }, { hash: h(3) }] });
    expect($newTransactionCount.get()).toBe(2);
    // A block of 60 that lists 50 (STREAM_TRANSACTIONS): all 60 count.
    emit('transactions', { block: 4, count: 60, items: Array.from({ length: 50 }, (_, i) => ({ hash: h(100 + i) })) });
    expect($newTransactionCount.get()).toBe(62);
    // Replayed after a reopen: counted once.
    emit('transactions', { block: 3, count: 2, items: [{ hash: h(4) }, { hash: h(3) }] });
    emit('transactions', { block: 4, count: 60, items: Array.from({ length: 50 }, (_, i) => ({ hash: h(100 + i) })) });
    expect($latestTransactions.get()?.filter((x) => x === h(4))).toHaveLength(1);
    expect($newTransactionCount.get()).toBe(62);
    await vi.advanceTimersByTimeAsync(5 * TX_LIST_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Refresh: the page shows the new rows, the count starts again.
    acknowledgeTransactions([h(4), h(3), h(2)]);
    expect($newTransactionCount.get()).toBe(0);
    stop();
  });

  it('reads once on reload, reloads the list on reorg, and polls every 30 s when the stream is given up', async () => {
    trackTransactions('http://indexer.test', [h(899)]);
    txAnswer = [{ hash: h(900) }, { hash: h(899) }];
    const stop = $newTransactionCount.listen(() => {});
    await streamReady();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    emit('reload', { reason: 'unknown-position' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect($newTransactionCount.get()).toBe(1));
    emit('reorg', { depth: 1, fork: 10, head: 11, reorgs: 1 });
    expect($transactionsReplaced.get()).toBe(1);
    $liveStatus.set('fallback');
    await vi.advanceTimersByTimeAsync(TX_LIST_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]?.[0]).toBe('http://indexer.test/transactions?limit=100&offset=0');
    stop();
  });
});

describe('address and token hints', () => {
  it.each<[string, unknown[], string | null]>([
    ['nothing yet', [], null],
    ['one transaction', [{ block: 1, transactions: [h(1)], transfers: 0 }], '1 new transaction since this page loaded'],
    [
      'transactions and transfers',
      [
        { block: 1, transactions: [h(1), h(2)], transfers: 1 },
        { block: 2, transactions: [], transfers: 2 },
      ],
      '2 new transactions and 3 new token transfers since this page loaded',
    ],
    ['a token topic', [{ token: '0x', block: 5, transfers: 4 }], '4 new token transfers since this page loaded'],
    ['hostile data is not counted', [{ block: 1, transactions: ['<img src=x onerror=alert(1)>', 7], transfers: -3 }], null],
  ])('%s', (_name, events, text) => {
    const count = events.reduce((c: { transactions: number; transfers: number }, data) => countActivity(c, data), { transactions: 0, transfers: 0 });
    expect(activityText(count)).toBe(text);
  });

  it('says when the stream could not replay what a hidden spell missed (reload)', () => {
    expect(activityText({ transactions: 0, transfers: 0, missed: true })).toBe('This page may be out of date');
    expect(activityText({ transactions: 2, transfers: 0, missed: true })).toBe('At least 2 new transactions since this page loaded');
  });
});

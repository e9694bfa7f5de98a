import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $latestTransactions,
  $newTransactionCount,
  TX_LIST_POLL_MS,
  acknowledgeTransactions,
  countNewTransactions,
  pollLatestTransactions,
  trackTransactions,
  transactionHashes,
} from '../../src/lib/stores/transactions.ts';
import { $liveStatus } from '../../src/lib/stores/live.ts';

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('countNewTransactions: rows newer than every shown one', () => {
  it.each<[string, string[] | null, string[], number]>([
    ['before the first poll', null, [h(1)], 0],
    ['nothing new', [h(3), h(2), h(1)], [h(3), h(2)], 0],
    ['two new', [h(5), h(4), h(3), h(2)], [h(3), h(2)], 2],
    ['the newest shown row left the chain: the next shown one counts', [h(6), h(4), h(2)], [h(5), h(4)], 1],
    ['none shown on the page', [h(2), h(1)], [], 2],
    ['more new than one poll reads', [h(9), h(8)], [h(1)], 2],
    ['case-insensitive', [h(0xab).toUpperCase().replace('0X', '0x'), h(0xaa)], [h(0xaa)], 1],
  ])('%s', (_name, latest, shown, n) => expect(countNewTransactions(latest, shown)).toBe(n));
});

describe('transactionHashes: bare or wrapped lists', () => {
  it.each<[unknown, string[]]>([
    [[{ hash: h(2) }, { hash: h(1).toUpperCase().replace('0X', '0x') }], [h(2), h(1)]],
    [{ transactions: [{ transactionHash: h(3) }] }, [h(3)]],
    [[{ hash: 'nope' }, null, 7, { hash: h(4) }], [h(4)]],
    [{ error: 'down' }, []],
    [null, []],
  ])('%j', (body, hashes) => expect(transactionHashes(body)).toEqual(hashes));
});

describe('the new-transactions feed', () => {
  // The store loads its reader on the first poll; a browser that polled once has it cached, and a cached module
  // resolves within the fake clock's ticks (an uncached one waits on real file reads).
  beforeAll(async () => {
    await import('../../src/lib/stores/polls.ts');
  });

  let answer: unknown;
  const fetchMock = vi.fn(async (url: string) => {
    void url;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    // A page's document (the stores start nothing in a server render, which has none).
    vi.stubGlobal('document', { hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
    fetchMock.mockClear();
    acknowledgeTransactions([]);
    // The indexer has no stream: the feed polls as it always did.
    $liveStatus.set('fallback');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 30 s while subscribed, counts the new rows, and Refresh resets the counter', async () => {
    trackTransactions('http://indexer.test/', [h(2), h(1)]);
    const seen: number[] = [];
    const stop = $newTransactionCount.subscribe((n) => seen.push(n));
    expect(fetchMock).not.toHaveBeenCalled();

    answer = [{ hash: h(4) }, { hash: h(3) }, { hash: h(2) }];
    await vi.advanceTimersByTimeAsync(TX_LIST_POLL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://indexer.test/transactions?limit=100&offset=0');
    expect($newTransactionCount.get()).toBe(2);

    acknowledgeTransactions([h(4), h(3), h(2)]);
    expect($newTransactionCount.get()).toBe(0);
    expect(seen).toEqual([0, 2, 0]);

    stop();
    await vi.advanceTimersByTimeAsync(5 * TX_LIST_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed or empty poll keeps the last answer', async () => {
    trackTransactions('http://indexer.test', [h(1)]);
    $latestTransactions.set([h(2), h(1)]);
    answer = [];
    await pollLatestTransactions(fetchMock);
    expect($newTransactionCount.get()).toBe(1);
    await pollLatestTransactions(async () => { throw new Error('offline'); });
    await pollLatestTransactions(async () => new Response('oops', { status: 503 }));
    expect($newTransactionCount.get()).toBe(1);
  });
});

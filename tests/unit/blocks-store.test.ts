import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $latestBlock, BLOCKS_POLL_MS, parseLastBlock, refreshLatestBlock, seedLatestBlock } from '../../src/lib/stores/blocks.ts';
import { $liveStatus } from '../../src/lib/stores/live.ts';

describe('parseLastBlock', () => {
  it.each<[unknown, number | null]>([
    [{ status: 'ok', lastBlock: 364, isIndexing: true }, 364],
    [{ lastBlock: '42' }, 42],
    [{ lastBlock: 0 }, 0],
    [{ lastBlock: null }, null],
    [{ lastBlock: -1 }, null],
    [{ lastBlock: '0x10' }, null],
    [{ lastBlock: 1.5 }, null],
    [{}, null],
    [null, null],
    ['ok', null],
  ])('%j → %s', (body, expected) => {
    expect(parseLastBlock(body)).toBe(expected);
  });
});

describe('$latestBlock polling (without a stream: the fallback)', () => {
  // The store loads its reader on the first poll; a browser that polled once has it cached, and a cached module
  // resolves within the fake clock's ticks (an uncached one waits on real file reads).
  beforeAll(async () => {
    await import('../../src/lib/stores/polls.ts');
  });

  let answers: Array<() => Response>;
  const fetchMock = vi.fn(async (_url: string) => (answers.shift() ?? (() => new Response('{}', { status: 200 })))());

  beforeEach(() => {
    vi.useFakeTimers();
    answers = [];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    // A page's document (the stores start nothing in a server render, which has none).
    vi.stubGlobal('document', { hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
    $latestBlock.set(null);
    seedLatestBlock('http://indexer.test/', 100);
    // The indexer has no stream: the store polls as it always did.
    $liveStatus.set('fallback');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const health = (lastBlock: unknown) => () => new Response(JSON.stringify({ status: 'ok', lastBlock }), { status: 200 });

  it('is seeded from the server and asks nothing until a listener is there', async () => {
    expect($latestBlock.get()).toBe(100);
    await vi.advanceTimersByTimeAsync(BLOCKS_POLL_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls /health every 30 s while listened to, raising but never lowering the value', async () => {
    const seen: Array<number | null> = [];
    answers = [health(104), health(90), () => new Response('oops', { status: 500 }), health(110)];
    const stop = $latestBlock.listen((v) => seen.push(v));
    await vi.advanceTimersByTimeAsync(BLOCKS_POLL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://indexer.test/health');
    expect($latestBlock.get()).toBe(104);
    await vi.advanceTimersByTimeAsync(BLOCKS_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(seen).toEqual([104, 110]);
    stop();
    await vi.advanceTimersByTimeAsync(BLOCKS_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('keeps the value when the indexer does not answer', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('fetch failed');
    });
    await refreshLatestBlock();
    expect($latestBlock.get()).toBe(100);
  });

  it('a seed never lowers a newer value', () => {
    $latestBlock.set(120);
    seedLatestBlock('http://indexer.test', 110);
    expect($latestBlock.get()).toBe(120);
  });
});

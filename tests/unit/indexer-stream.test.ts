import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GasTrackerLive } from '../../common/gas-tracker.ts';
import { eventId, MAX_STREAM_TOPICS, parseEventId, STREAM_HEARTBEAT_MS } from '../../common/live-events.ts';
import { BlockEventReader } from '../../indexer/src/api/stream/block-events.ts';
import { DEFAULT_STREAM_LIMITS } from '../../indexer/src/api/stream/limits.ts';
import { indexerConfigFromEnv } from '../../indexer/src/config/settings.ts';
import { parseTopics } from '../../indexer/src/api/stream/topics.ts';
import { HttpError } from '../../indexer/src/http/router.ts';
import type { Queryable } from '../../indexer/src/store/types.ts';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000Bb';
const T = '0x0000000000000000000000000000000000000c0c';

describe('parseTopics', () => {
  it.each([
    ['', []],
    [`address=${B}&address=${A}`, [`address:${A}`, `address:${B.toLowerCase()}`]],
    [`address=${A},${B}`, [`address:${A}`, `address:${B.toLowerCase()}`]],
    [`token=${T}&address=${A}`, [`address:${A}`, `token:${T}`]],
    [`address=${A},,${A.toUpperCase().replace('0X', '0x')}`, [`address:${A}`]],
    [`address=${A}&token=${A}`, [`address:${A}`, `token:${A}`]],
  ])('%s → %j', (query, topics) => {
    expect(parseTopics(new URLSearchParams(query))).toEqual(topics);
  });

  const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`);
  it.each([
    ['address=0x12', 'Invalid address: must be an address'],
    [`token=${A}1`, 'Invalid token: must be an address'],
    [`address=${many(MAX_STREAM_TOPICS + 1, 'a').join(',')}`, `Too many topics: at most ${MAX_STREAM_TOPICS} addresses and tokens together`],
    [`address=${many(MAX_STREAM_TOPICS, 'a').join(',')}&token=${T}`, `Too many topics: at most ${MAX_STREAM_TOPICS} addresses and tokens together`],
  ])('%s → 400 %s', (query, message) => {
    let thrown: unknown = null;
    try {
      parseTopics(new URLSearchParams(query));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 400, message });
  });
});

describe('event ids', () => {
  it.each([
    [12, 0, 0, '12-0-0'],
    [123456, 7, 3, '123456-7-3'],
  ])('block %d, index %d, generation %d is %s and reads back', (block, index, reorgs, text) => {
    expect(eventId(block, index, reorgs)).toBe(text);
    expect(parseEventId(text)).toEqual({ block, index, reorgs });
  });

  it.each([null, undefined, '', '12', '12-0', '-1-0-0', '1-2-3-4', 'a-b-c', '1-0-0 '])('%j is no id', (text) => {
    expect(parseEventId(text)).toBeNull();
  });
});

describe('the stream limits as the settings read them (INDEXER_MAX_STREAMS_PER_CLIENT, INDEXER_MAX_STREAMS)', () => {
  it('unset, the defaults: 6 streams per client, 10,000 in all, and a heartbeat every 15 s', () => {
    expect(DEFAULT_STREAM_LIMITS).toMatchObject({ maxPerClient: 6, maxTotal: 10_000 });
    expect(STREAM_HEARTBEAT_MS).toBe(15_000);
  });

  it.each([
    [{}, { maxPerClient: 6, maxTotal: 10_000 }],
    [{ INDEXER_MAX_STREAMS_PER_CLIENT: '3' }, { maxPerClient: 3, maxTotal: 10_000 }],
    [{ INDEXER_MAX_STREAMS: ' 50000 ', INDEXER_MAX_STREAMS_PER_CLIENT: '' }, { maxPerClient: 6, maxTotal: 50_000 }],
  ])('%j → %j', (env, limits) => {
    const config = indexerConfigFromEnv(env);
    expect('options' in config && config.options.streams).toEqual(limits);
  });

  it.each([
    [{ INDEXER_MAX_STREAMS_PER_CLIENT: '0' }, 'INDEXER_MAX_STREAMS_PER_CLIENT must be a whole number of at least 1, got 0'],
    [{ INDEXER_MAX_STREAMS: '1e4' }, 'INDEXER_MAX_STREAMS must be a whole number of at least 1, got 1e4'],
    [{ INDEXER_MAX_STREAMS: '-5' }, 'INDEXER_MAX_STREAMS must be a whole number of at least 1, got -5'],
  ])('%j is refused', (env, message) => {
    expect(indexerConfigFromEnv(env)).toEqual({ problems: [message] });
  });
});

describe('the gas event waits a bounded time for the node', () => {
  const db = {} as Queryable;
  const gasOf = async (reader: BlockEventReader, block: number): Promise<unknown> => {
    const text = (await reader.gas(block, 0)).toString('utf8');
    return JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? 'null');
  };
  afterEach(() => vi.useRealTimers());

  it("a node slower than the wait: the block's events go out with its last price, and its late answer serves the next", async () => {
    vi.useFakeTimers();
    const answers: ((price: string) => void)[] = [];
    let calls = 0;
    const reader = new BlockEventReader(db, () => { calls++; return new Promise<string>((resolve) => answers.push(resolve)); }, 300);
    const first = gasOf(reader, 1);
    answers[0]?.('0x1');
    expect(await first).toEqual({ block: 1, gasPrice: '0x1', tracker: null });
    const second = gasOf(reader, 2);
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toEqual({ block: 2, gasPrice: '0x1', tracker: null });
    // Still waiting for that call: the next block asks no second one, and takes the answer when it comes.
    const third = gasOf(reader, 3);
    expect(calls).toBe(2);
    answers[1]?.('0x2');
    expect(await third).toEqual({ block: 3, gasPrice: '0x2', tracker: null });
  });

  const figures = (lastBlock: number): GasTrackerLive => {
    const level = { priorityFee: '1', price: '8', transferFee: '168000', waitSeconds: 2 };
    return { lastBlock, baseFee: '7', levels: { slow: level, standard: level, fast: level }, blocks: [{ number: lastBlock, baseFee: '7', gasUsedRatio: 0.5 }] };
  };

  it('the tracker: read once per block with the gas price, null when later than the same wait, one read at a time', async () => {
    vi.useFakeTimers();
    const reads: ((live: GasTrackerLive) => void)[] = [];
    const reader = new BlockEventReader(db, () => Promise.resolve('0x7'), 300);
    reader.useGasTracker(() => new Promise<GasTrackerLive>((resolve) => reads.push(resolve)));
    const first = gasOf(reader, 1);
    reads[0]?.(figures(1));
    expect(await first).toEqual({ block: 1, gasPrice: '0x7', tracker: figures(1) });
    // A slow read: the gas price goes out at the wait's end, the tracker null (not the last figures: they are a block old).
    const second = gasOf(reader, 2);
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toEqual({ block: 2, gasPrice: '0x7', tracker: null });
    // That read is still under way: the next block waits on it instead of asking again.
    const third = gasOf(reader, 3);
    expect(reads).toHaveLength(2);
    reads[1]?.(figures(3));
    expect(await third).toEqual({ block: 3, gasPrice: '0x7', tracker: figures(3) });
  });

  it('a tracker that fails: null, and the gas price still goes out', async () => {
    const reader = new BlockEventReader(db, () => Promise.resolve('0x9'), 300);
    reader.useGasTracker(() => Promise.reject(new Error('node down')));
    expect(await gasOf(reader, 1)).toEqual({ block: 1, gasPrice: '0x9', tracker: null });
  });

  it('a node that fails: null, and no old price is kept', async () => {
    let fail = false;
    const reader = new BlockEventReader(db, () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('0x5')), 300);
    expect(await gasOf(reader, 1)).toEqual({ block: 1, gasPrice: '0x5', tracker: null });
    fail = true;
    expect(await gasOf(reader, 2)).toEqual({ block: 2, gasPrice: null, tracker: null });
  });
});

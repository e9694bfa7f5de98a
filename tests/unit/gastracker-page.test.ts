import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEE_WINDOW, TOP_CONSUMERS, type GasTrackerResponse } from '../../common/gas-tracker.ts';
import { GAS_TRACKER_UNAVAILABLE, loadGasTracker, outcomeStatus } from '../../src/lib/gastracker/load.ts';
import { averageFullness, barEnds, blockBars, BARS_HEIGHT, BARS_WIDTH, consumerRows, feeUsd, hourChart, hourRows, levelCards, NO_WAIT_ESTIMATE, waitText } from '../../src/lib/gastracker/view.ts';
import { getGasTracker } from '../../src/lib/indexer-api/gas-tracker.ts';
import { createTransport } from '../../src/lib/indexer-api/transport.ts';
import { normalizeGasTracker, normalizeGasTrackerLive } from '../../src/lib/normalize/gas-tracker.ts';

// The gas tracker page below the page: /stats/gas and the `gas` event's tracker read as untrusted, the
// indexer client's read, the page's outcomes, the figures as the page shows them, and what its script publishes into
// the gas tracker's store (the islands' part is islands-gas-tracker.test.tsx).

// A /stats/gas answer as the bundled indexer writes it (common/gas-tracker.ts): 1 gwei base fee, three levels, four
// blocks, three hours and two consumers. Tests copy and spoil it.
const GWEI = 1_000_000_000n;

/** A level at `priority` gwei over the 1 gwei base fee. */
function level(priority: bigint, waitSeconds: number | null) {
  const price = GWEI + priority * GWEI;
  return { priorityFee: String(priority * GWEI), price: String(price), transferFee: String(price * 21_000n), waitSeconds };
}

function trackerAnswer(): GasTrackerResponse {
  return {
    lastBlock: 120,
    baseFee: String(GWEI),
    levels: { slow: level(1n, 600), standard: level(2n, 24), fast: level(5n, 4) },
    blocks: [
      { number: 117, baseFee: String(GWEI), gasUsedRatio: 0 },
      { number: 118, baseFee: String(GWEI), gasUsedRatio: 0.25 },
      { number: 119, baseFee: String(GWEI), gasUsedRatio: 0.5 },
      { number: 120, baseFee: String(GWEI), gasUsedRatio: 1 },
    ],
    blockTime: 2,
    hourly: [
      { hour: 1_795_500_000 - (1_795_500_000 % 3600), average: String(3n * GWEI), min: String(GWEI), max: String(5n * GWEI), transactions: 12 },
      { hour: 1_795_500_000 - (1_795_500_000 % 3600) + 3600, average: null, min: null, max: null, transactions: 0 },
      { hour: 1_795_500_000 - (1_795_500_000 % 3600) + 7200, average: String(2n * GWEI), min: String(2n * GWEI), max: String(2n * GWEI), transactions: 1_234 },
    ],
    topConsumers: [
      { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'Seed <b>Token</b>', gasUsed: '1234567', fees: String(1_234_567n * 3n * GWEI), transactions: 40, share: 0.75 },
      { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', name: null, gasUsed: '411522', fees: '0', transactions: 2, share: 0.25 },
    ],
    indexedBlock: 119,
  };
}

describe('normalizeGasTracker', () => {
  it('reads an answer of the bundled indexer as it is', () => {
    expect(normalizeGasTracker(trackerAnswer())).toEqual(trackerAnswer());
  });

  it('reads amounts in any encoding as decimal strings', () => {
    const raw = trackerAnswer() as unknown as Record<string, unknown>;
    raw['baseFee'] = '0x3b9aca00';
    (raw['levels'] as Record<string, Record<string, unknown>>)['fast']!['price'] = { type: 'BigNumber', hex: '0x01' };
    (raw['levels'] as Record<string, Record<string, unknown>>)['slow']!['priorityFee'] = 7;
    const tracker = normalizeGasTracker(raw);
    expect(tracker?.baseFee).toBe('1000000000');
    expect(tracker?.levels.fast.price).toBe('1');
    expect(tracker?.levels.slow.priorityFee).toBe('7');
  });

  it.each([
    ['not an object', () => 'gas'],
    ['an array', () => [trackerAnswer()]],
    ['no levels', () => ({ ...trackerAnswer(), levels: undefined })],
    ['a level missing', () => ({ ...trackerAnswer(), levels: { slow: trackerAnswer().levels.slow, standard: trackerAnswer().levels.standard } })],
    ['a negative price', () => ({ ...trackerAnswer(), levels: { ...trackerAnswer().levels, fast: { ...trackerAnswer().levels.fast, price: '-1' } } })],
    ['a fractional fee', () => ({ ...trackerAnswer(), levels: { ...trackerAnswer().levels, slow: { ...trackerAnswer().levels.slow, transferFee: 1.5 } } })],
    ['no base fee', () => ({ ...trackerAnswer(), baseFee: null })],
    ['no last block', () => ({ ...trackerAnswer(), lastBlock: -3 })],
  ])('refuses %s', (_name, raw) => {
    expect(normalizeGasTracker(raw())).toBeNull();
  });

  it('drops rows that do not read and keeps the rest in order, each once', () => {
    const good = trackerAnswer();
    const raw = {
      ...good,
      blocks: [good.blocks[3], 'x', { number: 'abc', baseFee: '1', gasUsedRatio: 0.1 }, good.blocks[0], good.blocks[0], { number: 116, baseFee: '-5', gasUsedRatio: 0 }],
      hourly: [good.hourly[2], { hour: 'soon' }, good.hourly[0]],
      topConsumers: [{ address: '0x12', gasUsed: '1' }, good.topConsumers[0], { address: good.topConsumers[1]?.address, gasUsed: 'lots' }],
    };
    const tracker = normalizeGasTracker(raw);
    expect(tracker?.blocks.map((b) => b.number)).toEqual([117, 120]);
    expect(tracker?.hourly.map((h) => h.hour)).toEqual([good.hourly[0]?.hour, good.hourly[2]?.hour]);
    expect(tracker?.topConsumers).toEqual([good.topConsumers[0]]);
  });

  it('clamps ratios to 0…1 and reads a negative or unreadable wait as unknown', () => {
    const good = trackerAnswer();
    const raw = {
      ...good,
      levels: { ...good.levels, slow: { ...good.levels.slow, waitSeconds: -1 }, fast: { ...good.levels.fast, waitSeconds: 'soon' } },
      blocks: [{ ...good.blocks[0], gasUsedRatio: 7 }, { ...good.blocks[1], gasUsedRatio: -0.5 }],
      topConsumers: [{ ...good.topConsumers[0], share: 2 }],
    };
    const tracker = normalizeGasTracker(raw);
    expect(tracker?.levels.slow.waitSeconds).toBeNull();
    expect(tracker?.levels.fast.waitSeconds).toBeNull();
    expect(tracker?.levels.standard.waitSeconds).toBe(24);
    expect(tracker?.blocks.map((b) => b.gasUsedRatio)).toEqual([1, 0]);
    expect(tracker?.topConsumers[0]?.share).toBe(1);
  });

  it('keeps at most FEE_WINDOW blocks (the newest) and TOP_CONSUMERS consumers', () => {
    const good = trackerAnswer();
    const blocks = Array.from({ length: FEE_WINDOW + 5 }, (_, i) => ({ number: 1_000 + i, baseFee: '1', gasUsedRatio: 0.1 }));
    const consumers = Array.from({ length: TOP_CONSUMERS + 3 }, () => good.topConsumers[1]);
    const tracker = normalizeGasTracker({ ...good, blocks, topConsumers: consumers });
    expect(tracker?.blocks).toHaveLength(FEE_WINDOW);
    expect(tracker?.blocks[0]?.number).toBe(1_005);
    expect(tracker?.topConsumers).toHaveLength(TOP_CONSUMERS);
  });

  it('missing lists and figures are empty or unknown, a hostile name stays text', () => {
    const { lastBlock, baseFee, levels, blocks } = trackerAnswer();
    const tracker = normalizeGasTracker({ lastBlock, baseFee, levels, blocks });
    expect(tracker).toMatchObject({ hourly: [], topConsumers: [], blockTime: null, indexedBlock: null });
    expect(normalizeGasTracker(trackerAnswer())?.topConsumers[0]?.name).toBe('Seed <b>Token</b>');
  });
});

describe('normalizeGasTrackerLive', () => {
  it("reads the `gas` event's tracker (the live part only)", () => {
    const { lastBlock, baseFee, levels, blocks } = trackerAnswer();
    expect(normalizeGasTrackerLive({ lastBlock, baseFee, levels, blocks })).toEqual({ lastBlock, baseFee, levels, blocks });
  });

  it('refuses null (the node did not answer) and garbage', () => {
    expect(normalizeGasTrackerLive(null)).toBeNull();
    expect(normalizeGasTrackerLive({ lastBlock: 1 })).toBeNull();
  });
});

/** A transport whose indexer answers every request with `status` and `body` (a recorded answer), counting the paths. */
function answering(status: number, body: string) {
  const paths: string[] = [];
  const t = createTransport('http://indexer.test', {
    fetch: async (url) => {
      paths.push(new URL(url).pathname);
      return new Response(body, { status, headers: { 'content-type': status === 404 ? 'text/html' : 'application/json' } });
    },
  });
  return { t, paths };
}

describe('getGasTracker and loadGasTracker', () => {
  it('reads GET /stats/gas', async () => {
    const { t, paths } = answering(200, JSON.stringify(trackerAnswer()));
    expect(await getGasTracker(t)).toEqual(trackerAnswer());
    expect(paths).toEqual(['/stats/gas']);
    expect(await loadGasTracker(() => getGasTracker(t))).toEqual({ kind: 'found', tracker: trackerAnswer() });
  });

  it("the chain operator's indexer (404, an HTML page) has none: the page says so with a 200", async () => {
    const { t } = answering(404, '<!DOCTYPE html><pre>Cannot GET /stats/gas</pre>');
    expect(await getGasTracker(t)).toBeNull();
    const outcome = await loadGasTracker(() => getGasTracker(t));
    expect(outcome).toEqual({ kind: 'unavailable' });
    expect(outcomeStatus(outcome)).toBe(200);
    expect(GAS_TRACKER_UNAVAILABLE).toMatch(/not available/);
  });

  it.each([
    ['an answer that is not a tracker', 200, '{"levels":"soon"}', 502],
    ['an empty answer', 200, '', 502],
    ['a failing indexer', 500, '{"error":"boom"}', 502],
    ['an unavailable indexer', 503, '{}', 503],
    ['a rate limit', 429, '{}', 429],
  ])('%s is a failed outcome with its status, never a throw', async (_name, status, body, expected) => {
    const { t } = answering(status, body);
    const outcome = await loadGasTracker(() => getGasTracker(t));
    expect(outcome.kind).toBe('failed');
    expect(outcomeStatus(outcome)).toBe(expected);
  });

  it('an indexer that cannot be reached is a 503', async () => {
    const t = createTransport('http://indexer.test', { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(outcomeStatus(await loadGasTracker(() => getGasTracker(t)))).toBe(503);
  });
});

describe('level cards', () => {
  it('Slow, Standard, Fast: price and priority in gwei, the transfer fee in STO and at the STO price in USD, the wait', () => {
    expect(levelCards(trackerAnswer(), 0.1)).toEqual([
      { key: 'slow', label: 'Slow', gwei: '2', priorityGwei: '1', feeSto: '0.00004200 STO', feeUsd: '$0.0000042', wait: '~10 min' },
      { key: 'standard', label: 'Standard', gwei: '3', priorityGwei: '2', feeSto: '0.00006300 STO', feeUsd: '$0.0000063', wait: '~24 sec' },
      { key: 'fast', label: 'Fast', gwei: '6', priorityGwei: '5', feeSto: '0.000126 STO', feeUsd: '$0.0000126', wait: '~4 sec' },
    ]);
  });

  it('a fee worth cents, and no USD without an STO price', () => {
    const answer = trackerAnswer();
    answer.levels.fast = { ...answer.levels.fast, transferFee: String(2n * 10n ** 18n) };
    expect(levelCards(answer, 1.25)[2]?.feeUsd).toBe('$2.50');
    expect(levelCards(answer, null).map((c) => c.feeUsd)).toEqual(['—', '—', '—']);
  });

  it.each([
    ['1 STO at $0.10', String(10n ** 18n), 0.1, 0.1],
    ['0 wei', '0', 0.1, 0],
    ['no price', '5', null, null],
    ['not a wei amount', '-5', 0.1, null],
  ])('feeUsd: %s', (_name, wei, price, expected) => {
    expect(feeUsd(wei, price)).toBe(expected);
  });
});

describe('wait texts', () => {
  it.each([
    [null, NO_WAIT_ESTIMATE],
    [-1, NO_WAIT_ESTIMATE],
    [Number.NaN, NO_WAIT_ESTIMATE],
    [0, '~1 sec'],
    [0.4, '~1 sec'],
    [12.4, '~12 sec'],
    [59.4, '~59 sec'],
    [60, '~1 min'],
    [150, '~3 min'],
    [3_599, '~60 min'],
    [3_600, '~1 hour'],
    [9_000, '~3 hours'],
  ])('%s seconds: %s', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('block bars', () => {
  it('one bar per block, oldest first, a full block the whole height, each with its text', () => {
    const bars = blockBars(trackerAnswer().blocks);
    expect(bars.map((b) => b.number)).toEqual([117, 118, 119, 120]);
    expect(bars.map((b) => b.height)).toEqual([0, BARS_HEIGHT / 4, BARS_HEIGHT / 2, BARS_HEIGHT]);
    expect(bars.map((b) => b.y)).toEqual([BARS_HEIGHT, (BARS_HEIGHT * 3) / 4, BARS_HEIGHT / 2, 0]);
    expect(bars.map((b) => b.label)).toEqual([
      'Block 117: 0.0% of its gas limit used',
      'Block 118: 25.0% of its gas limit used',
      'Block 119: 50.0% of its gas limit used',
      'Block 120: 100.0% of its gas limit used',
    ]);
  });

  it('bars keep their slot of FEE_WINDOW within the width: a half-full window is not stretched', () => {
    const bars = blockBars([{ number: 1, gasUsedRatio: 0.1 }]);
    const slot = BARS_WIDTH / FEE_WINDOW;
    expect(bars[0]?.x).toBe(1);
    expect(bars[0]?.width).toBeCloseTo(slot - 2, 1);
    expect(bars[0]?.height).toBeCloseTo(BARS_HEIGHT / 10, 1);
    const full = blockBars(Array.from({ length: FEE_WINDOW }, (_, i) => ({ number: i, baseFee: '1', gasUsedRatio: 0.5 })));
    expect((full.at(-1)?.x ?? 0) + (full.at(-1)?.width ?? 0)).toBeLessThanOrEqual(BARS_WIDTH);
  });

  it('no blocks, no bars; the average fullness of the blocks; the numbers under the ends', () => {
    expect(blockBars([])).toEqual([]);
    expect(barEnds([])).toEqual({ first: '', last: '' });
    expect(barEnds(blockBars([{ number: 1_234, gasUsedRatio: 0 }, { number: 1_235, gasUsedRatio: 0 }]))).toEqual({ first: '#1,234', last: '#1,235' });
    expect(averageFullness([])).toBe('—');
    expect(averageFullness(trackerAnswer().blocks)).toBe('43.8%');
  });
});

describe('hours', () => {
  it('a table row per hour, oldest first, in UTC, gwei and a dash for an hour without transactions', () => {
    expect(hourRows(trackerAnswer().hourly)).toEqual([
      { hour: 1_795_500_000, label: 'Nov 24, 2026 06:00', average: '3', min: '1', max: '5', transactions: '12' },
      { hour: 1_795_503_600, label: 'Nov 24, 2026 07:00', average: '—', min: '—', max: '—', transactions: '0' },
      { hour: 1_795_507_200, label: 'Nov 24, 2026 08:00', average: '2', min: '2', max: '2', transactions: '1,234' },
    ]);
  });

  it('the chart: a line with a gap where an hour had no transactions, its range and its ends', () => {
    const chart = hourChart(trackerAnswer().hourly, 100, 50);
    expect(chart.path).toBe('M4 4M96 46');
    // Hours between gaps would draw nothing as a line: each hour with transactions has its dot.
    expect(chart.dots).toEqual([{ x: 4, y: 4 }, { x: 96, y: 46 }]);
    expect(chart).toMatchObject({ low: '2', high: '3', first: 'Nov 24, 2026 06:00', last: 'Nov 24, 2026 08:00' });
    expect(hourChart([], 100, 50)).toEqual({ path: '', dots: [], low: '—', high: '—', first: '—', last: '—' });
  });
});

describe('top consumers', () => {
  it('ranked rows with grouped gas, the share and the fees; the name is kept as text', () => {
    expect(consumerRows(trackerAnswer().topConsumers)).toEqual([
      { rank: 1, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'Seed <b>Token</b>', gasUsed: '1,234,567', share: '75.0%', fees: '0.003703 STO', transactions: '40' },
      { rank: 2, address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', name: null, gasUsed: '411,522', share: '25.0%', fees: '0 STO', transactions: '2' },
    ]);
  });
});

describe("the page's live script: what it publishes into the gas tracker's store", () => {
  /** The page's live module and the store, fresh (the module remembers a reorg until the next figures). */
  async function load() {
    vi.resetModules();
    const live = await import('../../src/lib/gastracker/live.ts');
    const store = await import('../../src/lib/stores/gas-tracker.ts');
    return { ...live, $gasTracker: store.$gasTracker };
  }

  /** The page's tracker element, as its script passes it: the indexer's URL and the server's last block. */
  const root = (lastBlock: number, indexer = 'http://indexer.test') => ({ dataset: { indexer, lastBlock: String(lastBlock) } }) as unknown as HTMLElement;

  /** A `gas` event's data whose tracker is of `lastBlock`. */
  const event = (lastBlock: number) => {
    const { baseFee, levels, blocks } = trackerAnswer();
    return { block: lastBlock, tracker: { lastBlock, baseFee, levels, blocks } };
  };

  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, number, (number | 'reorg' | null)[], (number | null)[]]>([
    // [case, the server's last block, the events (or a reorg) in order, the store's last block after each]
    ["figures of the server's block or newer are published, older ones not", 120, [119, 120, 121], [null, 120, 121]],
    ['once the store has figures, older ones than those are refused', 120, [125, 123, 125, 126], [125, 125, 125, 126]],
    ["an event without a tracker (the node did not answer) publishes nothing", 120, [null, 121], [null, 121]],
    ['after a reorg the next figures are published whatever their block, and only those', 120, [125, 'reorg', 118, 117, 119], [125, 125, 118, 118, 119]],
    ['a reorg before any figure lets the next go below the server\'s block', 120, ['reorg', 110, 109], [null, 110, 110]],
  ])('%s', async (_name, server, steps, expected) => {
    const { showTracker, afterReorg, $gasTracker } = await load();
    const page = root(server);
    const shown: (number | null)[] = [];
    for (const step of steps) {
      if (step === 'reorg') afterReorg();
      else showTracker(page, step === null ? { block: 1, tracker: null } : event(step));
      shown.push($gasTracker.get()?.lastBlock ?? null);
    }
    expect(shown).toEqual(expected);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the poll reads GET /stats/gas of the page's indexer and publishes it with its hours", async () => {
    const { pollTracker, $gasTracker } = await load();
    fetchMock.mockResolvedValue(new Response(JSON.stringify(trackerAnswer()), { status: 200, headers: { 'content-type': 'application/json' } }));
    await pollTracker(root(119));
    expect(fetchMock.mock.calls.map(([url]) => (url instanceof Request ? url.url : url.toString()))).toEqual(['http://indexer.test/stats/gas']);
    expect($gasTracker.get()).toMatchObject({ lastBlock: 120, levels: trackerAnswer().levels, hourly: trackerAnswer().hourly });
  });

  it.each<[string, () => Promise<Response>]>([
    ['a failing indexer', async () => new Response('{"error":"boom"}', { status: 500, headers: { 'content-type': 'application/json' } })],
    ['an unreachable one', () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer older than the page', async () => new Response(JSON.stringify({ ...trackerAnswer(), lastBlock: 100 }), { status: 200, headers: { 'content-type': 'application/json' } })],
  ])('a poll of %s changes nothing and never throws', async (_name, answer) => {
    const { pollTracker, $gasTracker } = await load();
    fetchMock.mockImplementation(answer);
    await expect(pollTracker(root(119))).resolves.toBeUndefined();
    expect($gasTracker.get()).toBeNull();
  });

  it('a page without an indexer URL polls nothing', async () => {
    const { pollTracker } = await load();
    await pollTracker(root(119, ''));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

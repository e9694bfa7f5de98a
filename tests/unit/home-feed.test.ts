import { describe, expect, it } from 'vitest';
import {
  HOME_BLOCK_COUNT,
  HOME_BLOCKS_ON_SMALL_SCREENS,
  HOME_HEALTH_INTERVAL_MS,
  HOME_TRANSACTION_COUNT,
  arrivedBlocks,
  arrivedTransactions,
  barWidth,
  formatPercentFigure,
  formatTps,
  loadedCount,
  newBadgeText,
  newestBlock,
  overlayWaiting,
  payoutUsdEstimate,
  recordArrivals,
  resetArrivals,
  startArrivals,
  withNewestBlock,
  type HomePart,
} from '../../src/lib/home/feed.ts';
import type { NetworkStats } from '../../src/lib/model/types.ts';

const block = (number: number, transactionCount = 0) => ({ number, transactionCount });

describe('home constants', () => {
  it('fetches 11 blocks, shows 8 on small screens, 5 transactions, polls health every 10 s', () => {
    expect([HOME_BLOCK_COUNT, HOME_BLOCKS_ON_SMALL_SCREENS, HOME_TRANSACTION_COUNT, HOME_HEALTH_INTERVAL_MS]).toEqual([11, 8, 5, 10_000]);
  });
});

describe('newestBlock', () => {
  it.each([
    [[], null],
    [[block(5)], 5],
    [[block(7), block(9), block(8)], 9],
  ])('%j → %s', (blocks, expected) => {
    expect(newestBlock(blocks)).toBe(expected);
  });
  it('null list → null', () => {
    expect(newestBlock(null)).toBeNull();
  });
});

describe('arrivals: the +N new counters', () => {
  it('counts blocks and their transactions above the baseline', () => {
    let a = startArrivals(100);
    a = recordArrivals(a, [block(102, 3), block(101, 2), block(100, 9), block(99, 4)]);
    expect(arrivedBlocks(a)).toBe(2);
    expect(arrivedTransactions(a)).toBe(5);
    a = recordArrivals(a, [block(104, 1), block(103, 0), block(102, 3)]);
    expect(arrivedBlocks(a)).toBe(4);
    expect(arrivedTransactions(a)).toBe(6);
  });

  it('counts every block number, even one that no list showed', () => {
    const a = recordArrivals(startArrivals(10), [block(30, 1)]);
    expect(arrivedBlocks(a)).toBe(20);
    expect(arrivedTransactions(a)).toBe(1);
  });

  it('a re-listed block (reorg) replaces its transaction count', () => {
    let a = recordArrivals(startArrivals(1), [block(2, 5)]);
    a = recordArrivals(a, [block(2, 1)]);
    expect(arrivedTransactions(a)).toBe(1);
  });

  it('without a baseline the first list becomes it: nothing is new', () => {
    const a = recordArrivals(startArrivals(null), [block(50, 4), block(49, 2)]);
    expect(arrivedBlocks(a)).toBe(0);
    expect(arrivedTransactions(a)).toBe(0);
    expect(arrivedBlocks(recordArrivals(a, [block(51, 3)]))).toBe(1);
  });

  it('an empty list changes nothing', () => {
    const a = recordArrivals(startArrivals(5), [block(6, 2)]);
    expect(recordArrivals(a, [])).toBe(a);
  });

  it('View All resets both counts and counts again from the newest block', () => {
    let a = recordArrivals(startArrivals(1), [block(3, 2), block(2, 2)]);
    a = resetArrivals(a);
    expect([arrivedBlocks(a), arrivedTransactions(a)]).toEqual([0, 0]);
    a = recordArrivals(a, [block(4, 7), block(3, 2)]);
    expect([arrivedBlocks(a), arrivedTransactions(a)]).toEqual([1, 7]);
  });
});

describe('newBadgeText', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '+1 new'],
    [12, '+12 new'],
  ])('%d → %s', (count, text) => {
    expect(newBadgeText(count)).toBe(text);
  });
});

describe('payoutUsdEstimate (10% of the payout amount)', () => {
  it.each([
    [0n, '0'],
    [10n ** 18n, '0.1'],
    [1234n * 10n ** 18n, '123.4'],
    [140077688200000000n, '0.01400776882'],
  ])('%s wei → $%s', (wei, usd) => {
    expect(payoutUsdEstimate(wei)).toBe(usd);
  });
});

describe('figures', () => {
  it.each([
    [98, '98%'],
    [92, '92%'],
    [94.14, '94.1%'],
    [3.45, '3.5%'],
  ])('formatPercentFigure(%s) → %s', (n, text) => {
    expect(formatPercentFigure(n)).toBe(text);
  });
  it.each([
    [98, '98%'],
    [140, '100%'],
    [-3, '0%'],
  ])('barWidth(%s) → %s', (n, width) => {
    expect(barWidth(n)).toBe(width);
  });
  it.each([
    [0, '0'],
    [0.034, '0.03'],
    [12.5, '12.5'],
    [1234.567, '1,234.57'],
  ])('formatTps(%s) → %s', (tps, text) => {
    expect(formatTps(tps)).toBe(text);
  });
});

describe('overlay progress (n/4 loaded)', () => {
  it.each<[HomePart[], number, boolean]>([
    [['blocks', 'transactions', 'stats', 'ai'], 0, true],
    [['ai'], 3, false],
    [['stats'], 3, true],
    [['transactions', 'ai'], 2, true],
    [[], 4, false],
  ])('pending %j → %d/4 loaded, waiting %s', (pending, loaded, waiting) => {
    expect(loadedCount(pending)).toBe(loaded);
    expect(overlayWaiting(pending)).toBe(waiting);
  });
});

describe('withNewestBlock', () => {
  const stats = { latestBlock: 10 } as NetworkStats;
  it.each([
    [[block(12)], 12],
    [[block(8)], 10],
    [[], 10],
  ])('blocks %j → Latest Block %d', (blocks, latest) => {
    expect(withNewestBlock(stats, blocks).latestBlock).toBe(latest);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPointValue, historySummary, priceChart, priceHistory } from '../../src/lib/tokens/chart.ts';
import type { TokenTransfer } from '../../src/lib/model/types.ts';

function transfer(timestamp: number | null, rawAmount: bigint, decimals = 18): TokenTransfer {
  return {
    transactionHash: null, blockNumber: null, timestamp, logIndex: null, from: '0x1', to: '0x2', tokenAddress: null,
    symbol: 'T', name: 'T', decimals, rawAmount, amount: '', tokenId: null, tokenType: null,
  };
}

describe('priceHistory (price from the transfer value, else the token price)', () => {
  it('prices each transfer by its value in whole units, oldest first', () => {
    const points = priceHistory([transfer(300, 5n * 10n ** 17n), transfer(100, 2n * 10n ** 18n), transfer(200, 10n ** 18n)], 18, null);
    expect(points).toEqual([{ time: 100, value: 2 }, { time: 200, value: 1 }, { time: 300, value: 0.5 }]);
  });
  it.each([
    ['zero value uses the token price', [transfer(10, 0n)], 0.1, [{ time: 10, value: 0.1 }]],
    ['zero value without a price is left out', [transfer(10, 0n)], null, []],
    ['no timestamp is left out', [transfer(null, 10n ** 18n)], 1, []],
  ])('%s', (_name, transfers, price, expected) => {
    expect(priceHistory(transfers, 18, price)).toEqual(expected);
  });
  it("uses the token's decimals, not the transfer's default", () => {
    // An upstream transfer without decimals defaults to 18; the token page knows better (6).
    expect(priceHistory([transfer(1, 2_500_000n, 18)], 6, null)).toEqual([{ time: 1, value: 2.5 }]);
  });
});

describe('historySummary and priceChart', () => {
  const points = [{ time: 100, value: 2 }, { time: 200, value: 1 }, { time: 300, value: 0.5 }];
  it('summarises low, high, latest and the time span', () => {
    expect(historySummary(points)).toEqual({ low: 0.5, high: 2, latest: 0.5, from: 100, to: 300 });
    expect(historySummary([])).toBeNull();
  });
  it("gives the chart island an area of the prices by time, with points and no legend", () => {
    expect(priceChart(points)).toEqual({ kind: 'area', x: [100, 200, 300], series: [{ label: 'Price', values: [2, 1, 0.5] }], height: 240, points: 5, test: 'price-chart-canvas' });
  });
  it.each([
    [1234.56789, '1,234.5679'],
    [0.00129, '0.00129'],
    [0, '0'],
  ])('formatPointValue(%s) = %s', (value, expected) => {
    expect(formatPointValue(value)).toBe(expected);
  });
});

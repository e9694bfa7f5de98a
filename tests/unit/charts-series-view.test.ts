import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../common/stats-series.ts';
import { chartNumber, formatSeriesValue, parseRange, seriesChart, seriesChartData, sliceRange, sliceRecent, weiScale } from '../../src/lib/charts/series-view.ts';

/** `n` consecutive days ending on 2026-03-31, values 1…n. */
function days(n: number): SeriesPoint[] {
  const end = Date.UTC(2026, 2, 31);
  return Array.from({ length: n }, (_, i) => ({ day: new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10), value: String(i + 1) }));
}

describe('formatSeriesValue', () => {
  it.each([
    ['1234567', 'count', undefined, '1,234,567'],
    ['0', 'count', undefined, '0'],
    ['123456789012345678901', 'count', undefined, '123,456,789,012,345,678,901'],
    ['30000000', 'gas', undefined, '30,000,000'],
    ['1500000000', 'wei', undefined, '1.5 Gwei'],
    ['1000000007', 'wei', undefined, '1 Gwei'],
    ['2100000000000000', 'wei', undefined, '0.0021 STO'],
    ['1234500000000000000000', 'wei', undefined, '1,234.5 STO'],
    // A whole series reads in one scale: a small fee on a day of a series in STO stays in STO.
    ['21000000000000', 'wei', 'STO', '0.000021 STO'],
    ['25999999999', 'wei', undefined, '25.99 Gwei'],
    ['123456', 'wei', undefined, '0.000123 Gwei'],
    ['0', 'wei', undefined, '0 Gwei'],
    ['3', 'seconds', undefined, '3 s'],
    ['2.125', 'seconds', undefined, '2.13 s'],
    ['1234', 'bytes', undefined, '1,234 bytes'],
    [null, 'count', undefined, 'No data'],
    [null, 'wei', 'gwei', 'No data'],
  ] as const)('%s %s (%s) → %s', (value, unit, scale, expected) => {
    expect(formatSeriesValue(value, unit, scale)).toBe(expected);
  });
});

describe('weiScale and chartNumber', () => {
  it('reads a series of gas prices in gwei and one with a sum of 0.001 STO or more in STO', () => {
    expect(weiScale(['1000000000', null, '25000000000'])).toBe('gwei');
    expect(weiScale(['1000000000', '1000000000000000'])).toBe('STO');
    expect(weiScale([])).toBe('gwei');
  });

  it('draws wei in the scale, other units as they are, and a day without a value as a gap', () => {
    expect(chartNumber('1500000000', 'wei', 'gwei')).toBe(1.5);
    expect(chartNumber('2500000000000000000', 'wei', 'STO')).toBe(2.5);
    expect(chartNumber('12', 'count')).toBe(12);
    expect(chartNumber('3.5', 'seconds')).toBe(3.5);
    expect(chartNumber(null, 'seconds')).toBeNull();
  });

  it('gives uPlot the days in unix seconds and the values', () => {
    expect(seriesChartData([{ day: '2026-01-01', value: '2000000000' }, { day: '2026-01-02', value: null }], 'wei')).toEqual([[1767225600, 1767312000], [2, null]]);
  });

  it("gives the chart island an area of the days, the title as the series' label and the scale's unit", () => {
    const points = [{ day: '2026-01-01', value: '2000000000' }, { day: '2026-01-02', value: null }];
    expect(seriesChart('Average Gas Price', points, 'wei')).toEqual({
      kind: 'area',
      x: [1767225600, 1767312000],
      series: [{ label: 'Average Gas Price', values: [2, null] }],
      height: 280,
      unit: 'Gwei',
      legend: 'Day (UTC)',
      zoom: true,
      test: 'series-chart-canvas',
    });
  });
});

describe('parseRange', () => {
  it.each([
    [null, 'All'],
    ['', 'All'],
    ['1M', '1M'],
    ['6m', '6M'],
    [' 1y ', '1Y'],
    ['all', 'All'],
    ['2Y', null],
    ['1M<script>', null],
    ['30', null],
  ] as const)('%j → %j', (text, expected) => {
    expect(parseRange(text)).toBe(expected);
  });
});

describe('sliceRange', () => {
  const year = days(400);

  it.each([
    ['1M', 30, '2026-03-02'],
    ['6M', 183, '2025-09-30'],
    ['1Y', 365, '2025-04-01'],
    ['All', 400, '2025-02-25'],
  ] as const)('%s keeps the last %i days, from %s to the last day', (range, count, first) => {
    const sliced = sliceRange(year, range);
    expect(sliced).toHaveLength(count);
    expect(sliced[0]?.day).toBe(first);
    expect(sliced.at(-1)?.day).toBe('2026-03-31');
  });

  it('keeps a history shorter than the range whole, and an empty one empty', () => {
    expect(sliceRange(days(10), '1Y')).toHaveLength(10);
    expect(sliceRange([], '1M')).toEqual([]);
  });

  it('slices by day, not by count, when days are missing', () => {
    const sparse = [{ day: '2026-01-01', value: '1' }, { day: '2026-03-01', value: '2' }, { day: '2026-03-31', value: '3' }];
    expect(sliceRange(sparse, '1M').map((p) => p.day)).toEqual(['2026-03-31']);
  });

  it('takes the last days of a card', () => {
    expect(sliceRecent(days(40), 30)).toEqual(days(40).slice(10));
    expect(sliceRecent(days(3), 30)).toEqual(days(3));
  });
});

// What the chart pages show of a daily series: its values in words fit for their unit, the ranges a visitor
// picks (1M, 6M, 1Y, All: the server slices, so they are plain links), and the numbers the chart draws.
import { DAY_MS, parseDay, formatDay, type SeriesPoint, type SeriesUnit } from '../../../common/stats-series.ts';
import { formatUnits } from '../../../common/units.ts';
import type { ChartProps } from './options.ts';

/** The ranges of a series page, shortest first. */
export const SERIES_RANGES = ['1M', '6M', '1Y', 'All'] as const;
export type SeriesRange = (typeof SERIES_RANGES)[number];

/** The range a page shows when none is asked for. */
export const DEFAULT_RANGE: SeriesRange = 'All';

/** Days of each range ending on the last day kept (All: every day). */
const RANGE_DAYS: Readonly<Record<SeriesRange, number | null>> = { '1M': 30, '6M': 183, '1Y': 365, All: null };

/** Labels of the range links for screen readers. */
export const RANGE_LABELS: Readonly<Record<SeriesRange, string>> = { '1M': 'one month', '6M': 'six months', '1Y': 'one year', All: 'all days' };

/** The ?range= of a request: the default when absent, null for anything else than a range (case aside). */
export function parseRange(text: string | null): SeriesRange | null {
  if (text === null || text.trim() === '') return DEFAULT_RANGE;
  const wanted = text.trim().toLowerCase();
  return SERIES_RANGES.find((r) => r.toLowerCase() === wanted) ?? null;
}

/** The 400 message of a bad ?range= (the page shows what was typed beside it). */
export const BAD_RANGE_MESSAGE = `Unknown range: choose one of ${SERIES_RANGES.join(', ')}`;

/** The points of `range`: the last N days up to the series' last day (every point for All). */
export function sliceRange(points: readonly SeriesPoint[], range: SeriesRange): SeriesPoint[] {
  const days = RANGE_DAYS[range];
  const last = points.at(-1);
  if (days === null || !last) return [...points];
  const lastDay = parseDay(last.day);
  if (lastDay === null) return [...points];
  const first = formatDay(lastDay - days + 1);
  return points.filter((p) => p.day >= first);
}

/** How wei values read: gwei for gas prices, STO for sums of fees (chosen once for a whole series). */
export type WeiScale = 'gwei' | 'STO';

/** 0.001 STO: from here on a wei figure reads better in STO than in millions of gwei. */
const STO_FROM_WEI = 10n ** 15n;

/** The scale of a wei series: STO when its largest value reaches 0.001 STO, else gwei. */
export function weiScale(values: readonly (string | null)[]): WeiScale {
  let max = 0n;
  for (const v of values) if (v !== null && /^\d+$/.test(v) && BigInt(v) > max) max = BigInt(v);
  return max >= STO_FROM_WEI ? 'STO' : 'gwei';
}

const integers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
// Wei figures truncate, never round up (as the site's amounts do); their decimal text is exact, so no float error.
// Not formatGwei of src/lib/format: a series reads plain gwei figures ('1,500.25 Gwei'), without its K and M suffixes.
const upTo4 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4, roundingMode: 'trunc' });
const upTo2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, roundingMode: 'trunc' });
const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3, roundingMode: 'trunc' });

/** Wei in the scale's unit: gwei with up to 2 decimals, STO with up to 4; below 1 of either, 3 significant digits. */
function formatWei(wei: bigint, scale: WeiScale): string {
  const places = scale === 'STO' ? 18 : 9;
  const text = formatUnits(wei, places) as `${number}`;
  if (wei !== 0n && wei < 10n ** BigInt(places)) return small.format(text);
  return (scale === 'STO' ? upTo4 : upTo2).format(text);
}
const seconds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The unit words after a figure ('' for counts and gas). */
export function unitLabel(unit: SeriesUnit, scale: WeiScale = 'gwei'): string {
  return unit === 'wei' ? (scale === 'STO' ? 'STO' : 'Gwei') : unit === 'seconds' ? 's' : unit === 'bytes' ? 'bytes' : '';
}

/**
 * A value as a page shows it: counts and gas with separators ('1,234'), wei in gwei ('1.5 Gwei') or STO ('0.0021 STO'),
 * seconds ('3.05 s'), bytes ('1,234 bytes'); 'No data' for a day without one. Decimal strings stay exact for wei.
 */
export function formatSeriesValue(value: string | null, unit: SeriesUnit, scale?: WeiScale): string {
  if (value === null) return 'No data';
  if (unit === 'wei') {
    if (!/^\d+$/.test(value)) return value;
    const s = scale ?? weiScale([value]);
    return `${formatWei(BigInt(value), s)} ${unitLabel(unit, s)}`;
  }
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  if (unit === 'seconds') return `${seconds.format(n)} s`;
  // Counts, gas and bytes are integers; a count past 2^53 keeps its digits through Intl's decimal-string input.
  const text = integers.format(/^\d+$/.test(value) ? (value as `${number}`) : n);
  return unit === 'bytes' ? `${text} bytes` : text;
}

/** A value as a plain number for drawing (wei in the series' scale); null for a day without one. */
export function chartNumber(value: string | null, unit: SeriesUnit, scale: WeiScale = 'gwei'): number | null {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return unit === 'wei' ? n / (scale === 'STO' ? 1e18 : 1e9) : n;
}

/** The chart's data as uPlot reads it: [[unix seconds of each day…], [value or null…]]. */
export function seriesChartData(points: readonly SeriesPoint[], unit: SeriesUnit, scale?: WeiScale): [number[], (number | null)[]] {
  const s = scale ?? weiScale(points.map((p) => p.value));
  return [points.map((p) => ((parseDay(p.day) ?? 0) * DAY_MS) / 1000), points.map((p) => chartNumber(p.value, unit, s))];
}

/**
 * The chart island's props for a series page (src/islands/Chart.tsx): an area of the days' values (gaps where a day has
 * none), its legend reading the day and the value with its unit; drag across it to zoom into days.
 */
export function seriesChart(title: string, points: readonly SeriesPoint[], unit: SeriesUnit, scale?: WeiScale): ChartProps {
  const s = scale ?? weiScale(points.map((p) => p.value));
  const [x, values] = seriesChartData(points, unit, s);
  return { kind: 'area', x, series: [{ label: title, values }], height: 280, unit: unitLabel(unit, s), legend: 'Day (UTC)', zoom: true, test: 'series-chart-canvas' };
}

/** The last `days` points (a card's line). */
export function sliceRecent(points: readonly SeriesPoint[], days: number): SeriesPoint[] {
  return points.slice(Math.max(0, points.length - days));
}

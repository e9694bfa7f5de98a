import { FEE_WINDOW, GAS_LEVELS, type GasLevelKey } from '../../../common/gas-tracker.ts';
import { formatUnits } from '../../../common/units.ts';
import { barRects, sparklinePath, type BarRect } from '../charts/sparkline.ts';
import { formatGwei, formatSto, formatUtcDate } from '../format/index.ts';
import type { GasBlock, GasConsumer, GasHour, GasTrackerLive } from '../model/gas-tracker.ts';
import { amountUsd, formatPrice } from '../tokens/prices.ts';
import type { ChartProps } from '../charts/options.ts';

// The gas tracker's figures as the page shows them, written once for both sides: its island
// (src/islands/GasTrackerLive.tsx) renders them on the server and again in the browser from a `gas` event or a poll. The fee maths is the
// indexer's: the levels arrive computed; here they are only formatted.

/** Size of the block-fullness chart (SVG user units). */
export const BARS_WIDTH = 400;
export const BARS_HEIGHT = 80;

/** Size of the 24-hour chart (SVG user units). */
export const HOURS_WIDTH = 600;
export const HOURS_HEIGHT = 120;

/** One level's card. */
export interface LevelCard {
  key: GasLevelKey;
  label: string;
  /** The price per gas in gwei ('1.5'). */
  gwei: string;
  /** The priority fee in gwei. */
  priorityGwei: string;
  /** The fee of a simple transfer in STO ('0.00002100 STO'). */
  feeSto: string;
  /** The same fee in US dollars at the site's STO price; '—' when the price is unknown. */
  feeUsd: string;
  /** The wait estimate ('~12 sec'). */
  wait: string;
}

/** What a wait estimate reads when the indexer has none (no block of the window would have taken the price). */
export const NO_WAIT_ESTIMATE = 'No estimate';

/** A wait in seconds as the cards say it: '~12 sec', '~3 min', '~2 hours'; null is NO_WAIT_ESTIMATE. */
export function waitText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NO_WAIT_ESTIMATE;
  if (seconds < 60) return `~${Math.max(1, Math.round(seconds))} sec`;
  if (seconds < 3_600) return `~${Math.round(seconds / 60)} min`;
  const hours = Math.round(seconds / 3_600);
  return `~${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A fee in wei (decimal string) in US dollars at `stoUsd` per STO; null when the price is unknown. */
export function feeUsd(feeWei: string, stoUsd: number | null): number | null {
  if (stoUsd === null || !Number.isFinite(stoUsd) || !/^\d+$/.test(feeWei)) return null;
  return amountUsd(BigInt(feeWei), 18, stoUsd);
}

/** The Slow, Standard and Fast cards, slowest first. */
export function levelCards(live: Pick<GasTrackerLive, 'levels'>, stoUsd: number | null): LevelCard[] {
  return GAS_LEVELS.map(({ key, label }) => {
    const level = live.levels[key];
    return {
      key,
      label,
      gwei: formatGwei(level.price),
      priorityGwei: formatGwei(level.priorityFee),
      feeSto: `${formatSto(level.transferFee)} STO`,
      feeUsd: formatPrice(feeUsd(level.transferFee, stoUsd)),
      wait: waitText(level.waitSeconds),
    };
  });
}

/** A gas-used ratio as a percent with 1 decimal ('45.6%'). */
export function percentText(ratio: number): string {
  return `${(Math.round(ratio * 1_000) / 10).toFixed(1)}%`;
}

/** One block's bar: its rectangle (0…100% of the height is 0…100% full) and what it says to a screen reader. */
export interface BlockBar extends BarRect {
  number: number;
  percent: string;
  label: string;
}

/**
 * The bars of the fee history's blocks, oldest first, in FEE_WINDOW slots (so a bar keeps its width as blocks come);
 * a full block fills the height.
 */
export function blockBars(blocks: readonly Pick<GasBlock, 'number' | 'gasUsedRatio'>[], width = BARS_WIDTH, height = BARS_HEIGHT): BlockBar[] {
  const shown = blocks.slice(-FEE_WINDOW);
  const slots = Math.max(FEE_WINDOW, shown.length);
  // barRects scales to the tallest value: a full block as the last slot's value sets the scale, then that slot goes.
  const rects = barRects([...shown.map((b) => b.gasUsedRatio), ...Array<number>(slots - shown.length).fill(0), 1], (width * (slots + 1)) / slots, height, 2);
  return shown.map((block, i) => {
    const rect = rects[i] as BarRect;
    const percent = percentText(block.gasUsedRatio);
    return { ...rect, number: block.number, percent, label: `Block ${block.number.toLocaleString('en-US')}: ${percent} of its gas limit used` };
  });
}

/** The block numbers under the bars' ends ('#331', '#350'); empty without bars. */
export function barEnds(bars: readonly BlockBar[]): { first: string; last: string } {
  const label = (bar: BlockBar | undefined): string => (bar === undefined ? '' : `#${bar.number.toLocaleString('en-US')}`);
  return { first: label(bars[0]), last: label(bars[bars.length - 1]) };
}

/** The average fullness of the blocks ('45.6%'); '—' without blocks. */
export function averageFullness(blocks: readonly Pick<GasBlock, 'gasUsedRatio'>[]): string {
  if (blocks.length === 0) return '—';
  return percentText(blocks.reduce((sum, b) => sum + b.gasUsedRatio, 0) / blocks.length);
}

/** A wei amount (decimal string) in gwei as a number, for drawing; null stays null. */
function gweiNumber(wei: string | null): number | null {
  return wei === null ? null : Number(formatUnits(BigInt(wei), 9));
}

/** One hour's row of the chart's table. */
export interface HourRow {
  hour: number;
  /** 'Nov 26, 2026 14:00'. */
  label: string;
  average: string;
  min: string;
  max: string;
  transactions: string;
}

/** The start of an hour in UTC ('Nov 26, 2026 14:00'). */
export function hourLabel(hour: number): string {
  return `${formatUtcDate(hour)} ${new Date(hour * 1_000).toISOString().slice(11, 16)}`;
}

/** The table of the hours, oldest first: gwei figures, '—' for an hour without transactions. */
export function hourRows(hourly: readonly GasHour[]): HourRow[] {
  const gwei = (wei: string | null): string => (wei === null ? '—' : formatGwei(wei));
  return hourly.map((h) => ({
    hour: h.hour,
    label: hourLabel(h.hour),
    average: gwei(h.average),
    min: gwei(h.min),
    max: gwei(h.max),
    transactions: h.transactions.toLocaleString('en-US'),
  }));
}

/** The 24-hour chart: the line of the hourly averages and the range it spans, in gwei. */
export interface HourChart {
  /** SVG path of the averages (empty when no hour had transactions). */
  path: string;
  /** A dot per hour with transactions (an hour between two without would draw no line). */
  dots: { x: number; y: number }[];
  /** The lowest and highest average drawn ('—' when none). */
  low: string;
  high: string;
  first: string;
  last: string;
}

/** The server-drawn line of the hourly average gas price. */
export function hourChart(hourly: readonly GasHour[], width = HOURS_WIDTH, height = HOURS_HEIGHT): HourChart {
  const averages = hourly.map((h) => h.average);
  const known = averages.filter((a): a is string => a !== null).map((a) => BigInt(a));
  const extreme = (pick: (a: bigint, b: bigint) => bigint): string => (known.length === 0 ? '—' : formatGwei(known.reduce(pick)));
  const edge = (h: GasHour | undefined): string => (h === undefined ? '—' : hourLabel(h.hour));
  const path = sparklinePath(averages.map(gweiNumber), width, height, 4);
  return {
    path,
    // The path's own points: the dots sit where the line passes.
    dots: Array.from(path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g), (m) => ({ x: Number(m[1]), y: Number(m[2]) })),
    low: extreme((a, b) => (b < a ? b : a)),
    high: extreme((a, b) => (b > a ? b : a)),
    first: edge(hourly[0]),
    last: edge(hourly[hourly.length - 1]),
  };
}

/** One row of the top consumers' table. */
export interface ConsumerRow {
  rank: number;
  address: string;
  name: string | null;
  gasUsed: string;
  share: string;
  fees: string;
  transactions: string;
}

/** The top gas consumers' rows, most gas first (as the indexer ranks them). */
export function consumerRows(consumers: readonly GasConsumer[]): ConsumerRow[] {
  return consumers.map((c, i) => ({
    rank: i + 1,
    address: c.address,
    name: c.name,
    gasUsed: BigInt(c.gasUsed).toLocaleString('en-US'),
    share: percentText(c.share),
    fees: `${formatSto(c.fees)} STO`,
    transactions: c.transactions.toLocaleString('en-US'),
  }));
}

/**
 * The chart island's props for the blocks' fullness (src/islands/GasChart.tsx): a bar per block of the fee history,
 * oldest first, the percent of its gas limit used on a 0–100 axis; the legend reads the block and its percent.
 */
export function blocksChart(blocks: readonly Pick<GasBlock, 'number' | 'gasUsedRatio'>[]): ChartProps {
  const shown = blocks.slice(-FEE_WINDOW);
  return {
    kind: 'bars',
    x: shown.map((_, i) => i),
    labels: shown.map((b) => `#${b.number.toLocaleString('en-US')}`),
    series: [{ label: 'Gas used', values: shown.map((b) => Math.round(b.gasUsedRatio * 1_000) / 10) }],
    height: 120,
    unit: '%',
    legend: 'Block',
    yRange: [0, 100],
    test: 'gas-bars-chart',
  };
}

/**
 * The chart island's props for the 24 hours (src/islands/GasChart.tsx): the hourly average gas price in gwei, a gap
 * for an hour without transactions; the legend reads the hour (UTC) and its average.
 */
export function hoursChart(hourly: readonly Pick<GasHour, 'hour' | 'average'>[]): ChartProps {
  return {
    kind: 'line',
    x: hourly.map((h) => h.hour),
    series: [{ label: 'Average gas price', values: hourly.map((h) => gweiNumber(h.average)) }],
    height: 160,
    unit: 'Gwei',
    legend: 'Hour (UTC)',
    timeFormat: 'minute',
    points: 5,
    test: 'gas-hours-canvas',
  };
}

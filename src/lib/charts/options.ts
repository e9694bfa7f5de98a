// The chart island's uPlot options as pure functions: what each kind of chart (line, area, bars) draws,
// its axes, legend and formatters, from the island's serializable props and the theme's colours. Framework-free and
// DOM-free, so they are tested without a browser (tests/unit/islands-chart.test.tsx); the island
// (src/islands/Chart.tsx) and its drawing module (src/islands/charts/draw.ts) only add the width, the height and
// the element.
import type uPlot from 'uplot';
import type { ChartColours } from './theme.ts';

/** How a series is drawn: a line, a line over a filled area, or bars. */
export type ChartKind = 'line' | 'area' | 'bars';

/** One series of a chart. */
export interface ChartSeries {
  /** Its name in the legend (chain text is fine: uPlot writes it with textContent). */
  label: string;
  /** One value per x; null is a gap (no data). */
  values: (number | null)[];
  /** '#rrggbb'; without it the theme's line colour (and, for an area, its fill). */
  colour?: string;
}

/** The island's props: plain, serializable data (Astro writes them into the page for hydration). */
export interface ChartProps {
  kind: ChartKind;
  /** The x of each point: unix seconds when `labels` is absent, else the index of its label (0, 1, 2…). */
  x: number[];
  series: ChartSeries[];
  /** Category labels of the x axis (x[i] = i); absent: x is time (UTC). */
  labels?: string[];
  /** Height in CSS pixels (the width follows the element). */
  height: number;
  /** The unit words after a value in the legend ('Gwei'; '' or absent for counts). */
  unit?: string;
  /** The legend's name for x ('Day (UTC)'); the legend shows the values under the pointer. Absent: no legend. */
  legend?: string;
  /** How a time x reads in the legend: a day ('2026-11-29') or a time ('2026-11-29 14:05'). */
  timeFormat?: 'day' | 'minute';
  /** A fixed y range (the AI accuracy axis, 40–100). */
  yRange?: [number, number];
  /** Dragging across x zooms in; a double click zooms out. */
  zoom?: boolean;
  /** Points on the line (their size in pixels); 0 or absent: none, unless a point stands alone. */
  points?: number;
  /** The element's data-test. */
  test?: string;
}

/** Narrowest width a chart is drawn at (a 360 px screen less the page's padding). */
export const MIN_CHART_WIDTH = 240;

// Three significant digits: ticks 0.005 apart on a chart of fees in STO read apart (two decimals made 0.01 twice).
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const full = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** A y tick ('1.23K', '0.005'). */
export function tickText(value: number): string {
  return compact.format(value);
}

/** A value as the legend reads it, with its unit ('1,234.5 Gwei'; 'No data' for a gap). */
export function valueText(value: number | null, unit = ''): string {
  if (value === null) return 'No data';
  const text = value !== 0 && Math.abs(value) < 0.01 ? small.format(value) : full.format(value);
  return unit === '%' ? `${text}%` : unit ? `${text} ${unit}` : text;
}

/** A time x as the legend reads it (UTC). */
export function timeText(seconds: number, format: 'day' | 'minute' = 'day'): string {
  const iso = new Date(seconds * 1000).toISOString();
  return format === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The label of a category x ('' between categories and past the ends). */
export function labelAt(labels: readonly string[], value: number): string {
  return Number.isInteger(value) ? (labels[value] ?? '') : '';
}

/** The data uPlot draws: [x, ...each series' values]. */
export function chartData(props: Pick<ChartProps, 'x' | 'series'>): uPlot.AlignedData {
  return [props.x, ...props.series.map((s) => s.values)] as uPlot.AlignedData;
}

/** Whether the props can be drawn: as many values as x in every series, and at least one value. */
export function isDrawable(props: Pick<ChartProps, 'x' | 'series' | 'labels'>): boolean {
  const n = props.x.length;
  if (n === 0 || props.series.length === 0) return false;
  if (props.labels && props.labels.length !== n) return false;
  return props.series.every((s) => s.values.length === n) && props.series.some((s) => s.values.some((v) => v !== null));
}

/** The relative width of series i's bars: one series wide; of several, the first wide and the others narrower in front. */
export function barSize(i: number, count: number): number {
  if (count === 1) return 0.7;
  return i === 0 ? 0.6 : 0.3;
}

/** An axis in the theme's colours: its labels, grid and ticks. */
export function axisColours(colours: ChartColours): uPlot.Axis {
  return { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
}

/** Makes the bar paths of series i (uPlot.paths.bars, passed in so that this module needs no uPlot at run time). */
export type BarPaths = (size: number) => uPlot.Series.PathBuilder;

/**
 * The uPlot options of a chart, but its width and height: axes, scales, legend, cursor and series from the props, in
 * the theme's colours. `bars` builds bar paths (needed for the 'bars' kind only).
 */
export function chartOptions(props: ChartProps, colours: ChartColours, bars?: BarPaths): Omit<uPlot.Options, 'width' | 'height'> {
  const { labels, unit = '' } = props;
  const count = props.series.length;
  const xValue = (v: number | null): string => (v === null ? '' : labels ? labelAt(labels, Math.round(v)) : timeText(v, props.timeFormat));
  const series = props.series.map((s, i): uPlot.Series => {
    const colour = s.colour !== undefined && /^#[0-9a-f]{6}$/i.test(s.colour) ? s.colour : undefined;
    const stroke = colour ?? colours.line;
    // Away from the chart (no x under the pointer, idx null) the legend reads nothing rather than 'No data'.
    const value = (_u: uPlot, v: number | null, _s: number, idx: number | null): string => (idx === null ? '' : valueText(v, unit));
    if (props.kind === 'bars') {
      if (!bars) throw new Error('bars need uPlot.paths.bars');
      return { label: s.label, stroke, fill: stroke, width: 1, paths: bars(barSize(i, count)), points: { show: false }, value };
    }
    const fill = props.kind === 'area' ? (colour ? `${colour}1a` : colours.fill) : undefined;
    return {
      label: s.label,
      stroke,
      width: 2,
      ...(fill ? { fill } : {}),
      spanGaps: false,
      points: props.points ? { show: true, size: props.points } : {},
      value,
    };
  });
  return {
    legend: { show: props.legend !== undefined, live: true },
    cursor: props.zoom ? { drag: { x: true, y: false, setScale: true }, points: { size: 6 } } : { drag: { x: false, y: false } },
    scales: {
      x: labels ? { time: false, ...(props.kind === 'bars' ? { range: (_u, min, max): uPlot.Range.MinMax => [min - 0.5, max + 0.5] } : {}) } : { time: true },
      y: props.yRange ? { range: [props.yRange[0], props.yRange[1]] } : {},
    },
    axes: [
      labels ? { ...axisColours(colours), values: (_u, splits) => splits.map((v) => labelAt(labels, v)) } : axisColours(colours),
      { ...axisColours(colours), size: 60, values: (_u, splits) => splits.map(tickText) },
    ],
    series: [{ label: props.legend ?? '', value: (_u, v) => xValue(v) }, ...series],
  };
}

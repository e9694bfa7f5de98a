// Browser-only: draws a series page's chart with uPlot (issue 30). Loaded with import() once the chart comes into
// view, so neither this file nor uPlot is part of the page's first JavaScript. Drag across the chart to zoom into days,
// double-click to see them all again; the crosshair follows the pointer and the legend reads the day's value.
import type uPlot from 'uplot';
import { axisColours, mountChart } from './uplot-mount.ts';

/** What the page embeds for its chart (components/charts/SeriesChart.astro). */
export interface SeriesChartData {
  /** The series' title and the unit words after a value ('' for counts). */
  label: string;
  unit: string;
  /** Unix seconds of each day, and its value (null: no data). */
  x: number[];
  y: (number | null)[];
}

// Three significant digits: ticks 0.005 apart on a chart of fees in STO read apart (two decimals made 0.01 twice).
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const full = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** The embedded data when it is well formed; null otherwise (the table stays the chart). */
export function readSeriesChartData(text: string | null | undefined): SeriesChartData | null {
  try {
    const data = JSON.parse(text ?? '') as Partial<SeriesChartData>;
    const { x, y } = data;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.length === 0) return null;
    if (!x.every((n) => Number.isFinite(n)) || !y.every((n) => n === null || Number.isFinite(n))) return null;
    return { label: String(data.label ?? ''), unit: String(data.unit ?? ''), x, y };
  } catch {
    return null;
  }
}

/** Draws the chart of root (its data in the script element root's data-chart-data names). */
export function drawSeriesChart(root: HTMLElement): void {
  const id = root.dataset['chartData'] ?? '';
  const data = readSeriesChartData(document.getElementById(id)?.textContent);
  if (!data) {
    root.dataset['state'] = 'failed';
    return;
  }
  const suffix = data.unit ? ` ${data.unit}` : '';
  mountChart(
    root,
    [data.x, data.y] as uPlot.AlignedData,
    (_width, colours) => ({
      // Dragging across x zooms into those days (uPlot's setScale on release); y follows the days shown.
      cursor: { drag: { x: true, y: false, setScale: true }, points: { size: 6 } },
      scales: { x: { time: true } },
      legend: { show: true, live: true },
      axes: [axisColours(colours), { ...axisColours(colours), size: 60, values: (_u, splits) => splits.map((v) => compact.format(v)) }],
      series: [
        // Away from the chart (no day under the pointer, idx null) the legend reads nothing rather than 'No data'.
        { label: 'Day (UTC)', value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        { label: data.label, stroke: colours.line, width: 2, fill: colours.fill, spanGaps: false, value: (_u, v, _s, idx) => (idx === null ? '' : v === null ? 'No data' : `${full.format(v)}${suffix}`) },
      ],
    }),
    280,
  );
}

// Browser-only: draws the token price chart with uPlot. Loaded with import() once the chart scrolls into view, so
// neither this file nor uPlot is part of the page's first JavaScript (its chunk name starts with 'token-price-chart').
import { axisColours, mountChart } from '../charts/uplot-mount.ts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

function parseSeries(text: string | undefined): [number[], number[]] | null {
  try {
    const data: unknown = JSON.parse(text ?? '');
    if (!Array.isArray(data) || data.length !== 2) return null;
    const [xs, ys] = data as unknown[];
    const numbers = (list: unknown): list is number[] => Array.isArray(list) && list.every((n) => typeof n === 'number' && Number.isFinite(n));
    return numbers(xs) && numbers(ys) && xs.length === ys.length && xs.length > 0 ? [xs, ys] : null;
  } catch {
    return null;
  }
}

/**
 * Draws the series held in `root.dataset.series` into root's [data-chart-canvas] element, keeps it sized, and draws it
 * again in a new theme's colours.
 */
export function drawPriceChart(root: HTMLElement): void {
  const series = parseSeries(root.dataset['series']);
  if (!series) return;
  mountChart(
    root,
    series,
    (_width, colours) => ({
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [axisColours(colours), { ...axisColours(colours), size: 60, values: (_u, splits) => splits.map((v) => compact.format(v)) }],
      series: [{}, { label: 'Price', stroke: colours.line, width: 2, fill: colours.fill, points: { show: true, size: 5 } }],
    }),
    240,
  );
}

// Browser-only: draws the token price chart with uPlot. Loaded with import() once the chart scrolls into view, so
// neither this file nor uPlot is part of the page's first JavaScript (its chunk name starts with 'token-price-chart').
import uPlot from 'uplot';
import { addUplotStyles } from '../charts/uplot-styles.ts';

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

/** Draws the series held in `root.dataset.series` into root's [data-chart-canvas] element and keeps it sized. */
export function drawPriceChart(root: HTMLElement): void {
  const target = root.querySelector<HTMLElement>('[data-chart-canvas]');
  const series = parseSeries(root.dataset['series']);
  if (!target || !series) return;
  addUplotStyles();
  const width = () => Math.max(240, target.clientWidth);
  const chart = new uPlot(
    {
      width: width(),
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [{ stroke: '#475569' }, { stroke: '#475569', size: 60, values: (_u, splits) => splits.map((v) => compact.format(v)) }],
      series: [{}, { label: 'Price', stroke: '#4f46e5', width: 2, fill: 'rgba(79, 70, 229, 0.08)', points: { show: true, size: 5 } }],
    },
    series,
    target,
  );
  root.dataset['state'] = 'drawn';
  new ResizeObserver(() => chart.setSize({ width: width(), height: 240 })).observe(target);
}

// Browser-only: draws the AI dashboard's charts with uPlot. Loaded with import() once a chart scrolls into view, so
// neither this file nor uPlot is part of the page's first JavaScript. Each chart's data is in its element
// (data-ai-chart, JSON written by the server), beside the table that is its text equivalent.
import uPlot from 'uplot';
import { axisColours, mountChart } from '../charts/uplot-mount.ts';
import type { ChartColours } from '../charts/theme.ts';
import { parseChartSpec, type ChartSpec } from './chart-spec.ts';

const HEIGHT = 240;

function options(spec: ChartSpec, width: number, colours: ChartColours): uPlot.Options {
  // Bars: the first series wide, the next narrower in front of it (traditional behind, AI optimized in front).
  const bars = (i: number): uPlot.Series.PathBuilder => {
    const builder = uPlot.paths.bars?.({ size: [i === 0 ? 0.6 : 0.3, 60] });
    if (!builder) throw new Error('uPlot has no bar paths');
    return builder;
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: spec.kind === 'bars' ? { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } : { time: false },
      y: spec.yRange ? { range: [spec.yRange[0], spec.yRange[1]] } : {},
    },
    axes: [
      { ...axisColours(colours), values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (spec.labels[v] ?? '') : '')) },
      { ...axisColours(colours), size: 60 },
    ],
    series: [
      { label: 'Time', value: (_u, v) => (v === null ? '' : (spec.labels[Math.round(v)] ?? '')) },
      ...spec.series.map((s, i): uPlot.Series =>
        spec.kind === 'bars'
          ? { label: s.label, stroke: s.colour, fill: s.colour, width: 1, paths: bars(i), points: { show: false } }
          : { label: s.label, stroke: s.colour, width: 2, spanGaps: false, points: { show: true, size: 4 } },
      ),
    ],
  };
}

/** Draws one chart into its [data-chart-canvas], keeps it sized, and draws it again in a new theme's colours. */
export function drawAiChart(root: HTMLElement): void {
  const spec = parseChartSpec(root.dataset['aiChart']);
  if (!spec) {
    root.dataset['state'] = 'failed';
    return;
  }
  const xs = spec.labels.map((_, i) => i);
  const data = [xs, ...spec.series.map((s) => s.values)] as uPlot.AlignedData;
  mountChart(root, data, (width, colours) => options(spec, width, colours), HEIGHT);
}

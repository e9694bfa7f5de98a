// Browser-only: draws the AI dashboard's charts with uPlot. Loaded with import() once a chart scrolls into view, so
// neither this file nor uPlot is part of the page's first JavaScript. Each chart's data is in its element
// (data-ai-chart, JSON written by the server), beside the table that is its text equivalent.
import uPlot from 'uplot';
import { chartColours, onThemeChange, type ChartColours } from '../charts/theme.ts';
import { addUplotStyles } from '../charts/uplot-styles.ts';
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

/** An axis in the theme's colours: its labels, grid and ticks. */
function axisColours(colours: ChartColours): uPlot.Axis {
  return { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
}

/** Draws one chart into its [data-chart-canvas], keeps it sized, and draws it again in a new theme's colours. */
export function drawAiChart(root: HTMLElement): void {
  const target = root.querySelector<HTMLElement>('[data-chart-canvas]');
  const spec = parseChartSpec(root.dataset['aiChart']);
  if (!target || !spec) {
    root.dataset['state'] = 'failed';
    return;
  }
  addUplotStyles();
  const width = () => Math.max(240, target.clientWidth);
  const xs = spec.labels.map((_, i) => i);
  const data = [xs, ...spec.series.map((s) => s.values)] as uPlot.AlignedData;
  const draw = (): uPlot => {
    const colours = chartColours(target);
    root.dataset['chartText'] = colours.text;
    return new uPlot(options(spec, width(), colours), data, target);
  };
  let chart = draw();
  root.dataset['state'] = 'drawn';
  new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT })).observe(target);
  const stop = onThemeChange(() => {
    chart.destroy();
    // A chart the live refresh has replaced stops listening.
    if (target.isConnected) chart = draw();
    else stop();
  });
}

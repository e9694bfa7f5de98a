// Browser-only: uPlot and its stylesheet, loaded by the chart island (../Chart.tsx) with import() once the island has
// hydrated (it hydrates client:visible: when the chart nears the viewport), so neither is part of any page's first
// JavaScript; one chunk shared by every chart of the site.
import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import type { ChartColours } from '../../lib/charts/theme.ts';
import { chartData, chartOptions, type ChartProps } from '../../lib/charts/options.ts';

/** Adds uPlot's stylesheet to the document once (a plain CSS import of a lazy chunk is dropped by the build). */
function addStyles(): void {
  if (document.querySelector('style[data-uplot]')) return;
  const style = document.createElement('style');
  style.dataset['uplot'] = '';
  style.textContent = uPlotCss;
  document.head.append(style);
}

const bars = (size: number): uPlot.Series.PathBuilder => {
  const builder = uPlot.paths.bars?.({ size: [size, 60] });
  if (!builder) throw new Error('uPlot has no bar paths');
  return builder;
};

/** Draws the chart the props describe into `target`, `width` pixels wide, in `colours`. */
export function drawChart(target: HTMLElement, props: ChartProps, width: number, colours: ChartColours): uPlot {
  addStyles();
  return new uPlot({ ...chartOptions(props, colours, bars), width, height: props.height }, chartData(props), target);
}

/** The chart's instance as the island keeps it. */
export type Chart = uPlot;

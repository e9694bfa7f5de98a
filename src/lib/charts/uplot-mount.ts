// Browser-only: the one way a uPlot chart is put on a page. Every chart (token price, AI dashboard, /charts, the gas
// tracker) is drawn from data already in its element, into its [data-chart-canvas], kept as wide as that element, and
// drawn again in a new theme's colours; root's data-state says where it stands ('drawn' once on screen).
import uPlot from 'uplot';
import { chartColours, onThemeChange, type ChartColours } from './theme.ts';
import { addUplotStyles } from './uplot-styles.ts';

/** Narrowest width a chart is drawn at (a 360 px screen less the page's padding). */
export const MIN_CHART_WIDTH = 240;

/** An axis in the theme's colours: its labels, grid and ticks. */
export function axisColours(colours: ChartColours): uPlot.Axis {
  return { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid, width: 1 } };
}

/** A mounted chart: the uPlot instance of the moment (a theme change replaces it). */
export interface MountedChart {
  current(): uPlot;
}

/**
 * Draws `data` into root's [data-chart-canvas] with the options `options` builds for a width and the theme's colours.
 * Returns null (and sets data-state="failed") when root has no canvas element.
 */
export function mountChart(
  root: HTMLElement,
  data: uPlot.AlignedData,
  options: (width: number, colours: ChartColours) => Omit<uPlot.Options, 'width' | 'height'>,
  height: number,
): MountedChart | null {
  const target = root.querySelector<HTMLElement>('[data-chart-canvas]');
  if (!target) {
    root.dataset['state'] = 'failed';
    return null;
  }
  addUplotStyles();
  const width = () => Math.max(MIN_CHART_WIDTH, target.clientWidth);
  const draw = (): uPlot => {
    const colours = chartColours(target);
    root.dataset['chartText'] = colours.text;
    return new uPlot({ ...options(width(), colours), width: width(), height }, data, target);
  };
  let chart = draw();
  root.dataset['state'] = 'drawn';
  new ResizeObserver(() => chart.setSize({ width: width(), height })).observe(target);
  const stop = onThemeChange(() => {
    chart.destroy();
    // A chart a live refresh has taken off the page stops listening.
    if (target.isConnected) chart = draw();
    else stop();
  });
  return { current: () => chart };
}

// @vitest-environment jsdom
// The chart island (src/islands/Chart.tsx) and its pure option builders (src/lib/charts/options.ts), per kind of
// chart. jsdom has no canvas: uPlot is mocked here only to see that the island creates it with the props' data and
// destroys it; the e2e specs (charts, tokens, gastracker, ai-dashboard) draw with the real one.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type uPlot from 'uplot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Chart from '../../src/islands/Chart.tsx';
import GasChart from '../../src/islands/GasChart.tsx';
import { blocksChart, hoursChart } from '../../src/lib/gastracker/view.ts';
import type { GasTrackerLive } from '../../src/lib/model/gas-tracker.ts';
import { $gasTracker, publishGasTracker } from '../../src/lib/stores/gas-tracker.ts';
import { barSize, chartData, chartOptions, isDrawable, labelAt, tickText, timeText, valueText, type ChartKind, type ChartProps } from '../../src/lib/charts/options.ts';

const made = vi.hoisted(() => ({ charts: [] as { opts: uPlot.Options; data: uPlot.AlignedData; target: HTMLElement; destroy: ReturnType<typeof vi.fn> }[] }));

vi.mock('uplot', () => {
  class FakePlot {
    destroy = vi.fn();
    setSize = vi.fn();
    constructor(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
      made.charts.push({ opts, data, target, destroy: this.destroy });
    }
    static paths = { bars: (opts: unknown) => Object.assign(() => null, { bars: opts }) };
  }
  return { default: FakePlot };
});
// uPlot's stylesheet is text the drawing module adds to the document; its content does not matter here.
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot{}' }));

const colours = { text: '#111111', grid: '#222222', line: '#333333', fill: 'rgba(51, 51, 51, 0.1)' };
const HOSTILE = '<img src=x onerror="alert(1)">';

const cases: { kind: ChartKind; props: ChartProps }[] = [
  { kind: 'line', props: { kind: 'line', x: [0, 1, 2], labels: ['Jan', 'Feb', 'Mar'], series: [{ label: 'Predicted', colour: '#6366f1', values: [1, null, 3] }, { label: 'Actual', colour: '#10b981', values: [2, 2, 2] }], height: 240, legend: 'Time', points: 4, test: 'ai-chart' } },
  { kind: 'area', props: { kind: 'area', x: [86_400, 172_800], series: [{ label: HOSTILE, values: [0.005, 1234.5] }], height: 280, unit: 'Gwei', legend: 'Day (UTC)', zoom: true, test: 'series-chart-canvas' } },
  { kind: 'bars', props: { kind: 'bars', x: [0, 1], labels: ['#7', '#8'], series: [{ label: 'Gas used', values: [45.6, 12] }], height: 160, unit: '%', test: 'gas-bars-chart' } },
];

beforeAll(() => {
  // jsdom has neither matchMedia nor a canvas context; the theme code reads both.
  window.matchMedia = vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as MediaQueryList);
  HTMLCanvasElement.prototype.getContext = vi.fn(() => null);
  document.documentElement.classList.add('js');
});

afterEach(() => {
  cleanup();
  made.charts.length = 0;
});

describe('Chart on the server', () => {
  it.each(cases)('$kind: an empty, aria-hidden container at the height, data-state server, no chain text', ({ props }) => {
    const html = renderToString(<Chart {...props} className="mt-3" />);
    const host = document.createElement('div');
    host.innerHTML = html;
    const el = host.firstElementChild as HTMLElement;
    expect(el.tagName).toBe('DIV');
    expect(el.dataset['state']).toBe('server');
    expect(el.dataset['test']).toBe(props.test);
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.hasAttribute('data-chart-canvas')).toBe(true);
    expect(el.style.minHeight).toBe(`${props.height}px`);
    // Hidden without JavaScript (the page's table is the chart then), shown by the head script's .js class.
    expect(el.className).toContain('hidden');
    expect(el.className).toContain('[.js_&]:block');
    expect(el.className).toContain('mt-3');
    expect(el.childElementCount).toBe(0);
    expect(html).not.toContain('<img');
  });
});

describe('chartOptions', () => {
  const bars = (size: number) => Object.assign(() => null, { size }) as unknown as uPlot.Series.PathBuilder;

  it.each(cases)('$kind: one legend entry per series after x, labels as given', ({ props }) => {
    const options = chartOptions(props, colours, bars);
    expect(options.series.map((s) => s.label)).toEqual([props.legend ?? '', ...props.series.map((s) => s.label)]);
    expect(options.legend?.show).toBe(props.legend !== undefined);
    expect(chartData(props)).toEqual([props.x, ...props.series.map((s) => s.values)]);
    expect(isDrawable(props)).toBe(true);
  });

  it('line: series in their own colours, no fill, points, category x and a fixed y range when asked', () => {
    const props = { ...(cases[0]?.props as ChartProps), yRange: [40, 100] as [number, number] };
    const options = chartOptions(props, colours);
    expect(options.series[1]).toMatchObject({ stroke: '#6366f1', width: 2, spanGaps: false, points: { show: true, size: 4 } });
    expect(options.series[1]?.fill).toBeUndefined();
    expect(options.scales?.['x']).toMatchObject({ time: false });
    expect(options.scales?.['y']).toEqual({ range: [40, 100] });
    const axis = options.axes?.[0]?.values as (u: uPlot, splits: number[]) => string[];
    expect(axis({} as uPlot, [0, 0.5, 1, 2, 3])).toEqual(['Jan', '', 'Feb', 'Mar', '']);
    expect(options.cursor?.drag).toEqual({ x: false, y: false });
  });

  it("area: the theme's line and fill, time x, zoom by drag, the unit in the legend", () => {
    const options = chartOptions(cases[1]?.props as ChartProps, colours);
    expect(options.series[1]).toMatchObject({ stroke: colours.line, fill: colours.fill });
    expect(options.scales?.['x']).toEqual({ time: true });
    expect(options.cursor?.drag).toEqual({ x: true, y: false, setScale: true });
    const value = options.series[1]?.value as (u: uPlot, v: number | null, s: number, i: number | null) => string;
    expect(value({} as uPlot, 1234.5, 1, 0)).toBe('1,234.5 Gwei');
    expect(value({} as uPlot, null, 1, 0)).toBe('No data');
    expect(value({} as uPlot, 3, 1, null)).toBe('');
    const xValue = options.series[0]?.value as (u: uPlot, v: number | null) => string;
    expect(xValue({} as uPlot, 86_400)).toBe('1970-01-02');
    const ticks = options.axes?.[1]?.values as (u: uPlot, splits: number[]) => string[];
    expect(ticks({} as uPlot, [0, 0.005, 1500, 2_000_000])).toEqual(['0', '0.005', '1.5K', '2M']);
  });

  it('bars: bar paths, a fill, x padded by half a bar, no points', () => {
    const options = chartOptions(cases[2]?.props as ChartProps, colours, bars);
    expect(options.series[1]).toMatchObject({ stroke: colours.line, fill: colours.line, points: { show: false } });
    expect((options.series[1]?.paths as unknown as { size: number }).size).toBe(0.7);
    const range = options.scales?.['x']?.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range({} as uPlot, 0, 1)).toEqual([-0.5, 1.5]);
    expect(() => chartOptions(cases[2]?.props as ChartProps, colours)).toThrow(/bars/);
  });

  it.each([
    [0, 1, 0.7],
    [0, 2, 0.6],
    [1, 2, 0.3],
  ])('barSize(%i, %i) is %d', (i, count, size) => expect(barSize(i, count)).toBe(size));

  it.each([
    [1234.5, '', '1,234.5'],
    [0.00001234, 'STO', '0.00001234 STO'],
    [null, 'Gwei', 'No data'],
  ])('valueText(%j, %j) is %j', (value, unit, text) => expect(valueText(value, unit)).toBe(text));

  it('formats ticks, times and labels', () => {
    expect(tickText(12_345)).toBe('12.3K');
    expect(timeText(1_764_424_800, 'minute')).toBe('2025-11-29 14:00');
    expect(labelAt(['a'], 0.5)).toBe('');
    expect(labelAt(['a'], 1)).toBe('');
  });

  it.each([
    ['no points', { x: [], series: [{ label: 'a', values: [] }] }],
    ['no series', { x: [1], series: [] }],
    ['values short of x', { x: [1, 2], series: [{ label: 'a', values: [1] }] }],
    ['only gaps', { x: [1, 2], series: [{ label: 'a', values: [null, null] }] }],
    ['labels short of x', { x: [0, 1], labels: ['a'], series: [{ label: 'a', values: [1, 2] }] }],
  ])('is not drawable with %s', (_name, props) => expect(isDrawable(props as ChartProps)).toBe(false));
});

describe('Chart in the browser', () => {
  it.each(cases)('$kind: creates uPlot with the data once loaded, says drawn, and destroys it on unmount', async ({ props }) => {
    const { container, unmount } = render(<Chart {...props} />);
    const el = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(el.dataset['state']).toBe('drawn'));
    expect(made.charts).toHaveLength(1);
    const [chart] = made.charts;
    expect(chart?.data).toEqual([props.x, ...props.series.map((s) => s.values)]);
    expect(chart?.opts.height).toBe(props.height);
    expect(chart?.opts.width).toBeGreaterThanOrEqual(240);
    expect(chart?.target).toBe(el);
    expect(chart?.opts.series.slice(1).map((s) => s.label)).toEqual(props.series.map((s) => s.label));
    expect(chart?.destroy).not.toHaveBeenCalled();
    unmount();
    expect(chart?.destroy).toHaveBeenCalledTimes(1);
  });

  it('draws again with new props (a live store) and in a new theme, destroying the chart it replaces', async () => {
    const props = cases[2]?.props as ChartProps;
    const { container, rerender } = render(<Chart {...props} />);
    const el = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(el.dataset['state']).toBe('drawn'));
    rerender(<Chart {...props} x={[0, 1, 2]} labels={['#7', '#8', '#9']} series={[{ label: 'Gas used', values: [45.6, 12, 99] }]} />);
    await waitFor(() => expect(made.charts).toHaveLength(2));
    expect(made.charts[0]?.destroy).toHaveBeenCalledTimes(1);
    expect(made.charts[1]?.data).toEqual([[0, 1, 2], [45.6, 12, 99]]);
    // Equal props again (an island re-rendered for another field of its store): the chart stays.
    rerender(<Chart {...props} x={[0, 1, 2]} labels={['#7', '#8', '#9']} series={[{ label: 'Gas used', values: [45.6, 12, 99] }]} />);
    await act(async () => {
      document.documentElement.dataset['theme'] = 'dark';
      await Promise.resolve();
    });
    await waitFor(() => expect(made.charts).toHaveLength(3));
    expect(made.charts[1]?.destroy).toHaveBeenCalledTimes(1);
    expect(el.dataset['chartText']).toBeTruthy();
  });

  it('says failed and creates nothing when the data cannot be drawn', async () => {
    const { container } = render(<Chart kind="line" x={[1, 2]} series={[{ label: 'a', values: [null, null] }]} height={200} />);
    const el = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(el.dataset['state']).toBe('failed'));
    expect(made.charts).toHaveLength(0);
  });
});

describe("the gas tracker's charts", () => {
  const level = { price: '1', priorityFee: '1', transferFee: '21000', waitSeconds: 12 };
  const live = (lastBlock: number, ratios: number[]): GasTrackerLive => ({
    lastBlock,
    baseFee: '1000000000',
    levels: { slow: level, standard: level, fast: level },
    blocks: ratios.map((gasUsedRatio, i) => ({ number: lastBlock - ratios.length + 1 + i, baseFee: '1', gasUsedRatio })),
  });
  const hour = (h: number, average: string | null) => ({ hour: h, average, min: average, max: average, transactions: average === null ? 0 : 3 });

  afterEach(() => $gasTracker.set(null));

  it('blocksChart: a bar per block, its number as the label, percent used on a 0–100 axis', () => {
    expect(blocksChart(live(1_001, [0.456, 1]).blocks)).toEqual({
      kind: 'bars', x: [0, 1], labels: ['#1,000', '#1,001'], series: [{ label: 'Gas used', values: [45.6, 100] }], height: 120, unit: '%', legend: 'Block', yRange: [0, 100], test: 'gas-bars-chart',
    });
    expect(valueText(45.6, '%')).toBe('45.6%');
  });

  it('hoursChart: the hourly averages in gwei, a gap for an hour without transactions, the hour in the legend', () => {
    const props = hoursChart([hour(3_600, '1500000000'), hour(7_200, null)]);
    expect(props).toMatchObject({ kind: 'line', x: [3_600, 7_200], series: [{ label: 'Average gas price', values: [1.5, null] }], unit: 'Gwei', legend: 'Hour (UTC)', timeFormat: 'minute' });
  });

  it('publishGasTracker: an older answer never replaces a newer one, but after a reorg; the hours stay until new ones come', () => {
    expect(publishGasTracker({ ...live(10, [0.5]), hourly: [hour(3_600, '1')] })).toBe(true);
    expect(publishGasTracker(live(9, [0.1]))).toBe(false);
    expect($gasTracker.get()?.lastBlock).toBe(10);
    expect(publishGasTracker(live(11, [0.2]))).toBe(true);
    expect($gasTracker.get()?.hourly).toEqual([hour(3_600, '1')]);
    expect(publishGasTracker(live(8, [0.3]), true)).toBe(true);
    expect($gasTracker.get()?.lastBlock).toBe(8);
  });

  it("GasChart draws the server's blocks, then what the store publishes (the stream's events, the polls)", async () => {
    const { container } = render(<GasChart which="blocks" blocks={live(5, [0.1, 0.2]).blocks} />);
    const el = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(el.dataset['state']).toBe('drawn'));
    expect(made.charts[0]?.data).toEqual([[0, 1], [10, 20]]);
    act(() => void publishGasTracker(live(6, [0.2, 0.3, 0.4])));
    await waitFor(() => expect(made.charts).toHaveLength(2));
    expect(made.charts[1]?.data).toEqual([[0, 1, 2], [20, 30, 40]]);
    const xValue = made.charts[1]?.opts.series[0]?.value as (u: uPlot, v: number, s: number, i: number) => string;
    expect(xValue({} as uPlot, 2, 0, 2)).toBe('#6');
    expect(made.charts[0]?.destroy).toHaveBeenCalledTimes(1);
  });

  it('GasChart of the hours follows the hours a poll published, not an event without them', async () => {
    const { container } = render(<GasChart which="hours" hourly={[hour(3_600, '1000000000')]} />);
    const el = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(el.dataset['state']).toBe('drawn'));
    act(() => void publishGasTracker(live(6, [0.2])));
    act(() => void publishGasTracker({ ...live(7, [0.2]), hourly: [hour(3_600, '1000000000'), hour(7_200, '2000000000')] }));
    await waitFor(() => expect(made.charts.at(-1)?.data).toEqual([[3_600, 7_200], [1, 2]]));
  });
});

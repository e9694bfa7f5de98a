import { withParams } from '../url/links.ts';
import type { NetworkArchitecture } from './network.ts';

// Presentation rules of the AI dashboard, shared by the server render and the browser's script: the doughnut's
// colours and segments, the chart ranges with their fallback, the figures' texts, the network drawing.

/** The Transaction Priority Distribution's six colours (one per priority label, the sixth for any other). */
export const DOUGHNUT_COLOURS = ['#6366f1', '#10b981', '#f59e0b', '#ec4899', '#0ea5e9', '#94a3b8'] as const;

/** The chart ranges of the prediction and learning charts. */
export const RANGES = ['daily', 'monthly', 'yearly'] as const;
export type ChartRange = (typeof RANGES)[number];
export const RANGE_LABELS: Record<ChartRange, string> = { daily: 'Daily', monthly: 'Monthly', yearly: 'Yearly' };

/** A range from a query parameter; anything else is daily. */
export function parseRange(value: string | null | undefined): ChartRange {
  return (RANGES as readonly string[]).includes(value ?? '') ? (value as ChartRange) : 'daily';
}

/** The labels of a range; monthly and yearly fall back to the daily labels when they have none. */
export function rangeLabelsFor(data: { labels: string[]; monthlyLabels: string[]; yearlyLabels: string[] }, range: ChartRange): string[] {
  const chosen = range === 'monthly' ? data.monthlyLabels : range === 'yearly' ? data.yearlyLabels : data.labels;
  return chosen.length > 0 ? chosen : data.labels;
}

/** The chart range a page's address (path and query) asks for with `param`. */
export function rangeAt(address: string, param: string): ChartRange {
  return parseRange(new URL(address, 'http://site').searchParams.get(param));
}

/**
 * A chart's range link: the page's address (path and query) with the chart's parameter set (Daily removes it), back to
 * the chart's card (`anchor`). Each chart keeps its own parameter, so the other's range stays.
 */
export function rangeHref(address: string, param: string, range: ChartRange, anchor?: string): string {
  return `${withParams(new URL(address, 'http://site'), { [param]: range === 'daily' ? null : range })}${anchor ? `#${anchor}` : ''}`;
}

/** A count with thousands separators ('236,565'). */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** The doughnut's segments: share of the total in percent of the circle and where each starts (SVG dash offset). */
export function doughnutSegments(labels: readonly string[], values: readonly number[]): { label: string; colour: string; percent: number; offset: number }[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  if (total <= 0) return [];
  let start = 0;
  return labels.map((label, i) => {
    const percent = (Math.max(0, values[i] ?? 0) / total) * 100;
    // The circle starts at 3 o'clock; an offset of 25 moves the first segment to 12 o'clock.
    const segment = { label, colour: DOUGHNUT_COLOURS[i % DOUGHNUT_COLOURS.length] ?? '#94a3b8', percent: round2(percent), offset: round2(25 - start) };
    start += percent;
    return segment;
  });
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The most hidden nodes drawn per layer (the real count is written under the layer). */
export const DRAWN_NODES_PER_LAYER = 6;

export interface NetworkDrawing {
  width: number;
  height: number;
  columns: { x: number; caption: string; colour: string; nodes: { x: number; y: number }[] }[];
  links: { x1: number; y1: number; x2: number; y2: number }[];
  description: string;
}

/** Positions of the network graphic's nodes and links: input, hidden layers, output, left to right. */
export function networkDrawing(a: NetworkArchitecture): NetworkDrawing {
  const width = 360;
  const height = 200;
  const layers: { count: number; drawn: number; caption: string; colour: string }[] = [
    { count: a.inputNodes, drawn: Math.min(a.inputNodes, 8), caption: `In ${a.inputNodes}`, colour: '#38bdf8' },
    ...Array.from({ length: a.hiddenLayers }, (_, i) => ({
      count: a.hiddenNodesPerLayer,
      drawn: Math.min(a.hiddenNodesPerLayer, DRAWN_NODES_PER_LAYER),
      caption: `H${i + 1} ${a.hiddenNodesPerLayer}`,
      colour: '#a78bfa',
    })),
    { count: a.outputNodes, drawn: a.outputNodes, caption: `Out ${a.outputNodes}`, colour: '#34d399' },
  ];
  const step = (width - 40) / Math.max(1, layers.length - 1);
  const columns = layers.map((layer, i) => {
    const x = round2(20 + i * step);
    const gap = (height - 40) / (layer.drawn + 1);
    return { x, caption: layer.caption, colour: layer.colour, nodes: Array.from({ length: layer.drawn }, (_, j) => ({ x, y: round2(10 + gap * (j + 1)) })) };
  });
  const links: NetworkDrawing['links'] = [];
  for (let i = 0; i + 1 < columns.length; i++) {
    for (const from of columns[i]?.nodes ?? []) for (const to of columns[i + 1]?.nodes ?? []) links.push({ x1: from.x, y1: from.y, x2: to.x, y2: to.y });
  }
  const description = `${a.inputNodes} input nodes (${a.inputLabels.join(', ')}), ${a.hiddenLayers} hidden layers of ${a.hiddenNodesPerLayer} nodes, ${a.outputNodes} output nodes, ${formatCount(a.connections)} connections.`;
  return { width, height, columns, links, description };
}

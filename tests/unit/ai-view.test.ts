import { describe, expect, it } from 'vitest';
import { networkArchitecture } from '../../src/lib/ai/network.ts';
import { PRIORITY_LABELS } from '../../src/lib/ai/fallback.ts';
import { formatPercentFigure } from '../../src/lib/home/feed.ts';
import { DOUGHNUT_COLOURS, DRAWN_NODES_PER_LAYER, doughnutSegments, formatCount, networkDrawing, parseRange, rangeLabelsFor } from '../../src/lib/ai/view.ts';

describe('AI dashboard presentation', () => {
  it('chart ranges: daily unless monthly or yearly; those fall back to the daily labels when they have none', () => {
    expect(parseRange('monthly')).toBe('monthly');
    expect(parseRange('yearly')).toBe('yearly');
    for (const bad of [null, '', 'weekly', 'DAILY']) expect(parseRange(bad)).toBe('daily');
    const data = { labels: ['10:00:00', '10:00:02'], monthlyLabels: ['Nov 23', 'Nov 23'], yearlyLabels: [] };
    expect(rangeLabelsFor(data, 'daily')).toEqual(['10:00:00', '10:00:02']);
    expect(rangeLabelsFor(data, 'monthly')).toEqual(['Nov 23', 'Nov 23']);
    expect(rangeLabelsFor(data, 'yearly')).toEqual(['10:00:00', '10:00:02']);
  });

  it('figures: percent with at most one decimal, counts with separators', () => {
    expect(formatPercentFigure(85.3)).toBe('85.3%');
    expect(formatPercentFigure(87.54)).toBe('87.5%');
    expect(formatPercentFigure(100)).toBe('100%');
    expect(formatPercentFigure(Number.NaN)).toBe('0%');
    expect(formatCount(236565)).toBe('236,565');
  });

  it('the doughnut: six colours, shares of the total, each segment starting where the last ended (12 o\'clock first)', () => {
    expect(DOUGHNUT_COLOURS).toHaveLength(6);
    const segments = doughnutSegments([...PRIORITY_LABELS], [45, 25, 15, 10, 5]);
    expect(segments.map((s) => s.percent)).toEqual([45, 25, 15, 10, 5]);
    expect(segments.map((s) => s.offset)).toEqual([25, -20, -45, -60, -70]);
    expect(new Set(segments.map((s) => s.colour)).size).toBe(5);
    expect(doughnutSegments(['a', 'b'], [0, 0])).toEqual([]);
    expect(doughnutSegments(['a', 'b'], [1, 3]).map((s) => s.percent)).toEqual([25, 75]);
  });

  it('the network graphic: input, hidden layers (at most 6 nodes drawn each), 4 outputs, each layer linked to the next', () => {
    const a = networkArchitecture({ nodes: 42, connections: 156, layers: 4 }, PRIORITY_LABELS);
    expect(a).toMatchObject({ inputNodes: 5, hiddenLayers: 4, hiddenNodesPerLayer: 11, outputNodes: 4, connections: 156, parallelUnits: 21 });
    const d = networkDrawing(a);
    expect(d.columns.map((c) => c.nodes.length)).toEqual([5, DRAWN_NODES_PER_LAYER, 6, 6, 6, 4]);
    expect(d.columns.map((c) => c.caption)).toEqual(['In 5', 'H1 11', 'H2 11', 'H3 11', 'H4 11', 'Out 4']);
    expect(d.links).toHaveLength(5 * 6 + 6 * 6 * 3 + 6 * 4);
    expect(d.description).toBe('5 input nodes (Native STO, ERC20 Token, Contract Call, NFT Transfer, Other), 4 hidden layers of 11 nodes, 4 output nodes, 156 connections.');
    for (const c of d.columns) for (const n of c.nodes) expect(n.y).toBeLessThan(d.height - 20);
  });
});

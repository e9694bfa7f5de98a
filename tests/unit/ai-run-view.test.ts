import { describe, expect, it } from 'vitest';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';
import { feedAt, newestChanged } from '../../src/lib/ai/activity.ts';
import { networkFigures, rawJson, resultCards } from '../../src/lib/ai/run-view.ts';
import type { AiActivityItem } from '../../src/lib/model/types.ts';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const MINUTE = 60_000;

function item(id: string, minutesAgo: number): AiActivityItem {
  return { id, type: 'learning_cycle', message: id, timestamp: 'stale', originalTime: NOW - minutesAgo * MINUTE };
}

describe('feedAt: relative times recomputed', () => {
  it.each([
    [0, 'just now'],
    [0.99, 'just now'],
    [1, '1 minute ago'],
    [2, '2 minutes ago'],
    [59, '59 minutes ago'],
    [60, '1 hour ago'],
    [125, '2 hours ago'],
  ])('%s minutes ago → %s', (minutes, text) => {
    expect(feedAt([item('a', minutes)], NOW)[0]?.timestamp).toBe(text);
  });

  it('a minute later the same item reads one minute older', () => {
    const feed = [item('a', 0)];
    expect(feedAt(feed, NOW)[0]?.timestamp).toBe('just now');
    expect(feedAt(feed, NOW + MINUTE)[0]?.timestamp).toBe('1 minute ago');
    expect(feed[0]?.timestamp).toBe('stale');
  });
});

describe('newestChanged', () => {
  it.each<[string | null, AiActivityItem[], boolean]>([
    [null, [], false],
    ['a', [], false],
    ['a', [item('a', 0), item('b', 1)], false],
    ['b', [item('a', 0), item('b', 1)], true],
    [null, [item('a', 0)], true],
  ])('%s then %j → %s', (previous, feed, changed) => {
    expect(newestChanged(previous, feed)).toBe(changed);
  });
});

describe('figures', () => {
  const data = { ...simulatedAiDashboardData(NOW), learningCycles: 1234, gasOptimization: 87.54 };

  it('result cards', () => {
    expect(resultCards(data).map((c) => [c.label, c.text])).toEqual([
      ['Learning Cycles', '1,234'],
      ['Blocks Processed', '236,565'],
      ['Prediction Accuracy', '85.3%'],
      ['Gas Optimization', '87.5%'],
    ]);
  });

  it('network figures', () => {
    expect(networkFigures(data).map((f) => [f.label, f.value])).toEqual([
      ['Nodes', 42],
      ['Connections', 156],
      ['Layers', 4],
    ]);
  });

  it('raw JSON parses back to the data; nothing for no data', () => {
    expect(JSON.parse(rawJson(data))).toEqual(data);
    expect(rawJson(null)).toBe('');
  });
});

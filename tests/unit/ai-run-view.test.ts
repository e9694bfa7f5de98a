import { describe, expect, it } from 'vitest';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';
import { networkFigures, rawJson, resultCards } from '../../src/lib/ai/run-view.ts';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);

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

import { describe, expect, it } from 'vitest';
import { gasChart, learningChart, parseChartSpec, predictionChart } from '../../src/lib/ai/chart-spec.ts';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';

const data = simulatedAiDashboardData(Date.UTC(2026, 10, 23, 12));

describe('AI dashboard charts: what the browser draws', () => {
  it('Block Height Prediction: predicted vs actual, with the chosen range labels (falling back to daily)', () => {
    const spec = predictionChart(data, 'monthly');
    expect(spec.kind).toBe('line');
    expect(spec.series.map((s) => s.label)).toEqual(['Predicted', 'Actual']);
    expect(spec.labels).toEqual(data.blockPredictionData.monthlyLabels);
    expect(predictionChart({ ...data, blockPredictionData: { ...data.blockPredictionData, yearlyLabels: [] } }, 'yearly').labels).toEqual(data.blockPredictionData.labels);
  });

  it('Network Learning Progress: y axis 40 to 100, nulls kept as gaps', () => {
    const withGap = { ...data, learningProgressData: { ...data.learningProgressData, accuracy: data.learningProgressData.accuracy.map((v, i) => (i === 1 ? null : v)) } };
    const spec = learningChart(withGap, 'daily');
    expect(spec.yRange).toEqual([40, 100]);
    expect(spec.series[0]?.values[1]).toBeNull();
    // It survives the trip through the page's JSON.
    expect(parseChartSpec(JSON.stringify(spec))).toEqual(spec);
  });

  it('Gas Fee Optimization: traditional vs AI optimized bars per priority', () => {
    const spec = gasChart(data);
    expect(spec.kind).toBe('bars');
    expect(spec.labels).toEqual(data.gasOptimizationData.labels);
    expect(spec.series.map((s) => s.values)).toEqual([data.gasOptimizationData.traditional, data.gasOptimizationData.optimized]);
  });

  it('anything else in the attribute draws nothing', () => {
    const good = predictionChart(data, 'daily');
    for (const bad of [
      '',
      'null',
      '{"kind":"pie","labels":["a"],"series":[]}',
      JSON.stringify({ ...good, labels: [] }),
      JSON.stringify({ ...good, series: [{ label: 'x', colour: 'red;background:url(x)', values: good.labels.map(() => 1) }] }),
      JSON.stringify({ ...good, series: [{ label: 'x', colour: '#123456', values: [1] }] }),
      JSON.stringify({ ...good, series: [{ label: 'x', colour: '#123456', values: good.labels.map(() => 'NaN') }] }),
    ]) {
      expect(parseChartSpec(bad), bad.slice(0, 60)).toBeNull();
    }
  });
});

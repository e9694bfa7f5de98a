import { describe, expect, it } from 'vitest';
import { gasChart, learningChart, predictionChart } from '../../src/lib/ai/chart-spec.ts';
import { chartOptions, isDrawable } from '../../src/lib/charts/options.ts';
import { simulatedAiDashboardData } from '../../src/lib/ai/fallback.ts';

const data = simulatedAiDashboardData(Date.UTC(2026, 10, 23, 12));

describe("AI dashboard charts: the chart island's props", () => {
  it('Block Height Prediction: predicted vs actual, with the chosen range labels (falling back to daily)', () => {
    const spec = predictionChart(data, 'monthly');
    expect(spec.kind).toBe('line');
    expect(spec.series.map((s) => s.label)).toEqual(['Predicted', 'Actual']);
    expect(spec.labels).toEqual(data.blockPredictionData.monthlyLabels);
    expect(spec.x).toEqual(data.blockPredictionData.monthlyLabels.map((_, i) => i));
    expect(spec).toMatchObject({ height: 240, legend: 'Time', points: 4 });
    expect(predictionChart({ ...data, blockPredictionData: { ...data.blockPredictionData, yearlyLabels: [] } }, 'yearly').labels).toEqual(data.blockPredictionData.labels);
  });

  it('Network Learning Progress: y axis 40 to 100, nulls kept as gaps', () => {
    const withGap = { ...data, learningProgressData: { ...data.learningProgressData, accuracy: data.learningProgressData.accuracy.map((v, i) => (i === 1 ? null : v)) } };
    const spec = learningChart(withGap, 'daily');
    expect(spec.yRange).toEqual([40, 100]);
    expect(spec.series[0]?.values[1]).toBeNull();
    // It survives the trip through the page's JSON (Astro's island props).
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
    expect(isDrawable(spec)).toBe(true);
  });

  it('Gas Fee Optimization: traditional vs AI optimized bars per priority', () => {
    const spec = gasChart(data);
    expect(spec.kind).toBe('bars');
    expect(spec.labels).toEqual(data.gasOptimizationData.labels);
    expect(spec.series.map((s) => s.values)).toEqual([data.gasOptimizationData.traditional, data.gasOptimizationData.optimized]);
  });

  it('a series short of the labels draws nothing, and a colour that is not #rrggbb is not used', () => {
    const good = predictionChart(data, 'daily');
    expect(isDrawable({ ...good, series: [{ label: 'x', colour: '#123456', values: [1] }] })).toBe(false);
    expect(isDrawable({ ...good, labels: [] })).toBe(false);
    const colours = { text: '#000000', grid: '#000000', line: '#4f46e5', fill: 'rgba(0, 0, 0, 0.1)' };
    const options = chartOptions({ ...good, series: [{ label: 'x', colour: 'red;background:url(x)', values: good.x.map(() => 1) }] }, colours);
    expect(options.series[1]?.stroke).toBe('#4f46e5');
  });
});

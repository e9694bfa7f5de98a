import type { ChartProps } from '../charts/options.ts';
import type { AiDashboardData } from '../model/types.ts';
import { LEARNING_PROGRESS_Y_AXIS } from './fallback.ts';
import { rangeLabelsFor, type ChartRange } from './view.ts';

// What each chart of the AI dashboard draws: the chart island's props (src/islands/Chart.tsx), computed by the server
// for the chosen range and written into the page for the island to hydrate with: labels, series (values may be null:
// a gap), colours, a fixed y range. Pure: whatever renders the dashboard (the server, a store-driven island) can
// compute them from the dashboard's data.

/** The card's chart, as the island takes it. */
export type ChartSpec = ChartProps;

/** A chart over the labels (x is each label's index), 240 px high, with its legend. */
function overLabels(kind: 'line' | 'bars', labels: string[], legend: string, series: ChartProps['series'], extra: Partial<ChartProps> = {}): ChartSpec {
  return { kind, x: labels.map((_, i) => i), labels, series, height: 240, legend, ...(kind === 'line' ? { points: 4 } : {}), test: 'ai-chart-canvas', ...extra };
}

/** Block Height Prediction: predicted vs actual height, with the chosen range's labels. */
export function predictionChart(data: Pick<AiDashboardData, 'blockPredictionData'>, range: ChartRange): ChartSpec {
  return overLabels('line', rangeLabelsFor(data.blockPredictionData, range), 'Time', [
    { label: 'Predicted', colour: '#6366f1', values: data.blockPredictionData.predicted },
    { label: 'Actual', colour: '#10b981', values: data.blockPredictionData.actual },
  ]);
}

/** Gas Fee Optimization: traditional vs AI optimized average fee (gwei) per priority. */
export function gasChart(data: Pick<AiDashboardData, 'gasOptimizationData'>): ChartSpec {
  return overLabels('bars', data.gasOptimizationData.labels, 'Priority', [
    { label: 'Traditional', colour: '#94a3b8', values: data.gasOptimizationData.traditional },
    { label: 'AI Optimized', colour: '#6366f1', values: data.gasOptimizationData.optimized },
  ], { unit: 'Gwei' });
}

/** Network Learning Progress: accuracy over time on a 40–100 axis, nulls drawn as gaps. */
export function learningChart(data: Pick<AiDashboardData, 'learningProgressData'>, range: ChartRange): ChartSpec {
  return overLabels('line', rangeLabelsFor(data.learningProgressData, range), 'Time', [{ label: 'Accuracy %', colour: '#8b5cf6', values: data.learningProgressData.accuracy }], {
    yRange: [LEARNING_PROGRESS_Y_AXIS.min, LEARNING_PROGRESS_Y_AXIS.max],
  });
}

import type { AiDashboardData } from '../model/types.ts';
import { LEARNING_PROGRESS_Y_AXIS } from './fallback.ts';
import { rangeLabelsFor, type ChartRange } from './view.ts';

// What each chart of the AI dashboard draws, written by the server into the chart's element as JSON and read by the
// browser's chart code (charts.ts): labels, series (values may be null: a gap), colours, a fixed y range.

export interface ChartSpec {
  kind: 'line' | 'bars';
  labels: string[];
  series: { label: string; colour: string; values: (number | null)[] }[];
  yRange?: [number, number];
}

/** Block Height Prediction: predicted vs actual height, with the chosen range's labels. */
export function predictionChart(data: AiDashboardData, range: ChartRange): ChartSpec {
  return {
    kind: 'line',
    labels: rangeLabelsFor(data.blockPredictionData, range),
    series: [
      { label: 'Predicted', colour: '#6366f1', values: data.blockPredictionData.predicted },
      { label: 'Actual', colour: '#10b981', values: data.blockPredictionData.actual },
    ],
  };
}

/** Gas Fee Optimization: traditional vs AI optimized average fee (gwei) per priority. */
export function gasChart(data: AiDashboardData): ChartSpec {
  return {
    kind: 'bars',
    labels: data.gasOptimizationData.labels,
    series: [
      { label: 'Traditional', colour: '#94a3b8', values: data.gasOptimizationData.traditional },
      { label: 'AI Optimized', colour: '#6366f1', values: data.gasOptimizationData.optimized },
    ],
  };
}

/** Network Learning Progress: accuracy over time on a 40–100 axis, nulls drawn as gaps. */
export function learningChart(data: AiDashboardData, range: ChartRange): ChartSpec {
  return {
    kind: 'line',
    labels: rangeLabelsFor(data.learningProgressData, range),
    series: [{ label: 'Accuracy %', colour: '#8b5cf6', values: data.learningProgressData.accuracy }],
    yRange: [LEARNING_PROGRESS_Y_AXIS.min, LEARNING_PROGRESS_Y_AXIS.max],
  };
}

/** A chart spec from its JSON; null when it is not one (nothing is drawn, the table stays). */
export function parseChartSpec(text: string | undefined): ChartSpec | null {
  try {
    const raw: unknown = JSON.parse(text ?? '');
    if (typeof raw !== 'object' || raw === null) return null;
    const spec = raw as Partial<ChartSpec>;
    if ((spec.kind !== 'line' && spec.kind !== 'bars') || !Array.isArray(spec.labels) || !Array.isArray(spec.series)) return null;
    const n = spec.labels.length;
    if (n === 0 || !spec.labels.every((l) => typeof l === 'string')) return null;
    for (const s of spec.series) {
      if (typeof s?.label !== 'string' || typeof s.colour !== 'string' || !/^#[0-9a-f]{6}$/i.test(s.colour) || !Array.isArray(s.values) || s.values.length !== n) return null;
      if (!s.values.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)))) return null;
    }
    if (spec.yRange !== undefined && !(Array.isArray(spec.yRange) && spec.yRange.length === 2 && spec.yRange.every((v) => typeof v === 'number'))) return null;
    return spec as ChartSpec;
  } catch {
    return null;
  }
}

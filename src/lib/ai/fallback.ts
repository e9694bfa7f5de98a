import { formatActivityTime } from '../format/time.ts';
import type { AiActivityItem, AiActivityType, AiDashboardData } from '../model/types.ts';
import { lazy } from '../format/lazy.ts';

// The AI dashboard's fixed figures: the simulated data set shown (labelled as simulated) when live inputs cannot be
// fetched, and the defaults and limits the product's specification gives the AI data.

/** Transaction priority labels, in chart order. */
export const PRIORITY_LABELS = ['Native STO', 'ERC20 Token', 'Contract Call', 'NFT Transfer', 'Other'] as const;

/** One transaction priority label. */
export type PriorityLabel = (typeof PRIORITY_LABELS)[number];

/** Blocks per learning cycle: learning cycles = floor(last block / 2500). */
export const BLOCKS_PER_LEARNING_CYCLE = 2500;
/** Prediction accuracy never shows above this. */
export const PREDICTION_ACCURACY_CAP = 95;
/** The activity figure never shows above this. */
export const ACTIVITY_LEVEL_CAP = 100;
/** Items the activity feed aims for. */
export const ACTIVITY_FEED_SIZE = 5;
/** Neural network defaults, also the minimums of connections and layers. */
export const NEURAL_NETWORK_DEFAULTS = { nodes: 42, connections: 156, layers: 4 } as const;
/** Output layer size of the network architecture card. */
export const OUTPUT_LAYER_NODES = 4;
/** Home AI card values when the data lacks a field. */
export const HOME_AI_DEFAULTS = { predictionAccuracy: 98, gasOptimization: 92 } as const;
/** Gas optimization shown when its read fails. */
export const GAS_OPTIMIZATION_FAILURE_DEFAULT = 85;
/** Adaptive learning starts at this percentage. */
export const ADAPTIVE_LEARNING_DEFAULT = 60;
/** Y axis of the learning progress chart, in percent. */
export const LEARNING_PROGRESS_Y_AXIS = { min: 40, max: 100 } as const;
/** Dashboard refresh interval. */
export const AI_REFRESH_INTERVAL_MS = 30_000;

/** The simulated data set's headline figures, as the product's specification gives them. */
export const SIMULATED_FIGURES = {
  learningCycles: 946,
  blocksProcessed: 236565,
  predictionAccuracy: 85.3,
  gasOptimization: 87.5,
  priorityValues: [45, 25, 15, 10, 5],
} as const;

const utcTime = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const utcDay = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }));
const utcMonth = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' }));

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const SIMULATED_PREDICTION_ERRORS = [12, -8, 5, -3, 7, -2, 4];
const SIMULATED_LEARNING_ACCURACY = [null, 62.4, 68.1, 73.5, 78.2, 82, 85.3];
const SIMULATED_TRADITIONAL_FEES = [21000, 65000, 120000, 85000, 50000];

const SIMULATED_ACTIVITY: readonly [AiActivityType, string, number][] = [
  ['block_optimization', 'Optimized block #236565: 12 transactions packed at 87.5% gas efficiency', 0],
  ['transaction_processing', 'Processed a priority ERC20 Token transfer with zero gas fee', 2],
  ['gas_optimization', 'Gas optimization reached 87.5% across recent transactions', 5],
  ['learning_cycle', 'Learning cycle #946 completed; prediction accuracy 85.3%', 9],
  ['network_adjustment', 'Adjusted block-time model to 2.0 s per block', 14],
];

/** The simulated data set (isSimulated true), with times and labels placed relative to `now` (epoch ms). */
export function simulatedAiDashboardData(now: number): AiDashboardData {
  const points = SIMULATED_PREDICTION_ERRORS.length;
  const back = (index: number, step: number): number => now - (points - 1 - index) * step;
  const daily = SIMULATED_PREDICTION_ERRORS.map((_, i) => utcTime().format(back(i, 4 * HOUR_MS)));
  const monthly = SIMULATED_PREDICTION_ERRORS.map((_, i) => utcDay().format(back(i, 5 * DAY_MS)));
  const yearly = SIMULATED_PREDICTION_ERRORS.map((_, i) => utcMonth().format(back(i, 30 * DAY_MS)));
  const actual = SIMULATED_PREDICTION_ERRORS.map((_, i) => SIMULATED_FIGURES.blocksProcessed - (points - 1 - i) * BLOCKS_PER_LEARNING_CYCLE);
  const saving = SIMULATED_FIGURES.gasOptimization / 100;
  const activityFeed: AiActivityItem[] = SIMULATED_ACTIVITY.map(([type, message, minutesAgo], i) => {
    const originalTime = now - minutesAgo * 60_000;
    return { id: `simulated-${i + 1}`, type, message, timestamp: formatActivityTime(originalTime, now), originalTime };
  });
  return {
    isSimulated: true,
    learningCycles: SIMULATED_FIGURES.learningCycles,
    blocksProcessed: SIMULATED_FIGURES.blocksProcessed,
    predictionAccuracy: SIMULATED_FIGURES.predictionAccuracy,
    gasOptimization: SIMULATED_FIGURES.gasOptimization,
    activityLevel: 60,
    blockPredictionData: {
      labels: daily,
      predicted: actual.map((height, i) => height + (SIMULATED_PREDICTION_ERRORS[i] ?? 0)),
      actual,
      monthlyLabels: monthly,
      yearlyLabels: yearly,
    },
    transactionPriorityData: { labels: [...PRIORITY_LABELS], values: [...SIMULATED_FIGURES.priorityValues] },
    gasOptimizationData: {
      labels: [...PRIORITY_LABELS],
      traditional: [...SIMULATED_TRADITIONAL_FEES],
      optimized: SIMULATED_TRADITIONAL_FEES.map((fee) => Math.round(fee * (1 - saving))),
    },
    learningProgressData: { labels: daily, accuracy: [...SIMULATED_LEARNING_ACCURACY], monthlyLabels: monthly, yearlyLabels: yearly },
    activityFeed,
    neuralNetwork: { ...NEURAL_NETWORK_DEFAULTS },
    updatedAt: now,
  };
}

/** The home AI card's two figures, with 98 and 92 when the data lacks them. */
export function homeAiFigures(
  data: { predictionAccuracy?: number | null; gasOptimization?: number | null } | null | undefined,
): { predictionAccuracy: number; gasOptimization: number } {
  const usable = (value: number | null | undefined, fallback: number): number =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return {
    predictionAccuracy: usable(data?.predictionAccuracy, HOME_AI_DEFAULTS.predictionAccuracy),
    gasOptimization: usable(data?.gasOptimization, HOME_AI_DEFAULTS.gasOptimization),
  };
}

import { lazy } from '../format/lazy.ts';
import type { AiActivityType, AiDashboardData } from '../model/types.ts';
import type { AiTestStatus } from './run-flow.ts';

// What the AI test page shows of the dashboard data, for the server's HTML, the page's islands (src/islands/AiTest*)
// and its script (the status and the raw data, written with textContent: the data is never inserted as HTML). Class
// names are whole literals so the page's CSS finds them.

/** The download's file name. */
export const DOWNLOAD_FILE_NAME = 'ai-data.json';

/** A result card: label, number and its text. */
export interface ResultCard {
  key: 'learning-cycles' | 'blocks-processed' | 'prediction-accuracy' | 'gas-optimization';
  label: string;
  value: number;
  text: string;
}

const figure = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/** What the result cards and the network figures show of the dashboard data (the islands' props carry only these). */
export type AiTestFigures = Pick<AiDashboardData, 'learningCycles' | 'blocksProcessed' | 'predictionAccuracy' | 'gasOptimization' | 'neuralNetwork'>;

/** The figures of some dashboard data. */
export function aiTestFigures(data: AiDashboardData | null): AiTestFigures | null {
  if (data === null) return null;
  const { learningCycles, blocksProcessed, predictionAccuracy, gasOptimization, neuralNetwork } = data;
  return { learningCycles, blocksProcessed, predictionAccuracy, gasOptimization, neuralNetwork };
}

/** The four result cards of some dashboard data. */
export function resultCards(data: AiTestFigures): ResultCard[] {
  return [
    { key: 'learning-cycles', label: 'Learning Cycles', value: data.learningCycles, text: figure().format(data.learningCycles) },
    { key: 'blocks-processed', label: 'Blocks Processed', value: data.blocksProcessed, text: figure().format(data.blocksProcessed) },
    { key: 'prediction-accuracy', label: 'Prediction Accuracy', value: data.predictionAccuracy, text: `${figure().format(data.predictionAccuracy)}%` },
    { key: 'gas-optimization', label: 'Gas Optimization', value: data.gasOptimization, text: `${figure().format(data.gasOptimization)}%` },
  ];
}

/** The neural network's three figures. */
export function networkFigures(data: Pick<AiDashboardData, 'neuralNetwork'>): { key: 'nodes' | 'connections' | 'layers'; label: string; value: number }[] {
  const { nodes, connections, layers } = data.neuralNetwork;
  return [
    { key: 'nodes', label: 'Nodes', value: nodes },
    { key: 'connections', label: 'Connections', value: connections },
    { key: 'layers', label: 'Layers', value: layers },
  ];
}

/** The raw data as shown and downloaded (2-space JSON). */
export function rawJson(data: AiDashboardData | null): string {
  return data === null ? '' : JSON.stringify(data, null, 2);
}

/** Colour of each status (whole class names). */
export const STATUS_CLASS: Readonly<Record<AiTestStatus, string>> = {
  Loading: 'bg-sky-100 text-sky-900',
  Error: 'bg-red-100 text-red-900',
  'Simulated Data': 'bg-amber-100 text-amber-900',
  'Real Data': 'bg-emerald-100 text-emerald-900',
  'No data': 'bg-slate-200 text-slate-900',
};

/** Readable name of each activity type. */
export const ACTIVITY_TYPE_LABEL: Readonly<Record<AiActivityType, string>> = {
  block_optimization: 'Block optimization',
  transaction_processing: 'Transaction processing',
  learning_cycle: 'Learning cycle',
  gas_optimization: 'Gas optimization',
  network_adjustment: 'Network adjustment',
  default: 'Activity',
};

/** A feed item's classes, highlighted or not. */
export const FEED_ITEM_CLASS = 'rounded-md border border-slate-200 bg-white px-3 py-2 transition-colors';
export const FEED_ITEM_HIGHLIGHT_CLASS = 'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 transition-colors';

import type { AiLiveConfig } from '../lib/ai/store.ts';
import { formatCount } from '../lib/ai/view.ts';
import { formatPercentFigure } from '../lib/home/feed.ts';
import type { AiDashboardData } from '../lib/model/types.ts';
import { StatCard } from './ai/StatCard.tsx';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';

/** The four figures the stat cards show. */
export type AiFigures = Pick<AiDashboardData, 'learningCycles' | 'blocksProcessed' | 'predictionAccuracy' | 'gasOptimization'>;

interface Props {
  /** The server's figures (the island's props carry only these of the dashboard data). */
  figures: AiFigures;
  live: AiLiveConfig;
}

/** The AI dashboard's four stat cards, live from the shared store; a changed figure pulses for 1 s. */
export default function AiStats({ figures, live }: Props) {
  const state = useAiDashboard(live);
  const f = state.data ?? figures;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-test="ai-stats">
      <StatCard label="Learning Cycles" value={formatCount(f.learningCycles)} test="stat-learning-cycles" />
      <StatCard label="Blocks Processed" value={formatCount(f.blocksProcessed)} test="stat-blocks-processed" />
      <StatCard label="Prediction Accuracy %" value={formatPercentFigure(f.predictionAccuracy)} test="stat-prediction-accuracy" />
      <StatCard label="Gas Optimization %" value={formatPercentFigure(f.gasOptimization)} test="stat-gas-optimization" />
    </dl>
  );
}

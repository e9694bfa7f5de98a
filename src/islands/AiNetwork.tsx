import { PRIORITY_LABELS } from '../lib/ai/fallback.ts';
import { learningAlgorithmText, networkArchitecture } from '../lib/ai/network.ts';
import type { AiLiveConfig } from '../lib/ai/store.ts';
import { formatCount } from '../lib/ai/view.ts';
import { formatPercentFigure } from '../lib/home/feed.ts';
import type { AiDashboardData } from '../lib/model/types.ts';
import { NeuralNetworkSvg } from './ai/NeuralNetworkSvg.tsx';
import { useAiDashboard } from './ai/use-ai-dashboard.ts';
import { Card } from './shared/Card.tsx';

/** The dashboard data the Neural Network tab shows (the island's props carry only these). */
export type AiNetworkData = Pick<AiDashboardData, 'neuralNetwork' | 'predictionAccuracy' | 'gasOptimization' | 'learningCycles' | 'blocksProcessed'>;

interface Props {
  /** The server's data. */
  data: AiNetworkData;
  live: AiLiveConfig;
}

/**
 * The AI dashboard's Neural Network tab: the network graphic (SVG), the Network Architecture, Learning
 * Algorithm and Network Capabilities cards, computed from the dashboard data (src/lib/ai/network.ts). Live from the
 * shared store (src/lib/ai/store.ts), as the other tabs' islands.
 */
export default function AiNetwork({ data, live }: Props) {
  const state = useAiDashboard(live);
  const d = state.data ?? data;
  const architecture = networkArchitecture(d.neuralNetwork, PRIORITY_LABELS);
  const algorithm = learningAlgorithmText(d.predictionAccuracy, d.gasOptimization);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" data-test="ai-network">
      <Card title="Neural Network" className="lg:col-span-3">
        <NeuralNetworkSvg architecture={architecture} />
      </Card>
      <Card title="Network Architecture">
        <ul className="space-y-2 text-sm text-slate-800" data-test="card-architecture">
          <li>
            Input layer: <strong data-test="arch-input">{architecture.inputNodes}</strong> nodes ({architecture.inputLabels.join(', ')})
          </li>
          <li>
            Hidden layers: <strong data-test="arch-hidden-layers">{architecture.hiddenLayers}</strong> with <strong data-test="arch-hidden-nodes">{architecture.hiddenNodesPerLayer}</strong> nodes each
          </li>
          <li>
            Output layer: <strong data-test="arch-output">{architecture.outputNodes}</strong> nodes
          </li>
          <li>
            Total connections: <strong data-test="arch-connections">{formatCount(architecture.connections)}</strong>
          </li>
          <li>
            Scale: <strong data-test="arch-units">{formatCount(architecture.parallelUnits)}</strong> parallel processing units
          </li>
        </ul>
      </Card>
      <Card title="Learning Algorithm">
        <ul className="space-y-2 text-sm text-slate-800" data-test="card-algorithm">
          <li>{algorithm.algorithm}</li>
          <li>{algorithm.activation}</li>
          <li>{algorithm.optimizer}</li>
          <li>{algorithm.output}</li>
          <li>
            Learning rate:{' '}
            <strong data-test="learning-rate">
              {algorithm.learningRate.min.toFixed(4)} – {algorithm.learningRate.max.toFixed(4)}
            </strong>
          </li>
          <li>
            Adaptive learning: <strong data-test="adaptive-learning">{algorithm.adaptiveLearning}%</strong>
          </li>
        </ul>
      </Card>
      <Card title="Network Capabilities">
        <ul className="space-y-2 text-sm text-slate-800" data-test="card-capabilities">
          <li>Block height prediction at {formatPercentFigure(d.predictionAccuracy)} accuracy</li>
          <li>Gas fee optimization saving {formatPercentFigure(d.gasOptimization)}</li>
          <li>Priority classification of every transaction into {PRIORITY_LABELS.length} classes</li>
          <li>
            {formatCount(d.learningCycles)} learning cycles over {formatCount(d.blocksProcessed)} blocks
          </li>
        </ul>
      </Card>
    </div>
  );
}

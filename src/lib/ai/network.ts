import { ADAPTIVE_LEARNING_DEFAULT, OUTPUT_LAYER_NODES } from './fallback.ts';

// The Neural Network tab's figures and texts, from the dashboard data (the server's render and the tab's island,
// src/islands/AiNetwork.tsx, compute them alike).

/** Texts of the Learning Algorithm card, chosen by the spec's thresholds. */
export interface LearningAlgorithmText {
  algorithm: string;
  activation: string;
  optimizer: string;
  output: string;
  learningRate: { min: number; max: number };
  adaptiveLearning: number;
}

/** Learning rate range shown: 0.001 + accuracy/10000 to 0.001 + accuracy/1000. */
export function learningRateRange(accuracy: number): { min: number; max: number } {
  return { min: 0.001 + accuracy / 10_000, max: 0.001 + accuracy / 1_000 };
}

/**
 * Learning Algorithm texts: accuracy > 75 names advanced backpropagation, > 80 Leaky ReLU; gas optimization > 85
 * names high momentum, > 80 a specialized sigmoid; adaptive learning starts at 60 percent.
 */
export function learningAlgorithmText(accuracy: number, gasOptimization: number): LearningAlgorithmText {
  return {
    algorithm: accuracy > 75 ? 'Advanced backpropagation with adaptive learning rates' : 'Standard backpropagation',
    activation: accuracy > 80 ? 'Leaky ReLU activation in the hidden layers' : 'ReLU activation in the hidden layers',
    optimizer: gasOptimization > 85 ? 'Gradient descent with high momentum' : 'Gradient descent with standard momentum',
    output: gasOptimization > 80 ? 'Specialized sigmoid output for gas fee prediction' : 'Sigmoid output for gas fee prediction',
    learningRate: learningRateRange(accuracy),
    adaptiveLearning: ADAPTIVE_LEARNING_DEFAULT,
  };
}

/** Figures of the Network Architecture card. */
export interface NetworkArchitecture {
  inputNodes: number;
  inputLabels: string[];
  hiddenLayers: number;
  /** nodes / layers, rounded. */
  hiddenNodesPerLayer: number;
  outputNodes: number;
  connections: number;
  /** nodes / 2, rounded. */
  parallelUnits: number;
}

/** Network Architecture figures: inputs from the priority labels, hidden nodes per layer = nodes / layers, 4 outputs, nodes/2 units. */
export function networkArchitecture(
  network: { nodes: number; connections: number; layers: number },
  inputLabels: readonly string[],
): NetworkArchitecture {
  const layers = Math.max(1, network.layers);
  return {
    inputNodes: inputLabels.length,
    inputLabels: [...inputLabels],
    hiddenLayers: layers,
    hiddenNodesPerLayer: Math.round(network.nodes / layers),
    outputNodes: OUTPUT_LAYER_NODES,
    connections: network.connections,
    parallelUnits: Math.round(network.nodes / 2),
  };
}

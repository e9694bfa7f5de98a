import { describe, expect, it } from 'vitest';
import {
  AI_BLOCK_SAMPLE,
  AI_TRANSACTION_SAMPLE,
  AI_TYPE_SAMPLE,
  activityFeed,
  activityLevel,
  computeAiDashboardData,
  gasFeeComparison,
  gasOptimizationPercent,
  loadAiDashboardData,
  neuralNetworkShape,
  predictBlockHeights,
  priorityLabel,
  transactionPriorityMix,
} from '../../src/lib/ai/data.ts';
import { learningAlgorithmText, learningRateRange, networkArchitecture } from '../../src/lib/ai/network.ts';
import type { FeedSource } from '../../src/lib/indexer-api/feed-source.ts';
import {
  ADAPTIVE_LEARNING_DEFAULT,
  GAS_OPTIMIZATION_FAILURE_DEFAULT,
  HOME_AI_DEFAULTS,
  LEARNING_PROGRESS_Y_AXIS,
  PRIORITY_LABELS,
  homeAiFigures,
  simulatedAiDashboardData,
} from '../../src/lib/ai/fallback.ts';
import { normalizeBlocks } from '../../src/lib/normalize/block.ts';
import { normalizeTransactions } from '../../src/lib/normalize/transaction.ts';
import type { Block, NetworkStats, Transaction } from '../../src/lib/model/types.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const GWEI = 1_000_000_000n;
const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let seq = 0;
function tx(partial: Partial<Transaction> = {}): Transaction {
  seq++;
  return {
    hash: `0x${seq.toString(16).padStart(64, '0')}`,
    blockNumber: 1,
    timestamp: NOW / 1000 - 60,
    from: A,
    to: B,
    contractAddress: null,
    value: 1n,
    input: '0x',
    gasUsed: 21_000n,
    gasPrice: GWEI,
    gasLimit: 21_000n,
    nonce: 0,
    transactionIndex: 0,
    status: true,
    tokenTransfers: [],
    ...partial,
  };
}

function block(number: number, timestamp: number | null, transactionCount = 0): Block {
  return {
    number,
    hash: `0x${number.toString(16).padStart(64, '0')}`,
    parentHash: null,
    timestamp,
    miner: null,
    gasUsed: 21_000n * BigInt(transactionCount),
    gasLimit: 30_000_000n,
    baseFeePerGas: null,
    reward: null,
    transactionCount,
    transactions: [],
    transactionHashes: [],
    hasTransactions: transactionCount > 0,
  };
}

const stats: NetworkStats = {
  latestBlock: 5_000,
  totalTransactions: 29,
  totalTransactionsEstimated: false,
  tps: 0,
  gasPriceWei: GWEI,
  gasPriceGwei: 1,
  totalHolders: 10,
  validatorsPayout: { raw: 0n, formatted: '0' },
  totalTokens: 2,
};

describe('constants of the spec', () => {
  it('samples, defaults and axis', () => {
    expect([AI_BLOCK_SAMPLE, AI_TRANSACTION_SAMPLE, AI_TYPE_SAMPLE]).toEqual([20, 30, 100]);
    expect(HOME_AI_DEFAULTS).toEqual({ predictionAccuracy: 98, gasOptimization: 92 });
    expect(GAS_OPTIMIZATION_FAILURE_DEFAULT).toBe(85);
    expect(ADAPTIVE_LEARNING_DEFAULT).toBe(60);
    expect(LEARNING_PROGRESS_Y_AXIS).toEqual({ min: 40, max: 100 });
    expect(PRIORITY_LABELS).toEqual(['Native STO', 'ERC20 Token', 'Contract Call', 'NFT Transfer', 'Other']);
  });
});

describe('simulated data set', () => {
  const data = simulatedAiDashboardData(NOW);

  it('has the fixed figures and says it is simulated', () => {
    expect(data).toMatchObject({
      isSimulated: true,
      learningCycles: 946,
      blocksProcessed: 236565,
      predictionAccuracy: 85.3,
      gasOptimization: 87.5,
      transactionPriorityData: { labels: ['Native STO', 'ERC20 Token', 'Contract Call', 'NFT Transfer', 'Other'], values: [45, 25, 15, 10, 5] },
      neuralNetwork: { nodes: 42, connections: 156, layers: 4 },
      updatedAt: NOW,
    });
  });

  it('charts line up and the learning curve starts with a gap', () => {
    const { blockPredictionData: prediction, learningProgressData: learning } = data;
    expect(prediction.predicted).toHaveLength(prediction.labels.length);
    expect(prediction.actual).toHaveLength(prediction.labels.length);
    expect(prediction.monthlyLabels).toHaveLength(prediction.labels.length);
    expect(prediction.yearlyLabels).toHaveLength(prediction.labels.length);
    expect(prediction.actual.at(-1)).toBe(236565);
    expect(learning.accuracy[0]).toBeNull();
    expect(learning.accuracy.at(-1)).toBe(85.3);
    expect(data.gasOptimizationData.optimized[0]).toBe(Math.round(21000 * 0.125));
  });

  it('has 5 activity items of the spec types with relative times', () => {
    expect(data.activityFeed.map((item) => item.type)).toEqual([
      'block_optimization',
      'transaction_processing',
      'gas_optimization',
      'learning_cycle',
      'network_adjustment',
    ]);
    expect(data.activityFeed.map((item) => item.timestamp)).toEqual(['just now', '2 minutes ago', '5 minutes ago', '9 minutes ago', '14 minutes ago']);
    expect(data.activityFeed[1]?.originalTime).toBe(NOW - 120_000);
  });
});

describe('homeAiFigures', () => {
  it.each([
    [null, 98, 92],
    [{}, 98, 92],
    [{ predictionAccuracy: 70 }, 70, 92],
    [{ predictionAccuracy: Number.NaN, gasOptimization: 50 }, 98, 50],
  ])('%j → %i / %i', (data, accuracy, optimization) => {
    expect(homeAiFigures(data)).toEqual({ predictionAccuracy: accuracy, gasOptimization: optimization });
  });
});

describe('predictBlockHeights', () => {
  it('regular blocks are predicted exactly; accuracy is capped at 95', () => {
    const prediction = predictBlockHeights([block(12, 1024), block(10, 1020), block(11, 1022), block(13, 1026)]);
    expect(prediction?.actual).toEqual([10, 11, 12, 13]);
    expect(prediction?.predicted).toEqual([10, 11, 12, 13]);
    expect(prediction?.cumulativeAccuracy).toEqual([null, 95, 95, 95]);
    expect(prediction?.accuracy).toBe(95);
    expect(prediction?.secondsPerBlock).toBe(2);
  });

  it('blocks.json: eight 2 s steps and one 9 s step over 25 s → accuracy 64', () => {
    const prediction = predictBlockHeights(normalizeBlocks(fixture('blocks.json')));
    // τ = 25/9 s; a 2 s step predicts 0.72 blocks (error 0.28), the 9 s step 3.24 (error capped at 1).
    expect(prediction?.secondsPerBlock).toBe(2.78);
    expect(prediction?.predicted[1]).toBe(52.72);
    expect(prediction?.accuracy).toBe(64);
    expect(prediction?.cumulativeAccuracy.slice(0, 3)).toEqual([null, 72, 36]);
  });

  it('equal timestamps everywhere predict exactly', () => {
    expect(predictBlockHeights([block(1, 100), block(2, 100)])?.accuracy).toBe(95);
  });

  it('needs two blocks with timestamps', () => {
    expect(predictBlockHeights([block(1, 100), block(2, null)])).toBeNull();
    expect(predictBlockHeights([])).toBeNull();
  });
});

describe('gas optimization', () => {
  it.each([
    ['every transaction pays the quoted price', [tx(), tx()], GWEI, 0],
    ['half the gas paid nothing', [tx(), tx({ gasPrice: 0n })], GWEI, 50],
    ['everything fee-free and no quote', [tx({ gasPrice: 0n }), tx({ gasPrice: 0n })], null, 100],
    ['a price above the quote saves nothing', [tx({ gasPrice: 2n * GWEI })], GWEI, 0],
    ['no quote: the highest price in the sample is the reference', [tx({ gasPrice: GWEI }), tx({ gasPrice: 3n * GWEI })], null, 33.3],
    ['gas limit counts when gas used is unknown', [tx({ gasUsed: null, gasLimit: 30_000n, gasPrice: 0n }), tx({ gasUsed: 10_000n })], GWEI, 75],
    ['no priced transactions', [tx({ gasPrice: null })], GWEI, 0],
    ['no transactions', [], GWEI, 0],
  ])('%s → %f', (_name, txs, quoted, expected) => {
    expect(gasOptimizationPercent(txs, quoted)).toBe(expected);
  });

  it('compares average fees per priority label in gwei', () => {
    const comparison = gasFeeComparison(
      [tx({ gasPrice: 0n }), tx({ gasPrice: GWEI }), tx({ to: null, value: 0n, gasUsed: 100_000n, gasPrice: GWEI })],
      2n * GWEI,
    );
    expect(comparison).toEqual({ labels: ['Native STO', 'Other'], traditional: [42_000, 200_000], optimized: [10_500, 100_000] });
  });
});

describe('transaction priority mix', () => {
  it.each([
    ['a plain STO send', tx(), 'Native STO'],
    ['a zero-value transfer() call', tx({ value: 0n, input: '0xa9059cbb0000' }), 'ERC20 Token'],
    ['a recorded token transfer', tx({ tokenTransfers: [{ symbol: 'SEED', name: 'Seed' } as Transaction['tokenTransfers'][number]] }), 'ERC20 Token'],
    ['an NFT transfer', tx({ tokenTransfers: [{ symbol: 'SNFT', name: 'Seed NFT' } as Transaction['tokenTransfers'][number]] }), 'NFT Transfer'],
    ['a contract call', tx({ value: 0n, input: '0x42842e0e0000' }), 'Contract Call'],
    ['a deployment', tx({ to: null, input: '0x6080' }), 'Other'],
    ['a zero-value plain send', tx({ value: 0n }), 'Other'],
  ])('%s → %s', (_name, transaction, label) => {
    expect(priorityLabel(transaction)).toBe(label);
  });

  it('transactions.json: 1 ERC20 transfer, 8 contract calls, 1 deployment', () => {
    expect(transactionPriorityMix(normalizeTransactions(fixture('transactions.json')))).toEqual({
      labels: [...PRIORITY_LABELS],
      values: [0, 10, 80, 0, 10],
    });
  });

  it('no transactions gives zeros', () => {
    expect(transactionPriorityMix([]).values).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('network figures', () => {
  it.each([
    [[block(1, 1, 3), block(2, 2, 3)], 30],
    [[block(1, 1, 15), block(2, 2, 40)], 100],
    [[], 0],
  ])('activity level of %#', (blocks, expected) => {
    expect(activityLevel(blocks)).toBe(expected);
  });

  it('network shape keeps the minimums of 42 nodes, 156 connections and 4 layers', () => {
    expect(neuralNetworkShape([tx()])).toEqual({ nodes: 42, connections: 156, layers: 4 });
  });

  it('network shape grows with the addresses and pairs seen (nodes at most 128)', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      tx({ from: `0x${(i + 1).toString(16).padStart(40, '0')}`, to: `0x${(i + 1000).toString(16).padStart(40, '0')}` }),
    );
    expect(neuralNetworkShape(many)).toEqual({ nodes: 128, connections: 400, layers: 4 });
  });

  it('network architecture card figures', () => {
    expect(networkArchitecture({ nodes: 42, connections: 156, layers: 4 }, PRIORITY_LABELS)).toEqual({
      inputNodes: 5,
      inputLabels: [...PRIORITY_LABELS],
      hiddenLayers: 4,
      hiddenNodesPerLayer: 11,
      outputNodes: 4,
      connections: 156,
      parallelUnits: 21,
    });
  });
});

describe('learning algorithm card', () => {
  it.each([
    [75, 80, 'Standard backpropagation', 'ReLU activation in the hidden layers', 'Gradient descent with standard momentum', 'Sigmoid output for gas fee prediction'],
    [75.1, 80.1, 'Advanced backpropagation with adaptive learning rates', 'ReLU activation in the hidden layers', 'Gradient descent with standard momentum', 'Specialized sigmoid output for gas fee prediction'],
    [80.1, 85, 'Advanced backpropagation with adaptive learning rates', 'Leaky ReLU activation in the hidden layers', 'Gradient descent with standard momentum', 'Specialized sigmoid output for gas fee prediction'],
    [85.3, 87.5, 'Advanced backpropagation with adaptive learning rates', 'Leaky ReLU activation in the hidden layers', 'Gradient descent with high momentum', 'Specialized sigmoid output for gas fee prediction'],
  ])('accuracy %f, gas %f', (accuracy, gas, algorithm, activation, optimizer, output) => {
    expect(learningAlgorithmText(accuracy, gas)).toMatchObject({ algorithm, activation, optimizer, output, adaptiveLearning: 60 });
  });

  it('learning rate from 0.001 + accuracy/10000 to 0.001 + accuracy/1000', () => {
    const range = learningRateRange(85.3);
    expect(range.min).toBeCloseTo(0.00953, 10);
    expect(range.max).toBeCloseTo(0.0863, 10);
  });
});

describe('computeAiDashboardData', () => {
  const blocks = normalizeBlocks(fixture('blocks.json'));
  const transactions = normalizeTransactions(fixture('transactions.json'));

  it('computes live data from the recorded blocks and transactions', () => {
    const data = computeAiDashboardData({ blocks, transactions, typeSample: transactions, stats }, NOW);
    expect(data).not.toBeNull();
    expect(data).toMatchObject({
      isSimulated: false,
      learningCycles: 2,
      blocksProcessed: 5_000,
      predictionAccuracy: 64,
      activityLevel: 0,
      transactionPriorityData: { values: [0, 10, 80, 0, 10] },
      neuralNetwork: { nodes: 42, connections: 156, layers: 4 },
      updatedAt: NOW,
    });
    // Every recorded transaction paid more than the 1 gwei quote, so nothing was saved.
    expect(data?.gasOptimization).toBe(0);
    expect(data?.blockPredictionData.actual).toEqual([52, 53, 54, 55, 56, 57, 58, 59, 60, 61]);
    expect(data?.blockPredictionData.labels[0]).toBe('03:52:53');
    expect(data?.blockPredictionData.monthlyLabels[0]).toBe('Nov 22');
    expect(data?.blockPredictionData.yearlyLabels[0]).toBe('Nov 2026');
    expect(data?.learningProgressData.accuracy[0]).toBeNull();
    expect(data?.learningProgressData.labels).toEqual(data?.blockPredictionData.labels);
  });

  it('learning cycles = floor(last block / 2500), from the blocks when stats are missing', () => {
    const data = computeAiDashboardData({ blocks: [block(7_499, 100), block(7_500, 102)], transactions: [], typeSample: [], stats: null }, NOW);
    expect(data?.learningCycles).toBe(3);
    expect(data?.blocksProcessed).toBe(7_500);
  });

  it('the activity feed has at most 5 items, newest first, with stable ids', () => {
    const seconds = NOW / 1000;
    const recent = [tx({ timestamp: seconds - 30 }), tx({ timestamp: seconds - 600 })];
    const data = computeAiDashboardData(
      { blocks: [block(9, seconds - 180), block(10, seconds - 120, 2)], transactions: recent, typeSample: recent, stats },
      NOW,
    );
    const feed = data?.activityFeed ?? [];
    expect(feed).toHaveLength(5);
    expect(feed.map((item) => item.type)).toEqual(['transaction_processing', 'gas_optimization', 'block_optimization', 'learning_cycle', 'network_adjustment']);
    expect(feed.map((item) => item.timestamp)).toEqual(['just now', 'just now', '2 minutes ago', '2 minutes ago', '2 minutes ago']);
    expect(feed[2]?.id).toBe('block-10');
    expect(feed[2]?.message).toBe('Optimized block #10: 2 transactions, 0.14% of the gas limit used');
  });

  it('the feed skips events without a time', () => {
    expect(
      activityFeed({ blocks: [], transactions: [tx({ timestamp: null })], learningCycles: 0, gasOptimization: 0, sampleSize: 1, secondsPerBlock: 2 }, NOW),
    ).toEqual([]);
  });

  it('null with fewer than two timed blocks', () => {
    expect(computeAiDashboardData({ blocks: [block(1, 1)], transactions, typeSample: transactions, stats }, NOW)).toBeNull();
  });
});

describe('loadAiDashboardData', () => {
  const blocks = normalizeBlocks(fixture('blocks.json'));
  const transactions = normalizeTransactions(fixture('transactions.json'));

  it('fetches 20 blocks, 30 and 100 transactions and the stats', async () => {
    const requests: string[] = [];
    const source: FeedSource = {
      getBlocks: async (query = {}) => {
        requests.push(`blocks ${query.limit}`);
        return blocks;
      },
      getTransactions: async (query = {}) => {
        requests.push(`transactions ${query.limit}`);
        return transactions;
      },
      getNetworkStats: async () => {
        requests.push('stats');
        return stats;
      },
    };
    const data = await loadAiDashboardData(source, { now: () => NOW });
    expect(requests.sort()).toEqual(['blocks 20', 'stats', 'transactions 100', 'transactions 30']);
    expect(data.isSimulated).toBe(false);
    expect(data.predictionAccuracy).toBe(64);
  });

  it('falls back to the simulated set when a read fails', async () => {
    const errors: unknown[] = [];
    const source: FeedSource = {
      getBlocks: async () => Promise.reject(new Error('down')),
      getTransactions: async () => transactions,
      getNetworkStats: async () => stats,
    };
    const data = await loadAiDashboardData(source, { now: () => NOW, onError: (e) => errors.push(e) });
    expect(data).toEqual(simulatedAiDashboardData(NOW));
    expect(errors).toHaveLength(1);
  });

  it('falls back to the simulated set when there is too little data', async () => {
    const source: FeedSource = { getBlocks: async () => [], getTransactions: async () => [], getNetworkStats: async () => stats };
    expect((await loadAiDashboardData(source, { now: () => NOW })).isSimulated).toBe(true);
  });
});

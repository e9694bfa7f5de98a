import {
  ACTIVITY_FEED_SIZE,
  ACTIVITY_LEVEL_CAP,
  BLOCKS_PER_LEARNING_CYCLE,
  NEURAL_NETWORK_DEFAULTS,
  PREDICTION_ACCURACY_CAP,
  PRIORITY_LABELS,
  simulatedAiDashboardData,
  type PriorityLabel,
} from './fallback.ts';
import { formatActivityTime } from '../format/time.ts';
import type { FeedSource } from '../indexer-api/feed-source.ts';
import { activityKind, type ActivityKind } from '../transactions/kind.ts';
import type { AiActivityItem, AiActivityType, AiDashboardData, Block, NetworkStats, Transaction } from '../model/types.ts';
import { lazy } from '../format/lazy.ts';

// The AI dashboard has no endpoint: its figures are computed here from recent blocks and transactions, with
// formulas that can be checked against the data (documented on each function). Pure functions take already
// fetched, normalized inputs plus `now`; loadAiDashboardData fetches them and falls back to the simulated set.

/** Blocks the dashboard reads. */
export const AI_BLOCK_SAMPLE = 20;
/** Recent transactions the dashboard reads. */
export const AI_TRANSACTION_SAMPLE = 30;
/** Transactions read for the transaction-type mix and gas figures. */
export const AI_TYPE_SAMPLE = 100;

/** Already-fetched inputs of the computation. */
export interface AiInputs {
  /** The latest blocks (any order). */
  blocks: readonly Block[];
  /** The latest transactions. */
  transactions: readonly Transaction[];
  /** A larger sample of recent transactions for the type mix and gas figures. */
  typeSample: readonly Transaction[];
  stats: NetworkStats | null;
}

const KIND_PRIORITY: Readonly<Record<ActivityKind, PriorityLabel>> = {
  NATIVE_STO: 'Native STO',
  ERC20_TOKEN: 'ERC20 Token',
  CONTRACT_CALL: 'Contract Call',
  NFT_TRANSFER: 'NFT Transfer',
  CONTRACT_DEPLOY: 'Other',
  DEFAULT: 'Other',
};

/** Priority label of a transaction, from its activity kind (deployments and zero-value plain sends are 'Other'). */
export function priorityLabel(tx: Transaction): PriorityLabel {
  return KIND_PRIORITY[activityKind(tx)];
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Share of each priority label in percent (1 decimal), in PRIORITY_LABELS order; all zero for no transactions. */
export function transactionPriorityMix(transactions: readonly Transaction[]): { labels: string[]; values: number[] } {
  const counts = new Map<PriorityLabel, number>(PRIORITY_LABELS.map((label) => [label, 0]));
  for (const tx of transactions) {
    const label = priorityLabel(tx);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const total = transactions.length;
  return {
    labels: [...PRIORITY_LABELS],
    values: PRIORITY_LABELS.map((label) => (total === 0 ? 0 : round((100 * (counts.get(label) ?? 0)) / total, 1))),
  };
}

/** Block height predictions and the accuracy they reach. */
export interface BlockPrediction {
  blockNumbers: number[];
  /** Unix seconds of each block. */
  timestamps: number[];
  actual: number[];
  predicted: number[];
  /** Accuracy over the steps so far at each block (null for the first, which has no history), capped at 95. */
  cumulativeAccuracy: (number | null)[];
  /** Accuracy over all steps, capped at 95. */
  accuracy: number;
  /** Average block interval of the window in seconds. */
  secondsPerBlock: number;
}

/**
 * Predicts each block's height from its timestamp: predicted_i = n_(i-1) + (t_i - t_(i-1)) / τ, where τ is the
 * window's average seconds per block. A step's error is |predicted_i - n_i| / (n_i - n_(i-1)), at most 1;
 * accuracy = 100 × (1 - mean error), capped at 95, 1 decimal. Blocks without a timestamp are ignored; null when
 * fewer than 2 blocks remain.
 */
export function predictBlockHeights(blocks: readonly Pick<Block, 'number' | 'timestamp'>[]): BlockPrediction | null {
  const byNumber = new Map<number, number>();
  for (const block of blocks) if (block.timestamp !== null) byNumber.set(block.number, block.timestamp);
  const timed = [...byNumber.entries()].sort((a, b) => a[0] - b[0]);
  const first = timed[0];
  const last = timed[timed.length - 1];
  if (!first || !last || timed.length < 2) return null;
  const tau = (last[1] - first[1]) / (last[0] - first[0]);
  const predicted = [first[0]];
  const cumulativeAccuracy: (number | null)[] = [null];
  let errorSum = 0;
  for (let i = 1; i < timed.length; i++) {
    const [previousNumber, previousTime] = timed[i - 1] ?? first;
    const [number, time] = timed[i] ?? last;
    // Equal timestamps across the whole window leave no interval to learn from; the height is then exact.
    const guess = tau > 0 ? previousNumber + (time - previousTime) / tau : number;
    errorSum += Math.min(1, Math.abs(guess - number) / (number - previousNumber));
    predicted.push(round(guess, 2));
    cumulativeAccuracy.push(round(Math.min(PREDICTION_ACCURACY_CAP, 100 * (1 - errorSum / i)), 1));
  }
  return {
    blockNumbers: timed.map(([number]) => number),
    timestamps: timed.map(([, time]) => time),
    actual: timed.map(([number]) => number),
    predicted,
    cumulativeAccuracy,
    accuracy: cumulativeAccuracy[cumulativeAccuracy.length - 1] ?? 0,
    secondsPerBlock: round(tau, 2),
  };
}

function gasOf(tx: Transaction): bigint {
  return tx.gasUsed ?? tx.gasLimit ?? 21_000n;
}

/** The price a transaction would pay without priority-based fees: the network's quoted price, if higher than its own. */
function traditionalPrice(tx: Transaction, reference: bigint): bigint {
  const paid = tx.gasPrice ?? 0n;
  return paid > reference ? paid : reference;
}

/** The reference gas price: the network's quoted price, else the highest price in the sample. */
function referenceGasPrice(transactions: readonly Transaction[], quotedWei: bigint | null): bigint {
  if (quotedWei !== null && quotedWei > 0n) return quotedWei;
  return transactions.reduce((max, tx) => (tx.gasPrice !== null && tx.gasPrice > max ? tx.gasPrice : max), 0n);
}

/**
 * Gas optimization in percent: the fee saved against paying the reference price,
 * 100 × (1 - Σ gas_i × price_i / Σ gas_i × max(price_i, reference)), 1 decimal (gas = gas used, else the limit).
 * 100 when every transaction paid nothing and no reference exists; 0 without priced transactions.
 */
export function gasOptimizationPercent(transactions: readonly Transaction[], quotedWei: bigint | null): number {
  const priced = transactions.filter((tx) => tx.gasPrice !== null);
  if (priced.length === 0) return 0;
  const reference = referenceGasPrice(priced, quotedWei);
  let paid = 0n;
  let traditional = 0n;
  for (const tx of priced) {
    paid += gasOf(tx) * (tx.gasPrice ?? 0n);
    traditional += gasOf(tx) * traditionalPrice(tx, reference);
  }
  if (traditional === 0n) return 100;
  return round(Number(10_000n - (paid * 10_000n) / traditional) / 100, 1);
}

/** Average fee per priority label in gwei (2 decimals), at the reference price and as paid; labels without transactions are left out. */
export function gasFeeComparison(
  transactions: readonly Transaction[],
  quotedWei: bigint | null,
): { labels: string[]; traditional: number[]; optimized: number[] } {
  const priced = transactions.filter((tx) => tx.gasPrice !== null);
  const reference = referenceGasPrice(priced, quotedWei);
  const result = { labels: [] as string[], traditional: [] as number[], optimized: [] as number[] };
  for (const label of PRIORITY_LABELS) {
    const group = priced.filter((tx) => priorityLabel(tx) === label);
    if (group.length === 0) continue;
    const count = BigInt(group.length);
    const traditional = group.reduce((sum, tx) => sum + gasOf(tx) * traditionalPrice(tx, reference), 0n) / count;
    const paid = group.reduce((sum, tx) => sum + gasOf(tx) * (tx.gasPrice ?? 0n), 0n) / count;
    result.labels.push(label);
    result.traditional.push(round(Number(traditional) / 1e9, 2));
    result.optimized.push(round(Number(paid) / 1e9, 2));
  }
  return result;
}

/** Recent activity 0…100: ten transactions per block on average is full activity; capped at 100. */
export function activityLevel(blocks: readonly Block[]): number {
  if (blocks.length === 0) return 0;
  const perBlock = blocks.reduce((sum, block) => sum + block.transactionCount, 0) / blocks.length;
  return Math.min(ACTIVITY_LEVEL_CAP, Math.round(perBlock * 10));
}

/**
 * Network size from the sample: nodes = distinct addresses (42…128), layers 4, connections = distinct
 * sender→recipient pairs × layers; connections and layers never go below 156 and 4.
 */
export function neuralNetworkShape(transactions: readonly Transaction[]): { nodes: number; connections: number; layers: number } {
  const addresses = new Set<string>();
  const pairs = new Set<string>();
  for (const tx of transactions) {
    addresses.add(tx.from.toLowerCase());
    if (tx.to) {
      addresses.add(tx.to.toLowerCase());
      pairs.add(`${tx.from.toLowerCase()}>${tx.to.toLowerCase()}`);
    }
  }
  const layers = NEURAL_NETWORK_DEFAULTS.layers;
  return {
    nodes: Math.min(128, Math.max(NEURAL_NETWORK_DEFAULTS.nodes, addresses.size)),
    connections: Math.max(NEURAL_NETWORK_DEFAULTS.connections, pairs.size * layers),
    layers,
  };
}

const utcClock = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }));
const utcDay = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }));
const utcMonth = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' }));

/** Chart labels for unix-second times: daily 'HH:MM:SS', monthly 'MMM D', yearly 'MMM YYYY' (UTC). */
function rangeLabels(timestamps: readonly number[]): { daily: string[]; monthly: string[]; yearly: string[] } {
  return {
    daily: timestamps.map((t) => utcClock().format(t * 1000)),
    monthly: timestamps.map((t) => utcDay().format(t * 1000)),
    yearly: timestamps.map((t) => utcMonth().format(t * 1000)),
  };
}

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…${hash.slice(-6)}`;
}

interface FeedInputs {
  blocks: readonly Block[];
  transactions: readonly Transaction[];
  learningCycles: number;
  gasOptimization: number;
  sampleSize: number;
  secondsPerBlock: number;
}

/**
 * Up to 5 feed items from real events, newest first: the latest block with transactions, the latest transaction,
 * the gas optimization over the sample, the current learning cycle and the block-time model. Ids are stable per
 * event, so a new newest id means new activity.
 */
export function activityFeed(inputs: FeedInputs, now: number): AiActivityItem[] {
  const items: Omit<AiActivityItem, 'timestamp'>[] = [];
  const add = (id: string, type: AiActivityType, message: string, seconds: number | null): void => {
    if (seconds !== null) items.push({ id, type, message, originalTime: seconds * 1000 });
  };
  const latestBlock = [...inputs.blocks].sort((a, b) => b.number - a.number)[0];
  const busyBlock = [...inputs.blocks].filter((b) => b.hasTransactions).sort((a, b) => b.number - a.number)[0];
  const latestTx = [...inputs.transactions].sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0))[0];
  if (busyBlock) {
    const fill = busyBlock.gasLimit > 0n ? Number((busyBlock.gasUsed * 10_000n) / busyBlock.gasLimit) / 100 : 0;
    const count = busyBlock.transactionCount;
    add(
      `block-${busyBlock.number}`,
      'block_optimization',
      `Optimized block #${busyBlock.number}: ${count} transaction${count === 1 ? '' : 's'}, ${fill}% of the gas limit used`,
      busyBlock.timestamp,
    );
  }
  if (latestTx) {
    add(`tx-${latestTx.hash}`, 'transaction_processing', `Processed ${priorityLabel(latestTx)} transaction ${shortHash(latestTx.hash)}`, latestTx.timestamp);
    add(
      `gas-${latestTx.hash}`,
      'gas_optimization',
      `Gas optimization at ${inputs.gasOptimization}% across ${inputs.sampleSize} recent transactions`,
      latestTx.timestamp,
    );
  }
  if (latestBlock) {
    add(
      `cycle-${inputs.learningCycles}`,
      'learning_cycle',
      `Learning cycle #${inputs.learningCycles} running (one cycle per ${BLOCKS_PER_LEARNING_CYCLE} blocks)`,
      latestBlock.timestamp,
    );
    add(
      `adjust-${latestBlock.number}`,
      'network_adjustment',
      `Block-time model adjusted to ${inputs.secondsPerBlock} s per block at block #${latestBlock.number}`,
      latestBlock.timestamp,
    );
  }
  return items
    .sort((a, b) => b.originalTime - a.originalTime)
    .slice(0, ACTIVITY_FEED_SIZE)
    .map((item) => ({ ...item, timestamp: formatActivityTime(item.originalTime, now) }));
}

/**
 * The live dashboard data (isSimulated false) from normalized inputs at `now` (epoch ms):
 * learning cycles = floor(last block / 2500); blocks processed = last block; prediction accuracy from
 * predictBlockHeights (capped at 95); gas optimization from gasOptimizationPercent over the type sample
 * (else the recent transactions); charts, feed and network shape from the functions above.
 * Null when fewer than 2 blocks carry timestamps: there is nothing to learn from, and the caller shows the
 * simulated set instead.
 */
export function computeAiDashboardData(inputs: AiInputs, now: number): AiDashboardData | null {
  const prediction = predictBlockHeights(inputs.blocks);
  if (prediction === null) return null;
  const sample = inputs.typeSample.length > 0 ? inputs.typeSample : inputs.transactions;
  const quoted = inputs.stats?.gasPriceWei ?? null;
  const lastBlock = Math.max(inputs.stats?.latestBlock ?? 0, ...prediction.blockNumbers);
  const learningCycles = Math.floor(lastBlock / BLOCKS_PER_LEARNING_CYCLE);
  const gasOptimization = gasOptimizationPercent(sample, quoted);
  const labels = rangeLabels(prediction.timestamps);
  return {
    isSimulated: false,
    learningCycles,
    blocksProcessed: lastBlock,
    predictionAccuracy: prediction.accuracy,
    gasOptimization,
    activityLevel: activityLevel(inputs.blocks),
    blockPredictionData: {
      labels: labels.daily,
      predicted: prediction.predicted,
      actual: prediction.actual,
      monthlyLabels: labels.monthly,
      yearlyLabels: labels.yearly,
    },
    transactionPriorityData: transactionPriorityMix(sample),
    gasOptimizationData: gasFeeComparison(sample, quoted),
    learningProgressData: {
      labels: labels.daily,
      accuracy: prediction.cumulativeAccuracy,
      monthlyLabels: labels.monthly,
      yearlyLabels: labels.yearly,
    },
    activityFeed: activityFeed(
      {
        blocks: inputs.blocks,
        transactions: inputs.transactions.length > 0 ? inputs.transactions : sample,
        learningCycles,
        gasOptimization,
        sampleSize: sample.length,
        secondsPerBlock: prediction.secondsPerBlock,
      },
      now,
    ),
    neuralNetwork: neuralNetworkShape(sample),
    updatedAt: now,
  };
}

/**
 * Fetches 20 blocks, 30 transactions, 100 transactions and the network stats, and computes the dashboard data;
 * the simulated set (isSimulated true) when a read fails or there is too little data. Never throws.
 */
export async function loadAiDashboardData(
  source: FeedSource,
  options: { now?: () => number; signal?: AbortSignal; onError?: (error: unknown) => void } = {},
): Promise<AiDashboardData> {
  const now = options.now ?? Date.now;
  const request = options.signal ? { signal: options.signal } : {};
  try {
    const [blocks, transactions, typeSample, stats] = await Promise.all([
      source.getBlocks({ limit: AI_BLOCK_SAMPLE }, request),
      source.getTransactions({ limit: AI_TRANSACTION_SAMPLE }, request),
      source.getTransactions({ limit: AI_TYPE_SAMPLE }, request),
      source.getNetworkStats(request),
    ]);
    return computeAiDashboardData({ blocks, transactions, typeSample, stats }, now()) ?? simulatedAiDashboardData(now());
  } catch (error) {
    options.onError?.(error);
    return simulatedAiDashboardData(now());
  }
}

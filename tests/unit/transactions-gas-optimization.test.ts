import { describe, expect, it } from 'vitest';
import { formatPercent, loadGasOptimization } from '../../src/lib/ai/gas-optimization.ts';
import type { FeedSource } from '../../src/lib/indexer-api/feed-source.ts';
import { createTtlCache } from '../../src/lib/indexer-api/ttl-cache.ts';
import { networkError } from '../../src/lib/indexer-api/errors.ts';
import type { Block, NetworkStats, Transaction } from '../../src/lib/model/types.ts';

const A = '0x1111111111111111111111111111111111111111';

function block(n: number): Block {
  return { number: n, hash: `0x${n.toString(16).padStart(64, '0')}`, parentHash: null, timestamp: 1_700_000_000 + n * 5, miner: A, gasUsed: 0n, gasLimit: 30_000_000n, baseFeePerGas: null, reward: null, transactionCount: 1, transactions: [], transactionHashes: [], hasTransactions: true };
}

function tx(n: number, gasPrice: bigint): Transaction {
  return { hash: `0x${n.toString(16).padStart(64, '0')}`, blockNumber: n, timestamp: null, from: A, to: A, contractAddress: null, value: 1n, input: '0x', gasUsed: 21_000n, gasPrice, gasLimit: 21_000n, nonce: 0, transactionIndex: 0, status: true, tokenTransfers: [] };
}

const stats: NetworkStats = { latestBlock: 20, totalTransactions: 40, totalTransactionsEstimated: false, tps: 0, gasPriceWei: 2n * 10n ** 9n, gasPriceGwei: 2, totalHolders: 0, validatorsPayout: { raw: 0n, formatted: '0' }, totalTokens: 0 };

function source(fail: boolean, counter = { calls: 0 }): FeedSource {
  return {
    getBlocks: async () => {
      counter.calls++;
      if (fail) throw networkError('http://indexer.test/blocks');
      return Array.from({ length: 20 }, (_, i) => block(20 - i));
    },
    // Half pay nothing, half the quoted 2 gwei: 50 % saved.
    getTransactions: async () => [tx(1, 0n), tx(2, 2n * 10n ** 9n)],
    getNetworkStats: async () => stats,
  };
}

describe('loadGasOptimization: the AI data\'s percent, 85 and the message on failure', () => {
  it('reads the AI data and shares it through the cache', async () => {
    const counter = { calls: 0 };
    const cache = createTtlCache();
    expect(await loadGasOptimization(source(false, counter), cache)).toEqual({ percent: 50, error: null, simulated: false });
    await loadGasOptimization(source(false, counter), cache);
    expect(counter.calls).toBe(1);
  });

  it('a failed read gives 85 with the error message, and is not cached', async () => {
    const counter = { calls: 0 };
    const cache = createTtlCache();
    expect(await loadGasOptimization(source(true, counter), cache)).toEqual({ percent: 85, error: 'Network error: No response received from server', simulated: false });
    await loadGasOptimization(source(true, counter), cache);
    expect(counter.calls).toBe(2);
  });
});

describe('formatPercent', () => {
  it.each<[number, string]>([
    [85, '85%'],
    [87.5, '87.5%'],
    [17.04, '17%'],
    [99.96, '100%'],
    [Number.NaN, '0%'],
  ])('%s → %s', (value, text) => expect(formatPercent(value)).toBe(text));
});

import { describe, expect, it } from 'vitest';
import { loadHomeAi, loadHomeData, requireStats } from '../../src/lib/home/load.ts';
import type { FeedSource } from '../../src/lib/indexer-api/feed-source.ts';
import { normalizeBlocks } from '../../src/lib/normalize/block.ts';
import { normalizeTransactions } from '../../src/lib/normalize/transaction.ts';
import type { NetworkStats } from '../../src/lib/model/types.ts';

const rawBlocks = Array.from({ length: 20 }, (_, i) => ({
  number: 500 - i,
  hash: `0x${(500 - i).toString(16).padStart(64, '0')}`,
  timestamp: 1_700_000_000 + (500 - i) * 3,
  miner: '0x0dc0dccea64fd201da269fa621740c93ead926b5',
  gasUsed: '21000',
  gasLimit: '30000000',
  transactionCount: i % 3,
}));
const rawTxs = Array.from({ length: 30 }, (_, i) => ({
  hash: `0x${(i + 1).toString(16).padStart(64, 'a')}`,
  blockNumber: 500 - i,
  timestamp: 1_700_000_000 + (500 - i) * 3,
  from: '0x5acfb896eea61dbcab284abaaf1dae7c36bc7810',
  to: '0xeabc2628f279ea3bd308cb4527875a01d7487813',
  value: '50000000000000000',
  gasPrice: '1000000000',
  gasUsed: '21000',
  status: true,
  data: '0x',
}));

const STATS: NetworkStats = {
  latestBlock: 498,
  totalTransactions: 1143,
  totalTransactionsEstimated: false,
  tps: 0.5,
  gasPriceWei: 10n ** 9n,
  gasPriceGwei: 1,
  totalHolders: 105,
  validatorsPayout: { raw: 10n ** 17n, formatted: '0.1' },
  totalTokens: 10,
};
const EMPTY_STATS: NetworkStats = {
  ...STATS,
  latestBlock: 0,
  totalTransactions: 0,
  tps: 0,
  totalHolders: 0,
  validatorsPayout: { raw: 0n, formatted: '0' },
};

interface Calls {
  blocks: number[];
  transactions: number[];
  stats: number;
}

function fakeSource(fail: Partial<Record<'blocks' | 'transactions' | 'stats', boolean>> = {}, stats = STATS): { source: FeedSource; calls: Calls } {
  const calls: Calls = { blocks: [], transactions: [], stats: 0 };
  const source: FeedSource = {
    getBlocks: async (query = {}) => {
      calls.blocks.push(query.limit ?? -1);
      if (fail.blocks) throw new Error('blocks down');
      return normalizeBlocks(rawBlocks.slice(0, query.limit));
    },
    getTransactions: async (query = {}) => {
      calls.transactions.push(query.limit ?? -1);
      if (fail.transactions) throw new Error('transactions down');
      return normalizeTransactions(rawTxs.slice(0, query.limit));
    },
    getNetworkStats: async () => {
      calls.stats += 1;
      if (fail.stats) throw new Error('stats down');
      return stats;
    },
  };
  return { source, calls };
}

describe('loadHomeData (11 blocks, 5 transactions, network stats and AI data)', () => {
  it('loads every part in parallel with the spec counts', async () => {
    const { source, calls } = fakeSource();
    const data = await loadHomeData(source);
    expect(data.blocks?.map((b) => b.number)).toEqual(rawBlocks.slice(0, 11).map((b) => b.number));
    expect(data.transactions).toHaveLength(5);
    expect(calls.blocks).toContain(11);
    expect(calls.transactions).toContain(5);
    // Latest Block is raised to the newest listed block when the (cached) stats lag behind.
    expect(data.stats?.latestBlock).toBe(500);
    expect(data.stats?.totalHolders).toBe(105);
    expect(data.ai).not.toBeNull();
    expect(data.ai?.predictionAccuracy).toBeGreaterThan(0);
  });

  it.each(['blocks', 'transactions', 'stats'] as const)('a failing %s read degrades to null and leaves the others', async (part) => {
    const { source } = fakeSource({ [part]: true });
    const data = await loadHomeData(source, { ai: async () => ({ predictionAccuracy: 90, gasOptimization: 80 }) });
    for (const key of ['blocks', 'transactions', 'stats'] as const) {
      if (key === part) expect(data[key]).toBeNull();
      else expect(data[key]).not.toBeNull();
    }
    expect(data.ai).toEqual({ predictionAccuracy: 90, gasOptimization: 80 });
  });

  it('names the failure only when both blocks and transactions failed (the indexer failing: the page says so by its status)', async () => {
    const both = await loadHomeData(fakeSource({ blocks: true, transactions: true }).source, { ai: async () => ({ predictionAccuracy: 90, gasOptimization: 80 }) });
    expect(both.failure).toEqual(new Error('blocks down'));
    const one = await loadHomeData(fakeSource({ blocks: true }).source, { ai: async () => ({ predictionAccuracy: 90, gasOptimization: 80 }) });
    expect(one.failure).toBeUndefined();
    expect((await loadHomeData(fakeSource().source)).failure).toBeUndefined();
  });

  it('stats made only of zeros (every call failed) count as missing', async () => {
    const { source } = fakeSource({}, EMPTY_STATS);
    expect((await loadHomeData(source, { parts: ['stats'] })).stats).toBeNull();
  });

  it('loads only the parts asked for', async () => {
    const { source, calls } = fakeSource();
    const data = await loadHomeData(source, { parts: ['transactions'] });
    expect(data.blocks).toBeNull();
    expect(data.stats).toBeNull();
    expect(data.ai).toBeNull();
    expect(data.transactions).toHaveLength(5);
    expect(calls.blocks).toEqual([]);
    expect(calls.stats).toBe(0);
  });

  it('a failing AI read is null (the card then shows 98 and 92)', async () => {
    const { source } = fakeSource();
    const data = await loadHomeData(source, { ai: async () => Promise.reject(new Error('down')) });
    expect(data.ai).toBeNull();
  });
});

describe('requireStats', () => {
  it('passes real stats through and throws on all-zero stats', () => {
    expect(requireStats(STATS)).toBe(STATS);
    expect(() => requireStats(EMPTY_STATS)).toThrow();
    expect(requireStats({ ...EMPTY_STATS, totalHolders: 1 }).totalHolders).toBe(1);
  });
});

describe('loadHomeAi', () => {
  it('throws when the live inputs cannot be read (instead of showing the simulated set as live)', async () => {
    const { source } = fakeSource({ blocks: true });
    await expect(loadHomeAi(source)).rejects.toThrow('blocks down');
  });

  it('answers the computed accuracy and gas optimization figures', async () => {
    const { source } = fakeSource();
    const ai = await loadHomeAi(source);
    expect(ai.predictionAccuracy).toBeLessThanOrEqual(95);
    expect(typeof ai.gasOptimization).toBe('number');
  });
});

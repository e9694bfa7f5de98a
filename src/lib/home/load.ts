import { loadAiDashboardData } from '../ai/data.ts';
import { homeAiFigures } from '../ai/fallback.ts';
import type { FeedSource } from '../indexer-api/feed-source.ts';
import { HOME_BLOCK_COUNT, HOME_PARTS, HOME_TRANSACTION_COUNT, withNewestBlock, type HomeAi, type HomePart } from './feed.ts';
import type { Block, NetworkStats, Transaction } from '../model/types.ts';

// The home page's reads, shared by the server render and the browser (which runs them when the server could not,
// and on every new block). Every part degrades to null on failure, so one failing call never hides the others.

/** The home page's data; null marks a part that could not be loaded. */
export interface HomeData {
  blocks: Block[] | null;
  transactions: Transaction[] | null;
  stats: NetworkStats | null;
  ai: HomeAi | null;
  /** Why neither blocks nor transactions could be read (the indexer failing), or null. */
  failure?: unknown;
}

/** Options of loadHomeData. */
export interface HomeLoadOptions {
  /** Parts to load (all four by default); the others are null. */
  parts?: readonly HomePart[];
  /** Replaces the AI read (the server caches it). */
  ai?: () => Promise<HomeAi>;
}

/**
 * The stats, or a throw when not one of their calls answered: getNetworkStats never throws and answers zeros
 * instead, which must count as a failure (and must not be cached).
 */
export function requireStats(stats: NetworkStats): NetworkStats {
  const empty =
    stats.latestBlock === 0 && stats.totalTransactions === 0 && stats.totalHolders === 0 && stats.tps === 0 && stats.validatorsPayout.raw === 0n;
  if (empty) throw new Error('network statistics unavailable');
  return stats;
}

/** The AI card's figures from the AI data (98 and 92 for missing fields); throws when the live inputs could not be read. */
export async function loadHomeAi(source: FeedSource): Promise<HomeAi> {
  const failures: unknown[] = [];
  const data = await loadAiDashboardData(source, {
    onError: (error) => {
      failures.push(error ?? new Error('AI data unavailable'));
    },
  });
  if (failures.length > 0) throw failures[0];
  return homeAiFigures(data);
}

async function orNull<T>(work: () => Promise<T>, failed?: (error: unknown) => void): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    failed?.(error);
    return null;
  }
}

/** Loads 11 blocks, 5 transactions, the network stats and the AI figures in parallel; a failed part is null. */
export async function loadHomeData(source: FeedSource, options: HomeLoadOptions = {}): Promise<HomeData> {
  const parts = options.parts ?? HOME_PARTS;
  const want = (part: HomePart) => parts.includes(part);
  const none = () => Promise.resolve(null);
  const errors: unknown[] = [];
  const failed = (error: unknown) => errors.push(error);
  const [blocks, transactions, stats, ai] = await Promise.all([
    want('blocks') ? orNull(() => source.getBlocks({ limit: HOME_BLOCK_COUNT }), failed) : none(),
    want('transactions') ? orNull(() => source.getTransactions({ limit: HOME_TRANSACTION_COUNT }), failed) : none(),
    want('stats') ? orNull(async () => requireStats(await source.getNetworkStats())) : none(),
    want('ai') ? orNull(options.ai ?? (() => loadHomeAi(source))) : none(),
  ]);
  return {
    blocks: blocks?.slice(0, HOME_BLOCK_COUNT) ?? null,
    transactions: transactions?.slice(0, HOME_TRANSACTION_COUNT) ?? null,
    stats: stats ? withNewestBlock(stats, blocks) : null,
    ai,
    ...(want('blocks') && want('transactions') && errors.length === 2 ? { failure: errors[0] } : {}),
  };
}

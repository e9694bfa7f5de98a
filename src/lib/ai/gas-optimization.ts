import type { FeedSource } from '../indexer-api/feed-source.ts';
import { loadAiDashboardData } from './data.ts';
import { AI_REFRESH_INTERVAL_MS, GAS_OPTIMIZATION_FAILURE_DEFAULT } from './fallback.ts';
import type { TtlCache } from '../indexer-api/ttl-cache.ts';
import { messageToShow } from '../indexer-api/errors.ts';
import type { AiDashboardData } from '../model/types.ts';
import { lazy } from '../format/lazy.ts';

/** What the Gas Optimization tile shows. */
export interface GasOptimizationFigure {
  /** Percent from the AI data; 85 when it could not be loaded. */
  percent: number;
  /** The failure's message, shown beside the default; null on success. */
  error: string | null;
  /** True when the AI data is the simulated set (too little chain data to learn from). */
  simulated: boolean;
}

const CACHE_KEY = 'transactions:ai-data';

/**
 * The AI data's gas optimization for the transaction list, shared for 30 s (the AI data's refresh interval).
 * A failed read gives 85 and the error's message instead (and is not cached).
 */
export async function loadGasOptimization(source: FeedSource, cache: TtlCache): Promise<GasOptimizationFigure> {
  try {
    const data = await cache.get<AiDashboardData>(CACHE_KEY, AI_REFRESH_INTERVAL_MS, async () => {
      const failures: unknown[] = [];
      const result = await loadAiDashboardData(source, { onError: (error) => { failures.push(error ?? new Error('Unknown error')); } });
      // loadAiDashboardData answers the simulated set on failure; throwing here keeps that answer out of the cache.
      if (failures.length > 0) throw failures[0];
      return result;
    });
    return { percent: data.gasOptimization, error: null, simulated: data.isSimulated };
  } catch (error) {
    return { percent: GAS_OPTIMIZATION_FAILURE_DEFAULT, error: messageToShow(error), simulated: false };
  }
}

const percentFormat = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/** Percent text with at most one decimal ('87.5%', '85%'). */
export function formatPercent(percent: number): string {
  return `${percentFormat().format(Number.isFinite(percent) ? percent : 0)}%`;
}

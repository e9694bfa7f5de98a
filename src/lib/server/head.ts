import { serverCache } from '../cache.ts';
import { fetchLatestBlock, LATEST_TTL_MS } from '../blocks/latest.ts';
import { indexer } from './indexer.ts';

/** The chain head as the indexer knows it, shared by every render within 2 s; null when the indexer does not say. */
export function latestHead(): Promise<number | null> {
  return serverCache.get('blocks:latest', LATEST_TTL_MS, () => fetchLatestBlock(indexer()));
}

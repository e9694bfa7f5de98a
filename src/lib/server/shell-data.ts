import { serverCache } from '../cache.ts';
import { formatGwei } from '../format.ts';
import { indexer } from './indexer.ts';

/** Gas price lifetime: the browser refreshes every 30 s, the server need not ask more often. */
const GAS_PRICE_TTL_MS = 30_000;

/** The header's gas price in gwei, shared by every page rendered within 30 s; null when the indexer does not answer in 2 s. */
export async function headerGasPrice(): Promise<string | null> {
  const result = await serverCache.get('gas-price', GAS_PRICE_TTL_MS, () => indexer().getGasPrice());
  return result.ok ? formatGwei(result.value) : null;
}

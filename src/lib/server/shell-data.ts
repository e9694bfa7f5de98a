import { serverCache } from './shared-cache.ts';
import { formatGwei } from '../format/index.ts';
import type { RpcResult } from '../indexer-api/rpc.ts';
import { indexerClient } from './indexer-client.ts';

/** Gas price lifetime: the browser refreshes every 30 s, the server need not ask more often. */
const GAS_PRICE_TTL_MS = 30_000;

/** The network gas price in wei, one indexer call per 30 s for every page that shows or uses it. */
export function cachedGasPrice(): Promise<RpcResult<bigint>> {
  return serverCache.get('gas-price', GAS_PRICE_TTL_MS, () => indexerClient().getGasPrice());
}

/** The header's gas price in gwei; null when the indexer does not answer in 2 s. */
export async function headerGasPrice(): Promise<string | null> {
  const result = await cachedGasPrice();
  return result.ok ? formatGwei(result.value) : null;
}

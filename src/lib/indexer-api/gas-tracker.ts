import { normalizeGasTracker } from '../normalize/gas-tracker.ts';
import type { GasTracker } from '../model/gas-tracker.ts';
import { httpError } from './errors.ts';
import { buildUrl, type RequestOptions, type Transport } from './transport.ts';

// The gas tracker: GET /stats/gas of the bundled indexer. The chain operator's indexer has no such route.

/** Time-out of /stats/gas: the indexer reads the node's fee history and a day of transactions for it. */
export const GAS_TRACKER_TIMEOUT_MS = 5_000;

/**
 * GET /stats/gas → the tracker; null when the indexer has no such route (404: the chain operator's). An answer that
 * is not a gas tracker is a bad gateway (502), as any unreadable answer of a working indexer.
 */
export async function getGasTracker(t: Transport, request?: RequestOptions): Promise<GasTracker | null> {
  const found = await t.lookup('/stats/gas', normalizeGasTracker, {}, request, GAS_TRACKER_TIMEOUT_MS);
  if (found.kind === 'found') return found.value;
  if (found.kind === 'not-found') return null;
  throw httpError(buildUrl(t.baseUrl, '/stats/gas'), 502, 'Bad Gateway', found.kind === 'malformed' ? found.body : null);
}

import { normalizeHealth } from '../normalize/health.ts';
import type { Health } from '../model/wire.ts';
import { HEALTH_TIMEOUT_MS } from './timeouts.ts';
import type { RequestOptions, Transport } from './transport.ts';

// The indexer's health (spec core §7): what every live part polls, so it stays a module of its own.

/** GET /health → {status, ok, lastBlock, isIndexing} (2 s). */
export function getHealth(t: Transport, request?: RequestOptions): Promise<Health> {
  return t.need('/health', normalizeHealth, request, HEALTH_TIMEOUT_MS);
}

import { normalizeChanges, normalizeHealth, type Changes } from '../normalize/health.ts';
import type { Health } from '../model/wire.ts';
import { HEALTH_TIMEOUT_MS } from './timeouts.ts';
import type { RequestOptions, Transport } from './transport.ts';

// The indexer's health: what every live part polls, so it stays a module of its own.

/** GET /health → {status, ok, lastBlock, isIndexing} (2 s). */
export function getHealth(t: Transport, request?: RequestOptions): Promise<Health> {
  return t.need('/health', normalizeHealth, request, HEALTH_TIMEOUT_MS);
}

/**
 * GET /changes?since=N (2 s): the addresses whose indexed data changed after block N; null when the indexer has no
 * such route (the chain operator's) or answers something else.
 */
export function getChanges(t: Transport, since: number, request?: RequestOptions): Promise<Changes | null> {
  return t.find('/changes', normalizeChanges, { since }, request, HEALTH_TIMEOUT_MS);
}

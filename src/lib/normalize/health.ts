import type { Health } from '../model/wire.ts';
import { isRecord, pick, toBool, toText } from './fields.ts';

/** A block height (or a count) from /health: a non-negative safe integer, as a number or a decimal string. */
function toBlockHeight(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** /health {status, lastBlock, isIndexing, reorgs?, metadataUpdates?}; ok is status === 'ok'. Null when the value is not an object. */
export function normalizeHealth(raw: unknown): Health | null {
  if (!isRecord(raw)) return null;
  const status = toText(raw['status']) ?? 'unknown';
  return {
    status,
    ok: status === 'ok',
    lastBlock: toBlockHeight(pick(raw, 'lastBlock', 'latestBlock', 'blockNumber')),
    isIndexing: toBool(raw['isIndexing']) ?? false,
    reorgs: toBlockHeight(raw['reorgs']),
    metadataUpdates: toBlockHeight(raw['metadataUpdates']),
  };
}

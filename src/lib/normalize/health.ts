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

/** /changes?since=N (the bundled indexer): the addresses whose indexed data changed after block N, up to head. */
export interface Changes {
  head: number | null;
  reorgs: number | null;
  /** Whether `addresses` names every changed address (false: more than the indexer lists, or a rollback meanwhile). */
  complete: boolean;
  /** Lowercase addresses. */
  addresses: string[];
}

/** A /changes answer; null when the value is not one (an incomplete answer is the safe reading of a doubtful list). */
export function normalizeChanges(raw: unknown): Changes | null {
  if (!isRecord(raw) || !Array.isArray(raw['addresses'])) return null;
  const addresses = raw['addresses'].filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)).map((a) => a.toLowerCase());
  return {
    head: toBlockHeight(raw['head']),
    reorgs: toBlockHeight(raw['reorgs']),
    complete: raw['complete'] === true && addresses.length === raw['addresses'].length,
    addresses,
  };
}

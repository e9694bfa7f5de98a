import type { ContractEvent } from '../model/types.ts';
import { isRecord, normalizeList, pick, toText } from './fields.ts';
import { normalizeLog } from './receipt.ts';
import { paramText } from './transaction.ts';

// A contract's events (GET /contracts/{a}/events): logs with the indexer's event names and decoded arguments.

/** A contract event: a log plus the indexer's event name and decoded arguments when present. */
function normalizeContractEvent(raw: unknown): ContractEvent | null {
  const log = normalizeLog(raw);
  if (log === null || !isRecord(raw)) return null;
  const argsRaw = raw['args'] ?? raw['returnValues'];
  let args: Record<string, string> | null = null;
  if (isRecord(argsRaw)) {
    args = {};
    for (const [key, value] of Object.entries(argsRaw)) args[key] = paramText(value);
  }
  return { ...log, eventName: toText(pick(raw, 'eventName', 'event', 'name')), args };
}

/** A list of contract events. */
export function normalizeContractEvents(raw: unknown): ContractEvent[] {
  return normalizeList(raw, normalizeContractEvent, 'events', 'logs');
}

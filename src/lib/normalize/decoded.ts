import type { CallGuess, DecodedEvent, DecodedEventParam, DecodeSource } from '../model/types.ts';
import { isRecord, normalizeList, toText } from './fields.ts';

// What the bundled indexer adds to decoded calls and logs: how a decoding was found, every candidate
// that fits, and guessed types. Another indexer sends none of it: each reader then answers nothing.

/** 'verified' or 'signature'; null for anything else (absent: not said). */
export function normalizeDecodeSource(raw: unknown): DecodeSource | null {
  return raw === 'verified' || raw === 'signature' ? raw : null;
}

/** Display text of a value decoded by the indexer (decimal strings, hex, booleans, arrays as JSON). */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

function eventParam(raw: unknown): DecodedEventParam | null {
  if (!isRecord(raw)) return null;
  return { name: toText(raw['name']) ?? '', type: toText(raw['type']) ?? '', value: valueText(raw['value']), indexed: raw['indexed'] === true };
}

/** A decoded log {eventName, eventSignature, params, source}; null without an event name. */
export function normalizeDecodedEvent(raw: unknown): DecodedEvent | null {
  if (!isRecord(raw)) return null;
  const eventName = toText(raw['eventName']);
  const eventSignature = toText(raw['eventSignature']);
  if (eventName === null || eventSignature === null) return null;
  const source = normalizeDecodeSource(raw['source']);
  return { eventName, eventSignature, params: normalizeList(raw['params'], eventParam), ...(source ? { source } : {}) };
}

/** A log's decodings: its candidates, else its one decoding; empty when it has none. */
export function normalizeLogDecodings(raw: Record<string, unknown>): DecodedEvent[] {
  if (Array.isArray(raw['candidates'])) return normalizeList(raw['candidates'], normalizeDecodedEvent);
  const one = normalizeDecodedEvent(raw['decoded']);
  return one ? [one] : [];
}

/** The guess of /transactions/{hash}/decoded (words and guessed types); null when absent or unreadable. */
export function normalizeCallGuess(raw: unknown): CallGuess | null {
  if (!isRecord(raw)) return null;
  const selector = toText(raw['selector']);
  if (selector === null || !/^0x[0-9a-fA-F]{8}$/.test(selector)) return null;
  const words = Array.isArray(raw['words']) ? raw['words'].filter((w): w is string => typeof w === 'string' && /^0x[0-9a-fA-F]*$/.test(w)) : [];
  const types = Array.isArray(raw['types']) ? raw['types'].filter((t): t is string => typeof t === 'string') : null;
  const params = Array.isArray(raw['params'])
    ? normalizeList(raw['params'], (p) => (isRecord(p) ? { name: '', type: toText(p['type']) ?? '', value: valueText(p['value']) } : null))
    : null;
  return { selector: selector.toLowerCase(), words, types, params };
}

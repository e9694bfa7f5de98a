import type { BytecodeEntry, BytecodeFunctions } from '../model/wire.ts';
import { isRecord, normalizeList, toAddress } from './fields.ts';

// GET /contracts/{a}/functions-from-bytecode (bundled indexer only): selectors and topics found in a contract's code.

function entry(key: 'selector' | 'topic', pattern: RegExp) {
  return (raw: unknown): BytecodeEntry | null => {
    if (!isRecord(raw)) return null;
    const hash = raw[key];
    if (typeof hash !== 'string' || !pattern.test(hash)) return null;
    const signatures = normalizeList(raw['signatures'], (s) => (isRecord(s) && typeof s['signature'] === 'string' ? s['signature'] : null));
    return { hash: hash.toLowerCase(), signatures };
  };
}

/** The answer of functions-from-bytecode; null for anything else. */
export function normalizeBytecodeFunctions(raw: unknown): BytecodeFunctions | null {
  if (!isRecord(raw) || !Array.isArray(raw['functions'])) return null;
  return {
    implementation: toAddress(raw['implementation']),
    functions: normalizeList(raw['functions'], entry('selector', /^0x[0-9a-fA-F]{8}$/)),
    events: normalizeList(raw['events'], entry('topic', /^0x[0-9a-fA-F]{64}$/)),
  };
}

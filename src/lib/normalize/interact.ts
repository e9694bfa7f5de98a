import type { ContractValue } from '../model/types.ts';
import type { InteractResult, TypedOutput } from '../model/wire.ts';
import { toBigInt } from './bignum.ts';
import { isRecord, pick, toText } from './fields.ts';

// The answer of a contract read (POST /contracts/{a}/interact): the result made plain, and its typed outputs.

/** A value returned by a contract call made plain: BigNumber objects become decimal strings, recursively. */
export function toContractValue(raw: unknown): ContractValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'bigint') return raw.toString();
  if (Array.isArray(raw)) return raw.map(toContractValue);
  if (isRecord(raw)) {
    const big = toBigInt(raw);
    if (big !== null) return big.toString();
    const result: { [key: string]: ContractValue } = {};
    for (const [key, value] of Object.entries(raw)) result[key] = toContractValue(value);
    return result;
  }
  return null;
}

/** POST /contracts/{a}/interact answer: {success, result} or {success:false, error}. */
export function normalizeInteractResult(raw: unknown): InteractResult {
  if (!isRecord(raw)) return { success: false, error: 'Invalid response' };
  if (raw['success'] === false || ('error' in raw && !('result' in raw))) {
    return { success: false, error: toText(pick(raw, 'error', 'message')) ?? 'Unknown error' };
  }
  const outputs = typedOutputs(raw['outputs']);
  return { success: true, result: toContractValue(raw['result']), ...(outputs ? { outputs } : {}) };
}

/** The typed outputs ({name, type, value}) of an interact answer; null when absent or malformed. */
function typedOutputs(raw: unknown): TypedOutput[] | null {
  if (!Array.isArray(raw)) return null;
  const out: TypedOutput[] = [];
  for (const o of raw as unknown[]) {
    if (!isRecord(o) || typeof o['type'] !== 'string') return null;
    out.push({ name: typeof o['name'] === 'string' ? o['name'] : '', type: o['type'], value: toContractValue(o['value']) });
  }
  return out;
}

import type { AbiEntry, AbiParam } from '../model/types.ts';
import { isRecord, normalizeList, parseJsonText, toBool, toText } from './fields.ts';

// A contract ABI as the indexer sends it (an array, {abi}, or JSON text of either), every entry completed the way
// solc writes it today (stateMutability from the old constant and payable flags).

function normalizeAbiParam(raw: unknown): AbiParam | null {
  if (!isRecord(raw)) return null;
  const type = toText(raw['type']);
  if (type === null) return null;
  const param: AbiParam = { name: toText(raw['name']) ?? '', type };
  const internalType = toText(raw['internalType']);
  if (internalType !== null) param.internalType = internalType;
  const indexed = toBool(raw['indexed']);
  if (indexed !== null) param.indexed = indexed;
  if (Array.isArray(raw['components'])) param.components = normalizeList(raw['components'], normalizeAbiParam);
  return param;
}

function stateMutabilityOf(raw: Record<string, unknown>): string {
  const given = toText(raw['stateMutability']);
  if (given !== null) return given;
  if (raw['constant'] === true) return 'view';
  return raw['payable'] === true ? 'payable' : 'nonpayable';
}

function normalizeAbiEntry(raw: unknown): AbiEntry | null {
  if (!isRecord(raw)) return null;
  const stateMutability = stateMutabilityOf(raw);
  return {
    type: toText(raw['type']) ?? 'function',
    name: toText(raw['name']) ?? '',
    inputs: normalizeList(raw['inputs'], normalizeAbiParam),
    outputs: normalizeList(raw['outputs'], normalizeAbiParam),
    stateMutability,
    constant: raw['constant'] === true || stateMutability === 'view' || stateMutability === 'pure',
    anonymous: raw['anonymous'] === true,
  };
}

/** An ABI from an array, {abi: array}, or JSON text of either; null when there is none. */
export function normalizeAbi(raw: unknown): AbiEntry[] | null {
  const parsed = parseJsonText(raw);
  const inner = isRecord(parsed) ? parseJsonText(parsed['abi']) : parsed;
  if (!Array.isArray(inner)) return null;
  return normalizeList(inner, normalizeAbiEntry);
}

import { getAddress } from 'ethers';
import type { AbiParam } from '../model/types.ts';
import type { ContractFunction } from './functions.ts';
import { typeLabel } from './functions.ts';
import { errorMessage } from '../../../common/errors.ts';

// What a visitor types into a function's inputs, checked against the parameter's Solidity type:
// integers in range (decimal or 0x hex), addresses with a valid checksum, bytes of the right length, booleans,
// strings, and arrays and tuples written as [a, b, …] (JSON, or bare values without quotes). The values come out
// ready for ethers' ABI coder (bigint, checksummed address, hex, boolean, nested arrays); every refusal says which
// parameter and why, in words a person can act on.

/** A value the visitor typed that does not fit its parameter. */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

/** The value of one parameter, as ethers' ABI coder takes it. */
export type AbiValue = bigint | string | boolean | AbiValue[];

/** Messages of the function-call rules, in the spec's words. */
export const CALL_MESSAGES = {
  required: (label: string, type: string) => `Parameter ${label} (${type}) is required`,
} as const;

const INT = /^(u?)int(\d*)$/;
const BYTES_N = /^bytes(\d+)$/;
const ARRAY = /^(.*)\[(\d*)\]$/;

/** The element type and fixed length (null for T[]) of an array type, or null when the type is no array. */
function arrayOf(type: string): { inner: string; length: number | null } | null {
  const m = ARRAY.exec(type);
  if (!m) return null;
  return { inner: m[1] as string, length: m[2] === '' ? null : Number(m[2]) };
}

/** Splits '[a, "b,c", [d, e]]' into its top-level items, quotes and nesting respected; null when not a bracketed list. */
export function splitList(text: string): string[] | null {
  const t = text.trim();
  const open = t[0];
  const close = open === '[' ? ']' : open === '(' ? ')' : null;
  if (close === null || t[t.length - 1] !== close) return null;
  const body = t.slice(1, -1);
  if (body.trim() === '') return [];
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    // A quote opens a quoted item only where an item starts (so [it's, ok] is two bare items).
    const itemStart = body.slice(start, i).trim() === '' || /[[(,]\s*$/.test(body.slice(start, i));
    if ((c === '"' || c === "'") && itemStart) quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      depth--;
      if (depth < 0) return null;
    } else if (c === ',' && depth === 0) {
      items.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  items.push(body.slice(start).trim());
  return items;
}

/** A list item without its quotes ("a\"b" → a"b; 'x' → x); bare items unchanged. */
function unquote(item: string): string {
  if (item.length >= 2 && item.startsWith('"') && item.endsWith('"')) {
    try {
      return JSON.parse(item) as string;
    } catch {
      return item.slice(1, -1);
    }
  }
  if (item.length >= 2 && item.startsWith("'") && item.endsWith("'")) return item.slice(1, -1);
  return item;
}

function parseInteger(type: string, text: string, unsigned: boolean, bits: number): bigint {
  const t = text.trim().replace(/_/g, '');
  let n: bigint;
  if (/^-?\d+$/.test(t)) n = BigInt(t);
  else if (/^-?0x[0-9a-fA-F]+$/.test(t)) n = t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t);
  else if (/^-?\d+(\.\d+)?e\d+$/i.test(t)) throw new ArgumentError(`write ${t} as a whole number without an exponent (${type} has no decimals)`);
  else if (/^-?\d*\.\d+$/.test(t)) throw new ArgumentError(`${t} is not a whole number (${type} has no decimals: multiply by 10^decimals)`);
  else throw new ArgumentError(`"${t.slice(0, 40)}" is not a number (${type} takes a whole number, decimal or 0x hex)`);
  const min = unsigned ? 0n : -(1n << BigInt(bits - 1));
  const max = unsigned ? (1n << BigInt(bits)) - 1n : (1n << BigInt(bits - 1)) - 1n;
  if (n < min || n > max) throw new ArgumentError(unsigned && n < 0n ? `${type} cannot be negative` : `${t} is out of range for ${type} (${min} to ${max})`);
  return n;
}

function parseAddress(text: string): string {
  const t = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(t)) throw new ArgumentError(`"${t.slice(0, 50)}" is not an address (0x followed by 40 hex characters)`);
  try {
    return getAddress(t);
  } catch {
    throw new ArgumentError(`${t} has a wrong checksum (its mix of upper- and lower-case letters): check for a typo, or write it all in lower case`);
  }
}

function parseBool(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new ArgumentError(`"${text.trim().slice(0, 40)}" is not a boolean (write true or false)`);
}

function parseBytes(type: string, text: string, size: number | null): string {
  const t = text.trim();
  if (!/^0x[0-9a-fA-F]*$/.test(t)) throw new ArgumentError(`"${t.slice(0, 40)}" is not hex bytes (${type} is written 0x followed by hex digits)`);
  const digits = t.length - 2;
  if (size !== null && digits !== size * 2) throw new ArgumentError(`${type} is exactly ${size} byte(s): 0x and ${size * 2} hex digits, got ${digits}`);
  if (digits % 2 !== 0) throw new ArgumentError(`${type} needs an even number of hex digits (two per byte), got ${digits}`);
  return t.toLowerCase();
}

/** Parses one value of a Solidity type from text; throws an ArgumentError saying why it does not fit. */
export function parseValue(param: AbiParam, text: string): AbiValue {
  const { type } = param;
  const array = arrayOf(type);
  if (array) {
    const items = splitList(text);
    if (items === null) throw new ArgumentError(`${type} is written as a list in brackets: [value1, value2]`);
    if (array.length !== null && items.length !== array.length) throw new ArgumentError(`${type} takes exactly ${array.length} item(s), got ${items.length}`);
    const inner: AbiParam = { ...param, type: array.inner, name: '' };
    return items.map((item, i) => {
      try {
        return parseValue(inner, unquote(item));
      } catch (error) {
        throw new ArgumentError(`item ${i + 1}: ${errorMessage(error)}`);
      }
    });
  }
  if (type === 'tuple') {
    const components = param.components ?? [];
    const items = splitList(text);
    if (items === null) throw new ArgumentError(`a struct is written as a list of its ${components.length} field(s) in brackets: [${components.map((c) => c.name || c.type).join(', ')}]`);
    if (items.length !== components.length) throw new ArgumentError(`the struct has ${components.length} field(s) (${components.map((c) => `${c.type} ${c.name}`.trim()).join(', ')}), got ${items.length}`);
    return components.map((c, i) => {
      try {
        return parseValue(c, unquote(items[i] as string));
      } catch (error) {
        throw new ArgumentError(`${c.name || `field ${i + 1}`}: ${errorMessage(error)}`);
      }
    });
  }
  const int = INT.exec(type);
  if (int) return parseInteger(type, text, int[1] === 'u', int[2] ? Number(int[2]) : 256);
  if (type === 'address') return parseAddress(text);
  if (type === 'bool') return parseBool(text);
  if (type === 'string') return text;
  if (type === 'bytes') return parseBytes(type, text, null);
  const fixed = BYTES_N.exec(type);
  if (fixed) return parseBytes(type, text, Number(fixed[1]));
  if (type === 'function') return parseBytes(type, text, 24);
  throw new ArgumentError(`the type ${type} is not supported`);
}

/** Integer types (the read rule turns their empty inputs into '0'). */
export function isIntegerType(type: string): boolean {
  return INT.test(type);
}

/** The label of parameter i: its name, else its position (1-based). */
function parameterLabel(param: AbiParam, index: number): string {
  return param.name || String(index + 1);
}

/** The inputs of a call checked and converted, or every problem found (one line per parameter). */
export type PreparedArguments = { ok: true; values: AbiValue[] } | { ok: false; errors: string[] };

/**
 * Applies the function-call rules and parses every input: a read's empty input becomes '0' for integer
 * types and '' otherwise; a write's empty input is refused ('Parameter {name} ({type}) is required').
 */
export function prepareArguments(fn: Pick<ContractFunction, 'inputs' | 'kind'>, texts: readonly string[]): PreparedArguments {
  const values: AbiValue[] = [];
  const errors: string[] = [];
  fn.inputs.forEach((param, i) => {
    const label = parameterLabel(param, i);
    let text = texts[i] ?? '';
    if (text.trim() === '') {
      if (fn.kind === 'write') {
        errors.push(CALL_MESSAGES.required(label, typeLabel(param)));
        return;
      }
      text = isIntegerType(param.type) ? '0' : '';
    }
    try {
      values.push(parseValue(param, text));
    } catch (error) {
      errors.push(`${label} (${typeLabel(param)}): ${errorMessage(error)}`);
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** The values as JSON for the interact request: integers as decimal text (JSON numbers cannot hold uint256). */
export function toJsonArguments(values: readonly AbiValue[]): unknown[] {
  const plain = (v: AbiValue): unknown => (typeof v === 'bigint' ? v.toString() : Array.isArray(v) ? v.map(plain) : v);
  return values.map(plain);
}

const WEI_PER_STO = 10n ** 18n;

/** The 'value (ETH)' field of a payable function in wei: empty is 0, at most 18 decimals, never negative. */
export function parseCoinValue(text: string): bigint {
  const t = text.trim();
  if (t === '') return 0n;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) throw new ArgumentError(`"${t.slice(0, 40)}" is not an amount (write it like 0.5)`);
  const decimals = m[2] ?? '';
  if (decimals.length > 18) throw new ArgumentError('an amount has at most 18 decimals');
  return BigInt(m[1] || '0') * WEI_PER_STO + BigInt(decimals.padEnd(18, '0') || '0');
}

import { isRecord } from './fields.ts';

// Number parsing for every encoding the indexers use: ethers v5 BigNumber objects ({type:'BigNumber', hex} or
// {_hex}), 0x hex strings, decimal strings, JS numbers and bigints. Anything else parses to null.

const DECIMAL_INTEGER = /^-?\d+$/;
const HEX_INTEGER = /^0x[0-9a-fA-F]*$/;
const DECIMAL_NUMBER = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The hex string inside an ethers BigNumber object ({type:'BigNumber', hex} or {_hex}); null for anything else. */
function bigNumberHex(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const hex = value['hex'] ?? value['_hex'];
  return typeof hex === 'string' ? hex : null;
}

/** An integer of any indexer encoding as a bigint; null for missing values, fractions and garbage. */
export function toBigInt(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
  const text = typeof value === 'string' ? value.trim() : bigNumberHex(value);
  if (text === null || text === '') return null;
  if (DECIMAL_INTEGER.test(text)) return BigInt(text);
  // JSON-RPC writes an empty quantity as '0x'.
  if (HEX_INTEGER.test(text)) return text.length === 2 ? 0n : BigInt(text);
  if (/^-0x[0-9a-fA-F]+$/.test(text)) return -BigInt(text.slice(1));
  return null;
}

/** A finite number of any encoding (fractions allowed for decimal strings and numbers); null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text !== '' && DECIMAL_NUMBER.test(text) && /\d/.test(text)) {
      const parsed = Number(text);
      return Number.isFinite(parsed) ? parsed : null;
    }
  }
  const big = toBigInt(value);
  return big === null ? null : Number(big);
}

/** A non-negative safe integer (block numbers, counts, indexes, nonces); null otherwise. */
export function toCount(value: unknown): number | null {
  const big = toBigInt(value);
  if (big === null || big < 0n || big > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(big);
}

/**
 * Unix seconds from seconds, milliseconds (values above 1e12), numeric strings or ISO dates; null when unreadable.
 * Both indexers send seconds; milliseconds and ISO strings only appear in hand-written sources.
 */
export function toTimestamp(value: unknown): number | null {
  let seconds: number | null;
  if (typeof value === 'string' && value.trim() !== '' && !/^-?[\d.]+$/.test(value.trim()) && !HEX_INTEGER.test(value.trim())) {
    const parsed = Date.parse(value);
    seconds = Number.isFinite(parsed) ? parsed / 1000 : null;
  } else {
    const number = toNumber(value);
    seconds = number === null ? null : number > 1e12 ? number / 1000 : number;
  }
  return seconds === null || seconds < 0 ? null : Math.floor(seconds);
}

/**
 * A decimal amount in whole units (a number such as 9998.245320884977 or 7e-18, or a string '1.5') as raw
 * units of `decimals`; digits beyond `decimals` are truncated. Null for anything that is not a decimal number.
 */
export function parseUnits(value: unknown, decimals: number): bigint | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'bigint') return value * 10n ** BigInt(decimals);
  else return null;
  const match = DECIMAL_NUMBER.exec(text);
  if (!match || !/\d/.test(text)) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`;
  // Position of the decimal point within `digits`, after applying the exponent and the unit shift.
  const point = whole.length + Number(exponent) + decimals;
  let integerDigits: string;
  if (point <= 0) integerDigits = '0';
  else if (point >= digits.length) integerDigits = digits.padEnd(point, '0');
  else integerDigits = digits.slice(0, point);
  const result = BigInt(integerDigits === '' ? '0' : integerDigits);
  return sign === '-' ? -result : result;
}

/** Decimal text without trailing fraction zeros ('1.0' → '1', '2.50' → '2.5'); other text unchanged. */
export function tidyDecimal(text: string): string {
  return /^-?\d+\.\d*$/.test(text) ? text.replace(/\.?0*$/, '') || '0' : text;
}

/** Token decimals: an integer 0…255, else the default 18. */
export function toDecimals(value: unknown, fallback = 18): number {
  const count = toCount(value);
  return count !== null && count <= 255 ? count : fallback;
}

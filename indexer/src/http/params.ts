import { HttpError } from './router.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const DIGITS = /^\d+$/;
/** The largest offset a list route accepts. */
export const MAX_OFFSET = 10_000_000;

/** True for 0x followed by 40 hex digits. */
export function isAddress(s: string): boolean {
  return ADDRESS.test(s);
}

/** True for 0x followed by 64 hex digits. */
export function isHash(s: string): boolean {
  return HASH.test(s);
}

/** A lowercased address, or 400 'Invalid address'. */
export function parseAddress(s: string | undefined): string {
  if (s === undefined || !ADDRESS.test(s)) throw new HttpError(400, 'Invalid address');
  return s.toLowerCase();
}

/** A lowercased 32-byte hash, or 400 with the given message. */
export function parseHash(s: string | undefined, message = 'Invalid hash'): string {
  if (s === undefined || !HASH.test(s)) throw new HttpError(400, message);
  return s.toLowerCase();
}

/** A non-negative safe-integer block number, or 400 'Invalid block number'. */
export function parseBlockNumber(s: string | undefined, message = 'Invalid block number'): number {
  if (s === undefined || !DIGITS.test(s)) throw new HttpError(400, message);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new HttpError(400, message);
  return n;
}

/** A token id: decimal digits fitting uint256, or 400 'Invalid token id'. */
export function parseTokenId(s: string | undefined): bigint {
  if (s === undefined || !DIGITS.test(s) || s.length > 78) throw new HttpError(400, 'Invalid token id');
  const v = BigInt(s);
  if (v >= 2n ** 256n) throw new HttpError(400, 'Invalid token id');
  return v;
}

/** Paging settings of a list route. */
export interface PagingRules {
  defaultLimit?: number;
  maxLimit?: number;
}

/** What the optional parsers read from a query: its first value of a name (URLSearchParams is one). */
export interface QueryValues {
  get(name: string): string | null;
}

/** limit and offset from the query: integers, 1 ≤ limit ≤ maxLimit, 0 ≤ offset; else 400. */
export function parsePaging(query: QueryValues, rules: PagingRules = {}): { limit: number; offset: number } {
  const maxLimit = rules.maxLimit ?? 100;
  const limit = optionalInt(query, 'limit', rules.defaultLimit ?? 10, 1, maxLimit);
  const offset = optionalInt(query, 'offset', 0, 0, MAX_OFFSET);
  return { limit, offset };
}

/** An optional integer query parameter within [min, max], else 400 naming the parameter. */
export function optionalInt(query: QueryValues, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(400, `Invalid ${name}: must be an integer`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new HttpError(400, `Invalid ${name}: must be between ${min} and ${max}`);
  return n;
}

/** An optional boolean flag (1/0/true/false), else 400. */
export function optionalFlag(query: QueryValues, name: string): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return false;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new HttpError(400, `Invalid ${name}: must be 1, 0, true or false`);
}

/** An optional address query parameter, lowercased, else 400. */
export function optionalAddress(query: QueryValues, name: string): string | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  if (!ADDRESS.test(raw)) throw new HttpError(400, `Invalid ${name}: must be an address`);
  return raw.toLowerCase();
}

/** An optional value among a fixed set, else 400. */
export function optionalEnum<T extends string>(query: QueryValues, name: string, values: readonly T[]): T | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  const hit = values.find((v) => v.toLowerCase() === raw.toLowerCase());
  if (hit === undefined) throw new HttpError(400, `Invalid ${name}: must be one of ${values.join(', ')}`);
  return hit;
}

/** Parses a decimal STO amount ("1", "0.5") into wei; null when malformed. */
export function parseEther(s: string): bigint | null {
  const m = /^(\d{1,40})(?:\.(\d{1,18}))?$/.exec(s);
  if (!m) return null;
  return BigInt(m[1] as string) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0'));
}

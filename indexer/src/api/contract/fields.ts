// The schemas every resource's contract is built from: request fields read through http/params.ts (so a bad value is
// refused with the very message it always was) and the answer's recurring values.
import * as z from 'zod';
import { HttpError } from '../../http/router.ts';
import {
  MAX_OFFSET,
  optionalAddress,
  optionalEnum,
  optionalFlag,
  optionalInt,
  parseAddress,
  parseBlockNumber,
  parseHash,
  parseTokenId,
  type QueryValues,
} from '../../http/params.ts';

/** A request field's reader: its value in, the parsed value out, or an HttpError whose message is the field's problem. */
export type FieldReader = (raw: string | undefined) => unknown;

/**
 * The reader behind each field schema made here. readQuery and readParams (route.ts) call these directly when every
 * field of a contract has one: the same parsers, the same first problem, without zod's object parse on each request
 * (a few microseconds a field; the schemas stay what the OpenAPI document and the contract test read).
 */
const READERS = new WeakMap<z.ZodType, FieldReader>();

/** The reader of a field schema made by readWith or requiredWith, or undefined. */
export function readerOf(schema: z.ZodType): FieldReader | undefined {
  return READERS.get(schema);
}

/**
 * A request field read by a parser (http/params.ts's, mostly): a parser's HttpError becomes the field's problem, with
 * its message, and `json` is what the OpenAPI document says the field holds (a query value is a string on the wire).
 */
export function readWith<T>(read: (raw: string | undefined) => T, json: Record<string, unknown>) {
  const schema = z.string().optional().transform(parsedBy(read)).meta(json);
  READERS.set(schema, read);
  return schema;
}

/** A zod transform running `read`: its HttpError becomes the field's issue, with its message; other errors are thrown. */
function parsedBy<R, T>(read: (raw: R) => T) {
  return (raw: R, ctx: z.core.$RefinementCtx<R>): T => {
    try {
      return read(raw);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  };
}

/** A required query parameter read by a parser of http/params.ts; absent, it is refused with `missing`. */
function requiredWith<T>(read: (raw: string) => T, json: Record<string, unknown>, missing: string) {
  const schema = z.string({ error: missing }).transform(parsedBy(read)).meta(json);
  READERS.set(schema, (raw) => {
    if (raw === undefined) throw new HttpError(400, missing);
    return read(raw);
  });
  return schema;
}

/** A query as http/params.ts's optional parsers take it: just this one value (no URLSearchParams made per field). */
function one(name: string, raw: string | undefined): QueryValues {
  return { get: (wanted) => (wanted === name && raw !== undefined ? raw : null) };
}

const ADDRESS_JSON = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
const HASH_JSON = { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' };

/** Path parameter: an address, lowercased; else 400 'Invalid address'. */
export const addressParam = readWith(parseAddress, ADDRESS_JSON);

/** Path parameter: a 32-byte hash, lowercased; else 400 with `message`. */
export const hashParam = (message?: string) => readWith((raw) => parseHash(raw, message), HASH_JSON);

/** Path parameter: a block number; else 400 'Invalid block number'. */
export const blockNumberParam = readWith((raw) => parseBlockNumber(raw), { type: 'string', pattern: '^\\d+$' });

/** Path parameter: a token id fitting uint256; else 400 'Invalid token id'. */
export const tokenIdParam = readWith(parseTokenId, { type: 'string', pattern: '^\\d+$' });

/** Query parameter: a required block number; absent or malformed, 400 with `message`. */
export const blockNumberQuery = (message: string, description?: string) =>
  requiredWith((raw) => parseBlockNumber(raw, message), { type: 'integer', minimum: 0, ...(description ? { description } : {}) }, message);

/** Query parameter: an optional integer within [min, max], `fallback` when absent; else 400 naming it. */
export const intQuery = (name: string, fallback: number, min: number, max: number, description?: string) =>
  readWith((raw) => optionalInt(one(name, raw), name, fallback, min, max), { type: 'integer', minimum: min, maximum: max, default: fallback, ...(description ? { description } : {}) });

/** Query parameters limit and offset of a list route (default limit 10, at most 100, unless the rules say). */
export const paging = (rules: { defaultLimit?: number; maxLimit?: number } = {}) => ({
  limit: intQuery('limit', rules.defaultLimit ?? 10, 1, rules.maxLimit ?? 100),
  offset: intQuery('offset', 0, 0, MAX_OFFSET),
});

/** Query parameter: an optional flag (1/0/true/false), false when absent; else 400 naming it. */
export const flagQuery = (name: string, description?: string) =>
  readWith((raw) => optionalFlag(one(name, raw), name), { type: 'string', enum: ['1', '0', 'true', 'false'], ...(description ? { description } : {}) });

/** Query parameter: an optional address, lowercased, null when absent; else 400 naming it. */
export const addressQuery = (name: string) => readWith((raw) => optionalAddress(one(name, raw), name), ADDRESS_JSON);

/** Query parameter: one of a fixed set (any case), null when absent; else 400 naming it and the set. */
export const enumQuery = <T extends string>(name: string, values: readonly T[]) =>
  readWith((raw) => optionalEnum(one(name, raw), name, values), { type: 'string', enum: [...values] });

// The answer's values, as they are on the wire.

/** An address in EIP-55 checksum form (the API checksums every address it answers, http/json.ts). */
export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
/** A 32-byte hash, lowercase hex. */
export const hash = z.string().regex(/^0x[0-9a-f]{64}$/);
/** Hex bytes (call data, extra data), as stored. */
export const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
/** A decimal integer as a string (amounts, gas, token ids). */
export const dec = z.string().regex(/^-?\d+$/).meta({ description: 'decimal integer as a string' });
/** A JSON integer. */
export const int = z.number().int();
/** A UTC day, YYYY-MM-DD. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A token's standard as the sync classified its contract (the store keeps it as text). */
export const tokenStandard = z.string().meta({ description: 'ERC20, ERC721 or ERC1155' });

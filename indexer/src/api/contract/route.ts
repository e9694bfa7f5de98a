// What one route's contract holds, and the adapter through which a handler reads its inputs with it.
//
// The contracts live in api/contract/, one module per resource, rather than beside each handler: the OpenAPI document,
// the contract test and a client can import them without pulling in the handlers' database and node code, and a
// newcomer finds every route's request and answer in one folder named after what it is.
import * as z from 'zod';
import { HttpError, type Method } from '../../http/router.ts';
import { readerOf, type FieldReader } from './fields.ts';

/** One route's contract: its inputs and its 200 answer as zod schemas, with the texts of its OpenAPI operation. */
export interface RouteContract {
  method: Method;
  /** The path as registered, parameters written {name}. */
  path: string;
  summary: string;
  /** Longer text (Markdown). */
  description?: string;
  /** Path parameters, read in the order listed (a route's first problem is the one answered). */
  params?: z.ZodObject;
  /** Query parameters, read in the order listed, after the path parameters. */
  query?: z.ZodObject;
  /** Request body of a POST (JSON unless bodyMediaType says). */
  body?: z.ZodType;
  bodyMediaType?: string;
  /** The 200 answer as sent on the wire (addresses in checksum form, see http/json.ts). */
  answer: z.ZodType;
  /** The 200 answer's media type when it is not JSON (several when it varies, as a logo's PNG or SVG). */
  mediaType?: string | readonly string[];
  /** Error statuses beyond 400 (bad input) and 404 (a path naming nothing), each answered as {error}. */
  errors?: number[];
  /** Answers other than 200 whose body is not {error} (a probe's 503), by status; JSON unless a media type is given. */
  otherAnswers?: Record<number, z.ZodType | { mediaType: string; answer: z.ZodType }>;
  /** False when bad input is answered inside a 200 (the Etherscan API), not as a 400. */
  badInput?: false;
  /** Whether the route answers 404 although its path has no parameter. */
  notFound?: boolean;
  /** Extensions of the OpenAPI operation (x-…). */
  extensions?: Record<string, unknown>;
}

/** A route contract, its schemas' types kept for the handler that reads through it. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The values of a query, the first of each name (as URLSearchParams.get reads them). */
function firstValues(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) if (!(k in out)) out[k] = v;
  return out;
}

/** Parses with a schema, or throws its first problem as a 400 (the message as the schema words it). */
function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
}

/** An object schema's fields with their readers, in order; null when a field has none (it is then parsed by zod). */
const FIELD_READERS = new WeakMap<z.ZodObject, readonly (readonly [string, FieldReader])[] | null>();

function fieldReaders(schema: z.ZodObject): readonly (readonly [string, FieldReader])[] | null {
  let readers = FIELD_READERS.get(schema);
  if (readers === undefined) {
    const pairs = Object.entries(schema.shape).map(([name, field]) => [name, readerOf(field as z.ZodType)] as const);
    readers = pairs.every((pair): pair is readonly [string, FieldReader] => pair[1] !== undefined) ? pairs : null;
    FIELD_READERS.set(schema, readers);
  }
  return readers;
}

/** Runs a field's reader as its schema would: an HttpError is the field's problem, answered 400 with its message. */
function readField(read: FieldReader, raw: string | undefined): unknown {
  try {
    return read(raw);
  } catch (err) {
    if (err instanceof HttpError) throw new HttpError(400, err.message);
    throw err;
  }
}

/**
 * An object of request fields read through its schema: by the fields' own readers, in the shape's order, when every
 * field has one (what zod's parse would give, with the first field's problem as the 400), else by zod.
 */
function readObject<S extends z.ZodObject>(schema: S, values: Readonly<Record<string, string | undefined>>): z.output<S> {
  const readers = fieldReaders(schema);
  if (readers === null) return parseOr400(schema, values);
  const out: Record<string, unknown> = {};
  for (const [name, read] of readers) out[name] = readField(read, values[name]);
  return out as z.output<S>;
}

/** A route's path parameters read through its contract, or 400 with the first problem. */
export function readParams<C extends RouteContract & { params: z.ZodObject }>(contract: C, params: Record<string, string>): z.output<C['params']> {
  return readObject<C['params']>(contract.params, params);
}

/** A route's query read through its contract, or 400 with the first problem. */
export function readQuery<C extends RouteContract & { query: z.ZodObject }>(contract: C, query: URLSearchParams): z.output<C['query']> {
  return readObject<C['query']>(contract.query, firstValues(query));
}

/** The type of a route's 200 answer, as its handler builds it. */
export type AnswerOf<C extends RouteContract> = z.input<C['answer']>;

/** One path parameter read through its contract, for routes that read another input between two parameters. */
export function readParam<C extends RouteContract & { params: z.ZodObject }, K extends keyof C['params']['shape'] & string>(
  contract: C,
  name: K,
  params: Record<string, string>,
): z.output<C['params']['shape'][K]> {
  const field = contract.params.shape[name] as C['params']['shape'][K];
  const read = readerOf(field);
  return read ? (readField(read, params[name]) as z.output<C['params']['shape'][K]>) : parseOr400<C['params']['shape'][K]>(field, params[name]);
}

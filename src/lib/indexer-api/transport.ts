import { httpError, isApiError, networkError, setupError, timeoutError } from './errors.ts';
import { MAIN_CLIENT_TIMEOUT_MS, SECOND_CLIENT_TIMEOUT_MS } from './timeouts.ts';
import { asError } from '../../../common/errors.ts';

// The indexer transport: one HTTP round trip with time-outs, the typed errors (errors.ts) and an outcome that tells
// a missing entity from an empty or unreadable body. Only fetch and AbortSignal, so servers and browsers share it;
// the resource modules beside it (blocks.ts, stats.ts, …) are plain functions of a transport, so an island bundles
// only the ones it calls.

/** The fetch the transport uses; tests pass a fake. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of createTransport. */
export interface TransportOptions {
  /** Default time-out of every call (MAIN_CLIENT_TIMEOUT_MS); per-endpoint time-outs never exceed it. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Extra request headers (the server asks a loopback indexer for uncompressed answers). */
  headers?: Record<string, string>;
}

/** Options of one call: an explicit time-out (overrides every default) and a cancellation signal. */
export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** limit/offset paging of list calls (offset = (page - 1) × page size). */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

/** Query values; undefined, null and '' are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;
/** A query string as an object. */
export type Query = Record<string, QueryValue>;

/** One answer of the indexer, its body parsed (JSON, else the text; null for an empty body). */
export interface RawResponse {
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  body: unknown;
  /** Response headers, lowercased names (shown by the verification form's network box). */
  headers: Record<string, string>;
}

/** What a detail read found: the entity, a 404, a 2xx with an empty body, or a 2xx body that is not the entity. */
export type Lookup<T> =
  | { kind: 'found'; value: T }
  | { kind: 'not-found' }
  | { kind: 'empty' }
  | { kind: 'malformed'; body: unknown };

/** Builds a URL from a base (absolute, or a same-origin path such as '' or '/api'), a path and query values. */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  const url = `${base}${path}${search ? `?${search}` : ''}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(base)) new URL(url);
  else if (base !== '' && !base.startsWith('/')) throw new TypeError(`Invalid indexer base URL: ${baseUrl}`);
  return url;
}

/** A path segment, percent-encoded (addresses, hashes and search text come from users). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The limit/offset part of a list query. */
export function pageQuery(query: PageQuery): Query {
  return { limit: query.limit, offset: query.offset };
}

/** Runs `work` and answers `fallback` when it throws (spec: secondary data degrades to empty values). */
export async function safe<T>(work: Promise<T> | (() => Promise<T>), fallback: T, onError?: (error: unknown) => void): Promise<T> {
  try {
    return await (typeof work === 'function' ? work() : work);
  } catch (error) {
    onError?.(error);
    return fallback;
  }
}

/** Marks a body that is not JSON (an error page's HTML, a cut answer). */
const NOT_JSON = Symbol('not JSON');

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** A signal that aborts with whichever of two aborts first (AbortSignal.any where the browser has it). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** The reason an aborted signal gives (an AbortError or TimeoutError DOMException unless the caller gave its own). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException(String(reason), 'AbortError');
}

/** Resolves `promise` unless `signal` aborts first (some fetch implementations ignore the signal). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(asError(error));
      },
    );
  });
}

/** Throws the typed error of a non-2xx answer, with the spec's message for its status. */
function assertOk(response: RawResponse): RawResponse {
  if (!response.ok) throw httpError(response.url, response.status, response.statusText, response.body);
  return response;
}

/** The transport of one indexer base URL. */
export interface Transport {
  readonly baseUrl: string;
  /** The default time-out of its calls. */
  readonly timeoutMs: number;
  /** One request; throws an ApiError when no answer arrives in time, answers any status. */
  send(method: 'GET' | 'POST', path: string, query: Query, payload: unknown, request?: RequestOptions, endpointTimeout?: number): Promise<RawResponse>;
  /** GET that throws on any non-2xx status. */
  get<T>(path: string, normalize: (body: unknown) => T, query?: Query, request?: RequestOptions, timeout?: number): Promise<T>;
  /** GET that tells found, 404, empty and malformed apart; throws on other failures. */
  lookup<T>(path: string, normalize: (body: unknown) => T | null, query?: Query, request?: RequestOptions, timeout?: number): Promise<Lookup<T>>;
  /** GET that answers null for 404 and for a body that is not the entity; throws on other failures. */
  find<T>(path: string, normalize: (body: unknown) => T | null, query?: Query, request?: RequestOptions, timeout?: number): Promise<T | null>;
  /** GET of a value that must be present: a body that does not normalize counts as a bad gateway answer. */
  need<T>(path: string, normalize: (body: unknown) => T | null, request?: RequestOptions, timeout?: number): Promise<T>;
  /** POST of a JSON payload that throws on any non-2xx status. */
  post(path: string, payload: unknown, request?: RequestOptions): Promise<RawResponse>;
  /** GET of bytes (a stored image): null for 404, throws on other failures; extra headers such as If-None-Match. */
  bytes(path: string, headers?: Record<string, string>, request?: RequestOptions): Promise<BytesResponse | null>;
}

/** Bytes the indexer answered, with their status (200, or 304 for a matching If-None-Match) and headers. */
export interface BytesResponse {
  status: number;
  bytes: Uint8Array;
  headers: Record<string, string>;
}

/** Creates the transport for a base URL ('http://host:3300', or '' for same-origin paths). */
export function createTransport(baseUrl: string, options: TransportOptions = {}): Transport {
  const clientTimeout = options.timeoutMs ?? MAIN_CLIENT_TIMEOUT_MS;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const transport: Transport = {
    baseUrl,
    timeoutMs: clientTimeout,

    async send(method, path, query, payload, request = {}, endpointTimeout) {
      const timeoutMs = request.timeoutMs ?? Math.min(clientTimeout, endpointTimeout ?? clientTimeout);
      let url = `${baseUrl}${path}`;
      let init: RequestInit;
      let timeoutSignal: AbortSignal;
      let signal: AbortSignal;
      try {
        url = buildUrl(baseUrl, path, query);
        timeoutSignal = AbortSignal.timeout(timeoutMs);
        signal = request.signal ? anySignal(timeoutSignal, request.signal) : timeoutSignal;
        const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
        init = { method, headers, signal };
        if (payload !== undefined) {
          headers['content-type'] = 'application/json';
          init.body = JSON.stringify(payload);
        }
      } catch (error) {
        throw setupError(url, error);
      }
      try {
        const response = await raceAbort(fetchImpl(url, init), signal);
        const text = await raceAbort(response.text(), signal);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        const body = parseBody(text);
        // Every answer of a working indexer is JSON: a success whose body does not parse (cut short, an HTML page
        // from a proxy) is an invalid response (502 Bad gateway), never an empty or missing entity.
        if (body === NOT_JSON && response.ok) throw httpError(url, 502, 'Bad Gateway', null);
        return { url, status: response.status, statusText: response.statusText, ok: response.ok, body: body === NOT_JSON ? text : body, headers };
      } catch (error) {
        if (isApiError(error)) throw error;
        if (timeoutSignal.aborted) throw timeoutError(url, timeoutMs);
        // A caller's own cancellation is not an indexer failure: rethrow its reason untouched.
        if (request.signal?.aborted) throw request.signal.reason ?? error;
        throw networkError(url, error);
      }
    },

    async get(path, normalize, query = {}, request = {}, timeout) {
      return normalize(assertOk(await transport.send('GET', path, query, undefined, request, timeout)).body);
    },

    async lookup(path, normalize, query = {}, request = {}, timeout) {
      const response = await transport.send('GET', path, query, undefined, request, timeout);
      if (response.status === 404) return { kind: 'not-found' };
      assertOk(response);
      if (response.body === null) return { kind: 'empty' };
      const value = normalize(response.body);
      return value === null ? { kind: 'malformed', body: response.body } : { kind: 'found', value };
    },

    async find(path, normalize, query = {}, request = {}, timeout) {
      const response = await transport.send('GET', path, query, undefined, request, timeout);
      if (response.status === 404) return null;
      return normalize(assertOk(response).body);
    },

    async need(path, normalize, request = {}, timeout) {
      const response = assertOk(await transport.send('GET', path, {}, undefined, request, timeout));
      const value = normalize(response.body);
      if (value === null) throw httpError(response.url, 502, 'Bad Gateway', response.body);
      return value;
    },

    async post(path, payload, request = {}) {
      return assertOk(await transport.send('POST', path, {}, payload, request));
    },

    async bytes(path, headers = {}, request = {}) {
      const timeoutMs = request.timeoutMs ?? clientTimeout;
      const url = `${baseUrl}${path}`;
      const timeoutSignal = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? anySignal(timeoutSignal, request.signal) : timeoutSignal;
      let response: Response;
      let bytes: Uint8Array;
      try {
        response = await raceAbort(fetchImpl(url, { headers: { ...options.headers, ...headers }, signal }), signal);
        bytes = new Uint8Array(await raceAbort(response.arrayBuffer(), signal));
      } catch (error) {
        if (timeoutSignal.aborted) throw timeoutError(url, timeoutMs);
        if (request.signal?.aborted) throw request.signal.reason ?? error;
        throw networkError(url, error);
      }
      if (response.status === 404) return null;
      if (!response.ok && response.status !== 304) throw httpError(url, response.status, response.statusText, null);
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        out[name] = value;
      });
      return { status: response.status, bytes, headers: out };
    },
  };
  return transport;
}

const browserTransports = new Map<string, Transport>();

/** The transport browser code shares per indexer URL, with the second client's time-out. */
export function browserTransport(baseUrl: string): Transport {
  let transport = browserTransports.get(baseUrl);
  if (!transport) {
    transport = createTransport(baseUrl, { timeoutMs: SECOND_CLIENT_TIMEOUT_MS });
    browserTransports.set(baseUrl, transport);
  }
  return transport;
}

/** A resource call: a function of a transport and its own arguments. */
type Call = (transport: Transport, ...args: never[]) => unknown;

/** The calls of a resource module with the transport bound. */
export type Bound<M extends Record<string, Call>> = {
  [K in keyof M]: M[K] extends (transport: Transport, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** Binds resource calls to one transport (`bind(t, { getBlocks })` → `{ getBlocks(query, request) }`). */
export function bind<M extends Record<string, Call>>(transport: Transport, calls: M): Bound<M> {
  const bound: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls)) {
    bound[name] = (...args: never[]) => call(transport, ...args);
  }
  return bound as Bound<M>;
}

import { createHash } from 'node:crypto';
import { logRequest, REQUEST_ID_HEADER, requestIdOf, type Logger } from '../../../common/log.ts';
import { serveMetrics } from '../../../common/metrics.ts';
import type { IndexerMetrics } from '../metrics/index.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { compressBody, MIN_COMPRESS_BYTES, negotiateEncoding } from '../../../common/encoding.ts';
import { etagMatches } from '../../../common/etag.ts';
import { BinaryReply, HttpError, RawJson, Reply, StreamReply, type Route, type Router } from './router.ts';
import { toJson } from './json.ts';
import { RATE_LIMIT_MESSAGE, type RateClass, type RateLimiter } from './rate-limit.ts';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  // Last-Event-ID: a reconnecting event stream's position (an EventSource across origins may preflight it).
  // X-Request-Id: a caller's id for its request, echoed and logged.
  'access-control-allow-headers': 'Content-Type, Last-Event-ID, X-Request-Id',
  'access-control-expose-headers': 'X-Request-Id',
  'access-control-max-age': '86400',
};

// Verification requests carry whole projects (standard JSON input); the verifier limits the sources to 5 MB.
const MAX_BODY = 8 * 1024 * 1024;

/** Headers every answer carries (CORS, nosniff), for routes that write their own (the event stream). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, 'x-content-type-options': 'nosniff' };

/** Marker for a request body that is not valid JSON (the handler decides what that means). */
export const INVALID_JSON = Symbol('invalid JSON');

/** A weak validator of a JSON answer (the same for every encoding of it). */
function etagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`;
}

/**
 * Sends a JSON answer: compressed (Brotli or gzip) when `compress` (HTTP_COMPRESSION), the client accepts it and the
 * body is big enough; GET answers of 200 carry an ETag, and a matching If-None-Match gets 304 without a body (what
 * polling clients ask again).
 */
async function send(compress: boolean, req: IncomingMessage, res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): Promise<void> {
  const text = body instanceof RawJson ? body.text : toJson(body);
  const headers: Record<string, string | number> = {
    ...CORS_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
    ...extra,
  };
  const method = req.method ?? 'GET';
  if (status === 200 && (method === 'GET' || method === 'HEAD')) {
    const etag = etagOf(text);
    headers['etag'] = etag;
    if (etagMatches(req.headers['if-none-match'], etag)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  let payload: Buffer | string = text;
  const encoding = compress && Buffer.byteLength(text) >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    payload = await compressBody(Buffer.from(text), encoding);
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(status, headers);
  res.end(payload);
}

/** Sends stored bytes (a logo): 304 when If-None-Match names their ETag; never compressed (images already are). */
function sendBinary(req: IncomingMessage, res: ServerResponse, out: BinaryReply): void {
  const headers: Record<string, string | number> = { ...CORS_HEADERS, 'x-content-type-options': 'nosniff', ...out.headers };
  const etag = out.headers['etag'];
  if (etag && etagMatches(req.headers['if-none-match'], etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = out.body.byteLength;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : out.body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function splitUrl(raw: string): { pathname: string; search: string } {
  if (!raw.startsWith('/')) {
    const url = new URL(raw, 'http://indexer.invalid');
    return { pathname: url.pathname, search: url.search };
  }
  const q = raw.indexOf('?');
  return q === -1 ? { pathname: raw, search: '' } : { pathname: raw.slice(0, q), search: raw.slice(q + 1) };
}

function segmentsOf(pathname: string): string[] {
  const segs = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  // The upstream indexer accepts a /v1 prefix on every route; so does this one.
  if (segs[0] === 'v1') segs.shift();
  return segs;
}

/** Options of createApiServer. */
export interface ApiServerOptions {
  /** Rate limits per client (none when absent). */
  limiter?: RateLimiter | null;
  /** The indexer's metrics: every request is counted under its route template. */
  metrics?: IndexerMetrics | null;
  /**
   * Whether this server answers GET /metrics (false when INDEXER_METRICS_PORT serves it elsewhere: 404 here), and the
   * bearer token a scrape needs (null: none).
   */
  scrape?: { token: string | null } | null;
  /** Where one line per answered request goes (the free-text `log` gets the rest). */
  logger?: Logger | null;
  /** Whether JSON answers may be compressed (HTTP_COMPRESSION; default true). */
  compression?: boolean;
}

/** Longest path written to a log line (a scanner's URL may be kilobytes). */
const MAX_LOGGED_URL = 300;

/**
 * The path a log line names: the route's template for the admin routes (their paths carry session ids' hashes and
 * nothing there is worth more than the template), the path without its query for the others.
 */
function loggedUrl(pathname: string, template: string | null): string {
  if (template !== null && template.startsWith('/admin')) return template;
  return pathname.length > MAX_LOGGED_URL ? `${pathname.slice(0, MAX_LOGGED_URL)}…` : pathname;
}

/** Counts and logs one answered request: info (debug for probes), error for a 5xx, with the exception when there is one. */
function finish(
  opts: ApiServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
  seen: { reqId: string; began: number; route: string | null; pathname: string; err: unknown },
): void {
  const status = res.statusCode;
  const seconds = (performance.now() - seen.began) / 1000;
  const route = seen.route ?? 'unmatched';
  opts.metrics?.http.observe(route, req.method, status, seconds);
  const logger = opts.logger;
  if (!logger) return;
  const line = { reqId: seen.reqId, method: req.method ?? 'GET', route, url: loggedUrl(seen.pathname, seen.route), status, ms: Math.round(seconds * 10_000) / 10 };
  logRequest(logger, line, seen.err);
}

/** The route template a preflight is counted under: that of any method the path has, or null. */
function preflightTemplate(router: Router, url: string): string | null {
  try {
    const segs = segmentsOf(splitUrl(url).pathname);
    const match = router.match('GET', segs);
    if (match === null) return null;
    if ('route' in match) return match.route.path;
    const other = match.allowed[0] ? router.match(match.allowed[0], segs) : null;
    return other !== null && 'route' in other ? other.route.path : null;
  } catch {
    return null;
  }
}

/** Spends a request's tokens of these classes, or throws the 429 with the seconds to wait. */
function admit(limiter: RateLimiter, key: string, classes: readonly RateClass[]): void {
  const wait = limiter.take(key, classes);
  // Retry-After is exposed so that browser code (the islands) can read it across origins.
  if (wait !== null) throw new HttpError(429, RATE_LIMIT_MESSAGE, { 'retry-after': String(wait), 'access-control-expose-headers': 'Retry-After, X-Request-Id' });
}

/** The classes a request spends from before its body is read: general, and its route's class when that is fixed. */
function classesOf(route: Route | null): RateClass[] {
  return route && typeof route.limit === 'string' && route.limit !== 'none' ? ['general', route.limit] : ['general'];
}

/** Answers one request; a failure becomes a JSON error reply, or a destroyed socket once headers are out. */
async function handleRequest(router: Router, log: (line: string) => void, opts: ApiServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const began = performance.now();
  const limiter = opts.limiter ?? null;
  const method = req.method ?? 'GET';
  const reqId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
  // Set before any writeHead, which merges it: every answer carries it (errors and the event stream included).
  res.setHeader('x-request-id', reqId);
  // What the request's log line and metrics say: its route template once known, its path without the query.
  const seen = { reqId, began, route: null as string | null, pathname: '', err: undefined as unknown };
  // The route, once known: some answer a rate-limit refusal their own way (the Etherscan API, in its envelope).
  let route: Route | null = null;
  try {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    seen.pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    // Answered before routing and never rate-limited: a scraper polls it, and it must work while clients are refused.
    if (opts.scrape && opts.metrics && seen.pathname === '/metrics') {
      seen.route = '/metrics';
      await serveMetrics(opts.metrics.registry, req, res, opts.scrape.token);
      return;
    }
    // Preflights are not limited: browsers send them on their own (cached for a day), and a refused preflight
    // reaches the page as an opaque CORS failure instead of a 429 it could read and wait out.
    if (method === 'OPTIONS') {
      seen.route = preflightTemplate(router, rawUrl);
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    // Null: not limited (no limiter, the site server's bearer secret, an exempt address).
    const key = limiter?.keyOf(req) ?? null;
    let segs: string[];
    let pathname: string;
    let search: string;
    try {
      ({ pathname, search } = splitUrl(req.url ?? '/'));
      segs = segmentsOf(pathname);
    } catch {
      if (limiter && key !== null) admit(limiter, key, ['general']);
      throw new HttpError(400, 'Malformed URL');
    }
    const match = router.match(method === 'HEAD' ? 'GET' : method, segs);
    route = match !== null && 'route' in match ? match.route : null;
    seen.route = route?.path ?? null;
    // Unknown paths and wrong methods spend general tokens too (scanners); routes marked 'none' spend nothing.
    if (limiter && key !== null && route?.limit !== 'none') admit(limiter, key, classesOf(route));
    if (match === null) throw new HttpError(404, `Not found: ${method} ${pathname.slice(0, 200)}`);
    if ('allowed' in match) {
      await send(opts.compression !== false, req, res, 405, { error: 'Method not allowed' }, { allow: [...match.allowed, 'OPTIONS'].join(', ') });
      return;
    }
    let body: unknown = undefined;
    if (method === 'POST') {
      const text = await readBody(req);
      // Etherscan-style clients (forge, Hardhat) post forms; everything else posts JSON.
      if (/application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) body = new URLSearchParams(text);
      else {
        try {
          body = text.length === 0 ? undefined : JSON.parse(text);
        } catch {
          body = INVALID_JSON;
        }
      }
    }
    const query = new URLSearchParams(search);
    // A route whose class depends on its parameters (the Etherscan API's action) is charged once they are read.
    if (limiter && key !== null && typeof match.route.limit === 'function') {
      const extra = match.route.limit({ query, body });
      if (extra !== null) admit(limiter, key, [extra]);
    }
    const out = await match.route.handler({ params: match.params, query, body, headers: req.headers });
    // Never compressed nor cached: each event must reach the reader when it is written.
    if (out instanceof StreamReply) out.open(req, res);
    else if (out instanceof BinaryReply) sendBinary(req, res, out);
    else if (out instanceof Reply) await send(opts.compression !== false, req, res, out.status, out.body);
    else await send(opts.compression !== false, req, res, 200, out);
  } catch (err) {
    if (err instanceof HttpError) {
      if (err.status === 429 && route?.refused) await send(opts.compression !== false, req, res, route.refused.status, route.refused.body, err.headers);
      else await send(opts.compression !== false, req, res, err.status, { error: err.message }, err.headers);
      return;
    }
    // The request's log line carries the exception (its stack) at error, with the request's id; without a logger,
    // the free-text log gets it as before.
    seen.err = err;
    if (!opts.logger) log(`api: ${method} ${seen.pathname} failed (request ${reqId}): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (!res.headersSent) await send(opts.compression !== false, req, res, 500, { error: 'Internal server error' });
    else {
      res.statusCode = 500;
      res.destroy();
    }
  } finally {
    finish(opts, req, res, seen);
  }
}

/** The HTTP server: CORS, JSON in and out, 404/405 JSON, rate limits, and no stack trace ever leaves the process. */
export function createApiServer(router: Router, log: (line: string) => void, options: ApiServerOptions = {}): Server {
  const server = createServer((req, res) => void handleRequest(router, log, options, req, res));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

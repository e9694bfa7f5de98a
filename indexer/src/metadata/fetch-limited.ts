import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyIp, describeKind, hostnameRefusal, type IpAddressKind } from './address-guard.ts';

/** Limits of one metadata download. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** All addresses of a host name, as dns.lookup(host, { all: true }) gives them. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** Where a download may go. */
export interface FetchGuard {
  /** Also fetch from loopback, private, link-local and other non-public addresses (METADATA_ALLOW_PRIVATE=1). */
  allowPrivate?: boolean;
  /** Name resolution (default dns.lookup); tests put a stand-in here since they have no DNS. */
  resolve?: ResolveHost;
  /** Address classification (default classifyIp); tests let a local server pass for a public one. */
  classify?: (address: string) => IpAddressKind;
}

/** Most redirects one download follows. */
export const MAX_REDIRECTS = 5;

/** A download refused by the address guard or the redirect rules: retrying will not help. */
export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ALLOW_HINT = ' (METADATA_ALLOW_PRIVATE=1 allows it)';

const defaultResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Downloads a URL within a time and size budget; throws on HTTP errors, timeouts and oversized bodies.
 *
 * Token URIs are chosen by whoever deploys a contract, so unless guard.allowPrivate every hop is checked: its host
 * is resolved, refused when any address is not public, and the connection goes to exactly the addresses checked
 * (a DNS answer that changes between check and connect, DNS rebinding, cannot slip through). Redirects are
 * followed by hand for the same reason, at most MAX_REDIRECTS of them and only to http(s).
 */
export async function fetchLimited(url: string, limits: FetchLimits, guard: FetchGuard = {}): Promise<Buffer> {
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${limits.timeoutMs} ms`)), limits.timeoutMs);
  const check: HopCheck = {
    allowPrivate: guard.allowPrivate === true,
    resolve: guard.resolve ?? defaultResolve,
    classify: guard.classify ?? classifyIp,
  };
  try {
    let current = httpUrl(url);
    for (let hop = 0; ; hop++) {
      const addresses = await untilAborted(checkedAddresses(current, check, hop > 0), signal);
      const res = await get(current, addresses, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new FetchRefusedError(`more than ${MAX_REDIRECTS} redirects`);
        current = redirectTarget(location, current);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new Error(`HTTP ${status}`);
      }
      return await readCapped(res, limits.maxBytes);
    }
  } catch (err) {
    // Whatever the abort broke (DNS wait, request, body) reports the time-out itself.
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

function httpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchRefusedError('malformed URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchRefusedError(`refused: ${parsed.protocol} URLs are not fetched`);
  return parsed;
}

/** A redirect's Location, resolved against the URL that sent it. */
function redirectTarget(location: string, base: URL): URL {
  let next: URL;
  try {
    next = new URL(location, base);
  } catch {
    throw new FetchRefusedError('redirect to a malformed URL');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new FetchRefusedError(`refused: redirect to a ${next.protocol} URL`);
  return next;
}

interface HopCheck {
  allowPrivate: boolean;
  resolve: ResolveHost;
  classify: (address: string) => IpAddressKind;
}

/** The addresses a hop may connect to, after the guard looked at every one of them. */
async function checkedAddresses(url: URL, { allowPrivate, resolve, classify }: HopCheck, redirected: boolean): Promise<LookupAddress[]> {
  // The URL parser has already turned odd IPv4 spellings (2130706433, 0x7f.1, 127.1) into dotted quads.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const via = redirected ? ', reached by a redirect' : '';
  const family = isIP(host);
  if (family !== 0) {
    const kind = classify(host);
    if (!allowPrivate && kind !== 'public') throw new FetchRefusedError(`refused: ${host} is ${describeKind(kind)}${via}${ALLOW_HINT}`);
    return [{ address: host, family }];
  }
  if (!allowPrivate) {
    const why = hostnameRefusal(host);
    if (why !== null) throw new FetchRefusedError(`refused: ${host} is ${why}${via}${ALLOW_HINT}`);
  }
  const found = await resolve(host);
  if (found.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate) {
    // Any bad address refuses the host: the connection could otherwise land on it.
    for (const { address } of found) {
      const kind = classify(address);
      if (kind !== 'public') throw new FetchRefusedError(`refused: ${host} resolves to ${address}, ${describeKind(kind)}${via}${ALLOW_HINT}`);
    }
  }
  return found;
}

/** Settles with the promise, or rejects as soon as the signal aborts (DNS lookups cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One GET whose socket connects only to the given (checked) addresses; resolves with the response head. */
function get(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const first = wanted[0];
    if (options.all) callback(null, wanted);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error(`no IPv${String(options.family)} address`), { code: 'ENOTFOUND' }), '');
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      // node:http does not decompress: ask for the body as it is.
      headers: { accept: 'application/json, */*;q=0.5', 'accept-encoding': 'identity' },
      // No pooled sockets: one connection per hop, to the addresses of that hop.
      agent: false,
      lookup: pinned,
      signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? '0');
  if (declared > maxBytes) {
    res.destroy();
    throw new Error(`body of ${declared} bytes exceeds ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    // Leaving the loop destroys the response, and with it the connection.
    if (size > maxBytes) throw new Error(`body exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

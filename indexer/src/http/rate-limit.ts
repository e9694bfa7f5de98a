// Rate limits per client address: a token bucket per client and class. Every request spends a token of the general
// class; the expensive routes also spend one of a stricter class (search, the RPC proxy, verification submissions).
// A request is admitted only when every bucket it spends from holds a whole token; a refused one spends nothing and
// is answered 429 with the wait until it would be admitted (Retry-After).
import type { IncomingMessage } from 'node:http';
import { ClientIdentity } from './client-identity.ts';
import type { LimitClass } from './router.ts';

/** A token bucket: `rate` requests per second on average, up to `burst` at once. */
export interface RateRule {
  rate: number;
  burst: number;
}

/** Every class of limits: the general one and the stricter ones routes name. */
export type RateClass = 'general' | LimitClass;

/** The classes, in the order their settings are documented. */
export const RATE_CLASSES: readonly RateClass[] = ['general', 'search', 'rpc', 'verify', 'api'];

/**
 * Defaults for a public explorer, per client address. Browsers poll every 10–30 s and pages are fetched by the site
 * server (exempt), so 50/s with bursts of 100 leaves room for many visitors behind one NAT while a scraper is slowed.
 * Search scans token names: the search box asks at most twice a second (500 ms debounce), hence 5/s, bursts of 20.
 * The RPC proxy and contract calls reach the node: 10/s, bursts of 20. A verification compiles for seconds on a
 * queue of 16: one every 10 s, bursts of 5 (a deployment script verifying a few contracts at once). The
 * Etherscan-compatible API is limited as Etherscan's free tier is, 5 calls a second (bursts of 10).
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateClass, RateRule>> = {
  general: { rate: 50, burst: 100 },
  search: { rate: 5, burst: 20 },
  rpc: { rate: 10, burst: 20 },
  verify: { rate: 0.1, burst: 5 },
  api: { rate: 5, burst: 10 },
};

/** The body of every 429 answer (spec core §8, HTTP error mapping). */
export const RATE_LIMIT_MESSAGE = 'Too many requests: Rate limit exceeded';

/** Settings of the rate limits (IndexerOptions.rateLimit). */
export interface RateLimitOptions {
  /** Rules per class; null turns a class off; classes left out keep DEFAULT_RATE_LIMITS. */
  limits?: Partial<Record<RateClass, RateRule | null>>;
  /**
   * Peers whose X-Forwarded-For names the client (INDEXER_TRUST_PROXY): `loopback`, `private`, addresses and CIDR
   * ranges, comma-separated. Default none: the socket's peer is the client.
   */
  trustProxy?: string;
  /** Client addresses never limited (INDEXER_RATE_LIMIT_EXEMPT), same syntax; default `loopback`. */
  exempt?: string;
  /** The clock, in milliseconds (tests drive their own). */
  now?: () => number;
  /** Most clients remembered per class; past it the least recently seen are forgotten (default 100,000). */
  maxClients?: number;
}

/** What a bucket held at a moment. */
export interface BucketState {
  tokens: number;
  at: number;
}

/** A bucket's tokens at `now`: what it held at `at`, refilled at the rule's rate, at most its burst. */
export function tokensAt(state: BucketState, rule: RateRule, now: number): number {
  return Math.min(rule.burst, state.tokens + (Math.max(0, now - state.at) * rule.rate) / 1000);
}

/** Milliseconds until a bucket holding `tokens` holds a whole one (0 when it does). */
export function msUntilToken(tokens: number, rule: RateRule): number {
  return tokens >= 1 ? 0 : ((1 - tokens) * 1000) / rule.rate;
}

/** Retry-After of a wait: whole seconds, at least 1 (rounded up, so a client that waits it is admitted). */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** The buckets of one class, by client key, least recently used first. */
class Buckets {
  readonly rule: RateRule;
  private readonly max: number;
  private readonly map = new Map<string, BucketState>();

  constructor(rule: RateRule, max: number) {
    this.rule = rule;
    this.max = max;
  }

  /** A client's tokens now (an unknown client has a full bucket). */
  tokens(key: string, now: number): number {
    const state = this.map.get(key);
    return state === undefined ? this.rule.burst : tokensAt(state, this.rule, now);
  }

  /** Records what a client's bucket holds now, as its most recent use. */
  set(key: string, tokens: number, now: number): void {
    this.map.delete(key);
    this.map.set(key, { tokens, at: now });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** Forgets buckets that have refilled: a full bucket is the same as none. */
  sweep(now: number): void {
    for (const [key, state] of this.map) if (tokensAt(state, this.rule, now) >= this.rule.burst) this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}

/** How often idle buckets are swept (on the next request after the interval; no timer to stop). */
const SWEEP_MS = 60_000;

/** Rate limits per client and class; the server asks it about every request (http/server.ts). */
export class RateLimiter {
  private readonly classes = new Map<RateClass, Buckets>();
  /** Who a request comes from; the event stream's per-client limit counts clients the same way. */
  readonly identity: ClientIdentity;
  private readonly now: () => number;
  private readonly onRefused: ((cls: RateClass) => void) | undefined;
  private lastSweep: number;

  /**
   * Throws a RangeError when trustProxy, exempt or a rule cannot be read. `token`: the bearer secret that exempts (the
   * site server's INDEXER_ADMIN_TOKEN); `log`: where a likely misconfiguration is reported, once; `onRefused`: told of
   * each class that lacked a token when a request was refused (the indexer's rate_limit_refusals_total).
   */
  constructor(
    opts: RateLimitOptions = {},
    context: { token?: string | undefined; log?: (line: string) => void; onRefused?: (cls: RateClass) => void } = {},
  ) {
    this.onRefused = context.onRefused;
    const max = opts.maxClients ?? 100_000;
    for (const name of RATE_CLASSES) {
      const rule = opts.limits?.[name] === undefined ? DEFAULT_RATE_LIMITS[name] : opts.limits[name];
      if (rule === null) continue;
      if (!(rule.rate > 0 && Number.isFinite(rule.rate) && rule.burst >= 1 && Number.isFinite(rule.burst))) {
        throw new RangeError(`rate limit ${name}: rate must be above 0 and burst at least 1`);
      }
      this.classes.set(name, new Buckets(rule, max));
    }
    this.identity = new ClientIdentity({ trustProxy: opts.trustProxy, exempt: opts.exempt, token: context.token, log: context.log });
    this.now = opts.now ?? (() => performance.now());
    this.lastSweep = this.now();
  }

  /**
   * The key a request is counted under, or null when it is not limited: it carries the bearer secret (the site
   * server, which fetches for all its visitors), or its client address is exempt.
   */
  keyOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | null {
    if (this.classes.size === 0) return null;
    return this.identity.keyOf(req);
  }

  /**
   * Spends a token of each class (classes that are off are skipped) if every one of them holds one; otherwise
   * spends nothing and answers the seconds to wait (Retry-After). Null: admitted.
   */
  take(key: string, classes: readonly RateClass[]): number | null {
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_MS) {
      this.lastSweep = now;
      for (const buckets of this.classes.values()) buckets.sweep(now);
    }
    const spent: [Buckets, number][] = [];
    let wait = 0;
    for (const name of classes) {
      const buckets = this.classes.get(name);
      if (buckets === undefined) continue;
      const tokens = buckets.tokens(key, now);
      const classWait = msUntilToken(tokens, buckets.rule);
      if (classWait > 0) this.onRefused?.(name);
      wait = Math.max(wait, classWait);
      spent.push([buckets, tokens]);
    }
    // A refused client is remembered as recently seen too (with what it holds now), so that a flood of other
    // addresses does not push it out and hand it a full bucket.
    for (const [buckets, tokens] of spent) buckets.set(key, wait > 0 ? tokens : tokens - 1, now);
    return wait > 0 ? retryAfterSeconds(wait) : null;
  }

  /** Clients remembered per class (for tests and memory checks). */
  sizes(): Partial<Record<RateClass, number>> {
    return Object.fromEntries([...this.classes].map(([name, b]) => [name, b.size]));
  }
}

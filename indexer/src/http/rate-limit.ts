// Rate limits per client address: a token bucket per client and class. Every request spends a token of the general
// class; the expensive routes also spend one of a stricter class (search, the RPC proxy, verification submissions).
// A request is admitted only when every bucket it spends from holds a whole token; a refused one spends nothing and
// is answered 429 with the wait until it would be admitted (Retry-After). The buckets themselves, their arithmetic
// and their bounded memory of clients are common/token-bucket.ts (the site's CSV export limit uses them too).
import type { IncomingMessage } from 'node:http';
import { msUntilToken, retryAfterSeconds, TokenBuckets, type RateRule } from '../../../common/token-bucket.ts';
import { ClientIdentity } from './client-identity.ts';
import type { LimitClass } from './router.ts';

/** A class's rule (the settings name it, rate-limit-config.ts reads it). */
export type { RateRule };

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

/** The body of every 429 answer (the spec's message for that status). */
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

/** How often idle buckets are swept (on the next request after the interval; no timer to stop). */
const SWEEP_MS = 60_000;

/** Rate limits per client and class; the server asks it about every request (http/server.ts). */
export class RateLimiter {
  private readonly classes = new Map<RateClass, TokenBuckets>();
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
      this.classes.set(name, new TokenBuckets(rule, max));
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
    const spent: [TokenBuckets, number][] = [];
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

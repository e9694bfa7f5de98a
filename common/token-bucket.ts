// Token buckets per client: the indexer's rate limits (indexer/src/http/rate-limit.ts, a bucket per client and class)
// and the site's CSV export limit (src/lib/server/export/limit.ts) are the same arithmetic and the same bounded
// memory of clients, written here once.
import { LRUCache } from 'lru-cache';

/** A token bucket: `rate` tokens a second on average, up to `burst` at once. */
export interface RateRule {
  rate: number;
  burst: number;
}

/** What a bucket held at a moment (milliseconds, on whatever clock the caller uses). */
export interface BucketState {
  tokens: number;
  at: number;
}

/** A bucket's tokens at `now`: what it held at `at`, refilled at the rule's rate, at most its burst. */
export function tokensAt(state: BucketState, rule: RateRule, now: number): number {
  return Math.min(rule.burst, state.tokens + (Math.max(0, now - state.at) * rule.rate) / 1000);
}

/**
 * What counts as a whole token: one, up to the rounding of doubles. A rate such as 1/49 a second refills
 * 0.9999999999999999 of a token in 49 s, and a client that waited the Retry-After it was given must be admitted.
 */
const WHOLE_TOKEN = 1 - 1e-6;

/** Milliseconds until a bucket holding `tokens` holds a whole one (0 when it does). */
export function msUntilToken(tokens: number, rule: RateRule): number {
  return tokens >= WHOLE_TOKEN ? 0 : ((1 - tokens) * 1000) / rule.rate;
}

/**
 * Retry-After of a wait: whole seconds, at least 1, rounded up (so a client that waits it is admitted) but not for
 * the last bits of a double: the wait for one token at 1/49 a second is 49000.00000000001 ms, which is 49 s.
 */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000 - 1e-9));
}

/**
 * The buckets of one rule, by key (a client). At most `maxKeys` are remembered, the least recently used forgotten
 * first, so a flood of new keys cannot grow the memory; a forgotten key, like an unknown one, has a full bucket (the
 * price of the bound, paid by the keys idle the longest).
 */
export class TokenBuckets {
  readonly rule: RateRule;
  private readonly kept: LRUCache<string, BucketState>;

  constructor(rule: RateRule, maxKeys: number) {
    this.rule = rule;
    this.kept = new LRUCache<string, BucketState>({ max: maxKeys });
  }

  /** A key's tokens at `now` (read without making it the most recently used). */
  tokens(key: string, now: number): number {
    const state = this.kept.peek(key);
    return state === undefined ? this.rule.burst : tokensAt(state, this.rule, now);
  }

  /** Records what a key's bucket holds at `now`, as its most recent use. */
  set(key: string, tokens: number, now: number): void {
    this.kept.set(key, { tokens, at: now });
  }

  /**
   * Spends a token of the key's bucket when it holds a whole one and answers 0; otherwise spends nothing and answers
   * the milliseconds until it will hold one. A refused key is recorded as used too, so that a flood of other keys
   * does not push it out and hand it a full bucket.
   */
  take(key: string, now: number): number {
    const tokens = this.tokens(key, now);
    const wait = msUntilToken(tokens, this.rule);
    this.set(key, wait > 0 ? tokens : tokens - 1, now);
    return wait;
  }

  /** Forgets the buckets that have refilled by `now`: a full bucket is the same as none. */
  sweep(now: number): void {
    const full = [...this.kept.entries()].filter(([, state]) => tokensAt(state, this.rule, now) >= this.rule.burst).map(([key]) => key);
    for (const key of full) this.kept.delete(key);
  }

  /** Keys remembered. */
  get size(): number {
    return this.kept.size;
  }
}

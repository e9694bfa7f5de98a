// Token buckets (common/token-bucket.ts), as the indexer's rate limits and the site's CSV export limit use them: the
// arithmetic of a bucket, then TokenBuckets with a clock the test gives: spending, refusing without spending, and the
// bounded memory of clients (least recently used forgotten first, refilled buckets swept).
import { describe, expect, it } from 'vitest';
import { msUntilToken, retryAfterSeconds, TokenBuckets, tokensAt } from '../../common/token-bucket.ts';

describe('token bucket maths', () => {
  const rule = { rate: 5, burst: 20 };
  it.each([
    // [tokens at t0, ms later, tokens now]
    [0, 0, 0],
    [0, 200, 1],
    [0, 1000, 5],
    [10, 1000, 15],
    [18, 1000, 20], // never above the burst
    [0, 60_000, 20],
    [3, -50, 3], // a clock that steps back adds nothing
  ])('%d tokens, %d ms later: %d', (tokens, ms, expected) => {
    expect(tokensAt({ tokens, at: 1000 }, rule, 1000 + ms)).toBeCloseTo(expected, 9);
  });

  it.each([
    [1, 0],
    [3.5, 0],
    [0, 200],
    [0.5, 100],
    [-0, 200],
  ])('from %d tokens a whole one is %d ms away at 5/s', (tokens, ms) => {
    expect(msUntilToken(tokens, rule)).toBeCloseTo(ms, 9);
  });

  it('counts a token short by the rounding of doubles as whole (49 s at 1/49 a second refill 0.9999999999999999)', () => {
    expect(msUntilToken(0.9999999999999999, { rate: 1 / 49, burst: 1 })).toBe(0);
    expect(msUntilToken(0.999, { rate: 1 / 49, burst: 1 })).toBeGreaterThan(0);
  });

  it.each([
    [1, 1],
    [200, 1],
    [1000, 1],
    [1001, 2],
    [9_500, 10],
    [10_000, 10],
    // One token at 1/49 a second, as doubles compute it: 49 s, not 50.
    [49_000.00000000001, 49],
  ])('a wait of %d ms is Retry-After %d', (ms, seconds) => {
    expect(retryAfterSeconds(ms)).toBe(seconds);
  });
});

describe('TokenBuckets', () => {
  it('lets a new key spend its burst at once, then refuses with the wait until the next token', () => {
    const buckets = new TokenBuckets({ rate: 2, burst: 3 }, 100);
    expect([0, 0, 0].map(() => buckets.take('a', 1000))).toEqual([0, 0, 0]);
    expect(buckets.take('a', 1000)).toBeCloseTo(500, 9);
    // Another key has its own full bucket.
    expect(buckets.take('b', 1000)).toBe(0);
  });

  it('spends nothing when it refuses: waiting the answer is enough', () => {
    const buckets = new TokenBuckets({ rate: 1, burst: 1 }, 100);
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 400)).toBeCloseTo(600, 9);
    expect(buckets.take('a', 700)).toBeCloseTo(300, 9);
    expect(buckets.take('a', 1000)).toBe(0);
    expect(buckets.tokens('a', 1000)).toBeCloseTo(0, 9);
  });

  it.each([
    // [refill seconds of one token]: rates whose inverse is not exact in a double still refill a whole token on time.
    [3],
    [49],
    [98],
    [103],
  ])('admits a client that waits the Retry-After it was given (one token per %d s)', (seconds) => {
    const buckets = new TokenBuckets({ rate: 1 / seconds, burst: 1 }, 100);
    expect(buckets.take('a', 0)).toBe(0);
    const wait = buckets.take('a', 0);
    expect(retryAfterSeconds(wait)).toBe(seconds);
    expect(buckets.take('a', seconds * 1000)).toBe(0);
  });

  it('reads a key without counting it as used, and answers a full bucket for an unknown key', () => {
    const buckets = new TokenBuckets({ rate: 1, burst: 5 }, 2);
    expect(buckets.tokens('nobody', 0)).toBe(5);
    expect(buckets.size).toBe(0);
    buckets.set('a', 1, 0);
    buckets.set('b', 1, 0);
    // Reading a does not make it the most recent: c pushes a out, not b.
    expect(buckets.tokens('a', 0)).toBe(1);
    buckets.set('c', 1, 0);
    expect(buckets.size).toBe(2);
    expect(buckets.tokens('a', 0)).toBe(5);
    expect(buckets.tokens('b', 0)).toBe(1);
  });

  it('forgets the least recently used key past its bound, so a refused key is not pushed out by new ones', () => {
    const buckets = new TokenBuckets({ rate: 1, burst: 1 }, 3);
    expect(buckets.take('flooded', 0)).toBe(0);
    expect(buckets.take('flooded', 0)).toBeGreaterThan(0);
    for (const key of ['x1', 'x2']) buckets.take(key, 0);
    // The refused key asks again (and is refused again), which makes it recent: x1 goes first, then x2.
    expect(buckets.take('flooded', 0)).toBeGreaterThan(0);
    buckets.take('x3', 0);
    buckets.take('x4', 0);
    expect(buckets.size).toBe(3);
    expect(buckets.take('flooded', 0)).toBeGreaterThan(0);
    expect(buckets.tokens('x1', 0)).toBe(1);
  });

  it('sweeps the buckets that have refilled and keeps the others', () => {
    const buckets = new TokenBuckets({ rate: 1, burst: 2 }, 100);
    buckets.take('spent-long-ago', 0);
    buckets.take('spent-now', 9_500);
    buckets.take('spent-now', 9_500);
    buckets.sweep(10_000);
    expect(buckets.size).toBe(1);
    expect(buckets.tokens('spent-now', 10_000)).toBeCloseTo(0.5, 9);
  });
});

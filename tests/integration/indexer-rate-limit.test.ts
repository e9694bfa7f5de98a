// The indexer's rate limits: the settings as plain functions, then over real HTTP servers and an indexer started in the
// test (SQLite in memory, no chain), which is why the file sits with the integration tests. The token bucket's
// arithmetic is common/token-bucket.ts's (tests/unit/common-token-bucket.test.ts).
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, clientKey, normalizeAddress, parseAddressSet } from '../../common/client-address.ts';
import { indexerConfigFromEnv } from '../../indexer/src/config/settings.ts';
import { parseRateRule } from '../../indexer/src/http/rate-limit-config.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE, RateLimiter, type RateLimitOptions } from '../../indexer/src/http/rate-limit.ts';
import { Router } from '../../indexer/src/http/router.ts';
import { createApiServer } from '../../indexer/src/http/server.ts';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import { startIndexer, type IndexerOptions } from '../../indexer/src/main.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { openDatabase } from '../../indexer/src/store/sqlite.ts';
import { SqliteStore } from '../../indexer/src/store/sqlite.ts';
import { serverHeaders } from '../../src/lib/server/indexer-client.ts';
import { siteSettingsFrom } from '../../src/lib/server/settings.ts';

/** A clock the test moves by hand (milliseconds). */
function manualClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** A request as the limiter sees it: a socket peer and headers. */
function fakeRequest(peer: string | undefined, headers: Record<string, string> = {}) {
  return { socket: { remoteAddress: peer }, headers } as unknown as Parameters<RateLimiter['keyOf']>[0];
}

describe('RateLimiter.take with an injected clock', () => {
  const only = (limits: RateLimitOptions['limits'], clock = manualClock()) => ({
    clock,
    limiter: new RateLimiter({ limits: { general: null, search: null, rpc: null, verify: null, api: null, ...limits }, now: clock.now }),
  });

  it('admits a burst, refuses the next with the wait until a token, and refills at the rate', () => {
    const { clock, limiter } = only({ general: { rate: 2, burst: 4 } });
    for (let i = 0; i < 4; i++) expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general'])).toBe(1); // 500 ms to the next token → 1 s
    clock.advance(499);
    expect(limiter.take('a', ['general'])).toBe(1);
    clock.advance(1);
    expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general'])).toBe(1);
    // A long pause refills to the burst, not beyond.
    clock.advance(3_600_000);
    for (let i = 0; i < 4; i++) expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general'])).not.toBeNull();
  });

  it('a slow class answers the seconds to wait, rounded up', () => {
    const { clock, limiter } = only({ verify: parseRateRule('1/10s,2') });
    expect(limiter.take('a', ['verify'])).toBeNull();
    expect(limiter.take('a', ['verify'])).toBeNull();
    expect(limiter.take('a', ['verify'])).toBe(10);
    clock.advance(2_500);
    expect(limiter.take('a', ['verify'])).toBe(8); // 7.5 s left
    clock.advance(7_499);
    expect(limiter.take('a', ['verify'])).toBe(1);
    clock.advance(1);
    expect(limiter.take('a', ['verify'])).toBeNull();
  });

  it('refused requests spend nothing: waiting Retry-After is enough however often the client asked', () => {
    const { clock, limiter } = only({ general: { rate: 1, burst: 1 } });
    expect(limiter.take('a', ['general'])).toBeNull();
    for (let i = 0; i < 50; i++) expect(limiter.take('a', ['general'])).toBe(1);
    clock.advance(1000);
    expect(limiter.take('a', ['general'])).toBeNull();
  });

  it('a request needs a token of every class it spends from, and a refusal by one spends none of the other', () => {
    const { clock, limiter } = only({ general: { rate: 10, burst: 5 }, search: { rate: 1, burst: 2 } });
    expect(limiter.take('a', ['general', 'search'])).toBeNull();
    expect(limiter.take('a', ['general', 'search'])).toBeNull();
    // The stricter class refuses first; the general bucket keeps its three tokens.
    expect(limiter.take('a', ['general', 'search'])).toBe(1);
    for (let i = 0; i < 3; i++) expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general'])).toBe(1);
    // Now the general one refuses; the search token refilled meanwhile is not spent by the refusal.
    clock.advance(1000); // general +10 (capped at 5), search +1
    for (let i = 0; i < 5; i++) expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general', 'search'])).toBe(1);
    clock.advance(100); // one general token
    expect(limiter.take('a', ['general', 'search'])).toBeNull();
  });

  it('clients have their own buckets', () => {
    const { limiter } = only({ general: { rate: 1, burst: 1 } });
    expect(limiter.take('a', ['general'])).toBeNull();
    expect(limiter.take('a', ['general'])).toBe(1);
    expect(limiter.take('b', ['general'])).toBeNull();
  });

  it('classes that are off are not counted', () => {
    const { limiter } = only({ general: { rate: 1, burst: 1 } });
    expect(limiter.take('a', ['search'])).toBeNull();
    for (let i = 0; i < 10; i++) expect(limiter.take('b', ['search'])).toBeNull();
  });

  it('forgets clients whose buckets refilled (swept after a minute) and keeps at most maxClients', () => {
    const clock = manualClock();
    const limits = { general: { rate: 1, burst: 3 }, search: { rate: 0.01, burst: 1 }, rpc: null, verify: null, api: null };
    const limiter = new RateLimiter({ limits, now: clock.now, maxClients: 1000 });
    for (let i = 0; i < 500; i++) limiter.take(`idle-${i}`, ['general']);
    expect(limiter.sizes().general).toBe(500);
    clock.advance(30_000);
    limiter.take('busy', ['general', 'search']);
    expect(limiter.sizes()).toEqual({ general: 501, search: 1 }); // no sweep before a minute
    clock.advance(30_000);
    limiter.take('other', ['general']);
    // The idle buckets (and busy's general one) refilled and are gone; busy's search bucket needs 100 s to refill.
    expect(limiter.sizes()).toEqual({ general: 1, search: 1 });
    expect(limiter.take('busy', ['search'])).toBe(70);

    // Past the cap, the least recently seen client goes first; a client seen again moves to the end.
    const small = new RateLimiter({ limits: { general: { rate: 1, burst: 1 } }, now: clock.now, maxClients: 3 });
    for (const k of ['a', 'b', 'c']) small.take(k, ['general']);
    expect(small.take('a', ['general'])).toBe(1); // a refused: it is remembered, and now the most recent
    small.take('d', ['general']); // b is dropped
    expect(small.sizes().general).toBe(3);
    expect(small.take('b', ['general'])).toBeNull(); // forgotten: a full bucket again (c dropped)
    expect(small.take('a', ['general'])).toBe(1); // still remembered
  });

  it('refuses rules it cannot use', () => {
    expect(() => new RateLimiter({ limits: { general: { rate: 0, burst: 1 } } })).toThrow(/general/);
    expect(() => new RateLimiter({ limits: { search: { rate: 1, burst: 0 } } })).toThrow(/search/);
    expect(() => new RateLimiter({ trustProxy: 'everyone' })).toThrow(/everyone/);
  });

  it("has defaults for a public explorer: generous reads, stricter search, proxy and verification, Etherscan's free tier for /api", () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      general: { rate: 50, burst: 100 },
      search: { rate: 5, burst: 20 },
      rpc: { rate: 10, burst: 20 },
      verify: { rate: 0.1, burst: 5 },
      api: { rate: 5, burst: 10 },
    });
  });
});

describe('rate-limit settings', () => {
  it.each([
    ['50/s,100', { rate: 50, burst: 100 }],
    ['50/s', { rate: 50, burst: 50 }],
    ['1/10s,5', { rate: 0.1, burst: 5 }],
    ['1/10s', { rate: 0.1, burst: 1 }],
    ['60/m', { rate: 1, burst: 60 }],
    ['6/1m, 3', { rate: 0.1, burst: 3 }],
    ['3600/h', { rate: 1, burst: 3600 }],
    [' 10 / S , 20 ', { rate: 10, burst: 20 }],
    ['off', null],
    ['OFF', null],
    ['0', null],
  ])('%j → %j', (text, rule) => {
    const parsed = parseRateRule(text);
    if (rule === null) expect(parsed).toBeNull();
    else {
      expect(parsed?.rate).toBeCloseTo(rule.rate, 12);
      expect(parsed?.burst).toBe(rule.burst);
    }
  });

  it.each(['', 'fast', '50', '50/x', '0/s', '5/s,0', '-1/s', '5/0s', '5/s,2.5', '5/s,10,20', '1e3/s'])('%j is refused', (text) => {
    expect(() => parseRateRule(text)).toThrow(/is not a rate limit.*50\/s,100/);
  });

  it('reads the settings: defaults, each class, off, and messages naming the variable', () => {
    const rateLimitOf = (env: Record<string, string>): unknown => {
      const config = indexerConfigFromEnv(env);
      if ('problems' in config) throw new Error(config.problems.join('; '));
      return config.options.rateLimit;
    };
    expect(rateLimitOf({})).toEqual({ limits: DEFAULT_RATE_LIMITS, exempt: 'loopback' });
    expect(rateLimitOf({ INDEXER_RATE_LIMIT: 'off' })).toBe(false);
    expect(rateLimitOf({ INDEXER_RATE_LIMIT: '0' })).toBe(false);
    expect(
      rateLimitOf({
        INDEXER_RATE_LIMIT: '100/s,200',
        INDEXER_RATE_LIMIT_SEARCH: 'off',
        INDEXER_RATE_LIMIT_RPC: '2/s,4',
        INDEXER_RATE_LIMIT_VERIFY: '1/m,2',
        INDEXER_RATE_LIMIT_API: '2/s,3',
        INDEXER_TRUST_PROXY: 'private',
        INDEXER_RATE_LIMIT_EXEMPT: '10.1.2.3, 2001:db8::/48',
      }),
    ).toEqual({
      limits: { general: { rate: 100, burst: 200 }, search: null, rpc: { rate: 2, burst: 4 }, verify: { rate: 1 / 60, burst: 2 }, api: { rate: 2, burst: 3 } },
      trustProxy: 'private',
      exempt: '10.1.2.3, 2001:db8::/48',
    });
    expect(() => rateLimitOf({ INDEXER_RATE_LIMIT_SEARCH: '5 per second' })).toThrow(/^INDEXER_RATE_LIMIT_SEARCH: '5 per second' is not a rate limit/);
    expect(() => rateLimitOf({ INDEXER_TRUST_PROXY: 'yes' })).toThrow(/^INDEXER_TRUST_PROXY: 'yes' is not loopback, private/);
    expect(() => rateLimitOf({ INDEXER_RATE_LIMIT_EXEMPT: '10.0.0.0/33' })).toThrow(/^INDEXER_RATE_LIMIT_EXEMPT: '10.0.0.0\/33'/);
  });
});

describe('client addresses', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['203.0.113.7:5555', '203.0.113.7'],
    [' 198.51.100.2 ', '198.51.100.2'],
    ['unknown', null],
    ['', null],
    ['999.1.1.1', null],
    ['example.com', null],
  ])('%j normalizes to %j', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each([
    // IPv4 per address; IPv6 per /64, whatever the interface part
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:1.2.3.4', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4::/64'],
    ['1::8', '1:0:0:0::/64'],
    ['1:2:3:4:5::', '1:2:3:4::/64'],
    [null, 'unknown'],
  ])('%j is counted as %j', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it.each([
    ['loopback', ['127.0.0.1', '127.9.9.9', '::1'], ['10.0.0.1', '192.168.1.1', '::2', '203.0.113.1']],
    ['private', ['127.0.0.1', '::1', '10.2.3.4', '172.16.0.1', '172.31.255.255', '192.168.0.9', 'fd12::1', 'fc00::1'], ['172.32.0.1', '172.15.0.1', '11.0.0.1', 'fe80::1', '2001:db8::1']],
    ['10.1.0.0/16, 2001:db8:5::/48, 198.51.100.9', ['10.1.200.3', '2001:db8:5:ffff::1', '198.51.100.9'], ['10.2.0.1', '2001:db8:6::1', '198.51.100.10', '127.0.0.1']],
    ['none', [], ['127.0.0.1', '::1', '10.0.0.1']],
    ['', [], ['127.0.0.1']],
  ])('%j holds %j and not %j', (spec, inside, outside) => {
    const set = parseAddressSet(spec);
    for (const a of inside) expect(set.has(a), a).toBe(true);
    for (const a of outside) expect(set.has(a), a).toBe(false);
  });

  it.each(['yes', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0/8', 'fe80::1::2', '*'])('%j is not an address set', (spec) => {
    expect(() => parseAddressSet(spec)).toThrow(/not loopback, private, an IP address or a CIDR range/);
  });

  it('X-Forwarded-For is believed only from a trusted proxy, and only its last entry', () => {
    const loopback = parseAddressSet('loopback');
    const priv = parseAddressSet('private');
    const none = parseAddressSet('');
    // Direct clients: the header is whatever they wrote.
    expect(clientAddress('203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '127.0.0.1', loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
    expect(clientAddress('10.0.0.5', '198.51.100.1', loopback)).toBe('10.0.0.5');
    // A trusted proxy: the address it appended; what the client put before it is ignored.
    expect(clientAddress('127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.1', loopback)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.5', '127.0.0.1, 2001:db8::7', priv)).toBe('2001:db8::7');
    expect(clientAddress('10.0.0.5', ['6.6.6.6', '198.51.100.2'], priv)).toBe('198.51.100.2');
    expect(clientAddress('10.0.0.5', '[2001:db8::7]:1234', priv)).toBe('2001:db8::7');
    // Nothing usable forwarded: the proxy itself.
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'unknown', loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', ' , ', loopback)).toBe('127.0.0.1');
    expect(clientAddress(undefined, '198.51.100.1', loopback)).toBeNull();
  });

  it('exemptions: the bearer secret in constant time, exempt addresses after X-Forwarded-For, loopback by default', () => {
    const secret = 'site-secret-123';
    const limiter = new RateLimiter({ trustProxy: 'loopback' }, { token: secret });
    expect(limiter.keyOf(fakeRequest('203.0.113.9', { authorization: `Bearer ${secret}` }))).toBeNull();
    expect(limiter.keyOf(fakeRequest('203.0.113.9', { authorization: `Bearer ${secret}x` }))).toBe('203.0.113.9');
    expect(limiter.keyOf(fakeRequest('203.0.113.9', { authorization: secret }))).toBe('203.0.113.9');
    expect(limiter.keyOf(fakeRequest('203.0.113.9', { authorization: 'Bearer ' }))).toBe('203.0.113.9');
    // Loopback is exempt by default; a forwarded visitor of a trusted loopback proxy is not.
    expect(limiter.keyOf(fakeRequest('127.0.0.1'))).toBeNull();
    expect(limiter.keyOf(fakeRequest('::1'))).toBeNull();
    expect(limiter.keyOf(fakeRequest('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(limiter.keyOf(fakeRequest('127.0.0.1', { 'x-forwarded-for': '2001:db8:aa:bb:1::9' }))).toBe('2001:db8:aa:bb::/64');
    // A client cannot claim to be loopback.
    expect(limiter.keyOf(fakeRequest('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }))).toBe('203.0.113.9');

    // Without a secret configured, no bearer header exempts (an empty one least of all).
    const open = new RateLimiter({ exempt: 'none' });
    expect(open.keyOf(fakeRequest('127.0.0.1', { authorization: 'Bearer ' }))).toBe('127.0.0.1');
    expect(open.keyOf(fakeRequest('127.0.0.1', { authorization: 'Bearer undefined' }))).toBe('127.0.0.1');
    // Exempt lists.
    const listed = new RateLimiter({ exempt: '10.0.0.0/8' });
    expect(listed.keyOf(fakeRequest('10.9.8.7'))).toBeNull();
    expect(listed.keyOf(fakeRequest('127.0.0.1'))).toBe('127.0.0.1');
    // A proxy on loopback that is not trusted makes everyone behind it exempt: the limiter says so, once.
    const lines: string[] = [];
    const untrusted = new RateLimiter({}, { log: (line) => lines.push(line) });
    expect(untrusted.keyOf(fakeRequest('127.0.0.1'))).toBeNull();
    expect(lines).toEqual([]);
    expect(untrusted.keyOf(fakeRequest('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }))).toBeNull();
    expect(untrusted.keyOf(fakeRequest('::1', { 'x-forwarded-for': '198.51.100.5' }))).toBeNull();
    expect(lines).toEqual(['rate limits: requests from 127.0.0.1 carry X-Forwarded-For, which is ignored, and are exempt; behind a proxy there, set INDEXER_TRUST_PROXY']);
    // Everything off: nothing is counted.
    expect(new RateLimiter({ limits: { general: null, search: null, rpc: null, verify: null, api: null }, exempt: 'none' }).keyOf(fakeRequest('203.0.113.9'))).toBeNull();
  });
});

/** One HTTP request; the status, headers and parsed JSON body. */
function call(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? null : (JSON.parse(text) as unknown) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const from = (address: string, extra: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': address, ...extra } });

describe('over HTTP: 429 with Retry-After and the spec message', () => {
  const clock = manualClock();
  const limiter = new RateLimiter(
    {
      limits: { general: { rate: 1, burst: 5 }, search: { rate: 0.5, burst: 2 }, verify: { rate: 0.1, burst: 1 } },
      // The test's requests come from loopback: believe the X-Forwarded-For they carry, so each plays a client.
      trustProxy: 'loopback',
      now: clock.now,
    },
    { token: 'the-site-secret' },
  );
  const router = new Router()
    .get('/blocks', () => [])
    .get('/search', () => ({ type: 'block' }), { limit: 'search' })
    .get('/health', () => ({ status: 'ok' }), { limit: 'none' })
    .post('/api', ({ body }) => ({ got: body instanceof URLSearchParams ? body.get('action') : null }), {
      limit: ({ query, body }) => ((body instanceof URLSearchParams ? body.get('action') : query.get('action')) === 'verifysourcecode' ? 'verify' : null),
      // As the real /api route answers a refusal (api/etherscan/index.ts).
      refused: { status: 200, body: { status: '0', message: 'NOTOK', result: 'Max rate limit reached, please use API Key for higher rate limit' } },
    });
  const server = createApiServer(router, () => undefined, { limiter });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('the request after a burst is refused; other clients are not; time lets the client in again', async () => {
    for (let i = 0; i < 5; i++) expect((await call(base, '/blocks', from('198.51.100.1'))).status).toBe(200);
    const refused = await call(base, '/blocks', from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: RATE_LIMIT_MESSAGE });
    expect(RATE_LIMIT_MESSAGE).toBe('Too many requests: Rate limit exceeded');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toBe('Retry-After, X-Request-Id');
    // Unknown paths count too.
    expect((await call(base, '/nothing-here', from('198.51.100.1'))).status).toBe(429);
    // Another client, and another /64 of IPv6, have their own buckets; the same /64 shares one.
    expect((await call(base, '/blocks', from('198.51.100.2'))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call(base, '/blocks', from(`2001:db8:1:1::${i + 1}`))).status).toBe(200);
    expect((await call(base, '/blocks', from('2001:db8:1:1:ffff::1'))).status).toBe(429);
    expect((await call(base, '/blocks', from('2001:db8:1:2::1'))).status).toBe(200);
    clock.advance(1000);
    expect((await call(base, '/blocks', from('198.51.100.1'))).status).toBe(200);
    expect((await call(base, '/blocks', from('198.51.100.1'))).status).toBe(429);
  });

  it('a stricter route refuses before the general limit, with its own Retry-After', async () => {
    const client = from('198.51.100.20');
    expect((await call(base, '/search?q=1', client)).status).toBe(200);
    expect((await call(base, '/search?q=1', client)).status).toBe(200);
    const refused = await call(base, '/search?q=1', client);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('2'); // 0.5/s
    expect(refused.body).toEqual({ error: RATE_LIMIT_MESSAGE });
    // The general bucket still has its other three tokens.
    for (let i = 0; i < 3; i++) expect((await call(base, '/blocks', client)).status).toBe(200);
    expect((await call(base, '/blocks', client)).status).toBe(429);
  });

  it('a class read from the body: Etherscan verifysourcecode submissions are stricter, other actions are not', async () => {
    const client = { 'x-forwarded-for': '198.51.100.30', 'content-type': 'application/x-www-form-urlencoded' };
    const post = (action: string) => call(base, '/api', { method: 'POST', headers: client, body: `module=contract&action=${action}` });
    expect(await post('verifysourcecode')).toMatchObject({ status: 200, body: { got: 'verifysourcecode' } });
    const refused = await post('verifysourcecode');
    // As Etherscan answers it: HTTP 200, its wording in the envelope (forge retries on it), with the wait beside.
    expect(refused.status).toBe(200);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body).toEqual({ status: '0', message: 'NOTOK', result: 'Max rate limit reached, please use API Key for higher rate limit' });
    expect((await post('checkverifystatus')).status).toBe(200);
  });

  it('health checks, preflights and the site server (bearer secret) are never limited', async () => {
    const client = from('198.51.100.40');
    for (let i = 0; i < 5; i++) expect((await call(base, '/blocks', client)).status).toBe(200);
    expect((await call(base, '/blocks', client)).status).toBe(429);
    for (let i = 0; i < 20; i++) expect((await call(base, '/health', client)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await call(base, '/search?q=1', { method: 'OPTIONS', ...client })).status).toBe(204);
    // The site server: one address for all its visitors, proven by the shared secret.
    const site = from('198.51.100.40', { authorization: 'Bearer the-site-secret' });
    for (let i = 0; i < 50; i++) expect((await call(base, '/search?q=1', site)).status).toBe(200);
    expect((await call(base, '/blocks', from('198.51.100.40', { authorization: 'Bearer guessed' }))).status).toBe(429);
    // Requests from loopback without X-Forwarded-For (a local site, the tests, the bench) are exempt by default.
    for (let i = 0; i < 20; i++) expect((await call(base, '/search?q=1')).status).toBe(200);
  });
});

describe('startIndexer takes the settings per call', () => {
  // No chain behind it (nothing listens on port 9): the API serves while the sync keeps failing quietly.
  const start = (rateLimit?: IndexerOptions['rateLimit']) =>
    startIndexer({ rpcUrl: 'http://127.0.0.1:9', dbFile: ':memory:', port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false }, ...(rateLimit === undefined ? {} : { rateLimit }) });
  const statuses = async (url: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await fetch(url)).status);
    return out;
  };

  it('limits with the given rules and clock, not at all with false, and never loopback by default', async () => {
    const limited = await start({ exempt: 'none', limits: { general: { rate: 1, burst: 2 } }, now: () => 0 });
    const off = await start(false);
    // The defaults, as the integration tests, the e2e stack and a local site get them: this test runs on loopback.
    const defaults = await start();
    try {
      expect(await statuses(`${limited.url}/openapi.json`, 3)).toEqual([200, 200, 429]);
      expect(await statuses(`${limited.url}/health`, 3)).toEqual([200, 200, 200]);
      expect(await statuses(`${off.url}/openapi.json`, 150)).toEqual(Array(150).fill(200));
      expect(await statuses(`${defaults.url}/search?q=1`, 150)).not.toContain(429);
    } finally {
      await Promise.all([limited.stop(), off.stop(), defaults.stop()]);
    }
  });

  it('refuses settings it cannot read before it opens anything', async () => {
    await expect(start({ trustProxy: 'the load balancer' })).rejects.toThrow(/'the load balancer' is not loopback, private/);
  });
});

describe('the indexer routes carry their classes', () => {
  const db = openDatabase(':memory:');
  afterAll(() => db.close());
  const ctx = { db: new SqliteStore(db), rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false } as unknown as ApiContext;
  const routes = buildRouter(ctx).routes();
  const limitOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.limit;

  it.each([
    ['GET', '/search', 'search'],
    ['POST', '/proxy/rpc', 'rpc'],
    ['POST', '/contracts/{address}/interact', 'rpc'],
    ['GET', '/address/{address}/approvals', 'rpc'],
    ['POST', '/contracts/verify', 'verify'],
    ['GET', '/health', 'none'],
    ['GET', '/blocks', undefined],
    ['GET', '/transactions/{hash}', undefined],
    ['GET', '/contracts/{address}/verification', undefined],
  ])('%s %s → %j', (method, path, limit) => {
    expect(limitOf(method, path)).toBe(limit);
  });

  it.each(['GET', 'POST'])('%s /api: verifysourcecode (query, form or JSON body) spends from verify, other actions from the API class', (method) => {
    const limit = limitOf(method, '/api');
    if (typeof limit !== 'function') throw new Error('/api has no class function');
    const q = (s: string) => new URLSearchParams(s);
    expect(limit({ query: q('module=contract&action=verifysourcecode'), body: undefined })).toBe('verify');
    expect(limit({ query: q(''), body: q('module=contract&action=verifysourcecode') })).toBe('verify');
    expect(limit({ query: q(''), body: { module: 'contract', action: 'verifysourcecode' } })).toBe('verify');
    expect(limit({ query: q('Module=Contract&Action=VerifySourceCode'), body: undefined })).toBe('verify');
    expect(limit({ query: q('module=contract&action=checkverifystatus&guid=x'), body: undefined })).toBe('api');
    expect(limit({ query: q('module=contract&action=getsourcecode&address=0x'), body: undefined })).toBe('api');
    expect(limit({ query: q('module=account&action=txlist'), body: undefined })).toBe('api');
    expect(limit({ query: q('module=nothing'), body: undefined })).toBe('api');
  });

  it("the real /api, over HTTP: the API class refuses as Etherscan does (HTTP 200, its words, Retry-After beside)", async () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ limits: { general: { rate: 1, burst: 10 }, api: { rate: 1, burst: 2 } }, trustProxy: 'loopback', now: clock.now });
    const server = createApiServer(buildRouter(ctx), () => undefined, { limiter });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = from('198.51.100.60');
      const first = await call(base, '/api?module=nothing', client);
      expect(first).toMatchObject({ status: 200, body: { status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Module name' } });
      expect((await call(base, '/api?MODULE=account&Action=nothing&apikey=ignored', client)).body).toEqual({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' });
      const refused = await call(base, '/api?module=account&action=txlist', client);
      expect(refused.status).toBe(200);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toEqual({ status: '0', message: 'NOTOK', result: 'Max rate limit reached, please use API Key for higher rate limit' });
      // A second later the API class has a token again.
      clock.advance(1000);
      expect((await call(base, '/api?module=nothing', client)).body).toMatchObject({ result: 'Error! Missing Or invalid Module name' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the site server's indexer requests", () => {
  it('carry the shared secret when it is set (exempt from the per-client limits), and ask a loopback indexer for identity', () => {
    const settings = (env: Record<string, string>) => siteSettingsFrom(env);
    expect(serverHeaders('http://127.0.0.1:3300', settings({}))).toEqual({ 'accept-encoding': 'identity' });
    expect(serverHeaders('https://indexer.example', settings({ INDEXER_ADMIN_TOKEN: '  s3cret ' }))).toEqual({ authorization: 'Bearer s3cret' });
    expect(serverHeaders('http://127.0.0.1:3300', settings({ INDEXER_ADMIN_TOKEN: 's3cret' }))).toEqual({ 'accept-encoding': 'identity', authorization: 'Bearer s3cret' });
    expect(serverHeaders('https://indexer.example', settings({ INDEXER_ADMIN_TOKEN: '   ' }))).toEqual({});
  });
});

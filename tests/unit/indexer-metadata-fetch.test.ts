import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbiCoder } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyIp, type IpAddressKind } from '../../indexer/src/metadata/address-guard.ts';
import { FetchRefusedError, fetchLimited, MAX_REDIRECTS, type FetchLimits, type ResolveHost } from '../../indexer/src/metadata/fetch-limited.ts';
import { MetadataQueue } from '../../indexer/src/metadata/queue.ts';
import { MetadataUpdates } from '../../indexer/src/sync/state.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';

// A real HTTP server on 127.0.0.1; the guard must keep every request away from it unless told otherwise.
const META = JSON.stringify({ name: 'Local #1', image: 'ipfs://bafy/1.png' });
const LIMITS: FetchLimits = { timeoutMs: 2000, maxBytes: 1024 };
let server: Server;
let port: number;
let origin: string;
/** Paths the server was asked for, in order: empty when the guard refused before connecting. */
let hits: string[] = [];
const open = new Set<ServerResponse>();

/** What the JSON-RPC endpoint at /rpc answers to tokenURI (an eth_call), for the queue's tests. */
let tokenUri = '';

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname === '/rpc') {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: AbiCoder.defaultAbiCoder().encode(['string'], [tokenUri]) }));
    return;
  }
  hits.push(url.pathname + url.search);
  const redirect = (location: string): void => {
    res.writeHead(302, { location });
    res.end();
  };
  switch (url.pathname) {
    case '/meta.json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(META);
      return;
    case '/to':
      // Redirects wherever ?l= says (the attacker's server in these tests).
      redirect(url.searchParams.get('l') ?? '/');
      return;
    case '/chain': {
      // /chain?n=3 → /chain?n=2 → … → /meta.json, with relative Locations.
      const n = Number(url.searchParams.get('n'));
      redirect(n > 0 ? `chain?n=${n - 1}` : '/meta.json');
      return;
    }
    case '/no-location':
      res.writeHead(302);
      res.end();
      return;
    case '/declared-big':
      res.writeHead(200, { 'content-length': String(LIMITS.maxBytes + 1) });
      res.end('x'.repeat(LIMITS.maxBytes + 1));
      return;
    case '/streamed-big':
      // Chunked, no Content-Length: only the running count can stop it.
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 8; i++) res.write('y'.repeat(256));
      res.end();
      return;
    case '/exact':
      res.writeHead(200);
      res.end('z'.repeat(LIMITS.maxBytes));
      return;
    case '/hang':
      // Never answers; the time-out must end the wait.
      open.add(res);
      return;
    case '/hang-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"name":');
      open.add(res);
      return;
    default: {
      const status = /^\/status\/(\d{3})$/.exec(url.pathname)?.[1];
      res.writeHead(status ? Number(status) : 404);
      res.end('nope');
    }
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
});

/** A resolver that knows only the given names; anything else is NXDOMAIN, as with no DNS at all. */
function resolver(table: Record<string, string[]>): ResolveHost & { calls: string[] } {
  const calls: string[] = [];
  const fn = (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    const found = table[hostname];
    if (!found) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(fn, { calls });
}

/** The real classification, except that 127.0.0.1 (the test server) passes for a public address. */
const serverIsPublic = (address: string): IpAddressKind => (address === '127.0.0.1' ? 'public' : classifyIp(address));

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefusedError);
  return err as FetchRefusedError;
}

describe('loopback and private addresses are refused by default', () => {
  it('refuses 127.0.0.1 with a clear message and never connects', async () => {
    const err = await refusal(fetchLimited(`${origin}/meta.json`, LIMITS));
    expect(err.message).toBe('refused: 127.0.0.1 is a loopback address (METADATA_ALLOW_PRIVATE=1 allows it)');
    expect(hits).toEqual([]);
  });

  it.each([
    [`http://localhost:PORT/meta.json`, 'refused: localhost is an internal host name'],
    [`http://LocalHost.:PORT/meta.json`, 'refused: localhost. is an internal host name'],
    [`http://[::1]:PORT/meta.json`, 'refused: ::1 is a loopback address'],
    [`http://[::ffff:127.0.0.1]:PORT/meta.json`, 'refused: ::ffff:7f00:1 is a loopback address'],
    [`http://2130706433:PORT/meta.json`, 'refused: 127.0.0.1 is a loopback address'],
    [`http://0x7f.1:PORT/meta.json`, 'refused: 127.0.0.1 is a loopback address'],
    [`http://127.1:PORT/meta.json`, 'refused: 127.0.0.1 is a loopback address'],
    [`http://0:PORT/meta.json`, 'refused: 0.0.0.0 is an unspecified address'],
    ['http://10.0.0.5/meta.json', 'refused: 10.0.0.5 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'refused: 169.254.169.254 is the cloud metadata service'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'refused: metadata.google.internal is an internal host name'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'refused: fd00:ec2::254 is the cloud metadata service'],
  ])('refuses %s', async (url, message) => {
    const err = await refusal(fetchLimited(url.replace('PORT', String(port)), LIMITS, { resolve: resolver({}) }));
    expect(err.message).toBe(`${message} (METADATA_ALLOW_PRIVATE=1 allows it)`);
    expect(hits).toEqual([]);
  });

  it('refuses a public-looking name that resolves to loopback, after resolving it', async () => {
    const resolve = resolver({ 'nft.example.com': ['127.0.0.1'] });
    const err = await refusal(fetchLimited(`http://nft.example.com:${port}/meta.json`, LIMITS, { resolve }));
    expect(err.message).toBe('refused: nft.example.com resolves to 127.0.0.1, a loopback address (METADATA_ALLOW_PRIVATE=1 allows it)');
    expect(resolve.calls).toEqual(['nft.example.com']);
    expect(hits).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, even after a public one', async () => {
    const resolve = resolver({ 'mixed.example.com': ['8.8.8.8', '2606:4700::1111', '192.168.1.20'] });
    const err = await refusal(fetchLimited('http://mixed.example.com/meta.json', LIMITS, { resolve }));
    expect(err.message).toContain('mixed.example.com resolves to 192.168.1.20, a private address');
  });

  it('refuses non-http(s) URLs', async () => {
    const err = await refusal(fetchLimited('file:///etc/passwd', LIMITS));
    expect(err.message).toBe('refused: file: URLs are not fetched');
  });
});

describe('every redirect hop is checked', () => {
  it('connects to the checked address: a name only the injected resolver knows is fetched from it', async () => {
    const resolve = resolver({ 'nft.example.com': ['127.0.0.1'] });
    const body = await fetchLimited(`http://nft.example.com:${port}/meta.json`, LIMITS, { resolve, classify: serverIsPublic });
    expect(body.toString()).toBe(META);
    expect(hits).toEqual(['/meta.json']);
  });

  it.each([
    ['http://127.0.0.2/meta.json', 'refused: 127.0.0.2 is a loopback address, reached by a redirect'],
    ['http://10.0.0.5/', 'refused: 10.0.0.5 is a private address, reached by a redirect'],
    ['http://169.254.169.254/latest/meta-data/iam/', 'refused: 169.254.169.254 is the cloud metadata service, reached by a redirect'],
    ['http://[::1]/', 'refused: ::1 is a loopback address, reached by a redirect'],
    ['http://localhost/', 'refused: localhost is an internal host name, reached by a redirect'],
    ['http://rebind.example.com/', 'refused: rebind.example.com resolves to 127.0.0.2, a loopback address, reached by a redirect'],
  ])('refuses a redirect from an allowed host to %s at that hop', async (target, message) => {
    const resolve = resolver({ 'rebind.example.com': ['127.0.0.2'] });
    const url = `${origin}/to?l=${encodeURIComponent(target)}`;
    const err = await refusal(fetchLimited(url, LIMITS, { resolve, classify: serverIsPublic }));
    expect(err.message).toBe(`${message} (METADATA_ALLOW_PRIVATE=1 allows it)`);
    // The first hop was served; the second never left the guard.
    expect(hits).toEqual([`/to?l=${encodeURIComponent(target)}`]);
  });

  it('resolves the host again on every hop (a rebinding answer is caught at the redirect)', async () => {
    const answers = [['127.0.0.1'], ['127.0.0.9']];
    const calls: string[] = [];
    const resolve: ResolveHost = (hostname) => {
      calls.push(hostname);
      return Promise.resolve((answers.shift() ?? []).map((address) => ({ address, family: 4 })));
    };
    const url = `http://nft.example.com:${port}/to?l=${encodeURIComponent('/meta.json')}`;
    const err = await refusal(fetchLimited(url, LIMITS, { resolve, classify: serverIsPublic }));
    expect(err.message).toContain('nft.example.com resolves to 127.0.0.9, a loopback address, reached by a redirect');
    expect(calls).toEqual(['nft.example.com', 'nft.example.com']);
    expect(hits).toHaveLength(1);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://ftp.example.com/meta.json', 'data:application/json,{}'])(
    'refuses a redirect to %s',
    async (target) => {
      const err = await refusal(fetchLimited(`${origin}/to?l=${encodeURIComponent(target)}`, LIMITS, { allowPrivate: true }));
      expect(err.message).toMatch(/^refused: redirect to a [a-z]+: URL$/);
      expect(hits).toHaveLength(1);
    },
  );

  it(`follows ${MAX_REDIRECTS} redirects, resolving relative Locations against the current URL`, async () => {
    const body = await fetchLimited(`${origin}/chain?n=${MAX_REDIRECTS - 1}`, LIMITS, { allowPrivate: true });
    expect(body.toString()).toBe(META);
    expect(hits).toEqual(['/chain?n=4', '/chain?n=3', '/chain?n=2', '/chain?n=1', '/chain?n=0', '/meta.json']);
  });

  it(`fails past ${MAX_REDIRECTS} redirects`, async () => {
    const err = await refusal(fetchLimited(`${origin}/chain?n=${MAX_REDIRECTS}`, LIMITS, { allowPrivate: true }));
    expect(err.message).toBe(`more than ${MAX_REDIRECTS} redirects`);
    expect(hits).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('METADATA_ALLOW_PRIVATE turns the guard off', () => {
  it('fetches from the local server', async () => {
    const body = await fetchLimited(`${origin}/meta.json`, LIMITS, { allowPrivate: true });
    expect(body.toString()).toBe(META);
    expect(hits).toEqual(['/meta.json']);
  });

  it('fetches from a name resolving to loopback, and follows a redirect to loopback', async () => {
    const resolve = resolver({ 'nft.example.com': ['127.0.0.1'] });
    const url = `http://nft.example.com:${port}/to?l=${encodeURIComponent(`${origin}/meta.json`)}`;
    const body = await fetchLimited(url, LIMITS, { allowPrivate: true, resolve });
    expect(body.toString()).toBe(META);
    expect(hits).toHaveLength(2);
  });
});

describe('limits still apply', () => {
  const allow = { allowPrivate: true };

  it('accepts a body of exactly maxBytes', async () => {
    expect((await fetchLimited(`${origin}/exact`, LIMITS, allow)).length).toBe(LIMITS.maxBytes);
  });

  it('refuses a declared Content-Length over maxBytes', async () => {
    await expect(fetchLimited(`${origin}/declared-big`, LIMITS, allow)).rejects.toThrow(`body of ${LIMITS.maxBytes + 1} bytes exceeds ${LIMITS.maxBytes}`);
  });

  it('stops a chunked body once it passes maxBytes', async () => {
    await expect(fetchLimited(`${origin}/streamed-big`, LIMITS, allow)).rejects.toThrow(`body exceeds ${LIMITS.maxBytes} bytes`);
  });

  it.each([404, 410, 500, 503])('throws HTTP %i', async (status) => {
    await expect(fetchLimited(`${origin}/status/${status}`, LIMITS, allow)).rejects.toThrow(`HTTP ${status}`);
  });

  it('throws on a redirect status without Location', async () => {
    await expect(fetchLimited(`${origin}/no-location`, LIMITS, allow)).rejects.toThrow('HTTP 302');
  });

  it.each(['/hang', '/hang-body'])('times out on %s', async (path) => {
    const started = Date.now();
    await expect(fetchLimited(`${origin}${path}`, { ...LIMITS, timeoutMs: 300 }, allow)).rejects.toThrow('timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out while the name is still resolving', async () => {
    const resolve: ResolveHost = () => new Promise(() => {});
    await expect(fetchLimited('http://slow-dns.example.com/', { ...LIMITS, timeoutMs: 200 }, { resolve })).rejects.toThrow('timed out after 200 ms');
  });
});

describe('the metadata queue', () => {
  interface Row {
    metadata_status: string;
    metadata_attempts: number;
    metadata_error: string | null;
    name: string | null;
  }

  /** Metadata writes the queue counted (MetadataUpdates, for /health) and the count stored in sync_state, after loadOne. */
  let counted: { reported: number | null; stored: number | undefined; before: number | null } = { reported: null, stored: undefined, before: null };

  /** Runs a queue over one pending ERC-721 token whose tokenURI is the local server's document. */
  async function loadOne(allowPrivate: boolean | undefined): Promise<Row | undefined> {
    tokenUri = `${origin}/meta.json`;
    const store = openSqlite(':memory:');
    try {
      await store.run(
        `INSERT INTO nft_tokens (token_address, token_id, token_type, supply, mint_block) VALUES (?, ?, 'ERC721', '1', 1)`,
        '0x' + '11'.repeat(20),
        '1',
      );
      const updates = new MetadataUpdates();
      const queue = new MetadataQueue(store, new RpcClient(`${origin}/rpc`), { gateway: 'https://ipfs.invalid/ipfs/', updates, ...(allowPrivate === undefined ? {} : { allowPrivate }) });
      // A count from earlier writes (another process's, before a restart) goes on from where it was.
      await store.run('UPDATE sync_state SET metadata_updates = 40 WHERE id = 1');
      const before = updates.current();
      queue.start();
      const row = async () => store.one<Row>('SELECT metadata_status, metadata_attempts, metadata_error, name FROM nft_tokens');
      const deadline = Date.now() + 5000;
      while ((await row())?.metadata_status === 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await queue.stop();
      counted = {
        before,
        reported: updates.current(),
        stored: (await store.one<{ n: number }>('SELECT metadata_updates AS n FROM sync_state WHERE id = 1'))?.n,
      };
      return await row();
    } finally {
      await store.close();
    }
  }

  it('refuses a token URI on loopback by default, at once and for good (no retries)', async () => {
    expect(await loadOne(undefined)).toEqual({
      metadata_status: 'error',
      metadata_attempts: 0,
      metadata_error: 'refused: 127.0.0.1 is a loopback address (METADATA_ALLOW_PRIVATE=1 allows it)',
      name: null,
    });
    expect(hits).toEqual([]);
  });

  it('loads it with allowPrivate', async () => {
    expect(await loadOne(true)).toEqual({ metadata_status: 'ok', metadata_attempts: 0, metadata_error: null, name: 'Local #1' });
    expect(hits).toEqual(['/meta.json']);
  });

  it('counts each write in sync_state and reports the count (the site keeps NFT pages per head and this count)', async () => {
    await loadOne(true);
    // Unknown before the loop read the stored count; one write after it, stored and reported alike.
    expect(counted).toEqual({ before: null, reported: 41, stored: 41 });
    // A refusal is a write too (the page shows the token's metadata as unavailable from then on).
    await loadOne(undefined);
    expect(counted).toEqual({ before: null, reported: 41, stored: 41 });
  });
});

// The bundled indexer's token admin routes over real HTTP: the shared secret, sessions with idle expiry,
// failed-login counting, logo uploads checked again by content, and logos served as bytes with a content ETag and
// headers that keep anything in them from running.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildRouter } from '../../indexer/src/api/routes.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { scratchStore } from './backend.ts';
import { createApiServer } from '../../indexer/src/http/server.ts';
import { encodePng } from '../../src/lib/server/png.ts';

const TOKEN = '0x00000000000000000000000000000000000000a1';
const NOT_A_TOKEN = '0x00000000000000000000000000000000000000b2';
const SECRET = 'a-shared-secret-of-the-site';
const HASH = 'a'.repeat(64);

let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await scratchStore();
  await db.run(
    `INSERT INTO contracts (address, block_number, timestamp, first_seen_block, contract_type, name, symbol, decimals, holder_count, transfer_count)
    VALUES (?, 1, 100, 1, 'ERC20', 'Alpha', 'ALP', 18, 1, 1)`,
    TOKEN,
  );
  const ctx = { db, rpc: {}, sync: () => ({}), ipfsGateway: 'https://ipfs.io/ipfs/', cache: false, adminToken: SECRET } as unknown as ApiContext;
  const server = createApiServer(buildRouter(ctx), () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  };
});
afterAll(() => close());

const admin = (path: string, body?: unknown, secret = SECRET) =>
  fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function png(size: number): Buffer {
  return encodePng(size, size, new Uint8Array(size * size * 4).fill(200));
}

describe('the shared secret', () => {
  it.each([
    ['no header', undefined],
    ['a wrong secret', 'wrong'],
    ['the secret with a suffix', `${SECRET}x`],
    ['an empty secret', ''],
  ])('%s: 401', async (_name, secret) => {
    const res = await fetch(`${base}/admin/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` }) },
      body: JSON.stringify({ idHash: HASH, username: 'u', idleMs: 1000 }),
    });
    expect(res.status).toBe(401);
  });

  it('without a configured secret the admin routes are off (503), never open', async () => {
    const db = await scratchStore();
    const router = buildRouter({ db, rpc: {}, sync: () => ({}), ipfsGateway: '', cache: false } as unknown as ApiContext);
    const match = router.match('POST', ['admin', 'sessions']);
    if (!match || !('route' in match)) throw new Error('no route');
    await expect(Promise.try(() => match.route.handler({ params: {}, query: new URLSearchParams(), body: {}, headers: { authorization: 'Bearer ' } }))).rejects.toThrow(/INDEXER_ADMIN_TOKEN/);
    await db.close();
  });
});

describe('sessions', () => {
  it('are created, read (touched) and ended; an unknown one is 404', async () => {
    expect((await admin('/admin/sessions', { idHash: HASH, username: 'root', idleMs: 60_000 })).status).toBe(200);
    const touched = await admin(`/admin/sessions/${HASH}/touch`, { idleMs: 60_000 });
    expect(touched.status).toBe(200);
    expect(await touched.json()).toMatchObject({ username: 'root' });
    expect((await admin(`/admin/sessions/${HASH}/end`, {})).status).toBe(200);
    expect((await admin(`/admin/sessions/${HASH}/touch`, { idleMs: 60_000 })).status).toBe(404);
  });

  it('expire after the idle time', async () => {
    const id = 'b'.repeat(64);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000_000);
      await admin('/admin/sessions', { idHash: id, username: 'root', idleMs: 1000 });
      vi.setSystemTime(1_000_900);
      expect((await admin(`/admin/sessions/${id}/touch`, { idleMs: 1000 })).status).toBe(200);
      vi.setSystemTime(1_001_800);
      expect((await admin(`/admin/sessions/${id}/touch`, { idleMs: 1000 })).status).toBe(200);
      vi.setSystemTime(1_002_801);
      expect((await admin(`/admin/sessions/${id}/touch`, { idleMs: 1000 })).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [{ idHash: 'short', username: 'u', idleMs: 1000 }],
    [{ idHash: HASH, username: '', idleMs: 1000 }],
    [{ idHash: HASH, username: 'u', idleMs: 0 }],
    [{ idHash: HASH, username: 'u', idleMs: 10 ** 12 }],
  ])('refuses %j with 400', async (body) => {
    expect((await admin('/admin/sessions', body)).status).toBe(400);
  });
});

describe('failed logins', () => {
  it('are counted per client within the window and cleared', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const res = await admin('/admin/login-failures', { client: '192.0.2.1', windowMs: 60_000 });
      expect(await res.json()).toMatchObject({ failures: i });
    }
    await admin('/admin/login-failures', { client: '192.0.2.2', windowMs: 60_000 });
    const counted = (await (await admin('/admin/login-failures?client=192.0.2.1&windowMs=60000')).json()) as unknown;
    expect(counted).toMatchObject({ failures: 3 });
    expect(typeof (counted as { oldest: unknown }).oldest).toBe('number');
    await admin('/admin/login-failures/clear', { client: '192.0.2.1' });
    expect(await (await admin('/admin/login-failures?client=192.0.2.1&windowMs=60000')).json()).toEqual({ failures: 0, oldest: null });
    expect(await (await admin('/admin/login-failures?client=192.0.2.2&windowMs=60000')).json()).toMatchObject({ failures: 1 });
  });
});

describe('logos', () => {
  const upload = (address: string, bytes: Buffer) => admin(`/admin/token-logos/${address}`, { data: bytes.toString('base64'), uploadedBy: 'root' });

  it('a PNG is stored and served with its content hash as ETag, 304 when unchanged', async () => {
    const bytes = png(16);
    const res = await upload(TOKEN, bytes);
    expect(res.status).toBe(200);
    const stored = (await res.json()) as { type: string; hash: string };
    expect(stored.type).toBe('png');
    const list = (await (await fetch(`${base}/token-logos`)).json()) as { logos: Array<{ address: string; hash: string }> };
    expect(list.logos.map((l) => ({ ...l, address: l.address.toLowerCase() }))).toEqual([expect.objectContaining({ address: TOKEN, type: 'png', hash: stored.hash })]);
    const logo = await fetch(`${base}/token-logos/${TOKEN}.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('etag')).toBe(`"${stored.hash}"`);
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${base}/token-logos/${TOKEN}.png`, { headers: { 'if-none-match': `"${stored.hash}"` } })).status).toBe(304);
    // A PNG logo has no SVG form.
    expect((await fetch(`${base}/token-logos/${TOKEN}.svg`)).status).toBe(404);
  });

  it('an SVG replaces it, sanitised, under both names', async () => {
    const res = await upload(TOKEN, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><!-- c --><rect width="4" height="4"/></svg>'));
    expect(res.status).toBe(200);
    for (const name of ['svg', 'png']) {
      const logo = await fetch(`${base}/token-logos/${TOKEN}.${name}`);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      const text = await logo.text();
      expect(text).toContain('<rect');
      expect(text).not.toContain('<!--');
    }
  });

  it.each([
    ['text named as an image', Buffer.from('hello'), 422, 'Please select an image file'],
    ['a script-bearing SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 422, 'Please select an image file'],
    ['an oversize file', Buffer.concat([png(8), Buffer.alloc(204_800)]), 413, 'File size should be less than 200KB'],
  ])('refuses %s', async (_name, bytes, status, error) => {
    const res = await upload(TOKEN, bytes);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
  });

  it.each([
    ['not a token', NOT_A_TOKEN, { data: png(4).toString('base64') }, 404],
    ['a malformed address', '0x12', { data: png(4).toString('base64') }, 400],
    ['data that is not base64', TOKEN, { data: '%%%' }, 400],
    ['no data', TOKEN, {}, 400],
  ])('refuses %s', async (_name, address, body, status) => {
    expect((await admin(`/admin/token-logos/${address}`, body)).status).toBe(status);
  });

  it('needs the secret to upload', async () => {
    const res = await admin(`/admin/token-logos/${TOKEN}`, { data: png(4).toString('base64') }, 'nope');
    expect(res.status).toBe(401);
  });

  it.each(['0x12.png', `${TOKEN}.gif`, `${TOKEN}.png.html`, `${NOT_A_TOKEN}.png`])('GET /token-logos/%s is 404', async (file) => {
    expect((await fetch(`${base}/token-logos/${file}`)).status).toBe(404);
  });

  it('tokens say whether their contract is verified', async () => {
    const token = (await (await fetch(`${base}/tokens/${TOKEN}`)).json()) as { verified: unknown };
    expect(token.verified).toBe(false);
  });
});

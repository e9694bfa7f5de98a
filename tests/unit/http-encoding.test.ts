import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { decodeBody, rawGet } from '../http-raw.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { compressBodySync, isCompressible, negotiateEncoding, varyWithEncoding } from '../../common/encoding.ts';
import { Router } from '../../indexer/src/http/router.ts';
import { createApiServer } from '../../indexer/src/http/server.ts';
import { compressResponse } from '../../src/lib/server/compress.ts';
import { precompressDirectory } from '../../src/lib/server/build/precompress.ts';

describe('Accept-Encoding negotiation', () => {
  it.each([
    [null, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', null],
    ['BR', 'br'],
  ] as const)('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('compressible types, Vary and the switch', () => {
    expect(['text/html; charset=utf-8', 'application/json', 'text/javascript', 'image/svg+xml', 'application/manifest+json'].every(isCompressible)).toBe(true);
    expect(['image/png', 'image/webp', 'application/octet-stream', '', null].some((t) => isCompressible(t))).toBe(false);
    expect(varyWithEncoding(null)).toBe('Accept-Encoding');
    expect(varyWithEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyWithEncoding('accept-encoding')).toBe('accept-encoding');
    // HTTP_COMPRESSION as both servers' settings read it (common/settings.ts).
    expect(siteSettingsFrom({}).HTTP_COMPRESSION).toBe(true);
    expect(siteSettingsFrom({ HTTP_COMPRESSION: '0' }).HTTP_COMPRESSION).toBe(false);
    expect(siteSettingsFrom({ HTTP_COMPRESSION: 'off' }).HTTP_COMPRESSION).toBe(false);
    expect(siteSettingsFrom({ HTTP_COMPRESSION: '1' }).HTTP_COMPRESSION).toBe(true);
  });
});

describe('the indexer compresses its JSON and answers polls with 304', () => {
  const big = { items: Array.from({ length: 400 }, (_, i) => ({ number: i, hash: `0x${i.toString(16).padStart(64, '0')}`, miner: '0x'.padEnd(42, 'a') })) };
  let base = '';
  const server = createApiServer(
    new Router().add('GET', '/big', () => big).add('GET', '/small', () => ({ ok: true })).add('GET', '/missing', () => {
      throw new Error('boom');
    }),
    () => undefined,
  );
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('Brotli, gzip and identity carry the same JSON; Vary says why', async () => {
    const plain = await rawGet(`${base}/big`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(plain.body.toString()) as typeof big).items).toHaveLength(400);
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await rawGet(`${base}/big`, { 'accept-encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['vary']).toBe('Accept-Encoding');
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
      expect(packed.body.length).toBeLessThan(plain.body.length / 4);
      expect(decodeBody(packed.body, encoding).equals(plain.body)).toBe(true);
    }
    // A small answer is not worth the framing.
    const small = await rawGet(`${base}/small`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBe('Accept-Encoding');
  });

  it('ETag and If-None-Match: the same answer is a 304 without a body, whatever the encoding', async () => {
    const first = await rawGet(`${base}/big`, { 'accept-encoding': 'gzip' });
    const etag = first.headers['etag'] ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await rawGet(`${base}/big`, { 'accept-encoding': 'br' })).headers['etag']).toBe(etag);
    const again = await rawGet(`${base}/big`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect((await rawGet(`${base}/big`, { 'if-none-match': 'W/"other"' })).status).toBe(200);
    // Errors carry no validator.
    const failed = await rawGet(`${base}/missing`);
    expect(failed.status).toBe(500);
    expect(failed.headers['etag']).toBeUndefined();
  });
});

describe("the site's page compression", () => {
  const html = `<!doctype html><html><body>${'<p>Block 12345 mined by 0xabc</p>'.repeat(300)}</body></html>`;
  const page = (): Response => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(html.length) } });

  it.each(['br', 'gzip'] as const)('%s: decodes to the same page, no stale length, Vary set', async (encoding) => {
    const res = compressResponse(new Request('http://site/', { headers: { 'accept-encoding': encoding } }), page(), true);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 10);
    expect(decodeBody(body, encoding).toString()).toBe(html);
  });

  it('identity, HEAD, already encoded, images and the switch pass through', async () => {
    const plain = compressResponse(new Request('http://site/'), page(), true);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(html);
    expect(compressResponse(new Request('http://site/', { headers: { 'accept-encoding': 'br' } }), page(), false).headers.get('content-encoding')).toBeNull();
    expect(compressResponse(new Request('http://site/', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }), page(), true).headers.get('content-encoding')).toBeNull();
    const png = new Response(new Uint8Array(2048), { headers: { 'content-type': 'image/png' } });
    expect(compressResponse(new Request('http://site/x.png', { headers: { 'accept-encoding': 'br' } }), png, true)).toBe(png);
    const encoded = new Response('x', { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } });
    expect(compressResponse(new Request('http://site/', { headers: { 'accept-encoding': 'br' } }), encoded, true).headers.get('content-encoding')).toBe('gzip');
  });
});

describe('build-time precompression', () => {
  it('writes .br and .gz beside compressible files that shrink, and nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    try {
      mkdirSync(join(dir, '_astro'));
      const js = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, label: `row ${i}` })))};`;
      writeFileSync(join(dir, '_astro', 'a.js'), js);
      writeFileSync(join(dir, 'tiny.css'), 'a{color:red}');
      writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));
      const result = precompressDirectory(dir);
      expect(result.files).toBe(1);
      expect(brotliDecompressSync(readFileSync(join(dir, '_astro', 'a.js.br'))).toString()).toBe(js);
      expect(gunzipSync(readFileSync(join(dir, '_astro', 'a.js.gz'))).toString()).toBe(js);
      expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
      expect(existsSync(join(dir, 'logo.png.br'))).toBe(false);
      expect(compressBodySync(Buffer.from(js), 'br').length).toBe(readFileSync(join(dir, '_astro', 'a.js.br')).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server asks a loopback indexer for plain answers', () => {
  it('loopback URLs', async () => {
    const { isLoopback } = await import('../../src/lib/server/indexer-client.ts');
    expect(['http://127.0.0.1:3300', 'http://localhost:3300/v1', 'http://[::1]:3300', 'http://127.1.2.3'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['https://indexer.sto.network', 'http://10.0.0.2:3300', 'not a url', ''].map(isLoopback)).toEqual([false, false, false, false]);
  });

  it('the transport sends its extra headers with every request', async () => {
    const { createTransport } = await import('../../src/lib/indexer-api/transport.ts');
    const seen: Record<string, string>[] = [];
    const t = createTransport('http://127.0.0.1:1', {
      headers: { 'accept-encoding': 'identity' },
      fetch: async (_url, init) => {
        seen.push(init?.headers as Record<string, string>);
        return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await t.get('/health', (b) => b);
    expect(seen[0]).toMatchObject({ 'accept-encoding': 'identity', accept: 'application/json' });
  });
});

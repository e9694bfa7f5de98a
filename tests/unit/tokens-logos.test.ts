import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TokenLogoComponent from '../../src/components/tokens/TokenLogo.astro';
import { GET } from '../../src/pages/token-logos/[file].ts';
import { drawLogo, LOGO_PIXELS } from '../../src/lib/tokens/logo-art.ts';
import { hasTokenLogo, parseLogoFileName, tokenLogoPath, tokenLogoPng } from '../../src/lib/server/logos.ts';
import { logoIndexVersion, setUploadedLogos } from '../../src/lib/tokens/logo-index.ts';
import { normalizeLogoList } from '../../src/lib/normalize/logos.ts';
import { tokenInitials, tokenLogoUrl } from '../../src/lib/tokens/logo-url.ts';
import { withLogos } from '../../src/lib/search/suggestions.ts';
import { encodePng } from '../../src/lib/server/png.ts';
import { installSiteSettings, siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { PRESET_TOKENS } from '../../src/lib/tokens/presets.ts';

// Plain TypeScript cannot resolve .astro modules (`astro check` can), so type the import as what the container renders.
const TokenLogo = TokenLogoComponent as Parameters<AstroContainer['renderToString']>[0];

const SGOV = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const UNKNOWN = '0x0000000000000000000000000000000000000001';

/** Width, height and RGBA pixels of a PNG written by encodePng (filter 0, one IDAT). */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.set(png.toString('ascii', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const header = chunks.get('IHDR');
  const data = chunks.get('IDAT');
  if (!header || !data || !chunks.has('IEND')) throw new Error('missing chunk');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([header[8], header[9]]).toEqual([8, 6]);
  const raw = inflateSync(data);
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    raw.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, pixels };
}

describe('tokenInitials', () => {
  it.each([
    ['SGOV', 'Sto Governance', 'SG'],
    ['usdt', null, 'US'],
    ['', 'loyalty points', 'LO'],
    ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 'IM'],
    ['\u202eDSU', 'Tether USD \u202egpj.exe', 'DS'],
    ['BAD\ufffd', 'STO \ufffd\ufffd', 'BA'],
    ['$$', '!!', 'T'],
    ['', '', 'T'],
    [null, null, '?'],
  ])('(%j, %j) → %s', (symbol, name, expected) => {
    expect(tokenInitials(symbol, name)).toBe(expected);
  });
});

describe('TokenLogo states', () => {
  it.each([
    ['no token', null, '?', false],
    ['a token without a logo', { address: UNKNOWN, symbol: 'CT1', name: 'Community Token 1' }, 'CT', false],
    ['a token without symbol or name letters', { address: UNKNOWN, symbol: '', name: '***' }, 'T', false],
    ['a preset with a bundled logo', { address: SGOV, symbol: 'SGOV', name: 'Sto Governance' }, 'SG', true],
  ])('%s', async (_name, token, initials, withImage) => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(TokenLogo, { props: { token } });
    expect(html).toMatch(new RegExp(`data-test="token-initials"[^>]*>${initials.replace('?', '\\?')}</span>`));
    expect(html.includes('<img')).toBe(withImage);
    // Found logos start 'loading'; the head script records 'found' or falls back to the initials on 'failed'.
    expect(html).toContain(withImage ? 'data-state="loading"' : 'data-state="failed"');
    if (withImage) {
      expect(html).toContain(`src="${tokenLogoPath(SGOV)}"`);
      expect(html).toContain('data-img="logo"');
      // No inline handler: the Content-Security-Policy refuses them.
      expect(html).not.toMatch(/\son(?:load|error)=/);
    }
  });
  it('never puts chain text into markup or handlers', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(TokenLogo, { props: { token: { address: SGOV, symbol: '<img src=x onerror=alert(1)>', name: '"><script>alert(1)</script>' } } });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('src=x');
    expect(html).toContain('>IM</span>');
  });
});

describe('logo file names and lookup', () => {
  it.each([
    [`${SGOV}.png`, { address: SGOV.toLowerCase(), form: 'png' }],
    [`${SGOV.toUpperCase().replace('0X', '0x')}.png`, { address: SGOV.toLowerCase(), form: 'png' }],
    [`${SGOV}.svg`, { address: SGOV.toLowerCase(), form: 'svg' }],
    [`${SGOV}.PNG`, null],
    [`${SGOV}.png.html`, null],
    ['0x123.png', null],
    ['../secret.png', null],
    [undefined, null],
  ])('%s → %s', (file, expected) => {
    expect(parseLogoFileName(file)).toEqual(expected);
  });
  it('knows the presets with an address and nothing else', () => {
    for (const preset of PRESET_TOKENS) if (preset.address) expect(hasTokenLogo(preset.address)).toBe(true);
    expect(hasTokenLogo(UNKNOWN)).toBe(false);
    expect(hasTokenLogo(null)).toBe(false);
    expect(tokenLogoPath(SGOV)).toBe('/token-logos/0x5fbdb2315678afecb367f032d93f642f64180aa3.png');
  });
});

describe('bundled logos are real PNGs', () => {
  it('encodePng round-trips pixels', () => {
    const pixels = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4]);
    const decoded = decodePng(encodePng(2, 2, pixels));
    expect(decoded).toMatchObject({ width: 2, height: 2 });
    expect([...decoded.pixels]).toEqual([...pixels]);
  });
  it('rejects pixel data of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });
  it('draws a disc with transparent corners, the background colour at the rim and the mark in the middle', () => {
    const design = { background: '#6d28d9', foreground: '#ffffff', mark: 'diamond' } as const;
    const size = LOGO_PIXELS;
    const px = drawLogo(design, size);
    const at = (x: number, y: number) => [...px.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0);
    expect(at(size / 2, 4)).toEqual([0x6d, 0x28, 0xd9, 255]);
    expect(at(size / 2, size / 2)).toEqual([255, 255, 255, 255]);
  });
  it.each(PRESET_TOKENS.filter((p) => p.address !== null).map((p) => [p.symbol, p.address as string]))('%s logo decodes at %s', (_symbol, address) => {
    const png = tokenLogoPng(address);
    if (!png) throw new Error('no logo');
    expect(decodePng(png)).toMatchObject({ width: LOGO_PIXELS, height: LOGO_PIXELS });
  });
});

describe('GET /token-logos/{file}', () => {
  // The route reads the uploaded logos' list from INDEXER_URL first: a local indexer that has none answers it, rather
  // than the default address, where an explorer a developer runs (npm start) would answer with its own uploads.
  let indexer: Server;
  const asked: string[] = [];
  let restore: () => void = () => {};
  beforeAll(async () => {
    indexer = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(req.url === '/token-logos' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(req.url === '/token-logos' ? '{"logos":[]}' : '{"error":"not found"}');
    });
    await new Promise<void>((resolve) => indexer.listen(0, '127.0.0.1', resolve));
    // The site's settings with this INDEXER_URL, as site-server.ts installs them at start.
    restore = installSiteSettings(siteSettingsFrom({ INDEXER_URL: `http://127.0.0.1:${(indexer.address() as AddressInfo).port}` }));
  });
  afterAll(async () => {
    restore();
    await new Promise<void>((resolve) => indexer.close(() => resolve()));
  });
  const get = (file: string) => {
    const url = new URL(`http://site.test/token-logos/${file}`);
    return (GET as unknown as (ctx: { params: Record<string, string>; request: Request; url: URL }) => Promise<Response>)({ params: { file }, request: new Request(url), url });
  };
  it('answers a preset logo as PNG with headers that keep anything from running', async () => {
    const res = await get(`${SGOV}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(decodePng(Buffer.from(await res.arrayBuffer())).width).toBe(LOGO_PIXELS);
    expect(asked).toContain('/token-logos');
  });
  it.each([`${UNKNOWN}.png`, `${SGOV}.svg`, 'x.png', '%3Cscript%3E.png'])('404 for %s', async (file) => {
    const res = await get(file);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});

describe('uploaded logos', () => {
  const HASH = 'ab'.repeat(32);
  const uploaded = { address: UNKNOWN, type: 'png' as const, hash: HASH };

  it.each([
    [{ logos: [{ address: UNKNOWN.toUpperCase().replace('0X', '0x'), type: 'png', hash: HASH, uploadedAt: 1 }] }, [uploaded]],
    [{ logos: [{ address: UNKNOWN, type: 'gif', hash: HASH }] }, []],
    [{ logos: [{ address: 'javascript:alert(1)', type: 'png', hash: HASH }] }, []],
    [{ logos: [{ address: UNKNOWN, type: 'svg', hash: '"><script>' }] }, []],
    [{ logos: 'nope' }, []],
    [[], []],
    [null, []],
  ])('the list %j', (raw, expected) => {
    expect(normalizeLogoList(raw)).toEqual(expected);
  });

  it.each([
    ['an upload wins, by its content version', SGOV, { ...uploaded, address: SGOV.toLowerCase() }, `/token-logos/${SGOV.toLowerCase()}.png?v=${HASH.slice(0, 16)}`],
    ['a preset without an upload', SGOV, undefined, `/token-logos/${SGOV.toLowerCase()}.png`],
    ['neither', UNKNOWN, undefined, null],
    ['no address', null, undefined, null],
  ])('URL: %s', (_name, address, logo, url) => {
    expect(tokenLogoUrl(address, logo)).toBe(url);
  });

  it('TokenLogo shows an uploaded logo, over a logo URL the indexer names', async () => {
    setUploadedLogos([uploaded]);
    try {
      const container = await AstroContainer.create();
      const html = await container.renderToString(TokenLogo, { props: { token: { address: UNKNOWN, symbol: 'CT1', name: 'Community' }, src: 'https://cdn.example/x.png' } });
      expect(html).toContain(`src="/token-logos/${UNKNOWN}.png?v=${HASH.slice(0, 16)}"`);
      expect(html).toContain('data-state="loading"');
      expect(hasTokenLogo(UNKNOWN)).toBe(true);
      expect(logoIndexVersion()).not.toBe('');
    } finally {
      setUploadedLogos([]);
    }
    expect(hasTokenLogo(UNKNOWN)).toBe(false);
    expect(logoIndexVersion()).toBe('');
  });

  it('search suggestions of tokens carry their logo or initials', () => {
    const items = withLogos(
      [
        { kind: 'token', label: 'SGOV', detail: 'Sto Governance', address: SGOV },
        { kind: 'token', label: 'CT1', detail: 'Community', address: UNKNOWN },
        { kind: 'block', label: 'Block #7' },
      ],
      new Map([[UNKNOWN, uploaded]]),
    );
    expect(items.map((i) => [i.logo ?? null, i.initials ?? null])).toEqual([
      [`/token-logos/${SGOV.toLowerCase()}.png`, 'SG'],
      [`/token-logos/${UNKNOWN}.png?v=${HASH.slice(0, 16)}`, 'CT'],
      [null, null],
    ]);
  });
});

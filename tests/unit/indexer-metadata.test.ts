import { describe, expect, it } from 'vitest';
import { parseMetadata } from '../../indexer/src/metadata/parse.ts';
import { ipfsToHttp, parseDataUri, resolveMetadataUri, safeImageUrl, substituteId } from '../../indexer/src/metadata/uri.ts';

const GW = 'https://gateway.example/ipfs/';
const json = JSON.stringify({ name: 'Shape #1', description: 'A shape', image: 'ipfs://bafy/1.png', attributes: [{ trait_type: 'Sides', value: 3 }] });

describe('token URIs', () => {
  it('substitutes {id} as 64 lowercase hex digits (ERC-1155)', () => {
    expect(substituteId('https://x.example/{id}.json', 314n)).toBe(`https://x.example/${'13a'.padStart(64, '0')}.json`);
  });

  it.each([
    ['ipfs://bafy/1.json', `${GW}bafy/1.json`],
    ['ipfs://ipfs/bafy/1.json', `${GW}bafy/1.json`],
  ])('rewrites %s through the gateway', (uri, url) => {
    expect(ipfsToHttp(uri, GW)).toBe(url);
  });

  it.each([
    ['base64', `data:application/json;base64,${Buffer.from(json).toString('base64')}`],
    ['percent-encoded', `data:application/json,${encodeURIComponent(json)}`],
    ['utf8 plain', `data:application/json;utf8,${json}`],
  ])('decodes %s data: URIs', (_, uri) => {
    const d = parseDataUri(uri, 256 * 1024);
    expect(d?.mime).toBe('application/json');
    expect(JSON.parse(d?.bytes.toString('utf8') ?? '')).toEqual(JSON.parse(json));
  });

  it('refuses data: URIs over the size limit', () => {
    expect(parseDataUri(`data:application/json;base64,${Buffer.alloc(2000).toString('base64')}`, 1000)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['ftp://x.example/1', null],
    ['https://x.example/1.json', { kind: 'http', url: 'https://x.example/1.json' }],
    ['ipfs://bafy/2', { kind: 'http', url: `${GW}bafy/2` }],
  ])('resolves %s', (uri, expected) => {
    expect(resolveMetadataUri(uri, GW, 1024)).toEqual(expected);
  });
});

describe('image URLs', () => {
  it.each([
    ['https://x.example/a.png', 'https://x.example/a.png'],
    ['ipfs://bafy/a.png', `${GW}bafy/a.png`],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    [' JaVaScRiPt:alert(1)', null],
    [42, null],
  ])('%s gives %s', (value, expected) => {
    expect(safeImageUrl(value, GW)).toBe(expected);
  });
});

describe('parseMetadata', () => {
  it('extracts sanitised fields and traits', () => {
    const m = parseMetadata(Buffer.from(json), GW);
    expect(m.name).toBe('Shape #1');
    expect(m.image).toBe(`${GW}bafy/1.png`);
    expect(m.attributes).toEqual([{ trait_type: 'Sides', value: 3 }]);
  });

  it('drops unsafe image URLs and non-string names', () => {
    const m = parseMetadata(Buffer.from(JSON.stringify({ name: { evil: true }, image: 'javascript:alert(1)' })), GW);
    expect(m.name).toBeNull();
    expect(m.image).toBeNull();
  });

  it.each([['{"name": "broken"'], ['[1,2]'], ['"just a string"'], ['']])('throws on %s', (text) => {
    expect(() => parseMetadata(Buffer.from(text), GW)).toThrow();
  });
});

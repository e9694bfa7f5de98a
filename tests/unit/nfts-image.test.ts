import { HEAD_SCRIPT, IMAGE_EVENTS } from '../../src/lib/server/head-script.ts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IPFS_GATEWAY,
  FAILED_IMAGE_PLACEHOLDER,
  MAX_INLINE_IMAGE_CHARS,
  chooseNftImage,
  nftImageSrc,
  placeholderIndex,
  placeholderSrc,
} from '../../src/lib/nfts/image.ts';
import { readIpfsGateway } from '../../src/lib/server/config.ts';
import { siteConfigProblems, siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { DEFAULT_IPFS_GATEWAY as SETTINGS_IPFS_GATEWAY } from '../../common/settings.ts';
import { DEFAULT_IPFS_GATEWAY as INDEXER_IPFS_GATEWAY } from '../../indexer/src/metadata/uri.ts';

const GW = 'https://gw.example/ipfs/';
const dataOfLength = (n: number): string => {
  const head = 'data:image/png;base64,';
  return head + 'A'.repeat(n - head.length);
};

describe('nftImageSrc: only http(s), ipfs through the gateway and data:image/* are used', () => {
  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['  http://example.com/a.png  ', 'http://example.com/a.png'],
    ['HTTPS://Example.com/A.png', 'https://example.com/A.png'],
    ['http://127.0.0.1:9/closed.png', 'http://127.0.0.1:9/closed.png'],
    ['ipfs://bafy/1.png', `${GW}bafy/1.png`],
    ['ipfs://ipfs/bafy/1.png', `${GW}bafy/1.png`],
    ['IPFS://bafy', `${GW}bafy`],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['data:image/png,abc', 'data:image/png,abc'],
    ['data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>', 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['javascript:alert(1)', null],
    ['  JaVaScRiPt:alert(1)', null],
    ['vbscript:msgbox(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['data:image,abc', null],
    ['data:,abc', null],
    ['//evil.example/x.png', null],
    ['/token-logos/x.png', null],
    ['x.png', null],
    ['ftp://example.com/x.png', null],
    ['https://a b/x.png', null],
    ['ipfs://', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(nftImageSrc(input, GW)).toBe(expected);
  });

  it('uses the default gateway when none is given', () => {
    expect(nftImageSrc('ipfs://bafy/2.png')).toBe(`${DEFAULT_IPFS_GATEWAY}bafy/2.png`);
    expect(DEFAULT_IPFS_GATEWAY).toBe('https://ipfs.io/ipfs/');
  });

  it('adds the missing slash of a gateway', () => {
    expect(nftImageSrc('ipfs://bafy', 'https://gw.example/ipfs')).toBe('https://gw.example/ipfs/bafy');
  });

  it(`inlines data: images up to ${MAX_INLINE_IMAGE_CHARS} characters and treats larger ones as missing`, () => {
    expect(MAX_INLINE_IMAGE_CHARS).toBe(65_536);
    const fits = dataOfLength(MAX_INLINE_IMAGE_CHARS);
    expect(nftImageSrc(fits)).toBe(fits);
    expect(nftImageSrc(dataOfLength(MAX_INLINE_IMAGE_CHARS + 1))).toBeNull();
  });
});

describe('placeholderIndex: (tokenId mod 5) + 1', () => {
  it.each([
    ['0', 1],
    ['1', 2],
    ['4', 5],
    ['5', 1],
    ['12', 3],
    [BigInt(7), 3],
    [9, 5],
    ['115792089237316195423570985008687907853269984665640564039457584007913129639935', 1],
    ['abc', 1],
    ['1.5', 1],
    ['', 1],
    [null, 1],
  ])('%s → %i', (tokenId, expected) => {
    expect(placeholderIndex(tokenId)).toBe(expected);
  });
});

describe('chooseNftImage', () => {
  it.each([
    ['javascript:alert(1)', '3', { src: '/nft-placeholders/4.svg', placeholder: 4 }],
    [null, '10', { src: '/nft-placeholders/1.svg', placeholder: 1 }],
    ['data:text/html,x', '6', { src: '/nft-placeholders/2.svg', placeholder: 2 }],
    ['https://example.com/1.png', '6', { src: 'https://example.com/1.png', placeholder: null }],
    ['ipfs://bafy', '6', { src: `${GW}bafy`, placeholder: null }],
  ])('%j #%s → %j', (url, tokenId, expected) => {
    expect(chooseNftImage(url, tokenId, GW)).toEqual(expected);
  });
});

describe('the failed-load handler (the head script, no inline handler)', () => {
  it('swaps an NFT image to placeholder 1 once, marked data-failed first', () => {
    expect(FAILED_IMAGE_PLACEHOLDER).toBe(1);
    expect(placeholderSrc(FAILED_IMAGE_PLACEHOLDER)).toBe('/nft-placeholders/1.svg');
    expect(IMAGE_EVENTS).toContain(
      "else if(k==='nft'&&bad&&!t.hasAttribute('data-failed')){t.setAttribute('data-failed','1');t.removeAttribute('srcset');t.src='/nft-placeholders/1.svg'}",
    );
    expect(HEAD_SCRIPT).toContain(IMAGE_EVENTS);
  });
});

describe('readIpfsGateway (IPFS_GATEWAY, shared with the indexer)', () => {
  it.each([
    [{}, DEFAULT_IPFS_GATEWAY],
    [{ IPFS_GATEWAY: '' }, DEFAULT_IPFS_GATEWAY],
    [{ IPFS_GATEWAY: 'https://gw.example/ipfs/' }, 'https://gw.example/ipfs/'],
    [{ IPFS_GATEWAY: ' https://gw.example/ipfs ' }, 'https://gw.example/ipfs/'],
    [{ IPFS_GATEWAY: 'http://127.0.0.1:8080/ipfs' }, 'http://127.0.0.1:8080/ipfs/'],
  ])('%j → %s', (env, expected) => {
    expect(readIpfsGateway(siteSettingsFrom(env))).toBe(expected);
  });

  it.each(['javascript:alert(1)//', 'ftp://gw.example/', 'gw.example'])('%j stops the start (it never reaches a page)', (value) => {
    expect(siteConfigProblems({ IPFS_GATEWAY: value })).toEqual([`IPFS_GATEWAY must be an http:// or https:// URL, got ${JSON.stringify(value)}`]);
  });

  it("has the indexer's default, and the settings' (the client code keeps its own copy)", () => {
    expect(DEFAULT_IPFS_GATEWAY).toBe(SETTINGS_IPFS_GATEWAY);
    expect(DEFAULT_IPFS_GATEWAY).toBe(INDEXER_IPFS_GATEWAY);
  });
});

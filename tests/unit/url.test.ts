import { describe, expect, it } from 'vitest';
import { addressUrl, blockUrl, nftUrl, searchUrl, txUrl, withParams } from '../../src/lib/url/links.ts';

describe('url builders', () => {
  it.each([
    [blockUrl(12), '/blocks/12'],
    [txUrl('0xab'), '/transactions/0xab'],
    [addressUrl('0xcd'), '/address/0xcd'],
    [addressUrl('0xcd', 'holders'), '/address/0xcd?tab=holders'],
    [nftUrl('0xef', 3n), '/nfts/0xef/3'],
    [searchUrl('a b&c'), '/search?q=a%20b%26c'],
  ])('%s = %s', (got, want) => expect(got).toBe(want));

  it.each([
    ['http://x/blocks?size=50&page=3', { page: 1 }, '/blocks?size=50&page=1'],
    ['http://x/blocks?size=50&page=3', { page: null }, '/blocks?size=50'],
    ['http://x/blocks', { withTxs: 1 }, '/blocks?withTxs=1'],
    ['http://x/blocks?page=2', { page: null }, '/blocks'],
  ])('withParams(%s, %o) = %s', (url, changes, want) => {
    expect(withParams(new URL(url), changes)).toBe(want);
  });
});

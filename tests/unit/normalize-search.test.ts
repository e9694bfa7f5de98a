import { describe, expect, it } from 'vitest';
import { normalizeSearchResult } from '../../src/lib/normalize/search.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const SEED = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const TX = '0xfaeb17f65ad15d458921b1e30d14c700d09cf9412d3b0a004d0544f141b056ed';

describe('upstream search answers', () => {
  it('search__q=4.json: a block', () => {
    expect(normalizeSearchResult(fixture('search__q=4.json'))).toEqual({
      type: 'block',
      data: { number: 4, hash: '0xfedae5203caf9ef239b711f5c6ebc9f597b2e800aa88b239123646a03ae4eb83', timestamp: 1795319477, transactionCount: 0 },
    });
  });

  it('search__q=0xfedae520.json: a block by hash', () => {
    expect(normalizeSearchResult(fixture('search__q=0xfedae520.json'))?.type).toBe('block');
  });

  it('search__q=0xfaeb17f6.json: a transaction', () => {
    expect(normalizeSearchResult(fixture('search__q=0xfaeb17f6.json'))).toEqual({
      type: 'transaction',
      data: { hash: TX, blockNumber: 4, timestamp: 1795319477 },
    });
  });

  it.each([
    ['search__q=0xf39Fd6e5.json', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'wallet', 'none'],
    ['search__q=0x9fE46736.json', SEED, 'contract', 'ERC20'],
    ['search__q=0x0165878A.json', '0x0165878A594ca255338adfa4d48449f69242Eb8F', 'contract', 'ERC721'],
    ['search__q=0xB7f8BC63.json', '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e', 'contract', 'ERC1155'],
  ])('%s: an address', (name, address, addressType, contractType) => {
    expect(normalizeSearchResult(fixture(name))).toEqual({ type: 'address', data: { address, balance: null }, addressType, contractType });
  });

  it.each([['search__q=SEED.json'], ['search__q=.json']])('%s ({error}) is no result', (name) => {
    expect(normalizeSearchResult(fixture(name))).toBeNull();
  });
});

describe('token, nft and multiple results', () => {
  it('a token', () => {
    expect(normalizeSearchResult({ type: 'token', data: { address: SEED, symbol: 'SEED', name: 'Seed Token', totalSupply: '1000' } })).toEqual({
      type: 'token',
      data: { address: SEED, symbol: 'SEED', name: 'Seed Token', totalSupply: 1000n },
    });
  });

  it('an nft (name falls back to collection #id)', () => {
    expect(normalizeSearchResult({ type: 'nft', data: { address: SEED, tokenId: '7', collection: 'Seed NFT' } })).toEqual({
      type: 'nft',
      data: { address: SEED, tokenId: '7', name: 'Seed NFT #7', collection: 'Seed NFT', image: null },
    });
  });

  it('an nft image must be safe', () => {
    const ok = normalizeSearchResult({ type: 'nft', data: { address: SEED, tokenId: '1', image: 'ipfs://x/1.png' } });
    const bad = normalizeSearchResult({ type: 'nft', data: { address: SEED, tokenId: '1', image: 'javascript:alert(1)' } });
    expect(ok?.type === 'nft' ? ok.data.image : undefined).toBe('ipfs://x/1.png');
    expect(bad?.type === 'nft' ? bad.data.image : undefined).toBeNull();
  });

  it('an account (bundled indexer) is a wallet', () => {
    expect(normalizeSearchResult({ type: 'address', addressType: 'account', data: { address: SEED, balance: '0' } })).toMatchObject({ addressType: 'wallet', data: { balance: 0n } });
  });

  it('an address with a balance', () => {
    expect(normalizeSearchResult({ type: 'address', addressType: 'contract', data: { address: SEED, balance: '5' } })).toEqual({
      type: 'address',
      data: { address: SEED, balance: 5n },
      addressType: 'contract',
      contractType: 'none',
    });
  });

  it('multiple results, typed or inferred from their shape', () => {
    const result = normalizeSearchResult({
      type: 'multiple',
      data: [
        { type: 'token', data: { address: SEED, symbol: 'SEED', name: 'Seed Token' } },
        { address: SEED, tokenId: '1', name: 'Seed #1' },
        { address: SEED, symbol: 'SEED', name: 'Seed Token', totalSupply: '1' },
        { bogus: true },
      ],
    });
    expect(result?.type).toBe('multiple');
    if (result?.type !== 'multiple') throw new Error('expected multiple');
    expect(result.data.map((r) => r.type)).toEqual(['token', 'nft', 'token']);
  });

  it('an untyped list is a multiple result', () => {
    expect(normalizeSearchResult({ results: [{ hash: TX, blockNumber: '4' }] })).toEqual({
      type: 'multiple',
      data: [{ type: 'transaction', data: { hash: TX, blockNumber: 4, timestamp: null } }],
    });
  });

  it.each([[null], [{ type: 'block', data: {} }], [{ type: 'multiple', data: [] }], [{ type: 'weird', data: 5 }]])('%j is no result', (raw) => {
    expect(normalizeSearchResult(raw)).toBeNull();
  });
});

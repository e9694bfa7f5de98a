import { describe, expect, it } from 'vitest';
import { fromSearchResult, matchTokens } from '../../src/lib/search/suggestions.ts';
import type { SearchResult } from '../../src/lib/model/wire.ts';

const tokens = [
  { address: '0x00000000000000000000000000000000000000a1', name: 'Stable Dollar', symbol: 'USDS' },
  { address: '0x00000000000000000000000000000000000000b2', name: 'Gold Coin', symbol: 'GLD' },
  { address: '0x00000000000000000000000000000000000000c3', name: 'Silver', symbol: 'SLV' },
];

describe('matchTokens', () => {
  it.each([
    ['usd', ['USDS']],
    ['GOLD', ['GLD']],
    ['s', ['USDS', 'SLV']],
    ['0x00000000000000000000000000000000000000b2', ['GLD']],
    ['0x000000', ['USDS', 'GLD', 'SLV']],
    ['b2', []],
    ['7', []],
    ['zzz', []],
  ])('%s matches %o by name, symbol or address, case-insensitively', (q, labels) => {
    expect(matchTokens(tokens, q).map((s) => s.label)).toEqual(labels);
  });

  it('token suggestions carry the address they open', () => {
    expect(matchTokens(tokens, 'gld')[0]?.address).toBe(tokens[1]?.address);
  });
});

describe('fromSearchResult', () => {
  const address = '0x00000000000000000000000000000000000000a1';
  it.each<[SearchResult, Array<{ kind: string; address?: string }>]>([
    [{ type: 'block', data: { number: 12, hash: null, timestamp: null, transactionCount: 0 } }, [{ kind: 'block' }]],
    [{ type: 'transaction', data: { hash: `0x${'ab'.repeat(32)}`, blockNumber: 1, timestamp: null } }, [{ kind: 'transaction' }]],
    [{ type: 'address', data: { address, balance: null }, addressType: 'wallet', contractType: 'none' }, [{ kind: 'address', address }]],
    [{ type: 'token', data: { address, symbol: 'USDS', name: 'Stable Dollar', totalSupply: null } }, [{ kind: 'token', address }]],
  ])('%o', (result, expected) => {
    expect(fromSearchResult(result).map((s) => ({ kind: s.kind, ...(s.address ? { address: s.address } : {}) }))).toEqual(expected);
  });

  it('a block suggestion has no address, so choosing it goes to the search page', () => {
    expect(fromSearchResult({ type: 'block', data: { number: 7, hash: null, timestamp: null, transactionCount: 0 } })[0]).toEqual({ kind: 'block', label: 'Block #7' });
  });

  it('multiple results flatten', () => {
    const one: SearchResult = { type: 'token', data: { address, symbol: 'A', name: 'A', totalSupply: null } };
    expect(fromSearchResult({ type: 'multiple', data: [one, one] })).toHaveLength(2);
  });
});

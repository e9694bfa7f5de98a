import { describe, expect, it } from 'vitest';
import {
  LOCAL_MATCHES_SKIP_REMOTE,
  MAX_REMOTE_SUGGESTIONS,
  MAX_SUGGESTIONS,
  SEARCH_DEBOUNCE_MS,
  classifyQuery,
  mergeSuggestions,
  needsRemoteScan,
  searchPagePath,
  searchResultPath,
  tokenMatchesQuery,
  type QueryKind,
} from '../../src/lib/search/query.ts';

const HASH = '0xb4b6686df104fc22b7d744bfb4b59a7a96672f8695bbb728c647db1e13acd742';
const ADDRESS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

describe('classifyQuery', () => {
  it.each<[string | null, QueryKind, string]>([
    ['12345', 'block', '12345'],
    [' 42 ', 'block', '42'],
    ['0', 'block', '0'],
    [HASH, 'transaction', HASH],
    [`  ${HASH}\n`, 'transaction', HASH],
    [HASH.toUpperCase().replace('0X', '0x'), 'transaction', HASH.toUpperCase().replace('0X', '0x')],
    [ADDRESS, 'address', ADDRESS],
    [ADDRESS.toLowerCase(), 'address', ADDRESS.toLowerCase()],
    [HASH.slice(0, 65), 'general', HASH.slice(0, 65)],
    [`${HASH.slice(0, 65)}g`, 'general', `${HASH.slice(0, 65)}g`],
    [`${ADDRESS.slice(0, 41)}z`, 'general', `${ADDRESS.slice(0, 41)}z`],
    [ADDRESS.replace('0x', '0X'), 'general', ADDRESS.replace('0x', '0X')],
    ['SEED', 'general', 'SEED'],
    ['Seed Token', 'general', 'Seed Token'],
    ['12a', 'general', '12a'],
    ['-5', 'general', '-5'],
    ['', 'empty', ''],
    ['   ', 'empty', ''],
    [null, 'empty', ''],
  ])('%s → %s', (raw, kind, query) => {
    expect(classifyQuery(raw)).toEqual({ kind, query });
  });
});

describe('searchPagePath', () => {
  it.each<[string, string | null]>([
    [' Seed Token ', '/search?q=Seed%20Token'],
    ['a&b', '/search?q=a%26b'],
    ['42', '/search?q=42'],
    ['', null],
    ['  ', null],
  ])('%s → %s', (query, expected) => {
    expect(searchPagePath(query)).toBe(expected);
  });
});

describe('searchResultPath: redirect by result type', () => {
  it.each<[string, { type?: unknown; data?: unknown } | null, string | null]>([
    ['block', { type: 'block', data: { number: '4' } }, '/blocks/4'],
    ['numeric block', { type: 'block', data: { number: 4 } }, '/blocks/4'],
    ['transaction', { type: 'transaction', data: { hash: HASH } }, `/transactions/${HASH}`],
    ['address', { type: 'address', addressType: 'contract', data: { address: ADDRESS } } as { type: string; data: unknown }, `/address/${ADDRESS}`],
    ['token', { type: 'token', data: { address: ADDRESS, symbol: 'SEED' } }, `/address/${ADDRESS}`],
    ['nft', { type: 'nft', data: { address: ADDRESS, tokenId: '1' } }, `/nfts/${ADDRESS}/1`],
    ['multiple', { type: 'multiple', data: [{ type: 'block' }] }, null],
    ['block without a number', { type: 'block', data: {} }, null],
    ['nft without a token id', { type: 'nft', data: { address: ADDRESS } }, null],
    ['unknown type', { type: 'wallet', data: { address: ADDRESS } }, null],
    ['no data', { type: 'block' }, null],
    ['null', null, null],
    ['odd characters are encoded', { type: 'nft', data: { address: ADDRESS, tokenId: '1/../x' } }, `/nfts/${ADDRESS}/1%2F..%2Fx`],
  ])('%s → %s', (_, result, expected) => {
    expect(searchResultPath(result)).toBe(expected);
  });
});

describe('suggestions', () => {
  const key = (s: string) => s.toLowerCase();

  it('uses the spec constants', () => {
    expect([SEARCH_DEBOUNCE_MS, MAX_SUGGESTIONS, LOCAL_MATCHES_SKIP_REMOTE, MAX_REMOTE_SUGGESTIONS]).toEqual([500, 5, 3, 3]);
  });

  it.each([
    [0, true],
    [2, true],
    [3, false],
    [7, false],
  ])('%s local matches → remote scan %s', (count, expected) => {
    expect(needsRemoteScan(count)).toBe(expected);
  });

  it.each<[string, string[], string[] | null, string[]]>([
    ['3 local skip the remote scan', ['a', 'b', 'c'], ['d', 'e'], ['a', 'b', 'c']],
    ['at most 5 local', ['a', 'b', 'c', 'd', 'e', 'f'], ['x'], ['a', 'b', 'c', 'd', 'e']],
    ['remote adds at most 3', ['a'], ['b', 'c', 'd', 'e', 'f'], ['a', 'b', 'c', 'd']],
    ['2 local + 3 remote = 5', ['a', 'b'], ['c', 'd', 'e', 'f'], ['a', 'b', 'c', 'd', 'e']],
    ['duplicates are dropped', ['a', 'b'], ['A', 'c'], ['a', 'b', 'c']],
    ['remote only', [], ['a', 'b', 'c', 'd'], ['a', 'b', 'c']],
    ['no remote result', ['a'], null, ['a']],
  ])('%s', (_, local, remote, expected) => {
    expect(mergeSuggestions(local, remote, key)).toEqual(expected);
  });
});

describe('tokenMatchesQuery', () => {
  const token = { name: 'Seed Token', symbol: 'SEED', address: ADDRESS };
  it.each<[string, boolean]>([
    ['seed', true],
    ['TOKEN', true],
    ['sEe', true],
    ['0x9FE467', true],
    ['  seed ', true],
    ['', true],
    ['usdt', false],
  ])('%s → %s', (query, expected) => {
    expect(tokenMatchesQuery(token, query)).toBe(expected);
  });

  it('tolerates missing fields', () => {
    expect(tokenMatchesQuery({ symbol: 'USDT' }, 'usd')).toBe(true);
    expect(tokenMatchesQuery({}, 'usd')).toBe(false);
  });
});

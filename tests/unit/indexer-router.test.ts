import { describe, expect, it } from 'vitest';
import { parseAddress, parseBlockNumber, parseHash, parsePaging, parseTokenId } from '../../indexer/src/http/params.ts';
import { HttpError, Router } from '../../indexer/src/http/router.ts';
import { parseNftQuery } from '../../indexer/src/api/search.ts';
import { parseEther } from '../../indexer/src/http/params.ts';

const router = new Router()
  .get('/transactions', () => 'list')
  .get('/transactions/pending', () => 'pending')
  .get('/transactions/{hash}', () => 'one')
  .get('/transactions/{hash}/receipt', () => 'receipt')
  .get('/nfts/{collection}/tokens', () => 'items')
  .get('/nfts/{collection}/{tokenId}', () => 'item')
  .post('/proxy/rpc', () => 'rpc');

function hit(method: string, path: string): string | null {
  const m = router.match(method, path.split('/').filter(Boolean));
  if (m === null) return null;
  if ('allowed' in m) return `405 ${m.allowed.join(',')}`;
  return `${String(m.route.handler({ params: m.params, query: new URLSearchParams(), body: undefined }))} ${JSON.stringify(Object.fromEntries(Object.entries(m.params).sort()))}`;
}

describe('Router', () => {
  it.each([
    ['GET', '/transactions', 'list {}'],
    ['GET', '/transactions/pending', 'pending {}'],
    ['GET', '/transactions/0xabc', 'one {"hash":"0xabc"}'],
    ['GET', '/transactions/0xabc/receipt', 'receipt {"hash":"0xabc"}'],
    ['GET', '/nfts/0xc/tokens', 'items {"collection":"0xc"}'],
    ['GET', '/nfts/0xc/7', 'item {"collection":"0xc","tokenId":"7"}'],
    ['GET', '/proxy/rpc', '405 POST'],
    ['GET', '/nope', null],
    ['GET', '/transactions/0xabc/nope', null],
  ])('%s %s → %s', (method, path, expected) => {
    expect(hit(method, path)).toBe(expected);
  });

  it('refuses duplicate routes', () => {
    expect(() => new Router().get('/a', () => 1).get('/a', () => 2)).toThrow(/duplicate/);
  });
});

function status(fn: () => unknown): number | 'ok' {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof HttpError ? err.status : -1;
  }
}

describe('parameter validation', () => {
  it.each([
    ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'ok'],
    ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226', 400],
    ['f39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 400],
    ['0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 400],
  ])('address %s → %s', (s, expected) => {
    expect(status(() => parseAddress(s))).toBe(expected);
  });

  it.each([
    ['0x' + 'ab'.repeat(32), 'ok'],
    ['0x' + 'ab'.repeat(31), 400],
    ['0x' + 'zz'.repeat(32), 400],
  ])('hash %s → %s', (s, expected) => {
    expect(status(() => parseHash(s))).toBe(expected);
  });

  it.each([['0', 'ok'], ['123', 'ok'], ['abc', 400], ['-1', 400], ['1.5', 400], ['99999999999999999999', 400], ['', 400]])(
    'block number %s → %s',
    (s, expected) => {
      expect(status(() => parseBlockNumber(s))).toBe(expected);
    },
  );

  it.each([['0', 'ok'], ['1' + '0'.repeat(77), 'ok'], ['2'.repeat(78), 400], ['0x1', 400], ['-1', 400]])('token id %s → %s', (s, expected) => {
    expect(status(() => parseTokenId(s))).toBe(expected);
  });

  it.each([
    ['', 'ok'],
    ['limit=100&offset=0', 'ok'],
    ['limit=1000', 400],
    ['limit=0', 400],
    ['limit=abc', 400],
    ['limit=1.5', 400],
    ['offset=-1', 400],
    ['offset=x', 400],
  ])('paging %s → %s', (q, expected) => {
    expect(status(() => parsePaging(new URLSearchParams(q)))).toBe(expected);
  });

  it('defaults to limit 10, offset 0', () => {
    expect(parsePaging(new URLSearchParams(''))).toEqual({ limit: 10, offset: 0 });
  });
});

describe('search query forms', () => {
  const C = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
  it.each([
    [`${C} 3`, { collection: C.toLowerCase(), byAddress: true, tokenId: 3n }],
    [`${C}/3`, { collection: C.toLowerCase(), byAddress: true, tokenId: 3n }],
    [`${C}:3`, { collection: C.toLowerCase(), byAddress: true, tokenId: 3n }],
    [`${C} #3`, { collection: C.toLowerCase(), byAddress: true, tokenId: 3n }],
    ['Sto Shapes #12', { collection: 'Sto Shapes', byAddress: false, tokenId: 12n }],
    ['SHAPE#1', { collection: 'SHAPE', byAddress: false, tokenId: 1n }],
    ['Sto Shapes', null],
    ['#3', null],
  ])('%s', (q, expected) => {
    expect(parseNftQuery(q)).toEqual(expected);
  });
});

describe('parseEther', () => {
  it.each([
    ['1', 10n ** 18n],
    ['0.5', 5n * 10n ** 17n],
    ['0', 0n],
    ['-1', null],
    ['1e18', null],
    ['0.0000000000000000001', null],
  ])('%s → %s', (s, expected) => {
    expect(parseEther(s)).toBe(expected);
  });
});

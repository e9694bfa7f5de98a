import { describe, expect, it } from 'vitest';
import { builtInPriceBook, type PriceBook } from '../../src/lib/tokens/prices.ts';
import {
  DEFAULT_TOKEN_SORT,
  TOKEN_COLUMN_LABELS,
  matchesToken,
  nextSort,
  pageRows,
  parseTokenListQuery,
  sortTokenRows,
  toTokenRow,
  withSearched,
  type TokenRow,
  type TokenSortKey,
} from '../../src/lib/tokens/list.ts';
import type { Token } from '../../src/lib/model/types.ts';

function token(address: string, name: string, symbol: string, holders: number | null, totalSupply: bigint | null = null, decimals = 18): Token {
  return {
    address, name, symbol, decimals, totalSupply, type: 'ERC20', price: null, priceChange: null, volume: null, marketCap: null,
    holders, transfers: null, logoUrl: null, creatorAddress: null, ownerAddress: null, verified: null,
  };
}

const SGOV = token('0x5FbDB2315678afecb367f032d93F642f64180aa3', 'Sto Governance', 'SGOV', 93, 10n ** 25n);
const USDT = token('0x1111111111111111111111111111111111111111', 'Tether USD', 'USDT', 40, 2_000_000_000_000n, 6);
const STO = token('0x2222222222222222222222222222222222222222', 'Wrapped STO', 'STO', 12, 10n ** 24n);
const DUST = token('0x3333333333333333333333333333333333333333', 'Three D Coin', '3DC', 5, 10n ** 27n);
const HOSTILE = token('0x82C6D3ed4cD33d8EC1E51d0B5Cc1d822Eaa0c3dC', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 5, 10n ** 24n);
const COMMUNITY = token('0x4444444444444444444444444444444444444444', 'Community Token 10', 'CT10', 1);
const COMMUNITY2 = token('0x5555555555555555555555555555555555555555', 'community token 2', 'CT2', 1);

// A market book: STO +5 %, USDT -0.1 %, 3DC without change.
const MARKET: PriceBook = {
  source: 'market',
  error: null,
  updatedAt: 0,
  quotes: {
    STO: { price: 0.1, change24h: 5, volume24h: 200_000 },
    USDT: { price: 1, change24h: -0.1, volume24h: 9_000_000 },
    '3DC': { price: 0.00129, change24h: null, volume24h: 50 },
  },
};

const rows: TokenRow[] = [SGOV, USDT, STO, DUST, HOSTILE, COMMUNITY, COMMUNITY2].map((t) => toTokenRow(t, MARKET));
const symbols = (list: TokenRow[]) => list.map((r) => r.token.symbol);

describe('parseTokenListQuery', () => {
  it.each([
    ['', { q: '', sort: 'marketCap', dir: 'desc', page: 1, size: 25 }],
    ['?sort=holders', { q: '', sort: 'holders', dir: 'desc', page: 1, size: 25 }],
    ['?sort=price&dir=asc&page=3&size=50', { q: '', sort: 'price', dir: 'asc', page: 3, size: 50 }],
    ['?sort=%3Cscript%3E&dir=up&page=-2&size=7', { q: '', sort: 'marketCap', dir: 'desc', page: 1, size: 25 }],
    ['?q=%20Sto%20&size=10', { q: 'Sto', sort: 'marketCap', dir: 'desc', page: 1, size: 10 }],
    ['?size=100', { q: '', sort: 'marketCap', dir: 'desc', page: 1, size: 100 }],
  ])('%s', (search, expected) => {
    expect(parseTokenListQuery(new URLSearchParams(search))).toEqual(expected);
  });
  it('keeps at most 100 characters of a search', () => {
    expect(parseTokenListQuery(new URLSearchParams({ q: 'x'.repeat(300) })).q).toHaveLength(100);
  });
  it('defaults to market cap, descending, with the spec column names', () => {
    expect(DEFAULT_TOKEN_SORT).toEqual({ sort: 'marketCap', dir: 'desc' });
    expect(Object.values(TOKEN_COLUMN_LABELS)).toEqual(['Token', 'Price', '24h Change', 'Volume', 'Market Cap', 'Holders']);
  });
});

describe('nextSort: the same column toggles, a new column starts descending', () => {
  it.each<[TokenSortKey, 'asc' | 'desc', TokenSortKey, TokenSortKey, 'asc' | 'desc']>([
    ['marketCap', 'desc', 'marketCap', 'marketCap', 'asc'],
    ['marketCap', 'asc', 'marketCap', 'marketCap', 'desc'],
    ['marketCap', 'desc', 'price', 'price', 'desc'],
    ['price', 'asc', 'holders', 'holders', 'desc'],
    ['holders', 'asc', 'token', 'token', 'desc'],
  ])('from %s %s, clicking %s gives %s %s', (sort, dir, column, nextKey, nextDir) => {
    expect(nextSort({ sort, dir }, column)).toEqual({ sort: nextKey, dir: nextDir });
  });
});

describe('toTokenRow', () => {
  it('takes price, change and volume from the book and computes the market cap from the supply', () => {
    const usdt = toTokenRow(USDT, MARKET);
    expect(usdt).toMatchObject({ price: 1, change: -0.1, volume: 9_000_000, marketCap: 2_000_000, priority: 2 });
  });
  it('leaves everything unknown for tokens without a price', () => {
    expect(toTokenRow(SGOV, MARKET)).toMatchObject({ price: null, change: null, volume: null, marketCap: null, priority: 1 });
  });
  it('uses the built-in prices: price and market cap known, change and volume unknown', () => {
    expect(toTokenRow(USDT, builtInPriceBook())).toMatchObject({ price: 1, change: null, volume: null, marketCap: 2_000_000 });
  });
  it('gives searched tokens priority 3 and presets 1 whatever their source', () => {
    expect(toTokenRow(USDT, MARKET, 'searched').priority).toBe(3);
    expect(toTokenRow(SGOV, MARKET, 'searched').priority).toBe(1);
  });
});

describe('sortTokenRows: unknown values last in both directions', () => {
  it.each<[TokenSortKey, 'asc' | 'desc', string[]]>([
    // Market caps: 3DC 1.29M, USDT 2M, STO 100k; unknown last (preset SGOV first among them, then by holders, then name).
    ['marketCap', 'desc', ['USDT', '3DC', 'STO', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['marketCap', 'asc', ['STO', '3DC', 'USDT', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['price', 'desc', ['USDT', 'STO', '3DC', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['price', 'asc', ['3DC', 'STO', 'USDT', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['change', 'desc', ['STO', 'USDT', 'SGOV', '<img src=x onerror=alert(1)>', '3DC', 'CT2', 'CT10']],
    ['change', 'asc', ['USDT', 'STO', 'SGOV', '<img src=x onerror=alert(1)>', '3DC', 'CT2', 'CT10']],
    ['volume', 'desc', ['USDT', 'STO', '3DC', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['volume', 'asc', ['3DC', 'STO', 'USDT', 'SGOV', '<img src=x onerror=alert(1)>', 'CT2', 'CT10']],
    ['holders', 'desc', ['SGOV', 'USDT', 'STO', '<img src=x onerror=alert(1)>', '3DC', 'CT2', 'CT10']],
    ['holders', 'asc', ['CT2', 'CT10', '<img src=x onerror=alert(1)>', '3DC', 'STO', 'USDT', 'SGOV']],
    // Names: case-insensitive, numbers in numeric order ('Community Token 2' before 'Community Token 10').
    ['token', 'asc', ['<img src=x onerror=alert(1)>', 'CT2', 'CT10', 'SGOV', 'USDT', '3DC', 'STO']],
    ['token', 'desc', ['STO', '3DC', 'USDT', 'SGOV', 'CT10', 'CT2', '<img src=x onerror=alert(1)>']],
  ])('%s %s', (sort, dir, expected) => {
    expect(symbols(sortTokenRows(rows, sort, dir))).toEqual(expected);
  });
  it('does not change its input', () => {
    const before = symbols(rows);
    sortTokenRows(rows, 'holders', 'asc');
    expect(symbols(rows)).toEqual(before);
  });
});

describe('matchesToken: case-insensitive substring of name, symbol or address', () => {
  it.each([
    ['', true],
    ['governance', true],
    ['STO GOV', true],
    ['sgov', true],
    ['5fbdb2315678', true],
    ['0X5FBDB2315678AFECB367F032D93F642F64180AA3', true],
    ['usdt', false],
    ['  gov  ', true],
  ])('%j matches Sto Governance: %s', (q, expected) => {
    expect(matchesToken(SGOV, q)).toBe(expected);
  });
  it('matches hostile names as plain text', () => {
    expect(matchesToken(HOSTILE, '<script>')).toBe(true);
    expect(matchesToken(HOSTILE, 'onerror')).toBe(true);
  });
});

describe('withSearched: a token found by a full-address search joins the list once, as searched', () => {
  it.each([
    ['not listed', [SGOV], USDT, ['scanned', 'searched']],
    ['already listed', [SGOV, USDT], token(USDT.address.toLowerCase(), 'Tether USD', 'USDT', 40), ['scanned', 'scanned']],
    ['nothing found', [SGOV], null, ['scanned']],
  ])('%s', (_name, listed, searched, sources) => {
    expect(withSearched(listed, searched).map((r) => r.source)).toEqual(sources);
  });
});

describe('pageRows', () => {
  const items = Array.from({ length: 14 }, (_, i) => i + 1);
  it.each([
    [1, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1, 2],
    [2, 10, [11, 12, 13, 14], 2, 2],
    [9, 10, [11, 12, 13, 14], 2, 2],
    [1, 25, items, 1, 1],
  ])('page %s of size %s', (page, size, expected, current, totalPages) => {
    expect(pageRows(items, page, size)).toEqual({ rows: expected, page: current, totalPages });
  });
  it('an empty list still has one (empty) page', () => {
    expect(pageRows([], 1, 25)).toEqual({ rows: [], page: 1, totalPages: 1 });
  });
});

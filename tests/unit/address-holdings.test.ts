import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICES, builtInPriceBook, formatPrice, tokenPrice } from '../../src/lib/tokens/prices.ts';
import {
  filterHoldings,
  formatHoldingBalance,
  formatValue,
  holdingSearchText,
  holdingValue,
  matchesHolding,
  sortHoldings,
  totalHoldingsValue,
} from '../../src/lib/address/holdings.ts';
import type { TokenBalance } from '../../src/lib/model/types.ts';

function holding(symbol: string, name: string, rawBalance: bigint, decimals: number, contractAddress: string): TokenBalance {
  return { symbol, name, rawBalance, decimals, contractAddress, balance: '', type: 'ERC20' };
}

const SGOV = holding('SGOV', 'Sto Governance', 10_061_790_000_000_000_000_000n, 18, '0x5FbDB2315678afecb367f032d93F642f64180aa3');
const SUSD = holding('SUSD', 'Sto Dollar', 539_660_000n, 6, '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512');
const LPT = holding('LPT', 'Loyalty Points', 563n, 0, '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0');
const USDT = holding('USDT', 'Tether', 2_500_000n, 6, '0x1111111111111111111111111111111111111111');
const DUST = holding('3DC', 'Three D Coin', 50_000_000_000_000n, 18, '0x2222222222222222222222222222222222222222');
const HOSTILE = holding('<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 1000n * 10n ** 18n, 18, '0x82C6D3ed4cD33d8EC1E51d0B5Cc1d822Eaa0c3dC');

describe('fallback prices', () => {
  it('are STO 0.1, USDT 1, USDC 1, 3DC 0.00129', () => {
    expect(FALLBACK_PRICES).toEqual({ STO: 0.1, USDT: 1, USDC: 1, '3DC': 0.00129 });
  });
  it.each([
    ['STO', 0.1],
    ['usdt', 1],
    ['USDC', 1],
    ['3DC', 0.00129],
    ['SGOV', null],
    ['\u202eDSU', null],
  ])('tokenPrice(%s) = %s', (symbol, expected) => {
    expect(tokenPrice(symbol, builtInPriceBook())).toBe(expected);
  });
});

describe('value and price text', () => {
  it.each([
    [2_500_000n, 6, 1, 2.5],
    [10n ** 18n, 18, 0.1, 0.1],
    [10n ** 18n, 18, null, null],
  ])('holdingValue(%s, %s, %s) = %s', (raw, decimals, price, expected) => {
    expect(holdingValue(raw, decimals, price)).toBe(expected);
  });
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [null, '—'],
  ])('formatValue(%s) = %s', (value, expected) => {
    expect(formatValue(value)).toBe(expected);
  });
  it.each([
    [1, '$1.00'],
    [0.1, '$0.10'],
    [0.00129, '$0.00129'],
    [null, '—'],
  ])('formatPrice(%s) = %s', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });
});

describe('formatHoldingBalance (4 decimals, < 0.0001 for tiny holdings)', () => {
  it.each([
    [SGOV, '10,061.79'],
    [SUSD, '539.66'],
    [LPT, '563'],
    [holding('X', 'X', 1n, 18, '0x'), '< 0.0001'],
    [holding('X', 'X', 99_999_999_999_999n, 18, '0x'), '< 0.0001'],
    [holding('X', 'X', 100_000_000_000_000n, 18, '0x'), '0.0001'],
    [holding('X', 'X', 0n, 18, '0x'), '0'],
  ])('%#: %s', (h, expected) => {
    expect(formatHoldingBalance(h)).toBe(expected);
  });
});

describe('holdings search: name, symbol or address, case-insensitive', () => {
  it.each([
    ['sto', ['SGOV', 'SUSD']],
    ['GOVERNANCE', ['SGOV']],
    ['lpt', ['LPT']],
    ['0x9FE4', ['LPT']],
    ['e7f1725e', ['SUSD']],
    ['<script>', ['<img src=x onerror=alert(1)>']],
    ['  usd ', ['SUSD']],
    ['', ['SGOV', 'HOSTILE', 'LPT', 'SUSD']],
    ['nothing-matches', []],
  ])('%j → %j', (query, expected) => {
    const symbols = filterHoldings([LPT, SUSD, HOSTILE, SGOV], query).map((h) => (h === HOSTILE && query === '' ? 'HOSTILE' : h.symbol));
    expect(symbols).toEqual(expected);
  });
  it('matchesHolding agrees with the text the live filter searches', () => {
    for (const h of [SGOV, SUSD, LPT, HOSTILE]) {
      for (const q of ['sto', 'LPT', '0x5fbd', 'alert', 'zzz']) {
        expect(matchesHolding(h, q)).toBe(holdingSearchText(h).includes(q.toLowerCase()));
      }
    }
  });
});

describe('sortHoldings: balance descending across decimals', () => {
  it('compares whole units, not raw integers', () => {
    // LPT has the smallest raw number but 563 whole units; SUSD's raw 539,660,000 is 539.66.
    expect(sortHoldings([SUSD, LPT, DUST, SGOV, HOSTILE]).map((h) => h.symbol)).toEqual([
      'SGOV',
      '<img src=x onerror=alert(1)>',
      'LPT',
      'SUSD',
      '3DC',
    ]);
  });
  it('does not change its input', () => {
    const input = [LPT, SGOV];
    sortHoldings(input);
    expect(input).toEqual([LPT, SGOV]);
  });
  it('breaks ties by symbol', () => {
    const a = holding('BBB', 'b', 5n, 0, '0x1');
    const b = holding('AAA', 'a', 5n * 10n ** 18n, 18, '0x2');
    expect(sortHoldings([a, b]).map((h) => h.symbol)).toEqual(['AAA', 'BBB']);
  });
});

describe('totalHoldingsValue', () => {
  it('adds the priced holdings only', () => {
    expect(totalHoldingsValue([SGOV, USDT, DUST], builtInPriceBook())).toBeCloseTo(2.5 + 0.00005 * 0.00129, 10);
    expect(totalHoldingsValue([SGOV, LPT], builtInPriceBook())).toBe(0);
  });
});

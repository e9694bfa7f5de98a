import { describe, expect, it } from 'vitest';
import { normalizeHolder, normalizeHolderStats, normalizeHoldersResponse } from '../../src/lib/normalize/holders.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x71C95911E9a5D330f4D621842EC243EE1343292e';

describe('upstream holders (bare arrays)', () => {
  it('tokens_0x9fE46736_holders.json', () => {
    const response = normalizeHoldersResponse(fixture('tokens_0x9fE46736_holders.json'));
    expect(response?.totalHolders).toBe(6);
    expect(response?.token).toBeNull();
    expect(response?.holders[0]).toEqual({
      address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      rawBalance: 998_749_500_000_000_000_000_000n,
      balance: '998749.5',
      percentage: 99.86835868832657,
    });
    expect(response?.holders[4]?.balance).toBe('20');
  });

  it('tokens_0x71C95911_holders__limit=2.json with 6 decimals given by the caller', () => {
    const response = normalizeHoldersResponse(fixture('tokens_0x71C95911_holders__limit=2.json'), 6);
    expect(response?.holders).toHaveLength(2);
    expect(response?.holders.every((h) => h.rawBalance !== null && !h.balance.includes('e'))).toBe(true);
  });

  it('tokens_0x0165878A_holders.json: integer percentages', () => {
    const response = normalizeHoldersResponse(fixture('tokens_0x0165878A_holders.json'));
    expect(response?.holders).toHaveLength(3);
    expect(response?.holders.every((h) => Number.isFinite(h.percentage))).toBe(true);
  });
});

describe('bundled indexer holders {holders, totalHolders, tokenInfo}', () => {
  const response = normalizeHoldersResponse({
    holders: [
      { address: A, balance: '4000000', balanceFormatted: '4.0', percentage: '80.00' },
      { address: TOKEN, balance: '1000000', percentage: 20 },
    ],
    totalHolders: '42',
    tokenInfo: { name: 'Test USD', symbol: 'TUSD', decimals: '6', totalSupply: '5000000' },
  });

  it('reads the total and the token', () => {
    expect(response?.totalHolders).toBe(42);
    expect(response?.token).toEqual({ address: null, name: 'Test USD', symbol: 'TUSD', decimals: 6, totalSupply: 5_000_000n });
  });

  it('reads balances with the token decimals', () => {
    expect(response?.holders).toEqual([
      { address: A, rawBalance: 4_000_000n, balance: '4', percentage: 80 },
      { address: TOKEN, rawBalance: 1_000_000n, balance: '1', percentage: 20 },
    ]);
  });

  it('accepts `token` as the key too', () => {
    expect(normalizeHoldersResponse({ holders: [], token: { symbol: 'X' } })?.token?.symbol).toBe('X');
  });
});

describe('holder variants', () => {
  it.each([
    ['raw integer string', { address: A, balance: '1500000000000000000' }, 1_500_000_000_000_000_000n, '1.5'],
    ['float number (whole units)', { address: A, balance: 1.5 }, 1_500_000_000_000_000_000n, '1.5'],
    ['fraction string (whole units)', { address: A, balance: '2.5' }, 2_500_000_000_000_000_000n, '2.5'],
    ['balanceFormatted only', { address: A, balanceFormatted: '3' }, 3_000_000_000_000_000_000n, '3'],
    ['rawBalance', { address: A, rawBalance: '7' }, 7n, '0.000000000000000007'],
  ])('%s', (_name, raw, rawBalance, balance) => {
    expect(normalizeHolder(raw)).toMatchObject({ rawBalance, balance });
  });

  it.each([
    [{ address: A, balance: '1', percentage: '12.5%' }, 12.5],
    [{ address: A, balance: '1', percentage: null }, 0],
  ])('percentage of %j', (raw, expected) => {
    expect(normalizeHolder(raw)?.percentage).toBe(expected);
  });

  it('computes a missing percentage from the total supply', () => {
    expect(normalizeHolder({ address: A, balance: '25' }, 0, 100n)?.percentage).toBe(25);
    expect(normalizeHolder({ address: A, balance: '1' }, 0, 3n)?.percentage).toBe(33.3333);
  });

  it('a native holders response uses 18 decimals', () => {
    expect(normalizeHoldersResponse([{ address: A, balance: '1000000000000000000' }], 18)?.holders[0]?.balance).toBe('1');
  });

  it.each([[null], [{ error: 'x' }], ['text']])('%j is no holders response', (raw) => {
    expect(normalizeHoldersResponse(raw)).toBeNull();
  });
});

describe('holder stats', () => {
  it('reads tokenHolders, topTokensByHolders and addressActivity', () => {
    expect(
      normalizeHolderStats({
        tokenHolders: '12',
        topTokensByHolders: [{ address: TOKEN, name: 'Test USD', symbol: 'TUSD', holderCount: '3' }, { bogus: true }],
        addressActivity: { active24h: '4', active7d: 9, label: 'x' },
      }),
    ).toEqual({
      tokenHolders: 12,
      topTokensByHolders: [{ address: TOKEN, name: 'Test USD', symbol: 'TUSD', holders: 3 }],
      addressActivity: { active24h: 4, active7d: 9 },
    });
  });

  it('tokenHolders may be an object', () => {
    expect(normalizeHolderStats({ tokenHolders: { total: 5 } })?.tokenHolders).toBe(5);
    expect(normalizeHolderStats(null)).toBeNull();
  });
});

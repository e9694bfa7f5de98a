import { describe, expect, it, vi } from 'vitest';
import { networkError, httpError } from '../../src/lib/indexer-api/errors.ts';
import type { IndexerClient } from '../../src/lib/indexer-api/client.ts';
import { builtInPriceBook } from '../../src/lib/tokens/prices.ts';
import { PRICE_RANGE, formatSupply, marketFigures, standardLabel } from '../../src/lib/tokens/view.ts';
import { TOKEN_TAB_LABELS, parseTokenTab } from '../../src/lib/tokens/params.ts';
import { PRICE_HISTORY_LIMIT, TOKEN_LIST_MAX, fetchAllTokens, loadToken, loadTokenList, loadTokenTab } from '../../src/lib/tokens/load.ts';
import type { Holder, Token, TokenTransfer } from '../../src/lib/model/types.ts';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

function token(address: string, symbol = 'SGOV'): Token {
  return {
    address, name: 'Sto Governance', symbol, decimals: 18, totalSupply: 10n ** 25n, type: 'ERC20', price: null, priceChange: null,
    volume: null, marketCap: null, holders: 93, transfers: 200, logoUrl: null, creatorAddress: null, ownerAddress: null, verified: null,
  };
}

const transfers = (n: number): TokenTransfer[] =>
  Array.from({ length: n }, (_, i) => ({
    transactionHash: null, blockNumber: i, timestamp: i, logIndex: null, from: '0x1', to: '0x2', tokenAddress: ADDRESS,
    symbol: 'SGOV', name: 'Sto Governance', decimals: 18, rawAmount: 1n, amount: '0', tokenId: null, tokenType: 'ERC20',
  }));
const holders = (n: number): Holder[] => Array.from({ length: n }, (_, i) => ({ address: `0x${i}`, rawBalance: 1n, balance: '1', percentage: 1 }));

/** A client with only the methods the token screens call. */
function client(methods: Partial<IndexerClient>): IndexerClient {
  return methods as IndexerClient;
}

describe('tabs and constants', () => {
  it.each([
    [null, 'overview'],
    ['transfers', 'transfers'],
    ['holders', 'holders'],
    ['Holders', 'overview'],
    ['<script>', 'overview'],
  ])('?tab=%s → %s', (value, expected) => {
    expect(parseTokenTab(value)).toBe(expected);
  });
  it('labels and the inert 24h range', () => {
    expect(Object.values(TOKEN_TAB_LABELS)).toEqual(['Overview', 'Transfers', 'Holders']);
    expect(PRICE_RANGE).toBe('24h');
    expect(PRICE_HISTORY_LIMIT).toBe(30);
  });
  it.each([
    ['ERC20', 'ERC-20'],
    ['ERC721', 'ERC-721'],
    ['ERC1155', 'ERC-1155'],
    ['none', '—'],
  ] as const)('standardLabel(%s) = %s', (type, expected) => {
    expect(standardLabel(type)).toBe(expected);
  });
  it('formats the supply with 4 decimals at most', () => {
    expect(formatSupply({ totalSupply: 12_345_678_900_000n, decimals: 6 })).toBe('12,345,678.9');
    expect(formatSupply({ totalSupply: null, decimals: 18 })).toBe('—');
  });
});

describe('marketFigures', () => {
  it('knows a priced token from the built-in prices', () => {
    expect(marketFigures({ symbol: 'USDT', totalSupply: 5_000_000n, decimals: 6 }, builtInPriceBook())).toEqual({ price: 1, change: null, marketCap: 5, volume: null });
  });
  it('leaves an unpriced token unknown', () => {
    expect(marketFigures(token(ADDRESS), builtInPriceBook())).toEqual({ price: null, change: null, marketCap: null, volume: null });
  });
});

describe('loadToken', () => {
  it.each([
    ['found', async () => token(ADDRESS), { kind: 'ok', token: token(ADDRESS) }],
    ['not found', async () => null, { kind: 'not-found' }],
    ['indexer error', async () => { throw httpError('/tokens/x', 500, 'Internal Server Error'); }, { kind: 'error', status: 502 }],
    ['indexer unreachable', async () => { throw networkError('/tokens/x'); }, { kind: 'error', status: 503 }],
  ])('%s', async (_name, getToken, expected) => {
    expect(await loadToken(client({ getToken }), ADDRESS)).toEqual(expected);
  });
});

describe('loadTokenTab', () => {
  it('asks the latest 30 transfers for the chart', async () => {
    const getTokenTransfers = vi.fn(async () => transfers(30));
    const data = await loadTokenTab(client({ getTokenTransfers }), ADDRESS, 'overview', 4);
    expect(getTokenTransfers).toHaveBeenCalledWith(ADDRESS, { limit: 30, offset: 0 });
    expect(data).toMatchObject({ tab: 'overview' });
  });
  it('pages transfers by 10, asking one more to know whether Next applies', async () => {
    const getTokenTransfers = vi.fn(async () => transfers(11));
    const data = await loadTokenTab(client({ getTokenTransfers }), ADDRESS, 'transfers', 3);
    expect(getTokenTransfers).toHaveBeenCalledWith(ADDRESS, { limit: 11, offset: 20 });
    expect(data).toMatchObject({ tab: 'transfers', page: 3, hasNext: true });
    if (data.tab === 'transfers') expect(data.items).toHaveLength(10);
  });
  it.each([
    [10, false],
    [4, false],
  ])('last transfer page with %s rows has no Next', async (n, hasNext) => {
    const data = await loadTokenTab(client({ getTokenTransfers: async () => transfers(n) }), ADDRESS, 'transfers', 1);
    expect(data).toMatchObject({ hasNext });
  });
  it('pages holders by 10 with the total deciding Next', async () => {
    const getTokenHolders = vi.fn(async () => ({ holders: holders(10), totalHolders: 93, token: null }));
    const data = await loadTokenTab(client({ getTokenHolders }), ADDRESS, 'holders', 9);
    expect(getTokenHolders).toHaveBeenCalledWith(ADDRESS, { limit: 10, offset: 80 });
    expect(data).toMatchObject({ tab: 'holders', hasNext: true });
    const last = await loadTokenTab(client({ getTokenHolders: async () => ({ holders: holders(3), totalHolders: 93, token: null }) }), ADDRESS, 'holders', 10);
    expect(last).toMatchObject({ hasNext: false });
  });
  it('turns failures of the tab into null (the tab shows its message)', async () => {
    const fail = async () => { throw networkError('/x'); };
    expect(await loadTokenTab(client({ getTokenTransfers: fail }), ADDRESS, 'transfers', 1)).toMatchObject({ items: null, hasNext: false });
    expect(await loadTokenTab(client({ getTokenHolders: fail }), ADDRESS, 'holders', 1)).toMatchObject({ holders: null, hasNext: false });
    expect(await loadTokenTab(client({ getTokenTransfers: fail }), ADDRESS, 'overview', 1)).toEqual({ tab: 'overview', history: [] });
  });
});

describe('the token list', () => {
  const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => token(`0x${(from + i + 1).toString(16).padStart(40, '0')}`, `T${from + i}`));
  it('fetches pages of 100 until a short page, at most 300 tokens', async () => {
    const getTokens = vi.fn(async ({ offset = 0 }: { offset?: number } = {}) => (offset < 200 ? many(100, offset) : many(20, offset)));
    expect(await fetchAllTokens(client({ getTokens }))).toHaveLength(220);
    expect(getTokens.mock.calls.map((c) => c[0])).toEqual([{ limit: 100, offset: 0 }, { limit: 100, offset: 100 }, { limit: 100, offset: 200 }]);
    const endless = vi.fn(async ({ offset = 0 }: { offset?: number } = {}) => many(100, offset));
    expect(await fetchAllTokens(client({ getTokens: endless }))).toHaveLength(TOKEN_LIST_MAX);
  });
  it('looks a full address up when searched, and only then', async () => {
    const getToken = vi.fn(async () => token(ADDRESS));
    const getTokens = async () => [];
    expect(await loadTokenList(client({ getTokens, getToken }), ADDRESS)).toMatchObject({ kind: 'ok', searched: { address: ADDRESS } });
    expect(await loadTokenList(client({ getTokens, getToken }), 'sto')).toMatchObject({ kind: 'ok', searched: null });
    expect(getToken).toHaveBeenCalledTimes(1);
  });
  it('reports a failed list as 502/503', async () => {
    const getTokens = async () => { throw networkError('/tokens'); };
    expect(await loadTokenList(client({ getTokens }), '')).toEqual({ kind: 'error', status: 503 });
  });
});

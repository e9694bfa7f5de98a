import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIndexerClient, NFT_LIST_TIMEOUT_MS, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { REQUEST_TIMEOUT_MESSAGE } from '../../src/lib/indexer-api/errors.ts';
import { createTtlCache } from '../../src/lib/indexer-api/ttl-cache.ts';
import { GRID_COLLECTIONS, TOP_COLLECTIONS, loadNftList, pageNftItems, type NftListItem } from '../../src/lib/nfts/list.ts';
import { matchesNftSearch, parseNftListQuery, parseNftSort } from '../../src/lib/nfts/params.ts';
import { compareNftItems, isBurned, priceValue, type NftOrderContext } from '../../src/lib/nfts/order.ts';
import { fixtureJson } from '../upstream-fixtures.ts';

const BASE = 'http://indexer.test';
const addr = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

/** Fake indexer answering by pathname; records every URL asked. */
function fakeFetch(routes: Record<string, unknown>): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fake = async (input: string): Promise<Response> => {
    urls.push(input);
    const body = routes[new URL(input).pathname];
    if (body === undefined) return new Response('{"error":"not found"}', { status: 404 });
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return Object.assign(fake, { urls });
}

const collectionJson = (n: number, name: string) => ({ address: addr(n), name, symbol: `S${n}`, items: 2, owners: n });
const tokenJson = (n: number, id: number, name: string, extra: Record<string, unknown> = {}) => ({
  tokenAddress: addr(n),
  tokenId: String(id),
  tokenType: 'ERC721',
  name,
  owner: addr(100 + id),
  createdAt: 1_000 + id,
  collectionName: `C${n}`,
  ...extra,
});

function item(partial: Partial<NftListItem> & { tokenId: string }): NftListItem {
  return {
    collectionAddress: addr(1),
    collectionName: 'Shapes',
    name: `Shapes #${partial.tokenId}`,
    image: null,
    description: null,
    price: '0.00',
    lastSale: '0.00',
    owner: null,
    creator: null,
    verified: false,
    createdAt: null,
    traits: [],
    tokenType: 'ERC721',
    balance: null,
    ...partial,
  };
}

describe('parseNftListQuery: garbage falls back to the defaults', () => {
  it.each([
    ['', { q: '', sort: 'trending', page: 1, size: 12 }],
    ['q=%20Shapes%20&sort=top&page=3&size=24', { q: 'Shapes', sort: 'top', page: 3, size: 24 }],
    ['sort=new&size=48', { q: '', sort: 'new', page: 1, size: 48 }],
    ['sort=NEW&size=13&page=-2', { q: '', sort: 'trending', page: 1, size: 12 }],
    ['page=abc&size=1e3', { q: '', sort: 'trending', page: 1, size: 12 }],
  ])('?%s', (search, expected) => {
    expect(parseNftListQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it('cuts very long search text', () => {
    expect(parseNftListQuery(new URLSearchParams(`q=${'a'.repeat(500)}`)).q).toHaveLength(100);
  });

  it.each([['trending', 'trending'], ['top', 'top'], ['new', 'new'], ['x', 'trending'], [null, 'trending']] as const)('sort %s → %s', (value, expected) => {
    expect(parseNftSort(value)).toBe(expected);
  });
});

describe('matchesNftSearch: case-insensitive, trimmed substring of the NFT or collection name', () => {
  const shape = { name: 'Sto Shapes #3', collectionName: 'Sto Shapes' };
  const coin = { name: 'Gold Coin', collectionName: 'Sto Game Items' };
  it.each([
    [shape, '', true],
    [shape, '   ', true],
    [shape, 'shapes #3', true],
    [shape, '  SHAPES #3  ', true],
    [shape, '#4', false],
    [coin, 'gold', true],
    [coin, 'game items', true],
    [coin, 'GAME', true],
    [coin, 'silver', false],
    [{ name: '<script>alert(1)</script>', collectionName: null }, '<SCRIPT>', true],
  ])('%j ~ %j → %s', (candidate, q, expected) => {
    expect(matchesNftSearch(candidate, q)).toBe(expected);
  });
});

describe('pageNftItems: search, then pages of 12/24/48; an out-of-range page is ignored', () => {
  const items = Array.from({ length: 30 }, (_, i) => item({ tokenId: String(i + 1), name: i % 2 ? `Odd ${i + 1}` : `Even ${i + 1}` }));
  it.each([
    [{ q: '', page: 1, size: 12 }, { ids: ['1', '12'], total: 30, page: 1, totalPages: 3 }],
    [{ q: '', page: 3, size: 12 }, { ids: ['25', '30'], total: 30, page: 3, totalPages: 3 }],
    [{ q: '', page: 4, size: 12 }, { ids: ['1', '12'], total: 30, page: 1, totalPages: 3 }],
    [{ q: '', page: 2, size: 24 }, { ids: ['25', '30'], total: 30, page: 2, totalPages: 2 }],
    [{ q: '', page: 1, size: 48 }, { ids: ['1', '30'], total: 30, page: 1, totalPages: 1 }],
    [{ q: ' odd ', page: 1, size: 12 }, { ids: ['2', '24'], total: 15, page: 1, totalPages: 2 }],
    [{ q: 'nothing', page: 2, size: 12 }, { ids: [], total: 0, page: 1, totalPages: 1 }],
  ])('%j', (query, expected) => {
    const result = pageNftItems(items, query);
    const ids = result.items.map((i) => i.tokenId);
    expect({ ids: ids.length ? [ids[0], ids.at(-1)] : [], total: result.total, page: result.page, totalPages: result.totalPages }).toEqual(expected);
  });
});

describe('compareNftItems', () => {
  const A = addr(1);
  const B = addr(2);
  const context: NftOrderContext = {
    collectionRank: new Map([[A, 0], [B, 1]]),
    lastActivity: new Map([[`${B}:7`, 5_000], [`${A}:2`, 4_000]]),
  };
  const items = [
    item({ collectionAddress: A, tokenId: '1', createdAt: 100 }),
    item({ collectionAddress: A, tokenId: '2', createdAt: 200 }),
    item({ collectionAddress: B, tokenId: '7', createdAt: 50, price: '2.5' }),
    item({ collectionAddress: B, tokenId: '3', createdAt: 300, lastSale: '1' }),
    item({ collectionAddress: A, tokenId: '5', createdAt: 300 }),
  ];
  const order = (sort: 'trending' | 'top' | 'new') => [...items].sort((a, b) => compareNftItems(a, b, sort, context)).map((i) => `${i.collectionAddress === A ? 'A' : 'B'}${i.tokenId}`);

  it.each([
    // Latest transfer first; items without a sampled transfer by mint time.
    ['trending', ['B7', 'A2', 'A5', 'B3', 'A1']],
    // Price, then last sale, then the collections' order, then the lowest id.
    ['top', ['B7', 'B3', 'A1', 'A2', 'A5']],
    // Newest mint first; ties by collection order.
    ['new', ['A5', 'B3', 'A2', 'A1', 'B7']],
  ] as const)('%s', (sort, expected) => {
    expect(order(sort)).toEqual(expected);
  });

  it.each([['1.5', 1.5], ['0.00', 0], ['', 0], ['-1', 0], ['abc', 0], [null, 0]] as const)('priceValue(%j) = %d', (text, value) => {
    expect(priceValue(text)).toBe(value);
  });

  it.each([
    [{ tokenType: 'ERC721', owner: '0x0000000000000000000000000000000000000000' }, true],
    [{ tokenType: 'ERC721', owner: addr(5) }, false],
    [{ tokenType: 'ERC1155', owner: null }, false],
  ])('isBurned(%j) = %s', (token, expected) => {
    expect(isBurned(token)).toBe(expected);
  });
});

describe('loadNftList', () => {
  afterEach(() => vi.useRealTimers());

  const routes = {
    '/nfts': [1, 2, 3, 4, 5, 6].map((n) => collectionJson(n, `C${n}`)),
    [`/nfts/${addr(1)}/tokens`]: [tokenJson(1, 1, 'One'), tokenJson(1, 2, 'Burnt', { owner: '0x0000000000000000000000000000000000000000' })],
    [`/nfts/${addr(2)}/tokens`]: [tokenJson(2, 1, 'Two', { createdAt: 5_000 })],
    [`/nfts/${addr(3)}/tokens`]: [{ tokenAddress: addr(3), tokenId: '9', metadata: { name: 'Three' } }],
    [`/tokens/${addr(1)}/transfers`]: [{ transactionHash: `0x${'a'.repeat(64)}`, tokenAddress: addr(1), fromAddress: addr(9), toAddress: addr(8), value: '1', tokenType: 'ERC721', tokenId: '1', timestamp: 9_999 }],
  };

  it('reads the first 5 collections in the chosen order and the items of the first 3 only', async () => {
    const fetch = fakeFetch(routes);
    const load = await loadNftList(createIndexerClient(BASE, { fetch }), 'new');
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(TOP_COLLECTIONS).toBe(5);
    expect(GRID_COLLECTIONS).toBe(3);
    expect(load.data.collections.map((c) => c.name)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    expect(fetch.urls[0]).toBe(`${BASE}/nfts?limit=5&offset=0&sort=new`);
    const tokenUrls = fetch.urls.filter((u) => u.includes('/tokens'));
    expect(tokenUrls.sort()).toEqual([1, 2, 3].map((n) => `${BASE}/nfts/${addr(n)}/tokens?limit=100&offset=0&sort=new`).sort());
    // Burned items are left out; a missing collection name comes from the collection.
    expect(load.data.items.map((i) => [i.name, i.collectionName])).toEqual([
      ['Two', 'C2'],
      ['One', 'C1'],
      ['Three', 'C3'],
    ]);
  });

  it('trending reads each grid collection\'s latest transfers to rank items', async () => {
    const fetch = fakeFetch(routes);
    const load = await loadNftList(createIndexerClient(BASE, { fetch }), 'trending');
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(fetch.urls.filter((u) => u.includes('/transfers'))).toHaveLength(3);
    expect(load.data.items[0]?.name).toBe('One');
  });

  it(`a request running past the deadline answers 'timeout' (shown as '${REQUEST_TIMEOUT_MESSAGE}')`, async () => {
    const never: FetchLike = () => new Promise<Response>(() => {});
    const started = Date.now();
    const load = await loadNftList(createIndexerClient(BASE, { fetch: never }), 'trending', { timeoutMs: 50 });
    expect(load).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(REQUEST_TIMEOUT_MESSAGE).toBe('Request timeout');
  });

  it(`the default deadline is NFT_LIST_TIMEOUT_MS (${NFT_LIST_TIMEOUT_MS} ms)`, async () => {
    expect(NFT_LIST_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers();
    let settled: unknown = null;
    const never: FetchLike = () => new Promise<Response>(() => {});
    void loadNftList(createIndexerClient(BASE, { fetch: never }), 'top').then((load) => { settled = load; });
    await vi.advanceTimersByTimeAsync(NFT_LIST_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ kind: 'timeout' });
  });

  describe("against the operator's indexer (no /nfts/{c}/tokens: it reads 'tokens' as a token id, 404)", () => {
    const recorded = fixtureJson('nfts__limit=5.json') as { tokenAddress: string }[];
    const upstream = (extra: Record<string, unknown> = {}) =>
      fakeFetch({ '/nfts': recorded, ...Object.fromEntries(recorded.map((c) => [`/nfts/${c.tokenAddress}/tokens`, new Response('{"error":"NFT not found"}', { status: 404 })])), ...extra });

    it('degrades to an empty grid with the collections, never an error, when token 0 is not there either', async () => {
      const fetch = upstream();
      const load = await loadNftList(createIndexerClient(BASE, { fetch }), 'new');
      if (load.kind !== 'ok') throw new Error(load.kind);
      expect(load.data.collections.map((c) => c.name)).toEqual(['Seed Items', 'Seed NFT']);
      expect(load.data.items).toEqual([]);
      expect(pageNftItems(load.data.items, { q: '', page: 1, size: 12 })).toMatchObject({ total: 0, items: [] });
      expect(fetch.urls.filter((u) => /\/nfts\/0x[0-9a-f]{40}\/0$/.test(u))).toHaveLength(2);
    });

    it("fills the grid from the spec's call, token id 0 of each of the first 3 collections", async () => {
      const item = fixtureJson('nfts_0xB7f8BC63_1.json') as Record<string, unknown>;
      const first = recorded[0]?.tokenAddress as string;
      const fetch = upstream({ [`/nfts/${first}/0`]: { ...item, tokenId: '0' } });
      const load = await loadNftList(createIndexerClient(BASE, { fetch }), 'new');
      if (load.kind !== 'ok') throw new Error(load.kind);
      expect(load.data.items.map((i) => [i.tokenId, i.name, i.collectionName])).toEqual([['0', 'Seed Item 1', 'Seed Items']]);
    });
  });

  it("other failures answer 'error' (an empty list) with the page's status", async () => {
    const fetch = fakeFetch({ '/nfts': new Response('boom', { status: 500 }) });
    expect(await loadNftList(createIndexerClient(BASE, { fetch }), 'top')).toEqual({ kind: 'error', status: 502 });
    const malformed = fakeFetch({ '/nfts': new Response('[{"address": "0x', { status: 200 }) });
    expect(await loadNftList(createIndexerClient(BASE, { fetch: malformed }), 'top')).toEqual({ kind: 'error', status: 502 });
    const down: FetchLike = async () => Promise.reject(new TypeError('fetch failed'));
    expect(await loadNftList(createIndexerClient(BASE, { fetch: down }), 'top')).toEqual({ kind: 'error', status: 503 });
  });

  it('shares a load per order through the cache, and never caches a failure', async () => {
    const cache = createTtlCache();
    const fetch = fakeFetch(routes);
    const client = createIndexerClient(BASE, { fetch });
    await loadNftList(client, 'top', { cache });
    const asked = fetch.urls.length;
    await loadNftList(client, 'top', { cache });
    expect(fetch.urls.length).toBe(asked);
    const failingFetch: FetchLike = async () => new Response('x', { status: 500 });
    const empty = createTtlCache();
    expect((await loadNftList(createIndexerClient(BASE, { fetch: failingFetch }), 'new', { cache: empty })).kind).toBe('error');
    expect(empty.size).toBe(0);
  });
});

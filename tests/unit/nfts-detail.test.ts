import { describe, expect, it } from 'vitest';
import { createIndexerClient, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { BLOCKCHAIN_NAME, USD_PER_STO_ESTIMATE, formatNftPrice, historyRow, knownStandard, rarityText, standardLabel, usdEstimate } from '../../src/lib/nfts/view.ts';
import { NFT_HISTORY_LIMIT, loadNftDetail } from '../../src/lib/nfts/load.ts';
import { isTokenIdParam, parseNftTab } from '../../src/lib/nfts/params.ts';
import { loadCollection } from '../../src/lib/nfts/collection.ts';
import type { NftTransfer } from '../../src/lib/model/types.ts';

const BASE = 'http://indexer.test';
const C = '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9';
const ZERO = '0x0000000000000000000000000000000000000000';
const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const HASH = `0x${'ab'.repeat(32)}`;

type Reply = { status: number; body: unknown } | 'network';

function fakeFetch(routes: Record<string, Reply>): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fake = async (input: string): Promise<Response> => {
    urls.push(input);
    const reply = routes[new URL(input).pathname];
    if (reply === 'network') throw new TypeError('fetch failed');
    if (!reply) return new Response('{"error":"Collection not found"}', { status: 404 });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  };
  return Object.assign(fake, { urls });
}
const ok = (body: unknown): Reply => ({ status: 200, body });

describe('route parameters', () => {
  it.each([
    ['0', true],
    ['1', true],
    ['115792089237316195423570985008687907853269984665640564039457584007913129639935', true],
    ['115792089237316195423570985008687907853269984665640564039457584007913129639936', false],
    ['-1', false],
    ['1.5', false],
    ['0x1', false],
    ['abc', false],
    ['', false],
    [' 1', false],
  ])('isTokenIdParam(%j) = %s', (value, expected) => {
    expect(isTokenIdParam(value)).toBe(expected);
  });

  it.each([
    [null, 'overview'],
    ['overview', 'overview'],
    ['properties', 'properties'],
    ['history', 'history'],
    ['HISTORY', 'overview'],
    ['<script>', 'overview'],
  ])('parseNftTab(%j) = %s', (value, expected) => {
    expect(parseNftTab(value)).toBe(expected);
  });
});

describe('display rules', () => {
  it.each([
    ['0.00', '$0.00'],
    ['1', '$3,000.00'],
    ['1.5', '$4,500.00'],
    ['0.1', '$300.00'],
    ['garbage', '$0.00'],
  ])('usdEstimate(%j) = %s (price × 3000)', (price, expected) => {
    expect(USD_PER_STO_ESTIMATE).toBe(3000);
    expect(usdEstimate(price)).toBe(expected);
  });

  it('prices are in STO; the blockchain is fixed', () => {
    expect(formatNftPrice('0.00')).toBe('0.00 STO');
    expect(BLOCKCHAIN_NAME).toBe('STO Chain');
  });

  it.each([
    ['ERC721', 'ERC-721', 'ERC-721'],
    ['ERC1155', 'ERC-1155', 'ERC-1155'],
    ['erc-1155', 'ERC-1155', 'ERC-1155'],
    [null, null, 'ERC-721'],
    ['ERC20', null, 'ERC-721'],
  ])('standard of %j: card %j, details %j', (type, card, details) => {
    expect(knownStandard(type)).toBe(card);
    expect(standardLabel(type)).toBe(details);
  });

  it.each([
    ['12.5', '12.5% rarity'],
    ['30', '30% rarity'],
    ['Legendary', 'Legendary rarity'],
    ['5%', '5% rarity'],
    [null, 'Unknown rarity'],
    ['', 'Unknown rarity'],
  ])('rarityText(%j) = %s', (rarity, expected) => {
    expect(rarityText(rarity)).toBe(expected);
  });
});

describe('historyRow', () => {
  const transfer = (from: string, price: string): NftTransfer => ({
    transactionHash: HASH, blockNumber: 7, timestamp: 1_700_000_000, from, to: B, tokenAddress: C, tokenId: '3', tokenType: 'ERC721', value: 1n, price,
  });
  it.each([
    // 'Minted' and 'Mint' in From for the zero address; 'Mint' as the price when it is '0'.
    [ZERO, '0', { event: 'Minted', price: 'Mint', from: null }],
    [A, '0', { event: 'Transferred', price: 'Mint', from: A }],
    [A, '1.25', { event: 'Transferred', price: '1.25 STO', from: A }],
    [ZERO.toUpperCase().replace('0X', '0x'), '2', { event: 'Minted', price: '2 STO', from: null }],
  ])('from %s price %j', (from, price, expected) => {
    expect(historyRow(transfer(from, price))).toMatchObject({ ...expected, to: B, transactionHash: HASH, timestamp: 1_700_000_000 });
  });
});

describe('loadNftDetail', () => {
  const token = {
    tokenAddress: C, tokenId: '3', tokenType: 'ERC721', name: 'Sto Shapes #3', owner: A, creator: B, createdAt: 1_700_000_000,
    traits: [{ type: 'Shape', value: 'Square', rarity: 30 }],
  };
  const collection = { address: C, name: 'Sto Shapes', verified: true, items: 30, owners: 20 };
  const history = Array.from({ length: 12 }, (_, i) => ({ transactionHash: HASH, fromAddress: i === 11 ? ZERO : A, toAddress: B, tokenId: '3', timestamp: 1_700_000_000 + i }));

  it('the item, its collection and the latest 10 transfers', async () => {
    const fetch = fakeFetch({ [`/nfts/${C}/3`]: ok(token), [`/nfts/${C}`]: ok(collection), [`/nfts/${C}/3/transfers`]: ok(history) });
    const load = await loadNftDetail(createIndexerClient(BASE, { fetch }), C, '3');
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.detail.token).toMatchObject({ name: 'Sto Shapes #3', verified: true, owner: A, traits: [{ type: 'Shape', value: 'Square', rarity: '30' }] });
    expect(load.detail.collection).toMatchObject({ name: 'Sto Shapes', items: 30, owners: 20 });
    expect(load.detail.history).toHaveLength(NFT_HISTORY_LIMIT);
    expect(fetch.urls).toContain(`${BASE}/nfts/${C}/3/transfers?limit=10&offset=0`);
  });

  it('falls back for a sparse record: name "{collection} #{id}", price "0.00", owner unknown, not verified', async () => {
    const fetch = fakeFetch({ [`/nfts/${C}/4`]: ok({ tokenAddress: C, tokenId: '4', collectionName: 'Sto Shapes' }), [`/nfts/${C}`]: ok({ address: C, name: 'Sto Shapes' }), [`/nfts/${C}/4/transfers`]: ok([]) });
    const load = await loadNftDetail(createIndexerClient(BASE, { fetch }), C, '4');
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.detail.token).toMatchObject({ name: 'Sto Shapes #4', price: '0.00', lastSale: '0.00', owner: null, verified: false });
  });

  it('a missing item is not found; secondary failures degrade', async () => {
    expect(await loadNftDetail(createIndexerClient(BASE, { fetch: fakeFetch({}) }), C, '99')).toEqual({ kind: 'not-found' });
    const fetch = fakeFetch({ [`/nfts/${C}/3`]: ok(token), [`/nfts/${C}`]: { status: 500, body: {} }, [`/nfts/${C}/3/transfers`]: 'network' });
    const load = await loadNftDetail(createIndexerClient(BASE, { fetch }), C, '3');
    expect(load).toMatchObject({ kind: 'ok', detail: { collection: null, history: null } });
  });

  it.each<[Reply, number]>([
    [{ status: 500, body: {} }, 502],
    [{ status: 503, body: {} }, 503],
    ['network', 503],
  ])('an item failure %j is an error with status %i', async (reply, status) => {
    const load = await loadNftDetail(createIndexerClient(BASE, { fetch: fakeFetch({ [`/nfts/${C}/3`]: reply }) }), C, '3');
    expect(load).toEqual({ kind: 'error', status });
  });
});

describe('loadCollection', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ tokenAddress: C, tokenId: String(i + 1), tokenType: 'ERC721', name: `#${i + 1}` }));

  it('figures, token record and a page of items; one extra item means another page', async () => {
    const fetch = fakeFetch({ [`/nfts/${C}`]: ok({ address: C, name: 'Sto Shapes', items: 12 }), [`/tokens/${C}`]: ok({ address: C, type: 'ERC721', transfers: 40 }), [`/nfts/${C}/tokens`]: ok(items(13)) });
    const load = await loadCollection(createIndexerClient(BASE, { fetch }), C, 1, 12);
    if (load.kind !== 'ok') throw new Error(load.kind);
    expect(load.view.items).toHaveLength(12);
    expect(load.view.items?.[0]?.collectionName).toBe('Sto Shapes');
    expect(load.view.token?.transfers).toBe(40);
    expect(load.view.totalPages).toBe(2);
    expect(fetch.urls).toContain(`${BASE}/nfts/${C}/tokens?limit=13&offset=0`);
  });

  it.each([
    [{}, { kind: 'not-found' }],
    [{ [`/nfts/${C}`]: 'network' as Reply }, { kind: 'error', status: 503 }],
  ])('%j → %j', async (routes, expected) => {
    expect(await loadCollection(createIndexerClient(BASE, { fetch: fakeFetch(routes) }), C, 1, 12)).toEqual(expected);
  });
});

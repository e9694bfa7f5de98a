import { describe, expect, it } from 'vitest';
import {
  normalizeNftCollection,
  normalizeNftCollections,
  normalizeNftToken,
  normalizeNftTokens,
  normalizeNftTransfers,
} from '../../src/lib/normalize/nft.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const SITEM = '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e';

describe('collections', () => {
  it('nfts.json: two collections', () => {
    const collections = normalizeNftCollections(fixture('nfts.json'));
    expect(collections).toHaveLength(2);
    expect(collections[1]).toEqual({
      id: '1',
      address: '0x0165878a594ca255338adfa4d48449f69242eb8f',
      name: 'Seed NFT',
      symbol: 'SNFT',
      verified: false,
      floorPrice: '0.00',
      volume: '0.00',
      items: 1,
      owners: 0,
      description: null,
      image: null,
    });
  });

  it('nfts_0x0165878A.json: one collection', () => {
    expect(normalizeNftCollection(fixture('nfts_0x0165878A.json'))?.name).toBe('Seed NFT');
  });

  it('a non-list answer is an empty list', () => {
    expect(normalizeNftCollections({ error: 'x' })).toEqual([]);
  });
});

describe('tokens', () => {
  it('nfts_0xB7f8BC63_1.json: metadata name, image and description', () => {
    expect(normalizeNftToken(fixture('nfts_0xB7f8BC63_1.json'))).toEqual({
      collectionAddress: SITEM,
      collectionName: null,
      tokenId: '1',
      name: 'Seed Item 1',
      image: 'http://127.0.0.1:18646/nft/2.svg',
      description: 'ERC-1155 item 1',
      price: '0.00',
      lastSale: '0.00',
      owner: null,
      creator: null,
      verified: false,
      createdAt: null,
      traits: [],
      tokenType: null,
      balance: null,
    });
  });

  it('address_0x3C44CdDd_nfts.json: an owned item', () => {
    const tokens = normalizeNftTokens(fixture('address_0x3C44CdDd_nfts.json'));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ tokenId: '1', owner: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', name: 'Seed Item 1' });
  });

  it('a single token answer becomes a one-item list', () => {
    expect(normalizeNftTokens(fixture('nfts_0xB7f8BC63_1.json')).map((t) => t.tokenId)).toEqual(['1']);
    expect(normalizeNftTokens(fixture('nfts_0xB7f8BC63_4.json'))).toEqual([]);
  });

  it('bundled indexer token with JSON-text metadata and traits', () => {
    const token = normalizeNftToken({
      tokenAddress: SITEM,
      tokenId: '0x05',
      owner: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      price: 1.25,
      metadata: JSON.stringify({ name: 'Five', image: 'ipfs://bafy/5.png', attributes: [{ trait_type: 'Color', value: 'Red' }, { value: 3 }, { trait_type: 'x' }] }),
      createdAt: '2026-11-22T00:00:00Z',
    });
    expect(token).toMatchObject({
      tokenId: '5',
      name: 'Five',
      image: 'ipfs://bafy/5.png',
      price: '1.25',
      owner: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      createdAt: 1795305600,
      traits: [
        { type: 'Color', value: 'Red', rarity: null },
        { type: 'Property', value: '3', rarity: null },
      ],
    });
  });

  it('traits with rarity; name falls back to collection #id; unsafe images are dropped', () => {
    const token = normalizeNftToken(
      { tokenId: 9, image: 'javascript:alert(1)', traits: [{ type: 'Eyes', value: 'Blue', rarity: '12%' }] },
      { collectionAddress: SITEM, collectionName: 'Seed Items' },
    );
    expect(token).toMatchObject({
      collectionAddress: SITEM,
      name: 'Seed Items #9',
      image: null,
      traits: [{ type: 'Eyes', value: 'Blue', rarity: '12%' }],
    });
  });

  it('bundled indexer: top-level attributes and boolean trait values', () => {
    const token = normalizeNftToken({ tokenAddress: SITEM, tokenId: '2', name: 'Two', attributes: [{ trait_type: 'Shiny', value: true }], metadata: null });
    expect(token?.traits).toEqual([{ type: 'Shiny', value: 'true', rarity: null }]);
    expect(token?.name).toBe('Two');
  });

  it('a record without a token id is no token', () => {
    expect(normalizeNftToken({ name: 'x' })).toBeNull();
  });
});

describe('transfers', () => {
  it('address_0xf39Fd6e5_nft-transfers.json', () => {
    const transfers = normalizeNftTransfers(fixture('address_0xf39Fd6e5_nft-transfers.json'));
    expect(transfers).toHaveLength(2);
    expect(transfers[1]).toEqual({
      transactionHash: '0x4d0f9ddf77a76b979ed0c994fe2ab6d92a2f863d265c4f43a1acf283213a89aa',
      blockNumber: 24,
      timestamp: 1795319517,
      from: '0x0000000000000000000000000000000000000000',
      to: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      tokenAddress: '0xb7f8bc63bbcad18155201308c8f3540b07f84f5e',
      tokenId: '1',
      tokenType: 'ERC1155',
      value: 10n,
      price: '0',
    });
  });

  it('txHash alias and a price', () => {
    const [transfer] = normalizeNftTransfers([
      { from: SITEM, to: SITEM, txHash: '0x4d0f9ddf77a76b979ed0c994fe2ab6d92a2f863d265c4f43a1acf283213a89aa', price: '2.5', tokenId: '3' },
    ]);
    expect(transfer).toMatchObject({ transactionHash: '0x4d0f9ddf77a76b979ed0c994fe2ab6d92a2f863d265c4f43a1acf283213a89aa', price: '2.5', value: 1n });
  });
});

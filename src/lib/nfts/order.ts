// Orders of the NFT grid. The indexer orders each collection's items; these comparisons merge the three
// collections into one list with the same meaning:
//   trending: latest transfer (a mint counts) first, items without a known transfer by mint time;
//   top:      highest price, then highest last sale, then the collections' own order, then lowest token id;
//   new:      latest mint first.
import type { NftSortOrder } from '../indexer-api/client.ts';
import type { NftToken } from '../model/types.ts';

/** The all-zero address: the sender of a mint, the owner of a burned ERC-721 item. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** What the comparison needs beyond the items. */
export interface NftOrderContext {
  /** Position of each collection (lowercase address) in the collections' order. */
  collectionRank: ReadonlyMap<string, number>;
  /** Unix seconds of each item's latest transfer, by itemKey. */
  lastActivity: ReadonlyMap<string, number>;
}

/** Key of an item across collections. */
export function itemKey(collectionAddress: string, tokenId: string): string {
  return `${collectionAddress.toLowerCase()}:${tokenId}`;
}

/** Whether an ERC-721 item was burned (its owner is the zero address). */
export function isBurned(token: Pick<NftToken, 'tokenType' | 'owner'>): boolean {
  return token.tokenType === 'ERC721' && token.owner?.toLowerCase() === ZERO_ADDRESS;
}

/** A price text as a number; 0 for text that is not a plain non-negative decimal. */
export function priceValue(price: string | null | undefined): number {
  const text = price?.trim() ?? '';
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : 0;
}

function idValue(tokenId: string): bigint {
  try {
    return BigInt(tokenId);
  } catch {
    return 0n;
  }
}

type Orderable = Pick<NftToken, 'collectionAddress' | 'tokenId' | 'createdAt' | 'price' | 'lastSale'>;

function rank(item: Orderable, context: NftOrderContext): number {
  return context.collectionRank.get(item.collectionAddress?.toLowerCase() ?? '') ?? Number.MAX_SAFE_INTEGER;
}

const desc = (a: number, b: number): number => b - a;
const byId = (a: Orderable, b: Orderable): number => {
  const x = idValue(a.tokenId);
  const y = idValue(b.tokenId);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Comparison of two grid items under an order (negative: `a` first). */
export function compareNftItems(a: Orderable, b: Orderable, sort: NftSortOrder, context: NftOrderContext): number {
  const activity = (item: Orderable): number =>
    context.lastActivity.get(itemKey(item.collectionAddress ?? '', item.tokenId)) ?? item.createdAt ?? 0;
  switch (sort) {
    case 'trending':
      return desc(activity(a), activity(b)) || rank(a, context) - rank(b, context) || -byId(a, b);
    case 'new':
      return desc(a.createdAt ?? 0, b.createdAt ?? 0) || rank(a, context) - rank(b, context) || -byId(a, b);
    case 'top':
      return (
        desc(priceValue(a.price), priceValue(b.price)) ||
        desc(priceValue(a.lastSale), priceValue(b.lastSale)) ||
        rank(a, context) - rank(b, context) ||
        byId(a, b)
      );
  }
}

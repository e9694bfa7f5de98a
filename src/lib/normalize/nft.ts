import type { NftCollection, NftToken, NftTrait, NftTransfer } from '../model/types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, parseJsonText, pick, toAddress, toBool, toHash, toImageUrl, toText } from './fields.ts';

/** Price text in STO from a number or string; `fallback` when absent. */
function priceText(value: unknown, fallback: string): string {
  return toText(value) ?? fallback;
}

/** An NFT collection from /nfts or /nfts/{c} (tokenAddress or address); null without an address. */
export function normalizeNftCollection(raw: unknown): NftCollection | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'tokenAddress', 'contractAddress', 'collectionAddress'));
  if (address === null) return null;
  return {
    id: toText(raw['id']),
    address,
    name: toText(pick(raw, 'name', 'collectionName')) ?? toText(raw['symbol']) ?? 'Unknown',
    symbol: toText(raw['symbol']),
    verified: toBool(raw['verified']) ?? false,
    floorPrice: priceText(raw['floorPrice'], '0.00'),
    volume: priceText(raw['volume'], '0.00'),
    items: toCount(pick(raw, 'items', 'itemCount', 'totalSupply', 'tokenCount')),
    owners: toCount(pick(raw, 'owners', 'ownerCount', 'ownersCount')),
    description: toText(raw['description']),
    image: toImageUrl(pick(raw, 'image', 'imageUrl', 'logoUrl')),
  };
}

/** A list of collections; a non-list response is empty. */
export function normalizeNftCollections(raw: unknown): NftCollection[] {
  return normalizeList(raw, normalizeNftCollection, 'collections', 'nfts');
}

function normalizeTrait(raw: unknown): NftTrait | null {
  if (!isRecord(raw)) return null;
  const rawValue = raw['value'];
  const value = typeof rawValue === 'boolean' ? String(rawValue) : toText(rawValue);
  if (value === null) return null;
  return {
    type: toText(pick(raw, 'type', 'trait_type', 'traitType', 'name')) ?? 'Property',
    value,
    rarity: toText(raw['rarity']),
  };
}

/** Context of a token fetched under a collection. */
export interface NftTokenContext {
  collectionAddress?: string | null;
  collectionName?: string | null;
}

/**
 * An NFT item: tokenId plus metadata (object or JSON text; name, image/image_url, description, attributes or traits).
 * The name falls back to '{collection} #{tokenId}', prices to '0.00'. Null without a token id.
 */
export function normalizeNftToken(raw: unknown, context: NftTokenContext = {}): NftToken | null {
  if (!isRecord(raw)) return null;
  // `id` is the indexer's row id, not the token id.
  const id = toBigInt(raw['tokenId']);
  const tokenId = id === null ? toText(raw['tokenId']) : id.toString();
  if (tokenId === null) return null;
  const parsedMetadata = parseJsonText(raw['metadata']);
  const metadata = isRecord(parsedMetadata) ? parsedMetadata : {};
  const collectionName = toText(pick(raw, 'collectionName', 'collection')) ?? context.collectionName ?? null;
  const traits = normalizeList(pick(raw, 'traits', 'attributes') ?? metadata['attributes'] ?? metadata['traits'], normalizeTrait);
  return {
    collectionAddress:
      toAddress(pick(raw, 'tokenAddress', 'contractAddress', 'collectionAddress', 'address')) ??
      context.collectionAddress ??
      null,
    collectionName,
    tokenId,
    name: toText(metadata['name']) ?? toText(raw['name']) ?? `${collectionName ?? 'Unknown'} #${tokenId}`,
    image: toImageUrl(metadata['image'] ?? metadata['image_url'] ?? pick(raw, 'image', 'imageUrl')),
    description: toText(metadata['description']) ?? toText(raw['description']),
    price: priceText(raw['price'], '0.00'),
    lastSale: priceText(raw['lastSale'], '0.00'),
    owner: toAddress(pick(raw, 'owner', 'ownerAddress')),
    creator: toAddress(pick(raw, 'creator', 'creatorAddress')),
    verified: toBool(raw['verified']) ?? false,
    createdAt: toTimestamp(pick(raw, 'createdAt', 'mintedAt')),
    traits,
    tokenType: toText(pick(raw, 'tokenType', 'type')),
    balance: toBigInt(pick(raw, 'balance', 'amount')),
  };
}

/** NFT items: a list, a single token, or {tokens|items}; unreadable items are dropped. */
export function normalizeNftTokens(raw: unknown, context: NftTokenContext = {}): NftToken[] {
  if (isRecord(raw) && 'tokenId' in raw) {
    const single = normalizeNftToken(raw, context);
    return single === null ? [] : [single];
  }
  return normalizeList(raw, (item) => normalizeNftToken(item, context), 'tokens', 'nfts');
}

/** An NFT transfer (from/fromAddress, to/toAddress, txHash/transactionHash); price defaults '0'. Null without parties. */
function normalizeNftTransfer(raw: unknown): NftTransfer | null {
  if (!isRecord(raw)) return null;
  const from = toAddress(pick(raw, 'from', 'fromAddress'));
  const to = toAddress(pick(raw, 'to', 'toAddress'));
  if (from === null || to === null) return null;
  const tokenId = toBigInt(raw['tokenId']);
  return {
    transactionHash: toHash(pick(raw, 'txHash', 'transactionHash', 'hash')),
    blockNumber: toCount(raw['blockNumber']),
    timestamp: toTimestamp(raw['timestamp']),
    from,
    to,
    tokenAddress: toAddress(pick(raw, 'tokenAddress', 'contractAddress')),
    tokenId: tokenId === null ? toText(raw['tokenId']) : tokenId.toString(),
    tokenType: toText(pick(raw, 'tokenType', 'type')),
    value: toBigInt(pick(raw, 'value', 'amount')) ?? 1n,
    price: priceText(raw['price'], '0'),
  };
}

/** A list of NFT transfers (bare array or wrapped). */
export function normalizeNftTransfers(raw: unknown): NftTransfer[] {
  return normalizeList(raw, normalizeNftTransfer, 'transfers');
}

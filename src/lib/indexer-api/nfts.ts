import { normalizeNftCollection, normalizeNftCollections, normalizeNftTokens, normalizeNftTransfers } from '../normalize/nft.ts';
import type { NftCollection, NftToken, NftTransfer } from '../model/types.ts';
import { NFT_LIST_TIMEOUT_MS } from './timeouts.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// NFT collections and items.

/** Orders of the bundled indexer's NFT lists: latest transfer first, most owners, newest first. */
export type NftSortOrder = 'trending' | 'top' | 'new';

/** GET /nfts?limit&offset[&sort] → collections (10 s); a non-list answer is an empty list. Indexers without `sort` ignore it. */
export function getNftCollections(t: Transport, query: PageQuery & { sort?: NftSortOrder } = {}, request?: RequestOptions): Promise<NftCollection[]> {
  return t.get('/nfts', normalizeNftCollections, { ...pageQuery(query), sort: query.sort }, request, NFT_LIST_TIMEOUT_MS);
}

/** GET /nfts/{c} → the collection, or null when not found. */
export function getNftCollection(t: Transport, collection: string, request?: RequestOptions): Promise<NftCollection | null> {
  return t.find(`/nfts/${seg(collection)}`, normalizeNftCollection, {}, request);
}

/** GET /nfts/{c}/{id} → the token or tokens it answers (empty when not found). */
export async function getNftTokens(t: Transport, collection: string, tokenId: string | number, request?: RequestOptions): Promise<NftToken[]> {
  const normalize = (body: unknown) => normalizeNftTokens(body, { collectionAddress: collection });
  return (await t.find(`/nfts/${seg(collection)}/${seg(tokenId)}`, normalize, {}, request)) ?? [];
}

/** GET /nfts/{c}/{id} → that token, or null when not found. */
export async function getNftToken(t: Transport, collection: string, tokenId: string | number, request?: RequestOptions): Promise<NftToken | null> {
  const tokens = await getNftTokens(t, collection, tokenId, request);
  return tokens.find((token) => token.tokenId === String(tokenId)) ?? tokens[0] ?? null;
}

/** GET /nfts/{c}/tokens?limit&offset[&sort] → items of a collection (bundled indexer). */
export function getNftCollectionTokens(t: Transport, collection: string, query: PageQuery & { sort?: NftSortOrder } = {}, request?: RequestOptions): Promise<NftToken[]> {
  const normalize = (body: unknown) => normalizeNftTokens(body, { collectionAddress: collection });
  return t.get(`/nfts/${seg(collection)}/tokens`, normalize, { ...pageQuery(query), sort: query.sort }, request, NFT_LIST_TIMEOUT_MS);
}

/** GET /nfts/{c}/{id}/transfers?limit&offset → history of one NFT (bundled indexer). */
export function getNftTokenTransfers(t: Transport, collection: string, tokenId: string | number, query: PageQuery = {}, request?: RequestOptions): Promise<NftTransfer[]> {
  return t.get(`/nfts/${seg(collection)}/${seg(tokenId)}/transfers`, normalizeNftTransfers, pageQuery(query), request);
}

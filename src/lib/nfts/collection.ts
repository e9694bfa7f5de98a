// Collection page (/nfts/{address}?page=&size=): the collection's figures and one page of its items.
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import { pageCount, pageOffset } from '../url/pagination.ts';
import type { NftCollection, NftToken, Token } from '../model/types.ts';

/** Everything the collection page shows. */
export interface CollectionView {
  collection: NftCollection;
  /** The contract as a token (standard, transfers, creator); null when it could not be read. */
  token: Token | null;
  /** This page's items; null when they could not be read. */
  items: NftToken[] | null;
  page: number;
  /** Pages known so far: from the item count, and at least one more while a page comes back full. */
  totalPages: number;
}

/** Outcome of loading a collection. */
export type CollectionLoad =
  | { readonly kind: 'ok'; readonly view: CollectionView }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly status: FailureStatus };

/** Loads the collection, its token record and one page of items (one extra item tells whether more follow). */
export async function loadCollection(client: IndexerClient, address: string, page: number, size: number): Promise<CollectionLoad> {
  try {
    const [collection, token, probe] = await Promise.all([
      client.getNftCollection(address),
      safe(client.getToken(address), null),
      safe(client.getNftCollectionTokens(address, { limit: size + 1, offset: pageOffset(page, size) }), null),
    ]);
    if (collection === null) return { kind: 'not-found' };
    const items = probe?.slice(0, size).map((item) => ({ ...item, collectionName: item.collectionName ?? collection.name, verified: item.verified || collection.verified })) ?? null;
    const more = probe !== null && probe.length > size;
    const totalPages = Math.max(pageCount(collection.items, size), more ? page + 1 : page);
    return { kind: 'ok', view: { collection, token, items, page, totalPages } };
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }
}

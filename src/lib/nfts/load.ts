// NFT detail page (/nfts/{address}/{id}): the item, its collection and its history, read together.
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import type { NftCollection, NftToken, NftTransfer } from '../model/types.ts';

/** Rows of the History tab. */
export const NFT_HISTORY_LIMIT = 10;

/** Everything the detail page shows. */
export interface NftDetail {
  token: NftToken;
  /** The collection's figures; null when they could not be read. */
  collection: NftCollection | null;
  /** Latest transfers, newest first; null when they could not be read. */
  history: NftTransfer[] | null;
}

/** Outcome of loading an NFT. */
export type NftDetailLoad =
  | { readonly kind: 'ok'; readonly detail: NftDetail }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly status: FailureStatus };

/** Loads the item, its collection and its latest transfers together; the item decides found or not. */
export async function loadNftDetail(client: IndexerClient, address: string, tokenId: string): Promise<NftDetailLoad> {
  try {
    const [token, collection, history] = await Promise.all([
      client.getNftToken(address, tokenId),
      safe(client.getNftCollection(address), null),
      safe(client.getNftTokenTransfers(address, tokenId, { limit: NFT_HISTORY_LIMIT, offset: 0 }), null),
    ]);
    if (token === null) return { kind: 'not-found' };
    return {
      kind: 'ok',
      detail: {
        token: { ...token, collectionName: token.collectionName ?? collection?.name ?? null, verified: token.verified || (collection?.verified ?? false) },
        collection,
        history: history?.slice(0, NFT_HISTORY_LIMIT) ?? null,
      },
    };
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }
}

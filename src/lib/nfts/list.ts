// Data of the NFT list (/nfts): the first collections in the chosen order and the items of the first three of them
// only, loaded under one 10 s deadline; then searched, ordered and paged on the server.
import { NFT_LIST_TIMEOUT_MS, safe, type IndexerClient, type NftSortOrder } from '../indexer-api/client.ts';
import { failureStatus, isNotFound, isTimeout, type FailureStatus } from '../indexer-api/errors.ts';
import type { TtlCache } from '../indexer-api/ttl-cache.ts';
import { pageCount } from '../url/pagination.ts';
import type { NftCollection, NftToken } from '../model/types.ts';
import { matchesNftSearch, type NftListQuery } from './params.ts';
import { compareNftItems, isBurned, itemKey, type NftOrderContext } from './order.ts';

/** Rows of the Top Collections table. */
export const TOP_COLLECTIONS = 5;
/** Collections whose items fill the card grid. */
export const GRID_COLLECTIONS = 3;
/** Items read per grid collection, in the chosen order (the bundled indexer's largest page). */
const ITEMS_PER_COLLECTION = 100;
/** Transfers read per grid collection to rank items by their latest activity ('trending'). */
const ACTIVITY_SAMPLE = 100;
/** How long one order's data is shared between requests (searching and paging reuse it). */
const NFT_LIST_TTL_MS = 15_000;

/** An item of the grid with its collection's flags. */
export interface NftListItem extends NftToken {
  collectionAddress: string;
  collectionName: string;
}

/** Everything loaded for one order. */
export interface NftListData {
  collections: NftCollection[];
  /** Items of the first three collections (burned ones left out), in the chosen order. */
  items: NftListItem[];
}

/** Outcome of loading: data, the spec's time-out, or another failure (both show an empty list). */
export type NftListLoad =
  | { readonly kind: 'ok'; readonly data: NftListData }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'error'; readonly status: FailureStatus };

/** Thrown into the requests when the list's deadline passes. */
class DeadlineError extends Error {
  constructor(ms: number) {
    super(`NFT list deadline of ${ms} ms passed`);
    this.name = 'DeadlineError';
  }
}

/** Options of loadNftList. */
export interface NftListLoadOptions {
  /** Deadline of the whole load (NFT_LIST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Shares a successful load between requests for NFT_LIST_TTL_MS. */
  cache?: TtlCache;
}

/** Loads collections and grid items for one order within the deadline; never throws. */
export async function loadNftList(client: IndexerClient, sort: NftSortOrder, options: NftListLoadOptions = {}): Promise<NftListLoad> {
  const timeoutMs = options.timeoutMs ?? NFT_LIST_TIMEOUT_MS;
  const load = (): Promise<NftListData> => fetchNftList(client, sort, timeoutMs);
  try {
    const data = options.cache ? await options.cache.get(`nfts:list:${sort}`, NFT_LIST_TTL_MS, load) : await load();
    return { kind: 'ok', data };
  } catch (error) {
    return error instanceof DeadlineError || isTimeout(error) ? { kind: 'timeout' } : { kind: 'error', status: failureStatus(error) };
  }
}

async function fetchNftList(client: IndexerClient, sort: NftSortOrder, timeoutMs: number): Promise<NftListData> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineError(timeoutMs)), timeoutMs);
  const request = { signal: controller.signal };
  try {
    const collections = (await client.getNftCollections({ limit: TOP_COLLECTIONS, offset: 0, sort }, request)).slice(0, TOP_COLLECTIONS);
    const grid = collections.slice(0, GRID_COLLECTIONS);
    // The operator's indexer has no item list: it reads 'tokens' as a token id and answers 404. There the spec's call
    // is the collection's token 0; a collection without one adds nothing to the grid.
    const itemsOf = async (address: string): Promise<NftToken[]> => {
      try {
        return await client.getNftCollectionTokens(address, { limit: ITEMS_PER_COLLECTION, offset: 0, sort }, request);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      // A 404 here answers no tokens.
      return client.getNftTokens(address, 0, request);
    };
    const [lists, activity] = await Promise.all([
      Promise.all(grid.map((c) => itemsOf(c.address))),
      sort === 'trending'
        ? Promise.all(grid.map((c) => safe(client.getTokenTransfers(c.address, { limit: ACTIVITY_SAMPLE, offset: 0 }, request), [])))
        : Promise.resolve([]),
    ]);
    const lastActivity = new Map<string, number>();
    for (const transfers of activity) {
      for (const t of transfers) {
        if (t.tokenAddress === null || t.tokenId === null || t.timestamp === null) continue;
        const key = itemKey(t.tokenAddress, t.tokenId);
        lastActivity.set(key, Math.max(lastActivity.get(key) ?? 0, t.timestamp));
      }
    }
    const context: NftOrderContext = { collectionRank: new Map(grid.map((c, i) => [c.address.toLowerCase(), i])), lastActivity };
    const items: NftListItem[] = [];
    grid.forEach((collection, i) => {
      for (const token of lists[i] ?? []) {
        if (isBurned(token)) continue;
        items.push({
          ...token,
          collectionAddress: token.collectionAddress ?? collection.address,
          collectionName: token.collectionName ?? collection.name,
          verified: token.verified || collection.verified,
        });
      }
    });
    items.sort((a, b) => compareNftItems(a, b, sort, context));
    return { collections, items };
  } finally {
    clearTimeout(timer);
  }
}

/** One page of the searched grid. */
export interface NftGridPage {
  items: NftListItem[];
  /** Items matching the search. */
  total: number;
  page: number;
  totalPages: number;
}

/** Searches and pages the grid; a page out of range is ignored (page 1 is shown). */
export function pageNftItems(items: readonly NftListItem[], query: Pick<NftListQuery, 'q' | 'page' | 'size'>): NftGridPage {
  const matching = items.filter((item) => matchesNftSearch(item, query.q));
  const totalPages = pageCount(matching.length, query.size);
  const page = query.page >= 1 && query.page <= totalPages ? query.page : 1;
  return { items: matching.slice((page - 1) * query.size, page * query.size), total: matching.length, page, totalPages };
}

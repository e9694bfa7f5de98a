// What the NFT pages' URLs say: the list's query (/nfts?q=&sort=&page=&size=) and the detail's token id and tab.
// Garbage falls back to the defaults, never an error.
import type { NftSortOrder } from '../indexer-api/client.ts';
import { PAGE_SIZES, parsePageQuery } from '../url/pagination.ts';
import { oneOf } from '../url/params.ts';
/** The list's orders, in toggle order; the first is the default. */
export const NFT_SORTS = ['trending', 'top', 'new'] as const satisfies readonly NftSortOrder[];

/** Toggle labels. */
export const NFT_SORT_LABELS: Readonly<Record<NftSortOrder, string>> = { trending: 'Trending', top: 'Top', new: 'New' };

/** Longest search text kept (longer input is cut, not rejected). */
const MAX_SEARCH_LENGTH = 100;

/** A parsed list query. */
export interface NftListQuery {
  /** Trimmed search text; '' when there is none. */
  q: string;
  sort: NftSortOrder;
  page: number;
  size: number;
}

/** The order named by ?sort=; anything else gives 'trending'. */
export function parseNftSort(value: string | null | undefined): NftSortOrder {
  return oneOf(NFT_SORTS, value, 'trending');
}

/** Reads ?q=&sort=&page=&size= (sizes 12, 24, 48; default 12). */
export function parseNftListQuery(params: URLSearchParams): NftListQuery {
  const { page, size } = parsePageQuery(params, PAGE_SIZES.nfts);
  return { q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH), sort: parseNftSort(params.get('sort')), page, size };
}

/** What the search compares: an item's name and its collection's name. */
export interface NftSearchable {
  readonly name: string;
  readonly collectionName: string | null;
}

/** NFT search: case-insensitive, trimmed substring of the NFT name or the collection name. */
export function matchesNftSearch(item: NftSearchable, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  return item.name.toLowerCase().includes(needle) || (item.collectionName ?? '').toLowerCase().includes(needle);
}

/** Largest token id (uint256). */
const MAX_TOKEN_ID = (1n << 256n) - 1n;

/** Whether a route parameter is a token id: decimal digits within uint256. */
export function isTokenIdParam(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{1,78}$/.test(value) && BigInt(value) <= MAX_TOKEN_ID;
}

/** The detail tabs, in display order; the first is the default. */
export const NFT_TABS = ['overview', 'properties', 'history'] as const;
/** One detail tab. */
export type NftTab = (typeof NFT_TABS)[number];
/** Tab labels. */
export const NFT_TAB_LABELS: Readonly<Record<NftTab, string>> = { overview: 'Overview', properties: 'Properties', history: 'History' };

/** The tab named by ?tab=; anything else gives 'overview'. */
export function parseNftTab(value: string | null | undefined): NftTab {
  return oneOf(NFT_TABS, value, 'overview');
}

/** Number of numbered page buttons shown around the current page. */
export const PAGE_WINDOW = 5;

/** One entry of a pagination bar. */
export type PageItem =
  | { readonly type: 'page'; readonly n: number; readonly current: boolean }
  | { readonly type: 'ellipsis'; readonly position: 'start' | 'end' };

/** Everything a pagination bar renders. */
export interface Pagination {
  readonly current: number;
  readonly total: number;
  readonly items: readonly PageItem[];
  readonly prevEnabled: boolean;
  readonly nextEnabled: boolean;
}

/** Number of pages for a count of items; at least 1, since an empty list still renders one (empty) page. */
export function pageCount(itemCount: number | null | undefined, pageSize: number): number {
  if (!itemCount || itemCount < 0 || !Number.isFinite(itemCount) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(itemCount / pageSize));
}

/**
 * Pages of the block list. Blocks are numbered from 0, so there are latestBlock + 1 of them: dividing the latest
 * block number alone (as the spec's page count words it) would leave the genesis block unreachable when it fills a new page.
 */
export function blockPageCount(latestBlock: number | null | undefined, pageSize: number): number {
  if (latestBlock === null || latestBlock === undefined || !Number.isInteger(latestBlock) || latestBlock < 0) return 1;
  return pageCount(latestBlock + 1, pageSize);
}

/** Offset of a page's first item for limit/offset calls: (page - 1) × page size. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** The page to go to, or null when it is not a whole number between 1 and total (such clicks are ignored). */
export function goTo(page: number, total: number): number | null {
  return Number.isInteger(page) && page >= 1 && page <= total ? page : null;
}

/**
 * Pagination bar: a window of 5 page buttons around the current page, with the first and last page and
 * ellipses for the gaps ('1 … 8 9 10 11 12 … 20'). The current page is clamped into 1..total.
 */
export function paginate(currentPage: number, totalPages: number, windowSize: number = PAGE_WINDOW): Pagination {
  const total = Math.max(1, Math.floor(totalPages) || 1);
  const current = Math.min(total, Math.max(1, Math.floor(currentPage) || 1));
  const start = Math.max(1, Math.min(current - Math.floor(windowSize / 2), total - windowSize + 1));
  const end = Math.min(total, start + windowSize - 1);
  const page = (n: number): PageItem => ({ type: 'page', n, current: n === current });
  const items: PageItem[] = [];
  if (start > 1) items.push(page(1));
  if (start > 2) items.push({ type: 'ellipsis', position: 'start' });
  for (let n = start; n <= end; n++) items.push(page(n));
  if (end < total - 1) items.push({ type: 'ellipsis', position: 'end' });
  if (end < total) items.push(page(total));
  return { current, total, items, prevEnabled: current > 1, nextEnabled: current < total };
}

/** Allowed page sizes of one list and its default. */
export interface PageSizeOptions {
  readonly options: readonly number[];
  readonly defaultSize: number;
}

/** Page-size choices per list, as the product's specification gives them. */
export const PAGE_SIZES = {
  blocks: { options: [10, 25, 50, 100], defaultSize: 25 },
  transactions: { options: [10, 25, 50, 100], defaultSize: 25 },
  addressTransactions: { options: [10, 25, 50, 100], defaultSize: 10 },
  tokens: { options: [10, 25, 50, 100], defaultSize: 25 },
  nfts: { options: [12, 24, 48], defaultSize: 12 },
} as const satisfies Record<string, PageSizeOptions>;

/** Rows per page of holder tables (address Holders tab and token holders). */
export const HOLDERS_PAGE_SIZE = 50;

/** Rows per page of the token detail Transfers and Holders tables. */
export const TOKEN_DETAIL_PAGE_SIZE = 10;

/** A page and page size read from a URL. */
export interface PageQuery {
  readonly page: number;
  readonly size: number;
}

function positiveInt(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * Reads `?page=&size=` safely: garbage or a page below 1 gives page 1; a size not offered by the list gives its default.
 * A page past the end is left to the caller, who knows the total (clamp it or show an empty page).
 */
export function parsePageQuery(query: URLSearchParams | { readonly page?: string | null; readonly size?: string | null }, sizes: PageSizeOptions): PageQuery {
  const get = (key: 'page' | 'size') => (query instanceof URLSearchParams ? query.get(key) : query[key]);
  const size = positiveInt(get('size'));
  return {
    page: positiveInt(get('page')) ?? 1,
    size: size !== null && sizes.options.includes(size) ? size : sizes.defaultSize,
  };
}

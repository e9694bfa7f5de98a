import { PAGE_SIZES, blockPageCount, parsePageQuery } from '../url/pagination.ts';

/** The block list's URL state: page, page size and the 'Only blocks with transactions' toggle. */
export interface BlockListQuery {
  page: number;
  size: number;
  withTxs: boolean;
}

/** Reads `?page=&size=&withTxs=` safely: garbage gives page 1, the default size 25 and the toggle off. */
export function parseBlockListQuery(params: URLSearchParams): BlockListQuery {
  const { page, size } = parsePageQuery(params, PAGE_SIZES.blocks);
  const flag = params.get('withTxs')?.trim().toLowerCase();
  return { page, size, withTxs: flag === '1' || flag === 'true' };
}

/** Page total (ceil((latest block + 1) / size)) and whether the requested page lies past it (an empty, 404 page). */
export function blockListPages(query: BlockListQuery, latestBlock: number | null): { totalPages: number; pastEnd: boolean } {
  const totalPages = blockPageCount(latestBlock, query.size);
  // With the head unknown there is no total to hold the page against.
  return { totalPages, pastEnd: latestBlock !== null && query.page > totalPages };
}

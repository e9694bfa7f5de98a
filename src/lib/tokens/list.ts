// Token list rules: market figures per token, search, sort and paging, all on the server.
import { PAGE_SIZES, pageCount, parsePageQuery } from '../url/pagination.ts';
import { marketCap, quoteOf, type PriceBook } from './prices.ts';
import type { Token } from '../model/types.ts';
import { tokenPriority, type TokenSource } from './presets.ts';
import { isOneOf } from '../url/params.ts';

/** Sortable columns, as named in `?sort=`. */
const TOKEN_SORT_KEYS = ['token', 'price', 'change', 'volume', 'marketCap', 'holders'] as const;

/** One sortable column. */
export type TokenSortKey = (typeof TOKEN_SORT_KEYS)[number];

/** Sort direction, as named in `?dir=`. */
export type SortDir = 'asc' | 'desc';

/** Column headings. */
export const TOKEN_COLUMN_LABELS: Readonly<Record<TokenSortKey, string>> = {
  token: 'Token',
  price: 'Price',
  change: '24h Change',
  volume: 'Volume',
  marketCap: 'Market Cap',
  holders: 'Holders',
};

/** Default order: market cap, largest first. */
export const DEFAULT_TOKEN_SORT: { readonly sort: TokenSortKey; readonly dir: SortDir } = { sort: 'marketCap', dir: 'desc' };

/** Longest search kept from `?q=`. */
export const TOKEN_SEARCH_MAX = 100;

/** What the list URL asks for. */
export interface TokenListQuery {
  q: string;
  sort: TokenSortKey;
  dir: SortDir;
  page: number;
  size: number;
}

/** Reads `?q=&sort=&dir=&page=&size=`; garbage gives the defaults (sizes 10/25/50/100, default 25). */
export function parseTokenListQuery(params: URLSearchParams): TokenListQuery {
  const sortParam = params.get('sort') ?? '';
  const known = isOneOf(TOKEN_SORT_KEYS, sortParam);
  const sort = known ? sortParam : DEFAULT_TOKEN_SORT.sort;
  const dirParam = params.get('dir');
  const dir: SortDir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : known ? 'desc' : DEFAULT_TOKEN_SORT.dir;
  const { page, size } = parsePageQuery(params, PAGE_SIZES.tokens);
  return { q: (params.get('q') ?? '').trim().slice(0, TOKEN_SEARCH_MAX), sort, dir, page, size };
}

/** The order a column header links to: the same column toggles, a new column starts descending. */
export function nextSort(current: { sort: TokenSortKey; dir: SortDir }, column: TokenSortKey): { sort: TokenSortKey; dir: SortDir } {
  if (current.sort === column) return { sort: column, dir: current.dir === 'desc' ? 'asc' : 'desc' };
  return { sort: column, dir: 'desc' };
}

/** A token with its list figures; null figures are unknown. */
export interface TokenRow {
  token: Token;
  priority: 1 | 2 | 3;
  price: number | null;
  change: number | null;
  volume: number | null;
  marketCap: number | null;
}

/** A token's row: price, 24 h change and volume from the price book, market cap from price and supply. */
export function toTokenRow(token: Token, book: PriceBook, source: Exclude<TokenSource, 'preset'> = 'scanned'): TokenRow {
  const quote = quoteOf(token.symbol, book);
  const price = quote?.price ?? null;
  return {
    token,
    priority: tokenPriority(token.address, source),
    price,
    change: quote?.change24h ?? null,
    volume: quote?.volume24h ?? null,
    marketCap: marketCap(price, token.totalSupply, token.decimals),
  };
}

/** Whether a token matches a search: name, symbol or address contains it, case-insensitively (blank matches all). */
export function matchesToken(token: Pick<Token, 'name' | 'symbol' | 'address'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [token.name, token.symbol, token.address].some((field) => field.toLowerCase().includes(q));
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Compares token names as the Token column sorts them (case-insensitive, numbers in numeric order). */
function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

function valueOf(row: TokenRow, key: Exclude<TokenSortKey, 'token'>): number | null {
  return key === 'holders' ? row.token.holders : row[key];
}

/** Order of rows with equal sort values: priority (presets first), then more holders, then name, then address. */
function compareTies(a: TokenRow, b: TokenRow): number {
  return (
    a.priority - b.priority ||
    (b.token.holders ?? -1) - (a.token.holders ?? -1) ||
    compareNames(a.token.name, b.token.name) ||
    a.token.address.toLowerCase().localeCompare(b.token.address.toLowerCase())
  );
}

/** Rows sorted by a column; unknown values ('—') go last in both directions. */
export function sortTokenRows(rows: readonly TokenRow[], sort: TokenSortKey, dir: SortDir): TokenRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort === 'token') return sign * compareNames(a.token.name, b.token.name) || compareTies(a, b);
    const x = valueOf(a, sort);
    const y = valueOf(b, sort);
    if (x === null || y === null) return x === y ? compareTies(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || compareTies(a, b);
  });
}

/** The tokens of the list plus one found by a search (when it is not listed already), each with its source. */
export function withSearched(listed: readonly Token[], searched: Token | null): Array<{ token: Token; source: Exclude<TokenSource, 'preset'> }> {
  const rows: Array<{ token: Token; source: Exclude<TokenSource, 'preset'> }> = listed.map((token) => ({ token, source: 'scanned' }));
  if (searched && !listed.some((t) => t.address.toLowerCase() === searched.address.toLowerCase())) {
    rows.push({ token: searched, source: 'searched' });
  }
  return rows;
}

/** One page of rows; the page is clamped into 1…totalPages. */
export function pageRows<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; totalPages: number } {
  const totalPages = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, page), totalPages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, totalPages };
}

// Server-side data of the token screens: the whole token list, one token, and the active tab of its page.
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import { isWellFormedAddress } from '../url/params.ts';
import { TOKEN_DETAIL_PAGE_SIZE, pageOffset } from '../url/pagination.ts';
import type { Token, TokenTransfer } from '../model/types.ts';
import type { HoldersResponse } from '../model/wire.ts';
import type { TokenTab } from './params.ts';

/** Tokens fetched per /tokens call (the indexer's largest page). */
const TOKEN_FETCH_PAGE = 100;

/** The list is small: at most this many tokens are fetched, then sorted, searched and paged here. */
export const TOKEN_LIST_MAX = 300;

/** Latest transfers the price chart is drawn from. */
export const PRICE_HISTORY_LIMIT = 30;

/** Every token the indexer lists (up to TOKEN_LIST_MAX), without duplicates. */
export async function fetchAllTokens(client: IndexerClient): Promise<Token[]> {
  const seen = new Map<string, Token>();
  for (let offset = 0; offset < TOKEN_LIST_MAX; offset += TOKEN_FETCH_PAGE) {
    const page = await client.getTokens({ limit: TOKEN_FETCH_PAGE, offset });
    for (const token of page) if (!seen.has(token.address.toLowerCase())) seen.set(token.address.toLowerCase(), token);
    if (page.length < TOKEN_FETCH_PAGE) break;
  }
  return [...seen.values()];
}

/** Outcome of loading the token list. */
export type TokenListLoad =
  | { readonly kind: 'ok'; readonly tokens: Token[]; readonly searched: Token | null }
  | { readonly kind: 'error'; readonly status: FailureStatus };

/** The list, plus the token a full-address search names when the list does not hold it (a 'searched' token). */
export async function loadTokenList(client: IndexerClient, q: string): Promise<TokenListLoad> {
  const lookup = isWellFormedAddress(q) ? safe(client.getToken(q), null) : Promise.resolve(null);
  try {
    const [tokens, searched] = await Promise.all([fetchAllTokens(client), lookup]);
    return { kind: 'ok', tokens, searched };
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }
}

/** Outcome of loading one token. */
export type TokenLoad =
  | { readonly kind: 'ok'; readonly token: Token }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly status: FailureStatus };

/** The token at an address: not-found when the indexer has none, error (502/503) when it fails. */
export async function loadToken(client: IndexerClient, address: string): Promise<TokenLoad> {
  try {
    const token = await client.getToken(address);
    return token ? { kind: 'ok', token } : { kind: 'not-found' };
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }
}

/** What the active tab shows. Failed secondary reads are null (the tab says so); the page itself still renders. */
export type TokenTabData =
  | { readonly tab: 'overview'; readonly history: TokenTransfer[] }
  | { readonly tab: 'transfers'; readonly page: number; readonly items: TokenTransfer[] | null; readonly hasNext: boolean }
  | { readonly tab: 'holders'; readonly page: number; readonly holders: HoldersResponse | null; readonly hasNext: boolean };

/** Loads the tab: the latest 30 transfers for the chart, or 10 transfers / holders of a page. */
export async function loadTokenTab(client: IndexerClient, address: string, tab: TokenTab, page: number): Promise<TokenTabData> {
  const offset = pageOffset(page, TOKEN_DETAIL_PAGE_SIZE);
  if (tab === 'overview') {
    return { tab, history: await safe(client.getTokenTransfers(address, { limit: PRICE_HISTORY_LIMIT, offset: 0 }), []) };
  }
  if (tab === 'transfers') {
    // One extra row tells whether a next page exists without a count.
    const items = await safe<TokenTransfer[] | null>(client.getTokenTransfers(address, { limit: TOKEN_DETAIL_PAGE_SIZE + 1, offset }), null);
    return { tab, page, items: items?.slice(0, TOKEN_DETAIL_PAGE_SIZE) ?? null, hasNext: (items?.length ?? 0) > TOKEN_DETAIL_PAGE_SIZE };
  }
  const holders = await safe<HoldersResponse | null>(client.getTokenHolders(address, { limit: TOKEN_DETAIL_PAGE_SIZE, offset }), null);
  return { tab, page, holders, hasNext: holders !== null && offset + holders.holders.length < holders.totalHolders };
}

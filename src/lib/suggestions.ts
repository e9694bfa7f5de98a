import type { SearchResult, Token } from './types.ts';
import { search } from './indexer/search.ts';
import { getTokens } from './indexer/tokens.ts';
import { browserTransport } from './indexer/transport.ts';
import { mergeSuggestions, needsRemoteScan, tokenMatchesQuery } from './search-query.ts';

/** One entry of the search box's suggestion list. */
export interface Suggestion {
  kind: 'block' | 'transaction' | 'address' | 'token' | 'nft';
  label: string;
  detail?: string;
  /** Present when choosing the suggestion should open /address/{address}. */
  address?: string;
}

export { SEARCH_DEBOUNCE_MS } from './search-query.ts';

type TokenEntry = Pick<Token, 'address' | 'name' | 'symbol'>;

let tokenList: Promise<TokenEntry[]> | undefined;
/** The token list used for local matching, fetched once per page (again after a failure). */
function tokens(indexerUrl: string): Promise<TokenEntry[]> {
  tokenList ??= getTokens(browserTransport(indexerUrl), { limit: 100 })
    .catch(() => {
      tokenList = undefined;
      return [];
    });
  return tokenList;
}

/**
 * Local matches: token name or symbol containing the query, case-insensitively, or the token address when the query
 * is a 0x prefix of one (so digits look up a block instead of matching every address that contains them).
 */
export function matchTokens(list: readonly TokenEntry[], q: string): Suggestion[] {
  const byAddress = /^0x[0-9a-f]*$/i.test(q);
  return list
    .filter((t) => (byAddress ? t.address.toLowerCase().startsWith(q.toLowerCase()) : tokenMatchesQuery({ name: t.name, symbol: t.symbol }, q)))
    .map((t) => ({ kind: 'token', label: t.symbol || t.name || t.address, detail: t.name, address: t.address }));
}

/** Turns one normalised search result into suggestions. */
export function fromSearchResult(result: SearchResult | null): Suggestion[] {
  if (!result) return [];
  switch (result.type) {
    case 'block':
      return [{ kind: 'block', label: `Block #${result.data.number}` }];
    case 'transaction':
      return [{ kind: 'transaction', label: result.data.hash }];
    case 'address':
      return [{ kind: 'address', label: result.data.address, address: result.data.address }];
    case 'token':
      return [{ kind: 'token', label: result.data.symbol || result.data.name, detail: result.data.name, address: result.data.address }];
    case 'nft':
      return [{ kind: 'nft', label: `${result.data.collection ?? result.data.name} #${result.data.tokenId}`, detail: result.data.name }];
    case 'multiple':
      return result.data.flatMap(fromSearchResult);
  }
}

/** Identity of a suggestion, so the remote scan does not repeat a local match. */
const keyOf = (s: Suggestion) => `${s.kind}:${(s.address ?? s.label).toLowerCase()}`;

/** Suggestions for a trimmed, non-empty query: local token matches, then the indexer's search unless 3 local matches suffice. */
export async function loadSuggestions(indexerUrl: string, q: string, signal: AbortSignal): Promise<Suggestion[]> {
  const local = matchTokens(await tokens(indexerUrl), q);
  if (!needsRemoteScan(local.length)) return mergeSuggestions(local, null, keyOf);
  let remote: Suggestion[] = [];
  try {
    remote = fromSearchResult(await search(browserTransport(indexerUrl), q, { signal }));
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return mergeSuggestions(local, remote, keyOf);
}

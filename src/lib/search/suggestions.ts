import type { Token, UploadedLogo } from '../model/types.ts';
import type { SearchResult } from '../model/wire.ts';
import { search } from '../indexer-api/search.ts';
import { getTokenLogos, getTokens } from '../indexer-api/tokens.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { mergeSuggestions, needsRemoteScan, tokenMatchesQuery } from './query.ts';
import { tokenInitials, tokenLogoUrl } from '../tokens/logo-url.ts';

/** One entry of the search box's suggestion list. */
export interface Suggestion {
  kind: 'block' | 'transaction' | 'address' | 'token' | 'nft';
  label: string;
  detail?: string;
  /** Present when choosing the suggestion should open /address/{address}. */
  address?: string;
  /** Tokens: the logo URL when the token has one, and the initials shown otherwise. */
  logo?: string | null;
  initials?: string;
}

export { SEARCH_DEBOUNCE_MS } from './query.ts';

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

let logoList: Promise<ReadonlyMap<string, UploadedLogo>> | undefined;
/** The uploaded logos (address → content version), fetched once per page; none when the indexer has no list. */
function logos(indexerUrl: string): Promise<ReadonlyMap<string, UploadedLogo>> {
  logoList ??= getTokenLogos(browserTransport(indexerUrl))
    .then((list) => new Map(list.map((l) => [l.address, l])))
    .catch(() => new Map());
  return logoList;
}

/** Token suggestions with their logo (uploaded or bundled) or initials; other suggestions unchanged. */
export function withLogos(items: readonly Suggestion[], uploaded: ReadonlyMap<string, UploadedLogo>): Suggestion[] {
  return items.map((item) =>
    item.kind === 'token' && item.address
      ? { ...item, logo: tokenLogoUrl(item.address, uploaded.get(item.address.toLowerCase())), initials: tokenInitials(item.label, item.detail ?? null) }
      : item,
  );
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

/** Turns one normalized search result into suggestions. */
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
  const [list, uploaded] = await Promise.all([tokens(indexerUrl), logos(indexerUrl)]);
  const local = matchTokens(list, q);
  if (!needsRemoteScan(local.length)) return withLogos(mergeSuggestions(local, null, keyOf), uploaded);
  let remote: Suggestion[] = [];
  try {
    remote = fromSearchResult(await search(browserTransport(indexerUrl), q, { signal }));
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return withLogos(mergeSuggestions(local, remote, keyOf), uploaded);
}

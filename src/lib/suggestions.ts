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

interface TokenEntry {
  address: string;
  name: string;
  symbol: string;
}

let tokenList: Promise<TokenEntry[]> | undefined;

/** The token list used for local matching, fetched once per page. */
function tokens(indexerUrl: string): Promise<TokenEntry[]> {
  tokenList ??= fetch(`${indexerUrl}/tokens?limit=100`, { signal: AbortSignal.timeout(10_000) })
    .then((r) => (r.ok ? r.json() : []))
    .then((list: unknown) => (Array.isArray(list) ? list.flatMap(toTokenEntry) : []))
    .catch(() => {
      tokenList = undefined;
      return [];
    });
  return tokenList;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function toTokenEntry(raw: unknown): TokenEntry[] {
  if (!raw || typeof raw !== 'object') return [];
  const r = raw as Record<string, unknown>;
  const address = str(r['address']) || str(r['contractAddress']) || str(r['tokenAddress']);
  return address ? [{ address, name: str(r['name']), symbol: str(r['symbol']) }] : [];
}

/** Local matches: token name, symbol or address containing the query, case-insensitively. */
export function matchTokens(list: readonly TokenEntry[], q: string): Suggestion[] {
  return list
    .filter((t) => tokenMatchesQuery(t, q))
    .map((t) => ({ kind: 'token', label: t.symbol || t.name || t.address, detail: t.name, address: t.address }));
}

/** Turns one indexer search result into suggestions. */
export function fromSearchResult(raw: unknown): Suggestion[] {
  if (!raw || typeof raw !== 'object') return [];
  const r = raw as Record<string, unknown>;
  const data = r['data'];
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  switch (r['type']) {
    case 'block':
      return [{ kind: 'block', label: `Block #${String(d['number'] ?? '')}` }];
    case 'transaction':
      return [{ kind: 'transaction', label: str(d['hash']) }];
    case 'address':
      return str(d['address']) ? [{ kind: 'address', label: str(d['address']), address: str(d['address']) }] : [];
    case 'token': {
      const address = str(d['address']);
      return address ? [{ kind: 'token', label: str(d['symbol']) || str(d['name']) || address, detail: str(d['name']), address }] : [];
    }
    case 'nft':
      return [{ kind: 'nft', label: `${str(d['name']) || str(d['collection'])} #${String(d['tokenId'] ?? '')}` }];
    case 'multiple':
      return Array.isArray(data) ? data.flatMap(fromSearchResult) : [];
    default:
      return [];
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
    const res = await fetch(`${indexerUrl}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
    if (res.ok) remote = fromSearchResult(await res.json());
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return mergeSuggestions(local, remote, keyOf);
}

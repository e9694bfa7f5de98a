/** One entry of the search box's suggestion list. */
export interface Suggestion {
  kind: 'block' | 'transaction' | 'address' | 'token' | 'nft';
  label: string;
  detail?: string;
  /** Present when choosing the suggestion should open /address/{address}. */
  address?: string;
}

export const SEARCH_DEBOUNCE_MS = 500;
export const MAX_SUGGESTIONS = 5;
/** Local matches from which the remote scan is skipped. */
export const LOCAL_ENOUGH = 3;
/** The remote scan adds at most this many matches. */
export const MAX_REMOTE = 3;

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
  const needle = q.toLowerCase();
  return list
    .filter((t) => t.name.toLowerCase().includes(needle) || t.symbol.toLowerCase().includes(needle) || t.address.toLowerCase().includes(needle))
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

/** Merges local and remote suggestions by the spec's limits, without duplicates. */
export function mergeSuggestions(local: readonly Suggestion[], remote: readonly Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  const add = (s: Suggestion) => {
    const key = `${s.kind}:${(s.address ?? s.label).toLowerCase()}`;
    if (seen.has(key) || out.length >= MAX_SUGGESTIONS) return false;
    seen.add(key);
    out.push(s);
    return true;
  };
  local.forEach(add);
  let extra = 0;
  for (const s of remote) if (extra < MAX_REMOTE && add(s)) extra += 1;
  return out;
}

/** Suggestions for a trimmed, non-empty query: local token matches, then the indexer's search unless 3 local matches suffice. */
export async function loadSuggestions(indexerUrl: string, q: string, signal: AbortSignal): Promise<Suggestion[]> {
  const local = matchTokens(await tokens(indexerUrl), q);
  if (local.length >= LOCAL_ENOUGH) return mergeSuggestions(local, []);
  let remote: Suggestion[] = [];
  try {
    const res = await fetch(`${indexerUrl}/search?q=${encodeURIComponent(q)}`, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
    if (res.ok) remote = fromSearchResult(await res.json());
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return mergeSuggestions(local, remote);
}

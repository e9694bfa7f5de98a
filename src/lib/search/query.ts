/** Search box debounce. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Most suggestions the search box shows. */
export const MAX_SUGGESTIONS = 5;

/** With this many local matches the remote scan is skipped. */
export const LOCAL_MATCHES_SKIP_REMOTE = 3;

/** Most matches the remote scan may add. */
export const MAX_REMOTE_SUGGESTIONS = 3;

/** What a query looks like: the lookup it starts with. */
export type QueryKind = 'empty' | 'block' | 'transaction' | 'address' | 'general';

/** A trimmed query and its kind. */
export interface ClassifiedQuery {
  readonly kind: QueryKind;
  readonly query: string;
}

/**
 * Classifies a search query after trimming: '' → empty; all digits → block; 0x + 64 hex (66 characters) →
 * transaction; 0x + 40 hex (42 characters) → address; anything else → general.
 */
export function classifyQuery(raw: string | null | undefined): ClassifiedQuery {
  const query = (raw ?? '').trim();
  if (query === '') return { kind: 'empty', query };
  if (/^\d+$/.test(query)) return { kind: 'block', query };
  if (/^0x[0-9a-fA-F]{64}$/.test(query)) return { kind: 'transaction', query };
  if (/^0x[0-9a-fA-F]{40}$/.test(query)) return { kind: 'address', query };
  return { kind: 'general', query };
}

/** The results page for a query, '/search?q=…' with the trimmed query URL-encoded; null for an empty query. */
export function searchPagePath(raw: string | null | undefined): string | null {
  const query = (raw ?? '').trim();
  return query === '' ? null : `/search?q=${encodeURIComponent(query)}`;
}

function segment(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'bigint' && value >= 0n) return value.toString();
  if (typeof value === 'string' && value.trim() !== '') return encodeURIComponent(value.trim());
  return null;
}

/**
 * Where a search result redirects: block → /blocks/{number}, transaction → /transactions/{hash}, address or token
 * → /address/{address}, nft → /nfts/{address}/{tokenId}; multiple, unknown types or missing fields → null.
 */
export function searchResultPath(result: { readonly type?: unknown; readonly data?: unknown } | null | undefined): string | null {
  const data = result?.data;
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const path = (prefix: string, ...keys: string[]): string | null => {
    const parts = keys.map((key) => segment(record, key));
    return parts.every((part) => part !== null) ? `${prefix}/${parts.join('/')}` : null;
  };
  switch (result?.type) {
    case 'block':
      return path('/blocks', 'number');
    case 'transaction':
      return path('/transactions', 'hash');
    case 'address':
    case 'token':
      return path('/address', 'address');
    case 'nft':
      return path('/nfts', 'address', 'tokenId');
    default:
      return null;
  }
}

/** Whether the remote scan runs: only with fewer than 3 local matches. */
export function needsRemoteScan(localMatches: number): boolean {
  return localMatches < LOCAL_MATCHES_SKIP_REMOTE;
}

/**
 * Suggestions to show: local matches first; the remote scan (ignored when 3 or more local matches exist)
 * adds at most 3 matches not already present (compared by key); at most 5 in all.
 */
export function mergeSuggestions<T>(local: readonly T[], remote: readonly T[] | null | undefined, keyOf: (item: T) => string): T[] {
  if (!needsRemoteScan(local.length) || !remote) return local.slice(0, MAX_SUGGESTIONS);
  const seen = new Set(local.map(keyOf));
  const extra = remote.filter((item) => !seen.has(keyOf(item))).slice(0, MAX_REMOTE_SUGGESTIONS);
  return [...local, ...extra].slice(0, MAX_SUGGESTIONS);
}

/** Case-insensitive substring match of a trimmed query on a token's name, symbol or address; an empty query matches all. */
export function tokenMatchesQuery(
  token: { readonly name?: string | null | undefined; readonly symbol?: string | null | undefined; readonly address?: string | null | undefined },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  return [token.name, token.symbol, token.address].some((field) => (field ?? '').toLowerCase().includes(needle));
}

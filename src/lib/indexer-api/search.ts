import { normalizeSearchResult } from '../normalize/search.ts';
import type { SearchResult } from '../model/wire.ts';
import type { RequestOptions, Transport } from './transport.ts';

// Search.

/** GET /search?q= → the result, or null when nothing matches (404) or the query is blank. */
export async function search(t: Transport, q: string, request?: RequestOptions): Promise<SearchResult | null> {
  if (q.trim() === '') return null;
  return t.find('/search', normalizeSearchResult, { q: q.trim() }, request);
}

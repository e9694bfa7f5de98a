import { classifyQuery, searchResultPath } from '../search/query.ts';
import { messageToShow, failureStatus, type FailureStatus } from '../indexer-api/errors.ts';
import type { IndexerClient } from '../indexer-api/client.ts';
import type { SearchResult } from '../model/wire.ts';
import { addressUrl, blockUrl, txUrl } from '../url/links.ts';

/** What the search page does with a query. */
export type SearchOutcome =
  | { kind: 'empty' }
  | { kind: 'redirect'; location: string }
  | { kind: 'results'; results: Exclude<SearchResult, { type: 'multiple' }>[] }
  | { kind: 'none' }
  | { kind: 'failed'; message: string; status: FailureStatus };

type Single = Exclude<SearchResult, { type: 'multiple' }>;

function flatten(result: SearchResult | null): Single[] {
  if (!result) return [];
  return result.type === 'multiple' ? result.data.flatMap(flatten) : [result];
}

/** One result redirects to its page; several are listed; a result type without a page is listed too. */
function byResult(result: SearchResult | null): SearchOutcome {
  const results = flatten(result);
  if (results.length === 0) return { kind: 'none' };
  const only = results.length === 1 ? results[0] : undefined;
  const location = only ? searchResultPath(only) : null;
  return location ? { kind: 'redirect', location } : { kind: 'results', results };
}

/**
 * The search's redirect flow by query shape: digits → block lookup; 66-character 0x → search, then the
 * transaction lookup; 0x + 40 hex → search, then the address-type lookup; anything else → general search,
 * redirecting by result type.
 */
export async function runSearch(client: IndexerClient, raw: string | null): Promise<SearchOutcome> {
  const { kind, query } = classifyQuery(raw);
  try {
    switch (kind) {
      case 'empty':
        return { kind: 'empty' };
      case 'block': {
        const block = await client.getBlock(query);
        return block ? { kind: 'redirect', location: blockUrl(block.number) } : { kind: 'none' };
      }
      case 'transaction': {
        const result = await client.search(query);
        const tx = await client.getTransaction(query);
        return tx ? { kind: 'redirect', location: txUrl(tx.hash) } : byResult(result);
      }
      case 'address': {
        await client.search(query);
        const type = await client.getAddressType(query);
        return { kind: 'redirect', location: addressUrl(type.address || query) };
      }
      case 'general':
        return byResult(await client.search(query));
    }
  } catch (error) {
    return { kind: 'failed', message: messageToShow(error), status: failureStatus(error) };
  }
}

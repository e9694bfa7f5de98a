import { getBlocks } from './blocks.ts';
import { getNetworkStats } from './stats.ts';
import { getTransactions } from './transactions.ts';
import type { Transport } from './transport.ts';
import type { IndexerClient } from './client.ts';

// The reads of the latest chain activity (blocks, transactions, network statistics) bound to a transport: what the
// home page's feeds and the AI dashboard read, on the server from the whole client and in the browser from here. The
// browser imports this module only when it needs fresh data, and it names just the three resources, so the rest of
// the client never reaches the home or dashboard bundle.

/** The indexer reads of the home page and the AI dashboard. */
export type FeedSource = Pick<IndexerClient, 'getBlocks' | 'getTransactions' | 'getNetworkStats'>;

/** The three reads over one transport. */
export function feedSource(t: Transport): FeedSource {
  return {
    getBlocks: (query, request) => getBlocks(t, query, request),
    getTransactions: (query, request) => getTransactions(t, query, request),
    getNetworkStats: (request) => getNetworkStats(t, request),
  };
}

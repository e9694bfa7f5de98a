import { getBlocks } from './blocks.ts';
import { getNetworkStats } from './stats.ts';
import { getTransactions } from './transactions.ts';
import type { Transport } from './transport.ts';
import type { IndexerClient } from './client.ts';

// The home page's reads bound to a transport (the AI dashboard's live refresh reads the same three). The browser
// imports this module only when it needs fresh data, and it names just the three resources the page reads, so the
// rest of the client never reaches the home bundle.

/** The indexer reads the home page makes. */
export type HomeSource = Pick<IndexerClient, 'getBlocks' | 'getTransactions' | 'getNetworkStats'>;

/** The reads of the home page (blocks, transactions, network statistics) over one transport. */
export function homeSource(t: Transport): HomeSource {
  return {
    getBlocks: (query, request) => getBlocks(t, query, request),
    getTransactions: (query, request) => getTransactions(t, query, request),
    getNetworkStats: (request) => getNetworkStats(t, request),
  };
}

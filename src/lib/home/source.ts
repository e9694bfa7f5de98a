import { getBlocks } from '../indexer/blocks.ts';
import { getNetworkStats } from '../indexer/stats.ts';
import { getTransactions } from '../indexer/transactions.ts';
import type { Transport } from '../indexer/transport.ts';
import type { HomeSource } from './load.ts';

// The home page's reads bound to a transport. The browser imports this module only when it needs fresh data, and it
// names just the three resources the page reads, so the rest of the client never reaches the home bundle.

/** The reads of the home page (blocks, transactions, network statistics) over one transport. */
export function homeSource(t: Transport): HomeSource {
  return {
    getBlocks: (query, request) => getBlocks(t, query, request),
    getTransactions: (query, request) => getTransactions(t, query, request),
    getNetworkStats: (request) => getNetworkStats(t, request),
  };
}

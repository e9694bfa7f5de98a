import * as address from './address.ts';
import * as approvals from './approvals.ts';
import * as blocks from './blocks.ts';
import * as contracts from './contracts.ts';
import * as exportLists from './export.ts';
import { getGasTracker } from './gas-tracker.ts';
import * as health from './health.ts';
import * as holders from './holders.ts';
import * as nfts from './nfts.ts';
import * as rpc from './rpc.ts';
import * as search from './search.ts';
import { getChainSeries, getSeriesSummary, getTokenSeries } from './series.ts';
import * as stats from './stats.ts';
import { readTokenMeta } from './token-meta.ts';
import * as tokens from './tokens.ts';
import * as transactions from './transactions.ts';
import { bind, createTransport, type TransportOptions } from './transport.ts';

// Every resource bound to one transport: what the server and tests use. Browser code binds only the resources it
// needs (see home/store.ts), so its bundle leaves the others out.

export * from './timeouts.ts';
export { buildUrl, safe, type FetchLike, type PageQuery, type RequestOptions, type TransportOptions as IndexerClientOptions } from './transport.ts';
export type { NftSortOrder } from './nfts.ts';

/** Creates the indexer client for a base URL ('http://host:3300', or '' for same-origin paths). */
export function createIndexerClient(baseUrl: string, options: TransportOptions = {}) {
  const t = createTransport(baseUrl, options);
  return {
    baseUrl,
    ...bind(t, health),
    ...bind(t, stats),
    ...bind(t, search),
    // The proxy module also holds helpers that are not calls of a transport.
    ...bind(t, { proxyRpc: rpc.proxyRpc, getGasPrice: rpc.getGasPrice, getDelegation: rpc.getDelegation, readTokenMeta }),
    ...bind(t, blocks),
    ...bind(t, transactions),
    ...bind(t, holders),
    ...bind(t, address),
    ...bind(t, approvals),
    ...bind(t, tokens),
    ...bind(t, nfts),
    ...bind(t, contracts),
    ...bind(t, exportLists),
    // The bundled indexer's daily series and gas tracker.
    ...bind(t, { getChainSeries, getTokenSeries, getSeriesSummary, getGasTracker }),
  };
}

/** The indexer client's type. */
export type IndexerClient = ReturnType<typeof createIndexerClient>;

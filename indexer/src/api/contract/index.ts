// Every route's contract, in one list: the OpenAPI document is generated from it and the contract test
// checks each route's answers against it.
import { addressContracts } from './address.ts';
import { adminContracts } from './admin.ts';
import { blockContracts } from './blocks.ts';
import { changeContracts } from './changes.ts';
import { contractContracts } from './contracts.ts';
import { etherscanContracts } from './etherscan.ts';
import { gasContracts } from './gas.ts';
import { healthContracts } from './health.ts';
import { metaContracts } from './meta.ts';
import { nftContracts } from './nfts.ts';
import { holderContracts } from './holders.ts';
import type { RouteContract } from './route.ts';
import { searchContracts } from './search.ts';
import { seriesContracts } from './series.ts';
import { statsContracts } from './stats.ts';
import { tokenContracts } from './tokens.ts';
import { transactionContracts } from './transactions.ts';

/** The contracts of every route, by resource. */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...healthContracts,
  ...changeContracts,
  ...blockContracts,
  ...transactionContracts,
  ...addressContracts,
  ...statsContracts,
  ...seriesContracts,
  ...gasContracts,
  ...holderContracts,
  ...tokenContracts,
  ...nftContracts,
  ...contractContracts,
  ...searchContracts,
  ...etherscanContracts,
  ...adminContracts,
  ...metaContracts,
];

/** A route's key as the router lists it: method and path template. */
export function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** The contract of a route, by its key. */
export const CONTRACT_BY_ROUTE: ReadonlyMap<string, RouteContract> = new Map(ROUTE_CONTRACTS.map((c) => [routeKey(c), c]));

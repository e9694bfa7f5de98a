import { emptyHolders, normalizeHoldersResponse } from '../normalize/holders.ts';
import type { HoldersResponse } from '../model/wire.ts';
import { HOLDERS_TIMEOUT_MS } from './timeouts.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// Holders of the native coin and of tokens (the bundled indexer's /holders routes).

/** GET /holders/native?limit&offset → native-coin holders (18 decimals). */
export function getNativeHolders(t: Transport, query: PageQuery = {}, request?: RequestOptions): Promise<HoldersResponse> {
  return t.get('/holders/native', (body) => normalizeHoldersResponse(body, 18) ?? emptyHolders(), pageQuery(query), request, HOLDERS_TIMEOUT_MS);
}

/** GET /holders/token/{address}?limit&offset[&order=asc|desc] → holders with token info (largest first unless order is asc). */
export function getTokenHolders(t: Transport, address: string, query: PageQuery & { order?: 'asc' | 'desc' } = {}, request?: RequestOptions): Promise<HoldersResponse> {
  return t.get(`/holders/token/${seg(address)}`, (body) => normalizeHoldersResponse(body) ?? emptyHolders(), { ...pageQuery(query), order: query.order }, request, HOLDERS_TIMEOUT_MS);
}

/** GET /holders/all?limit&minBalance → holders across tokens. */
export function getAllHolders(t: Transport, query: { limit?: number; minBalance?: string | number } = {}, request?: RequestOptions): Promise<HoldersResponse> {
  return t.get('/holders/all', (body) => normalizeHoldersResponse(body) ?? emptyHolders(), { limit: query.limit, minBalance: query.minBalance }, request, HOLDERS_TIMEOUT_MS);
}


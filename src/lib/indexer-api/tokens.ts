import { emptyHolders, normalizeHoldersResponse } from '../normalize/holders.ts';
import { normalizeToken, normalizeTokens } from '../normalize/token.ts';
import { normalizeTokenTransfers } from '../normalize/token-transfer.ts';
import type { Token, TokenTransfer, UploadedLogo } from '../model/types.ts';
import type { HoldersResponse } from '../model/wire.ts';
import { normalizeLogoList } from '../normalize/logos.ts';
import { HOLDERS_TIMEOUT_MS } from './timeouts.ts';
import { pageQuery, seg, type BytesResponse, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// Tokens.

/** GET /tokens[?limit&offset&type] → token records. */
export function getTokens(t: Transport, query: PageQuery & { type?: string } = {}, request?: RequestOptions): Promise<Token[]> {
  return t.get('/tokens', normalizeTokens, { ...pageQuery(query), type: query.type }, request);
}

/** GET /tokens/{a} → the token, or null when not found. */
export function getToken(t: Transport, address: string, request?: RequestOptions): Promise<Token | null> {
  return t.find(`/tokens/${seg(address)}`, normalizeToken, {}, request);
}

/** GET /tokens/{a}/transfers?limit&offset. */
export function getTokenTransfers(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> {
  return t.get(`/tokens/${seg(address)}/transfers`, (body) => normalizeTokenTransfers(body), pageQuery(query), request);
}

/** GET /tokens/{a}/holders?limit&offset → holders (the upstream indexer answers a bare array). */
export function getTokenHolderList(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<HoldersResponse> {
  return t.get(`/tokens/${seg(address)}/holders`, (body) => normalizeHoldersResponse(body) ?? emptyHolders(), pageQuery(query), request, HOLDERS_TIMEOUT_MS);
}

/** GET /token-logos → the logos admins uploaded (address, type, content hash); the upstream indexer has none (404). */
export function getTokenLogos(t: Transport, request?: RequestOptions): Promise<UploadedLogo[]> {
  return t.get('/token-logos', normalizeLogoList, {}, request);
}

/** GET /token-logos/{address}.{png|svg} → the stored bytes of an uploaded logo, or null (404). */
export function getTokenLogoBytes(t: Transport, file: string, request?: RequestOptions): Promise<BytesResponse | null> {
  return t.bytes(`/token-logos/${seg(file)}`, {}, request);
}

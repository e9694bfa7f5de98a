import { normalizeAccountBalances, normalizeAddressSummary, normalizeAddressType } from '../normalize/address.ts';
import { normalizeInternalTransactions } from '../normalize/internal-transaction.ts';
import { normalizeNftTokens, normalizeNftTransfers } from '../normalize/nft.ts';
import { normalizeTokenTransfers } from '../normalize/token-transfer.ts';
import { normalizeTransactions } from '../normalize/transaction.ts';
import type { AddressTypeInfo, InternalTransaction, NftToken, NftTransfer, TokenTransfer, Transaction } from '../model/types.ts';
import type { AccountBalances, AddressSummary } from '../model/wire.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// Addresses and accounts.

/** GET /address/{a}/type → {address, type, contractType}; unreadable bodies give type 'unknown'. */
export function getAddressType(t: Transport, address: string, request?: RequestOptions): Promise<AddressTypeInfo> {
  return t.get(`/address/${seg(address)}/type`, (body) => normalizeAddressType(body, address), {}, request);
}

/** GET /address/{a} → the bundled indexer's summary with counts; null when missing (the upstream indexer has no such route). */
export function getAddressSummary(t: Transport, address: string, request?: RequestOptions): Promise<AddressSummary | null> {
  return t.find(`/address/${seg(address)}`, (body) => normalizeAddressSummary(body, address), {}, request);
}

/** GET /address/{a}/transactions?limit&offset. */
export function getAddressTransactions(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<Transaction[]> {
  return t.get(`/address/${seg(address)}/transactions`, normalizeTransactions, pageQuery(query), request);
}

/**
 * GET /address/{a}/internal-transactions?limit&offset → internal transactions, newest first; null when the indexer has
 * no such list (404: the chain operator's indexer).
 */
export function getAddressInternalTransactions(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<InternalTransaction[] | null> {
  return t.find(`/address/${seg(address)}/internal-transactions`, normalizeInternalTransactions, pageQuery(query), request);
}

/** GET /address/{a}/token-transfers?limit&offset. */
export function getAddressTokenTransfers(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> {
  return t.get(`/address/${seg(address)}/token-transfers`, (body) => normalizeTokenTransfers(body), pageQuery(query), request);
}

/** GET /address/{a}/nfts?limit&offset&tokenAddress → NFT items held. */
export function getAddressNfts(t: Transport, address: string, query: PageQuery & { tokenAddress?: string } = {}, request?: RequestOptions): Promise<NftToken[]> {
  return t.get(`/address/${seg(address)}/nfts`, (body) => normalizeNftTokens(body), { ...pageQuery(query), tokenAddress: query.tokenAddress }, request);
}

/** GET /address/{a}/nft-transfers?limit&offset&tokenAddress&tokenType. */
export function getAddressNftTransfers(
  t: Transport,
  address: string,
  query: PageQuery & { tokenAddress?: string; tokenType?: string } = {},
  request?: RequestOptions,
): Promise<NftTransfer[]> {
  const filters = { tokenAddress: query.tokenAddress, tokenType: query.tokenType };
  return t.get(`/address/${seg(address)}/nft-transfers`, normalizeNftTransfers, { ...pageQuery(query), ...filters }, request);
}

/** GET /account/{a}/balances → native balance in wei and token holdings. */
export function getAccountBalances(t: Transport, address: string, request?: RequestOptions): Promise<AccountBalances> {
  return t.need(`/account/${seg(address)}/balances`, normalizeAccountBalances, request);
}

import { normalizeInternalTransactions } from '../normalize/internal-transaction.ts';
import { normalizeTokenTransfers } from '../normalize/token-transfer.ts';
import type { InternalTransaction, TokenTransfer } from '../model/types.ts';
import { pageQuery, seg, type PageQuery, type RequestOptions, type Transport } from './transport.ts';

// The lists the CSV export pages through that no page reads in this shape (src/lib/export/).

/**
 * GET /address/{a}/token-transfers?tokenType=ERC20&limit&offset → ERC-20 transfers (an indexer without the filter
 * answers every transfer, and the export keeps the ERC-20 ones).
 */
export function getAddressErc20Transfers(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> {
  return t.get(`/address/${seg(address)}/token-transfers`, (body) => normalizeTokenTransfers(body), { ...pageQuery(query), tokenType: 'ERC20' }, request);
}

/** GET /address/{a}/nft-transfers?limit&offset → ERC-721 and ERC-1155 transfers, with the collection's name and symbol when told. */
export function getAddressNftTransferRows(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> {
  return t.get(`/address/${seg(address)}/nft-transfers`, (body) => normalizeTokenTransfers(body), pageQuery(query), request);
}

/** GET /address/{a}/internal-transactions?limit&offset, for the export: a 404 (no such list) is thrown, as every failure. */
export function getAddressInternalTxRows(t: Transport, address: string, query: PageQuery = {}, request?: RequestOptions): Promise<InternalTransaction[]> {
  return t.get(`/address/${seg(address)}/internal-transactions`, normalizeInternalTransactions, pageQuery(query), request);
}

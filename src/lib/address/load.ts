// Server-side data of the address page: the address itself, then the active tab's list.
//
// Not-found policy: every well-formed address is a valid account on an EVM chain, so an address the indexer has never
// seen renders like any other (zero balance, empty lists), as on Etherscan. 'Address not found' (404) is shown only
// when the indexer itself answers 404: for the bundled indexer's /address/{a} summary (it does not, today) AND for
// /address/{a}/type. The summary's 404 alone is not enough: the chain operator's indexer has no such route.
import { getAddress } from 'ethers';
import { safe, type IndexerClient } from '../indexer-api/client.ts';
import { ApiError, failureStatus, isNotFound, type FailureStatus } from '../indexer-api/errors.ts';
import { unknownAddressType } from '../normalize/address.ts';
import { HOLDERS_PAGE_SIZE, pageCount, pageOffset } from '../url/pagination.ts';
import type { AddressType, ContractType, Holder, InternalTransaction, NftToken, Token, TokenBalance, TokenTransfer, Transaction } from '../model/types.ts';
import type { AccountBalances, HoldersResponse } from '../model/wire.ts';
import type { AddressTab, HolderOrder } from './params.ts';
import { loadApprovals, type ApprovalsList } from '../approvals/load.ts';

/** Everything the address header and overview show. */
export interface AddressView {
  /** The address, checksummed. */
  address: string;
  type: AddressType;
  contractType: ContractType;
  /** Native balance in wei; null when unknown. */
  balance: bigint | null;
  transactionCount: number | null;
  /** True when transactionCount is a lower bound (the indexer gave no count and the probe came back full). */
  transactionCountAtLeast: boolean;
  /** Token transfers from or to the address; null when the indexer does not count them. */
  tokenTransferCount: number | null;
  nftCount: number | null;
  /** True when nftCount is a lower bound (counted from a full list of NFT_COUNT_PROBE). */
  nftCountAtLeast: boolean;
  tokens: TokenBalance[];
  /** True when the holdings call failed (the list is then empty for a reason). */
  tokensFailed: boolean;
  /** Name, symbol, decimals and supply of an ERC-20 contract. */
  tokenInfo: Token | null;
  ownerAddress: string | null;
  creatorAddress: string | null;
  /** Contracts only: the server's verification flag; null when not a contract or when the check failed. */
  verified: boolean | null;
  /** The delegate of an account delegated by EIP-7702 (its code is 0xef0100 ‖ delegate); null or absent otherwise. */
  delegatedTo?: string | null;
}

/** Outcome of loading an address. */
export type AddressLoad =
  | { readonly kind: 'ok'; readonly view: AddressView }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly status: FailureStatus };


/**
 * Transactions read to count an address's when the indexer gives no count (the chain operator's). Fewer come back:
 * that is the count; as many: at least that many ('100+'). The spec's estimate of the network's total (2 × the latest
 * block) says nothing about one address, so it is not used here.
 */
export const TX_COUNT_PROBE = 100;
/** NFTs read to count an address's when the indexer gives no count; as many back is a lower bound. */
const NFT_COUNT_PROBE = 100;

/** Checksummed form of a well-formed address (lowercased first, so a bad checksum in the input cannot throw). */
export function checksumAddress(address: string): string {
  return getAddress(address.toLowerCase());
}

/** An owner worth showing: the zero address (renounced ownership, or a proxy whose owner slot was never set) is none. */
function realOwner(owner: string | null): string | null {
  return owner !== null && /^0x0{40}$/i.test(owner) ? null : owner;
}

/** Loads the address: the bundled indexer's summary, else type + balances + contract details (upstream indexer). */
export async function loadAddress(client: IndexerClient, input: string): Promise<AddressLoad> {
  const address = checksumAddress(input);
  let summary;
  try {
    summary = await client.getAddressSummary(address);
  } catch (error) {
    return { kind: 'error', status: failureStatus(error) };
  }

  const verifiedCheck = (type: AddressType): Promise<boolean | null> =>
    type === 'contract' ? safe(client.getContractVerified(address), null) : Promise.resolve(null);
  const tokenCheck = (type: AddressType, contractType: ContractType, known: Token | null): Promise<Token | null> =>
    type === 'contract' && contractType === 'ERC20' && known === null ? safe(client.getToken(address), null) : Promise.resolve(known);
  const nftCheck = (known: number | null): Promise<number | null> =>
    known !== null ? Promise.resolve(known) : safe(client.getAddressNfts(address, { limit: NFT_COUNT_PROBE }).then((list) => list.length), null);

  // An EIP-7702 delegation is in the account's code only: the bundled indexer's summary says it, else the code is read.
  const delegation = summary?.delegatedTo !== undefined ? Promise.resolve(summary.delegatedTo) : safe(client.getDelegation(address), null);

  if (summary) {
    // The bundled indexer's summary carries the holdings, the verification and the delegation: then it is the only call.
    const [balances, verified, tokenInfo, nftCount] = await Promise.all([
      summary.tokensIncluded ? Promise.resolve(null) : safe<AccountBalances | null>(client.getAccountBalances(address), null),
      summary.verified !== null || summary.type !== 'contract' ? Promise.resolve(summary.verified) : verifiedCheck(summary.type),
      tokenCheck(summary.type, summary.contractType, summary.tokenInfo),
      nftCheck(summary.nftCount),
    ]);
    return {
      kind: 'ok',
      view: {
        address,
        type: summary.type,
        contractType: summary.contractType,
        balance: summary.balance ?? balances?.native ?? null,
        transactionCount: summary.transactionCount,
        transactionCountAtLeast: false,
        tokenTransferCount: summary.tokenTransferCount,
        nftCount,
        nftCountAtLeast: summary.nftCount === null && nftCount === NFT_COUNT_PROBE,
        tokens: balances?.tokens ?? summary.tokens,
        tokensFailed: !summary.tokensIncluded && balances === null && summary.tokens.length === 0,
        tokenInfo,
        ownerAddress: realOwner(summary.ownerAddress ?? tokenInfo?.ownerAddress ?? null),
        creatorAddress: summary.creatorAddress ?? tokenInfo?.creatorAddress ?? null,
        verified,
        delegatedTo: await delegation,
      },
    };
  }

  const [typeResult, balancesResult] = await Promise.allSettled([client.getAddressType(address), client.getAccountBalances(address)]);
  if (typeResult.status === 'rejected' && isNotFound(typeResult.reason)) return { kind: 'not-found' };
  if (typeResult.status === 'rejected' && balancesResult.status === 'rejected') return { kind: 'error', status: failureStatus(typeResult.reason) };
  // The type is 'unknown' when its call fails, as the spec has it.
  const type = typeResult.status === 'fulfilled' ? typeResult.value : unknownAddressType(address);
  const balances = balancesResult.status === 'fulfilled' ? balancesResult.value : null;
  const [contract, verified, tokenInfo, nftCount, counted] = await Promise.all([
    type.type === 'contract' ? safe(client.getContract(address), null) : Promise.resolve(null),
    verifiedCheck(type.type),
    tokenCheck(type.type, type.contractType, null),
    nftCheck(null),
    safe(client.getAddressTransactions(address, { limit: TX_COUNT_PROBE, offset: 0 }), null),
  ]);
  return {
    kind: 'ok',
    view: {
      address,
      type: type.type,
      contractType: type.contractType,
      balance: balances?.native ?? null,
      // That indexer counts nothing: the first TX_COUNT_PROBE transactions are the count, or its lower bound.
      transactionCount: counted?.length ?? null,
      transactionCountAtLeast: counted !== null && counted.length >= TX_COUNT_PROBE,
      tokenTransferCount: null,
      nftCount,
      nftCountAtLeast: nftCount === NFT_COUNT_PROBE,
      tokens: balances?.tokens ?? [],
      tokensFailed: balances === null,
      tokenInfo,
      ownerAddress: realOwner(contract?.ownerAddress ?? tokenInfo?.ownerAddress ?? null),
      creatorAddress: contract?.creatorAddress ?? tokenInfo?.creatorAddress ?? null,
      verified,
      delegatedTo: await delegation,
    },
  };
}

/** Paging of a tab's list. */
export interface TabPaging {
  readonly page: number;
  readonly size: number;
}

/** A tab's list, or null when its call failed. */
export type TabData =
  | { readonly tab: 'transactions'; readonly items: Transaction[] | null; readonly paging: TabPaging }
  | { readonly tab: 'token-transfers'; readonly items: TokenTransfer[] | null; readonly paging: TabPaging }
  /** items 'unavailable': the indexer has no such list (the chain operator's). */
  | { readonly tab: 'internal-transactions'; readonly items: InternalTransaction[] | 'unavailable' | { notice: string } | null; readonly paging: TabPaging }
  | { readonly tab: 'nfts'; readonly items: NftToken[] | null; readonly paging: TabPaging }
  | { readonly tab: 'approvals'; readonly items: ApprovalsList; readonly paging: TabPaging }
  | { readonly tab: 'holders'; readonly holders: HoldersResponse | null; readonly page: number; readonly order: HolderOrder }
  | { readonly tab: 'contract' };

/** What the tab loaders read from the URL. */
export interface TabQuery {
  readonly paging: TabPaging;
  readonly nftPaging: TabPaging;
  readonly order: HolderOrder;
}

/** Compares two holders' balances: exactly from raw units when both have them, else from the whole-unit text. */
function compareHolderBalance(a: Holder, b: Holder): number {
  if (a.rawBalance !== null && b.rawBalance !== null) return a.rawBalance === b.rawBalance ? 0 : a.rawBalance < b.rawBalance ? -1 : 1;
  return Number(a.balance) - Number(b.balance);
}

/**
 * Holders of a token page, largest first or smallest first. A page past the end is replaced by the last page. Rows
 * are also sorted here, for indexers that ignore `order`.
 */
async function loadHolders(client: IndexerClient, address: string, page: number, order: HolderOrder): Promise<{ holders: HoldersResponse; page: number }> {
  const fetchPage = async (n: number): Promise<HoldersResponse> => {
    const response = await client.getTokenHolders(address, { limit: HOLDERS_PAGE_SIZE, offset: pageOffset(n, HOLDERS_PAGE_SIZE), order });
    const holders = [...response.holders].sort((a, b) => (order === 'asc' ? 1 : -1) * compareHolderBalance(a, b));
    return { ...response, holders };
  };
  const first = await fetchPage(page);
  const last = pageCount(first.totalHolders, HOLDERS_PAGE_SIZE);
  if (page > last && first.holders.length === 0 && first.totalHolders > 0) return { holders: await fetchPage(last), page: last };
  return { holders: first, page };
}

/** Loads the list of one tab; a failed call gives null (the tab says so), never an exception. */
export async function loadTab(client: IndexerClient, address: string, tab: AddressTab, query: TabQuery): Promise<TabData> {
  const { paging, nftPaging } = query;
  const window = (p: TabPaging) => ({ limit: p.size, offset: pageOffset(p.page, p.size) });
  switch (tab) {
    case 'transactions':
      return { tab, paging, items: await safe(client.getAddressTransactions(address, window(paging)), null) };
    case 'token-transfers':
      return { tab, paging, items: await safe(client.getAddressTokenTransfers(address, window(paging)), null) };
    case 'internal-transactions': {
      // The bundled indexer answers 503 with its reason when it cannot list them (a node that does not trace calls):
      // the tab says that reason rather than a failure to retry.
      let reason: string | null = null;
      const items = await safe(client.getAddressInternalTransactions(address, window(paging)), undefined, (err) => {
        if (err instanceof ApiError && err.status === 503 && err.serverMessage) reason = err.serverMessage;
      });
      if (reason !== null) return { tab, paging, items: { notice: reason } };
      return { tab, paging, items: items === undefined ? null : (items ?? 'unavailable') };
    }
    case 'nfts':
      return { tab, paging: nftPaging, items: await safe(client.getAddressNfts(address, window(nftPaging)), null) };
    case 'approvals':
      return { tab, paging, items: await loadApprovals(client, address, paging) };
    case 'holders': {
      const result = await safe(loadHolders(client, address, query.paging.page, query.order), null);
      return { tab, holders: result?.holders ?? null, page: result?.page ?? query.paging.page, order: query.order };
    }
    case 'contract':
      return { tab };
  }
}

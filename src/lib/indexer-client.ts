import { httpError, networkError, setupError, timeoutError, ApiError, serverMessageOf } from './http-errors.ts';
import { readGasPrice, type JsonRpcRequest, type RpcResult } from './rpc.ts';
import type {
  AccountBalances,
  AddressSummary,
  AddressTypeInfo,
  Block,
  ContractCounts,
  ContractDetails,
  ContractEvent,
  ContractSource,
  ContractValue,
  DecodedTransaction,
  Health,
  HolderStats,
  HoldersResponse,
  NetworkStats,
  NftCollection,
  NftToken,
  NftTransfer,
  Receipt,
  SearchResult,
  Token,
  TokenBalance,
  TokenTransfer,
  Transaction,
  TransactionCount,
  ValidatorPayout,
  VerificationRequest,
  VerificationResult,
  AbiEntry,
} from './types.ts';
import { formatUnitsExact } from './normalize/bignum.ts';
import { normalizeAccountBalances, normalizeAddressSummary, normalizeAddressType, normalizeTokenBalances } from './normalize/address.ts';
import { normalizeBlock, normalizeBlocks } from './normalize/block.ts';
import {
  normalizeAbi,
  normalizeContractDetails,
  normalizeContractEvents,
  normalizeContractList,
  normalizeContractSource,
  normalizeInteractResult,
  normalizeVerificationResult,
  normalizeVerified,
} from './normalize/contract.ts';
import { normalizeHolderStats, normalizeHoldersResponse } from './normalize/holders.ts';
import { normalizeNftCollection, normalizeNftCollections, normalizeNftTokens, normalizeNftTransfers } from './normalize/nft.ts';
import { normalizeReceipt } from './normalize/receipt.ts';
import { normalizeSearchResult } from './normalize/search.ts';
import {
  normalizeCount,
  normalizeHealth,
  normalizeHolderCount,
  normalizeTps,
  normalizeTransactionCount,
  normalizeValidatorCount,
  normalizeValidatorPayout,
} from './normalize/stats.ts';
import { normalizeToken, normalizeTokens } from './normalize/token.ts';
import { normalizeTokenTransfers } from './normalize/token-transfer.ts';
import { normalizeDecodedTransaction, normalizeTransaction, normalizeTransactions } from './normalize/transaction.ts';

// One client for server and browser: only fetch and AbortSignal, no Node imports. Every method returns normalised
// data. Detail reads answer null for "not found" (HTTP 404) and throw an ApiError for any other failure; lists throw
// too. Secondary data that should degrade to an empty value goes through safe().

/** Time-out of the main client (spec core §9). */
export const MAIN_CLIENT_TIMEOUT_MS = 15_000;
/** Time-out of the second client, used by browser islands that poll (spec core §9). */
export const SECOND_CLIENT_TIMEOUT_MS = 10_000;
/** Receipt time-out in the data layer. */
export const RECEIPT_TIMEOUT_MS = 1_500;
/** Receipt time-out when lists fetch one receipt per transaction. */
export const RECEIPT_LIST_TIMEOUT_MS = 1_000;
/** Health time-out. */
export const HEALTH_TIMEOUT_MS = 2_000;
/** TPS time-out. */
export const TPS_TIMEOUT_MS = 2_000;
/** Gas price time-out. */
export const GAS_PRICE_TIMEOUT_MS = 2_000;
/** Validator count time-out. */
export const VALIDATORS_TIMEOUT_MS = 5_000;
/** Validator payout time-out. */
export const PAYOUT_TIMEOUT_MS = 5_000;
/** Transaction count time-out. */
export const TX_COUNT_TIMEOUT_MS = 5_000;
/** Contract count time-out. */
export const CONTRACTS_TIMEOUT_MS = 5_000;
/** Holder statistics time-out. */
export const HOLDERS_TIMEOUT_MS = 8_000;
/** NFT list time-out (spec tokens §9). */
export const NFT_LIST_TIMEOUT_MS = 10_000;

/** The fetch the client uses; tests pass a fake. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of createIndexerClient. */
export interface IndexerClientOptions {
  /** Default time-out of every call (MAIN_CLIENT_TIMEOUT_MS); per-endpoint time-outs never exceed it. */
  timeoutMs?: number;
  fetch?: FetchLike;
}

/** Options of one call: an explicit time-out (overrides every default) and a cancellation signal. */
export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Orders of the bundled indexer's NFT lists: latest transfer first, most owners, newest first. */
export type NftSortOrder = 'trending' | 'top' | 'new';

/** limit/offset paging of list calls (offset = (page - 1) × page size). */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

interface RawResponse {
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  body: unknown;
}

/** Builds a URL from a base (absolute, or a same-origin path such as '' or '/api'), a path and query values. */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  const url = `${base}${path}${search ? `?${search}` : ''}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(base)) new URL(url);
  else if (base !== '' && !base.startsWith('/')) throw new TypeError(`Invalid indexer base URL: ${baseUrl}`);
  return url;
}

/** A path segment, percent-encoded (addresses, hashes and search text come from users). */
function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

function page(query: PageQuery): Query {
  return { limit: query.limit, offset: query.offset };
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A signal that aborts with whichever of two aborts first (AbortSignal.any where the browser has it). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** Resolves `promise` unless `signal` aborts first (some fetch implementations ignore the signal). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Runs `work` and answers `fallback` when it throws (spec: secondary data degrades to empty values). */
export async function safe<T>(work: Promise<T> | (() => Promise<T>), fallback: T, onError?: (error: unknown) => void): Promise<T> {
  try {
    return await (typeof work === 'function' ? work() : work);
  } catch (error) {
    onError?.(error);
    return fallback;
  }
}

/** Creates the indexer client for a base URL ('http://host:3300', or '' for same-origin paths). */
export function createIndexerClient(baseUrl: string, options: IndexerClientOptions = {}) {
  const clientTimeout = options.timeoutMs ?? MAIN_CLIENT_TIMEOUT_MS;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(
    method: 'GET' | 'POST',
    path: string,
    query: Query,
    payload: unknown,
    request: RequestOptions,
    endpointTimeout?: number,
  ): Promise<RawResponse> {
    const timeoutMs = request.timeoutMs ?? Math.min(clientTimeout, endpointTimeout ?? clientTimeout);
    let url = `${baseUrl}${path}`;
    let init: RequestInit;
    let timeoutSignal: AbortSignal;
    let signal: AbortSignal;
    try {
      url = buildUrl(baseUrl, path, query);
      timeoutSignal = AbortSignal.timeout(timeoutMs);
      signal = request.signal ? anySignal(timeoutSignal, request.signal) : timeoutSignal;
      const headers: Record<string, string> = { accept: 'application/json' };
      init = { method, headers, signal };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(payload);
      }
    } catch (error) {
      throw setupError(url, error);
    }
    try {
      const response = await raceAbort(fetchImpl(url, init), signal);
      const text = await raceAbort(response.text(), signal);
      return { url, status: response.status, statusText: response.statusText, ok: response.ok, body: parseBody(text) };
    } catch (error) {
      if (timeoutSignal.aborted) throw timeoutError(url, timeoutMs);
      // A caller's own cancellation is not an indexer failure: rethrow its reason untouched.
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      throw networkError(url, error);
    }
  }

  /** GET that throws on any non-2xx status. */
  async function get<T>(path: string, normalize: (body: unknown) => T, query: Query = {}, request: RequestOptions = {}, timeout?: number): Promise<T> {
    const response = await send('GET', path, query, undefined, request, timeout);
    if (!response.ok) throw httpError(response.url, response.status, response.statusText, response.body);
    return normalize(response.body);
  }

  /** GET that answers null for 404 (and for a body that is not the entity) and throws on other failures. */
  async function find<T>(path: string, normalize: (body: unknown) => T | null, query: Query = {}, request: RequestOptions = {}, timeout?: number): Promise<T | null> {
    const response = await send('GET', path, query, undefined, request, timeout);
    if (response.status === 404) return null;
    if (!response.ok) throw httpError(response.url, response.status, response.statusText, response.body);
    return normalize(response.body);
  }

  /** GET of a value that must be present: a body that does not normalise counts as a bad gateway answer. */
  async function need<T>(path: string, normalize: (body: unknown) => T | null, request: RequestOptions = {}, timeout?: number): Promise<T> {
    const response = await send('GET', path, {}, undefined, request, timeout);
    if (!response.ok) throw httpError(response.url, response.status, response.statusText, response.body);
    const value = normalize(response.body);
    if (value === null) throw httpError(response.url, 502, 'Bad Gateway', response.body);
    return value;
  }

  async function post(path: string, payload: unknown, request: RequestOptions = {}): Promise<RawResponse> {
    const response = await send('POST', path, {}, payload, request);
    if (!response.ok) throw httpError(response.url, response.status, response.statusText, response.body);
    return response;
  }

  const client = {
    baseUrl,

    // Core browsing (spec core §7)

    /** GET /health → {status, ok, lastBlock, isIndexing} (2 s). */
    getHealth: (request?: RequestOptions): Promise<Health> => need('/health', normalizeHealth, request, HEALTH_TIMEOUT_MS),

    /** GET /search?q= → the result, or null when nothing matches (404) or the query is blank. */
    search: async (q: string, request?: RequestOptions): Promise<SearchResult | null> => {
      if (q.trim() === '') return null;
      return find('/search', normalizeSearchResult, { q: q.trim() }, request);
    },

    /** POST /proxy/rpc with a JSON-RPC body → the parsed JSON-RPC answer (use the helpers of rpc.ts). */
    proxyRpc: async (body: JsonRpcRequest, request?: RequestOptions): Promise<unknown> =>
      (await post('/proxy/rpc', body, request)).body,

    /** eth_gasPrice through the proxy (2 s) → wei, or the RPC error object. */
    getGasPrice: (request: RequestOptions = {}): Promise<RpcResult<bigint>> =>
      readGasPrice(client, { timeoutMs: request.timeoutMs ?? Math.min(clientTimeout, GAS_PRICE_TIMEOUT_MS), ...(request.signal ? { signal: request.signal } : {}) }),

    /**
     * GET /blocks?limit&offset[&withTxs=1] → blocks, newest first. With onlyWithTransactions, blocks without
     * transactions are also dropped here, for indexers that ignore the flag.
     */
    getBlocks: async (query: PageQuery & { onlyWithTransactions?: boolean } = {}, request?: RequestOptions): Promise<Block[]> => {
      const blocks = await get('/blocks', normalizeBlocks, { ...page(query), withTxs: query.onlyWithTransactions ? 1 : undefined }, request);
      return query.onlyWithTransactions ? blocks.filter((block) => block.transactionCount > 0) : blocks;
    },

    /** GET /blocks/{n} → the block with its transactions, or null when not found. */
    getBlock: (number: number | string, request?: RequestOptions): Promise<Block | null> =>
      find(`/blocks/${seg(number)}`, normalizeBlock, {}, request),

    /** GET /blocks/hash/{hash} → the block, or null when not found. */
    getBlockByHash: (hash: string, request?: RequestOptions): Promise<Block | null> =>
      find(`/blocks/hash/${seg(hash)}`, normalizeBlock, {}, request),

    /** GET /transactions?limit&offset → transactions, newest first. */
    getTransactions: (query: PageQuery = {}, request?: RequestOptions): Promise<Transaction[]> =>
      get('/transactions', normalizeTransactions, page(query), request),

    /** GET /transactions/{hash} → the transaction, or null when not found. */
    getTransaction: (hash: string, request?: RequestOptions): Promise<Transaction | null> =>
      find(`/transactions/${seg(hash)}`, (body) => normalizeTransaction(body), {}, request),

    /** GET /transactions/{hash}/receipt (1.5 s; pass RECEIPT_LIST_TIMEOUT_MS in lists) → the receipt, or null when not found. */
    getReceipt: (hash: string, request?: RequestOptions): Promise<Receipt | null> =>
      find(`/transactions/${seg(hash)}/receipt`, normalizeReceipt, {}, request, RECEIPT_TIMEOUT_MS),

    /** GET /transactions/{hash}/decoded → {transaction, decoded, description}, or null when not found. */
    getDecodedTransaction: (hash: string, request?: RequestOptions): Promise<DecodedTransaction | null> =>
      find(`/transactions/${seg(hash)}/decoded`, normalizeDecodedTransaction, {}, request),

    /** GET /transactions/pending → pending transactions. */
    getPendingTransactions: (request?: RequestOptions): Promise<Transaction[]> =>
      get('/transactions/pending', normalizeTransactions, {}, request),

    /** GET /stats/tps → transactions per second (2 s). */
    getTps: (request?: RequestOptions): Promise<number> => need('/stats/tps', normalizeTps, request, TPS_TIMEOUT_MS),

    /** GET /stats/holders → number of holders (8 s). */
    getHolderCount: (request?: RequestOptions): Promise<number> =>
      need('/stats/holders', normalizeHolderCount, request, HOLDERS_TIMEOUT_MS),

    /** GET /stats/validators/payout → totals and validators (5 s). */
    getValidatorsPayout: (request?: RequestOptions): Promise<ValidatorPayout> =>
      need('/stats/validators/payout', normalizeValidatorPayout, request, PAYOUT_TIMEOUT_MS),

    /** GET /stats/validators/count → {count} or {validatorCount} (5 s). */
    getValidatorCount: (request?: RequestOptions): Promise<number> =>
      need('/stats/validators/count', normalizeValidatorCount, request, VALIDATORS_TIMEOUT_MS),

    /** GET /stats/transactions/count → {totalTransactions, latestBlock} (5 s). */
    getTransactionCount: (request?: RequestOptions): Promise<TransactionCount> =>
      need('/stats/transactions/count', normalizeTransactionCount, request, TX_COUNT_TIMEOUT_MS),

    /** GET /stats/contracts/count, /erc20/count and /nft/count together (5 s each). */
    getContractCounts: async (request?: RequestOptions): Promise<ContractCounts> => {
      const count = (path: string): Promise<number> => need(path, (body) => normalizeCount(body), request, CONTRACTS_TIMEOUT_MS);
      const [totalContracts, erc20Contracts, nftContracts] = await Promise.all([
        count('/stats/contracts/count'),
        count('/stats/contracts/erc20/count'),
        count('/stats/contracts/nft/count'),
      ]);
      return { totalContracts, erc20Contracts, nftContracts };
    },

    /** GET /holders/native?limit&offset → native-coin holders (18 decimals). */
    getNativeHolders: (query: PageQuery = {}, request?: RequestOptions): Promise<HoldersResponse> =>
      get('/holders/native', (body) => normalizeHoldersResponse(body, 18) ?? emptyHolders(), page(query), request, HOLDERS_TIMEOUT_MS),

    /** GET /holders/token/{address}?limit&offset[&order=asc|desc] → holders with token info (largest first unless order is asc). */
    getTokenHolders: (address: string, query: PageQuery & { order?: 'asc' | 'desc' } = {}, request?: RequestOptions): Promise<HoldersResponse> =>
      get(`/holders/token/${seg(address)}`, (body) => normalizeHoldersResponse(body) ?? emptyHolders(), { ...page(query), order: query.order }, request, HOLDERS_TIMEOUT_MS),

    /** GET /holders/all?limit&minBalance → holders across tokens. */
    getAllHolders: (query: { limit?: number; minBalance?: string | number } = {}, request?: RequestOptions): Promise<HoldersResponse> =>
      get('/holders/all', (body) => normalizeHoldersResponse(body) ?? emptyHolders(), { limit: query.limit, minBalance: query.minBalance }, request, HOLDERS_TIMEOUT_MS),

    /** GET /holders/stats → {tokenHolders, topTokensByHolders, addressActivity} (8 s). */
    getHolderStats: (request?: RequestOptions): Promise<HolderStats> =>
      need('/holders/stats', normalizeHolderStats, request, HOLDERS_TIMEOUT_MS),

    /** GET /address/{a}/type → {address, type, contractType}; unreadable bodies give type 'unknown'. */
    getAddressType: (address: string, request?: RequestOptions): Promise<AddressTypeInfo> =>
      get(`/address/${seg(address)}/type`, (body) => normalizeAddressType(body, address), {}, request),

    /** GET /address/{a} → the bundled indexer's summary with counts; null when missing (the upstream indexer has no such route). */
    getAddressSummary: (address: string, request?: RequestOptions): Promise<AddressSummary | null> =>
      find(`/address/${seg(address)}`, (body) => normalizeAddressSummary(body, address), {}, request),

    /** GET /address/{a}/transactions?limit&offset. */
    getAddressTransactions: (address: string, query: PageQuery = {}, request?: RequestOptions): Promise<Transaction[]> =>
      get(`/address/${seg(address)}/transactions`, normalizeTransactions, page(query), request),

    /** GET /address/{a}/tokens?limit&offset → token holdings. */
    getAddressTokens: (address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenBalance[]> =>
      get(`/address/${seg(address)}/tokens`, normalizeTokenBalances, page(query), request),

    /** GET /address/{a}/token-transfers?limit&offset. */
    getAddressTokenTransfers: (address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> =>
      get(`/address/${seg(address)}/token-transfers`, (body) => normalizeTokenTransfers(body), page(query), request),

    /** GET /address/{a}/nfts?limit&offset&tokenAddress → NFT items held. */
    getAddressNfts: (address: string, query: PageQuery & { tokenAddress?: string } = {}, request?: RequestOptions): Promise<NftToken[]> =>
      get(`/address/${seg(address)}/nfts`, (body) => normalizeNftTokens(body), { ...page(query), tokenAddress: query.tokenAddress }, request),

    /** GET /address/{a}/nft-transfers?limit&offset&tokenAddress&tokenType. */
    getAddressNftTransfers: (
      address: string,
      query: PageQuery & { tokenAddress?: string; tokenType?: string } = {},
      request?: RequestOptions,
    ): Promise<NftTransfer[]> =>
      get(
        `/address/${seg(address)}/nft-transfers`,
        normalizeNftTransfers,
        { ...page(query), tokenAddress: query.tokenAddress, tokenType: query.tokenType },
        request,
      ),

    /** GET /address/{a}/contracts → contracts the address created. */
    getAddressContracts: (address: string, request?: RequestOptions): Promise<ContractDetails[]> =>
      get(`/address/${seg(address)}/contracts`, normalizeContractList, {}, request),

    /** GET /account/{a}/balances → native balance in wei and token holdings. */
    getAccountBalances: (address: string, request?: RequestOptions): Promise<AccountBalances> =>
      need(`/account/${seg(address)}/balances`, normalizeAccountBalances, request),

    // Tokens, NFTs, contracts (spec tokens §7)

    /** GET /tokens[?limit&offset&type] → token records. */
    getTokens: (query: PageQuery & { type?: string } = {}, request?: RequestOptions): Promise<Token[]> =>
      get('/tokens', normalizeTokens, { ...page(query), type: query.type }, request),

    /** GET /tokens/{a} → the token, or null when not found. */
    getToken: (address: string, request?: RequestOptions): Promise<Token | null> =>
      find(`/tokens/${seg(address)}`, normalizeToken, {}, request),

    /** GET /tokens/{a}/transfers?limit&offset. */
    getTokenTransfers: (address: string, query: PageQuery = {}, request?: RequestOptions): Promise<TokenTransfer[]> =>
      get(`/tokens/${seg(address)}/transfers`, (body) => normalizeTokenTransfers(body), page(query), request),

    /** GET /tokens/{a}/holders?limit&offset → holders (the upstream indexer answers a bare array). */
    getTokenHolderList: (address: string, query: PageQuery = {}, request?: RequestOptions): Promise<HoldersResponse> =>
      get(`/tokens/${seg(address)}/holders`, (body) => normalizeHoldersResponse(body) ?? emptyHolders(), page(query), request, HOLDERS_TIMEOUT_MS),

    /** GET /nfts?limit&offset[&sort] → collections (10 s); a non-list answer is an empty list. Indexers without `sort` ignore it. */
    getNftCollections: (query: PageQuery & { sort?: NftSortOrder } = {}, request?: RequestOptions): Promise<NftCollection[]> =>
      get('/nfts', normalizeNftCollections, { ...page(query), sort: query.sort }, request, NFT_LIST_TIMEOUT_MS),

    /** GET /nfts/{c} → the collection, or null when not found. */
    getNftCollection: (collection: string, request?: RequestOptions): Promise<NftCollection | null> =>
      find(`/nfts/${seg(collection)}`, normalizeNftCollection, {}, request),

    /** GET /nfts/{c}/{id} → the token or tokens it answers (empty when not found). */
    getNftTokens: async (collection: string, tokenId: string | number, request?: RequestOptions): Promise<NftToken[]> =>
      (await find(`/nfts/${seg(collection)}/${seg(tokenId)}`, (body) => normalizeNftTokens(body, { collectionAddress: collection }), {}, request)) ?? [],

    /** GET /nfts/{c}/{id} → that token, or null when not found. */
    getNftToken: async (collection: string, tokenId: string | number, request?: RequestOptions): Promise<NftToken | null> => {
      const tokens = await client.getNftTokens(collection, tokenId, request);
      return tokens.find((token) => token.tokenId === String(tokenId)) ?? tokens[0] ?? null;
    },

    /** GET /nfts/{c}/tokens?limit&offset[&sort] → items of a collection (bundled indexer). */
    getNftCollectionTokens: (collection: string, query: PageQuery & { sort?: NftSortOrder } = {}, request?: RequestOptions): Promise<NftToken[]> =>
      get(`/nfts/${seg(collection)}/tokens`, (body) => normalizeNftTokens(body, { collectionAddress: collection }), { ...page(query), sort: query.sort }, request, NFT_LIST_TIMEOUT_MS),

    /** GET /nfts/{c}/{id}/transfers?limit&offset → history of one NFT (bundled indexer). */
    getNftTokenTransfers: (collection: string, tokenId: string | number, query: PageQuery = {}, request?: RequestOptions): Promise<NftTransfer[]> =>
      get(`/nfts/${seg(collection)}/${seg(tokenId)}/transfers`, normalizeNftTransfers, page(query), request),

    /** GET /contracts/{a}/verified → whether the contract is verified (5 s). */
    getContractVerified: (address: string, request?: RequestOptions): Promise<boolean> =>
      get(`/contracts/${seg(address)}/verified`, normalizeVerified, {}, request, CONTRACTS_TIMEOUT_MS),

    /** GET /contracts/{a} → details, or null when the address is no contract (404). */
    getContract: (address: string, request?: RequestOptions): Promise<ContractDetails | null> =>
      find(`/contracts/${seg(address)}`, normalizeContractDetails, {}, request),

    /** GET /contracts/{a}/abi → the ABI, or null when unverified (404). */
    getContractAbi: (address: string, request?: RequestOptions): Promise<AbiEntry[] | null> =>
      find(`/contracts/${seg(address)}/abi`, normalizeAbi, {}, request),

    /** GET /contracts/{a}/source → source and metadata, or null when unverified (404). */
    getContractSource: (address: string, request?: RequestOptions): Promise<ContractSource | null> =>
      find(`/contracts/${seg(address)}/source`, normalizeContractSource, {}, request),

    /** GET /contracts/{a}/verification → verification metadata and sources, or null when unverified (404). */
    getContractVerification: (address: string, request?: RequestOptions): Promise<ContractSource | null> =>
      find(`/contracts/${seg(address)}/verification`, normalizeContractSource, {}, request),

    /** GET /contracts/{a}/events?fromBlock&toBlock&eventName. */
    getContractEvents: (
      address: string,
      query: { fromBlock?: number; toBlock?: number; eventName?: string } = {},
      request?: RequestOptions,
    ): Promise<ContractEvent[]> =>
      get(`/contracts/${seg(address)}/events`, normalizeContractEvents, { ...query }, request),

    /**
     * POST /contracts/verify with the spec's defaults (runs 200, cancun, MIT, no optimisation, no constructor
     * arguments). A 2xx answer is returned even when success is false; an HTTP error throws an ApiError whose
     * `body` holds the server's logs (normalizeVerificationResult(error.body)).
     */
    verifyContract: async (input: VerificationRequest, request?: RequestOptions): Promise<VerificationResult> => {
      const libraries = Object.fromEntries(Object.entries(input.libraries ?? {}).filter(([name, address]) => name.trim() && address.trim()));
      const body = {
        address: input.address,
        sourceCode: input.sourceCode,
        compilerVersion: input.compilerVersion,
        contractName: input.contractName,
        optimizationUsed: input.optimizationUsed ?? false,
        runs: input.runs ?? 200,
        constructorArguments: input.constructorArguments ?? '',
        libraries,
        evmVersion: input.evmVersion ?? 'cancun',
        license: input.license ?? 'MIT',
      };
      return normalizeVerificationResult((await post('/contracts/verify', body, request)).body);
    },

    /**
     * POST /contracts/{a}/interact {method, params, value} → the returned value (BigNumbers as decimal text).
     * Throws an ApiError on failure; its serverMessage holds the server's error ('Contract is not verified').
     */
    interactWithContract: async (
      address: string,
      method: string,
      params: readonly unknown[] = [],
      value = '0',
      request?: RequestOptions,
    ): Promise<ContractValue> => {
      const path = `/contracts/${seg(address)}/interact`;
      const response = await post(path, { method, params, value }, request);
      const result = normalizeInteractResult(response.body);
      if (result.success) return result.result;
      throw new ApiError({
        kind: 'http',
        message: result.error,
        url: response.url,
        status: response.status,
        statusText: response.statusText,
        serverMessage: serverMessageOf(response.body) ?? result.error,
        body: response.body,
      });
    },

    /**
     * Network statistics from tps, holders, payout, transaction count, health, ERC-20 count and gas price, each
     * with its own time-out; a failed part is zero (or null for the gas price). Never throws.
     */
    getNetworkStats: async (request: RequestOptions = {}): Promise<NetworkStats> => {
      const signal = request.signal ? { signal: request.signal } : {};
      const [health, tps, holders, payout, txCount, erc20, gasPrice] = await Promise.all([
        safe(client.getHealth(signal), null),
        safe(client.getTps(signal), 0),
        safe(client.getHolderCount(signal), 0),
        safe(client.getValidatorsPayout(signal), null),
        safe(client.getTransactionCount(signal), null),
        safe(need('/stats/contracts/erc20/count', (body) => normalizeCount(body), signal, CONTRACTS_TIMEOUT_MS), 0),
        client.getGasPrice(signal),
      ]);
      const latestBlock = Math.max(health?.lastBlock ?? 0, txCount?.latestBlock ?? 0);
      const counted = txCount?.totalTransactions ?? 0;
      const gasPriceWei = gasPrice.ok ? gasPrice.value : null;
      const payoutWei = payout?.totalPayoutWei ?? 0n;
      return {
        latestBlock,
        totalTransactions: counted > 0 ? counted : 2 * latestBlock,
        totalTransactionsEstimated: counted <= 0,
        tps,
        gasPriceWei,
        gasPriceGwei: gasPriceWei === null ? null : Number(gasPriceWei) / 1e9,
        totalHolders: holders,
        validatorsPayout: { raw: payoutWei, formatted: payout?.totalPayoutEther ?? formatUnitsExact(payoutWei, 18) },
        totalTokens: erc20,
      };
    },
  };
  return client;
}

/** The indexer client's type. */
export type IndexerClient = ReturnType<typeof createIndexerClient>;

function emptyHolders(): HoldersResponse {
  return { holders: [], totalHolders: 0, token: null };
}

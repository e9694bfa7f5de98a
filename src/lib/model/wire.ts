import type { AbiEntry, AddressData, AddressType, ContractType, ContractValue, Holder, TokenBalance } from './types.ts';

// What the indexer's endpoints answer (and the bodies the site sends them), one shape per endpoint: /health, the
// statistics, holders, the address summary and type, search, contract verification, interaction and proxy detection.
// Like the entities of ./types.ts they are normalized (big integers as bigint, every variant of an answer mapped to one
// shape by ../normalize/), but their shape is the endpoint's: pages compose the entities of ./types.ts from them.

export interface Health {
  status: string;
  /** status === 'ok': the indexer is connected. */
  ok: boolean;
  lastBlock: number | null;
  isIndexing: boolean;
  /**
   * Rollbacks the indexer has made (reorgs), when it says (the bundled indexer does): with lastBlock, it tells a head
   * that replaced blocks at the same height from the one before.
   */
  reorgs: number | null;
  /**
   * Writes of NFT metadata the indexer has made, when it says (the bundled indexer does): metadata arrives after the
   * block that minted a token, so an NFT's page changes with this count as well as with the head.
   */
  metadataUpdates: number | null;
}

export interface TransactionCount {
  totalTransactions: number;
  latestBlock: number | null;
}

export interface HolderTokenInfo {
  address: string | null;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: bigint | null;
}

export interface HoldersResponse {
  holders: Holder[];
  /** Total number of holders (the page's own length when the indexer sends a bare array). */
  totalHolders: number;
  token: HolderTokenInfo | null;
}

export interface TopTokenByHolders {
  address: string;
  name: string;
  symbol: string;
  holders: number;
}

export interface HolderStats {
  tokenHolders: number;
  topTokensByHolders: TopTokenByHolders[];
  /** Numeric activity figures as the indexer names them (e.g. active24h). */
  addressActivity: Record<string, number>;
}

export interface AccountBalances {
  /** Native balance in wei. */
  native: bigint;
  tokens: TokenBalance[];
}

/** The bundled indexer's /address/{a} summary: address data plus counts (null when not reported). */
export interface AddressSummary extends AddressData {
  transactionCount: number | null;
  /** Token transfers from or to the address (the Token Transfers tab's total); null when not counted. */
  tokenTransferCount: number | null;
  tokenCount: number | null;
  nftCount: number | null;
  /** Whether the summary carried the token holdings (the bundled indexer's does), so no balances call is needed. */
  tokensIncluded: boolean;
  /** Whether a contract is verified, when the summary says (null: ask /contracts/{a}/verified). */
  verified: boolean | null;
  /** The delegate of an account delegated by EIP-7702, when the summary says (undefined: read the code). */
  delegatedTo?: string | null;
}

export interface ContractCounts {
  totalContracts: number;
  erc20Contracts: number;
  nftContracts: number;
}

export interface ValidatorPayoutEntry {
  address: string;
  /** Balance in wei. */
  balance: bigint;
  payoutWei: bigint | null;
  blocksMined: number | null;
}

export interface ValidatorPayout {
  totalPayoutWei: bigint;
  /** Exact decimal text in STO. */
  totalPayoutEther: string;
  validators: ValidatorPayoutEntry[];
}

export interface SearchBlockData {
  number: number;
  hash: string | null;
  timestamp: number | null;
  transactionCount: number;
}

export interface SearchTransactionData {
  hash: string;
  blockNumber: number | null;
  timestamp: number | null;
}

export interface SearchAddressData {
  address: string;
  balance: bigint | null;
}

export interface SearchTokenData {
  address: string;
  symbol: string;
  name: string;
  totalSupply: bigint | null;
}

export interface SearchNftData {
  address: string;
  tokenId: string;
  name: string;
  collection: string | null;
  /** Safe image URL or null. */
  image: string | null;
}

export type SearchResult =
  | { type: 'block'; data: SearchBlockData }
  | { type: 'transaction'; data: SearchTransactionData }
  | { type: 'address'; data: SearchAddressData; addressType: AddressType; contractType: ContractType }
  | { type: 'token'; data: SearchTokenData }
  | { type: 'nft'; data: SearchNftData }
  | { type: 'multiple'; data: SearchResult[] };

export interface VerificationRequest {
  address: string;
  /** Solidity source, or the text of a standard JSON input (the indexer tells them apart). */
  sourceCode: string;
  compilerVersion: string;
  contractName: string;
  optimizationUsed?: boolean;
  runs?: number;
  constructorArguments?: string;
  libraries?: Record<string, string>;
  evmVersion?: string;
  license?: string;
}

export interface VerificationResult {
  success: boolean;
  error: string | null;
  /** The success message ('Contract verified successfully (full match)'), when given. */
  message: string | null;
  /** 'full' or 'partial' on success, when given. */
  matchType: 'full' | 'partial' | null;
  /** From a logs array or compilationLogs text split on newlines. */
  logs: string[];
  abi: AbiEntry[] | null;
  sourceCode: string | null;
}

/** Answer of POST /contracts/{a}/interact. */
export type InteractResult = { success: true; result: ContractValue; outputs?: TypedOutput[] } | { success: false; error: string };

/** What the bundled indexer found about a proxy: its kind (eip1167, eip1967, eip1967-beacon, eip1822) and implementation. */
export interface ProxyInfo {
  isProxy: boolean;
  kind: string | null;
  implementation: string | null;
  implementationVerified: boolean;
}

/** One typed output of the bundled indexer's interact answer (the upstream indexer sends the result only). */
export interface TypedOutput {
  name: string;
  type: string;
  value: ContractValue;
}

/** A selector or topic read from a contract's bytecode, with the signatures the indexer's database has for it. */
export interface BytecodeEntry {
  /** 0x + 8 hex digits (function) or 0x + 64 (event topic). */
  hash: string;
  /** Canonical text signatures, best source first; empty when none is known. */
  signatures: string[];
}

/** GET /contracts/{a}/functions-from-bytecode (bundled indexer): an unverified contract's functions and events. */
export interface BytecodeFunctions {
  /** The implementation the code was read from, when the contract is a proxy. */
  implementation: string | null;
  functions: BytecodeEntry[];
  events: BytecodeEntry[];
}

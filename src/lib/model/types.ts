// The internal entity shapes every page and island sees, one per entity. The normalizers in ../normalize/ build
// them from any indexer variant. All plain data (no classes, no Maps) so Astro can serialise them as island props:
// big integers (wei, gas, raw token amounts) are bigint, block numbers and unix-second timestamps are numbers,
// addresses keep the checksum they arrived with (compare them lowercased).

/**
 * What an address is on chain: a contract, or a 'wallet' (an externally owned account, the spec's word, shown as
 * 'Wallet'); 'unknown' when the indexer could not tell or failed. Not the visitor's browser wallet (contracts/wallet.ts).
 */
export type AddressType = 'contract' | 'wallet' | 'unknown';

/** Token standard of a contract; 'none' for other contracts and wallets. */
export type ContractType = 'ERC20' | 'ERC721' | 'ERC1155' | 'none';

export interface Block {
  number: number;
  hash: string;
  parentHash: string | null;
  /** Unix seconds; null when unknown. */
  timestamp: number | null;
  miner: string | null;
  gasUsed: bigint;
  gasLimit: bigint;
  baseFeePerGas: bigint | null;
  /** Block reward in wei when the indexer reports one. */
  reward: bigint | null;
  /** Number of transactions, from the list, a count, or transactions_count. */
  transactionCount: number;
  /** Full transactions when the indexer sent them (block detail); empty when it sent only a count. */
  transactions: Transaction[];
  /** Hashes of the transactions, when known (from full objects or a list of hashes). */
  transactionHashes: string[];
  /**
   * True when the block has transactions (such a block shows the "AI Optimized" badge). Worked out from the
   * count: the bundled indexer sends the same fact as `aiOptimized`, a field of its public API kept under that name,
   * which the site does not read.
   */
  hasTransactions: boolean;
}

export interface Transaction {
  hash: string;
  /** Null for pending transactions. */
  blockNumber: number | null;
  timestamp: number | null;
  from: string;
  /** Null for a contract deployment. */
  to: string | null;
  /** Address created by a deployment, when known. */
  contractAddress: string | null;
  value: bigint;
  /** Call data ('0x' when empty); from `input` or `data`. */
  input: string;
  gasUsed: bigint | null;
  gasPrice: bigint | null;
  gasLimit: bigint | null;
  nonce: number | null;
  transactionIndex: number | null;
  /** true success, false failure, null unknown (the upstream indexer never stores it). */
  status: boolean | null;
  tokenTransfers: TokenTransfer[];
  /** Name of the called function from the indexer's signature database, when it knows one. */
  method?: string;
  /** EIP-2718 type (0 legacy, 1 EIP-2930, 2 EIP-1559, 3 EIP-4844, 4 EIP-7702); null or absent when unknown. */
  type?: number | null;
  /** Access list, authorizations and blob fields, where the answer has them (transaction detail of the bundled indexer). */
  typed?: TxTypedFields;
}

/** One address of an access list with the storage keys it pre-warms. */
export interface AccessListEntry {
  address: string;
  storageKeys: string[];
}

/** One EIP-7702 authorization: what it delegates to, who signed it, whether the chain applied it (null: unknown). */
export interface SetCodeAuthorization {
  chainId: bigint;
  /** The delegate: the code the authority's account runs from then on. */
  address: string;
  nonce: bigint;
  /** The signer recovered from the signature; null when the signature is invalid or the indexer did not say. */
  authority: string | null;
  applied: boolean | null;
}

/** EIP-4844 blob fields. */
export interface BlobFields {
  versionedHashes: string[];
  maxFeePerBlobGas: bigint | null;
  blobGasUsed: bigint | null;
  blobGasPrice: bigint | null;
}

/** The typed-transaction fields present in an answer. */
export interface TxTypedFields {
  accessList?: AccessListEntry[];
  authorizations?: SetCodeAuthorization[];
  blob?: BlobFields;
}

export interface Log {
  address: string;
  topics: string[];
  data: string;
  logIndex: number | null;
  transactionHash: string | null;
  blockNumber: number | null;
  /** Decodings of the log, best first (bundled indexer; absent or empty when none). */
  decoded?: DecodedEvent[];
}

export interface Receipt {
  transactionHash: string | null;
  blockNumber: number | null;
  from: string | null;
  to: string | null;
  status: boolean | null;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  contractAddress: string | null;
  logs: Log[];
}

export interface TokenTransfer {
  transactionHash: string | null;
  blockNumber: number | null;
  timestamp: number | null;
  logIndex: number | null;
  from: string;
  to: string;
  tokenAddress: string | null;
  /** Default 'TOKEN'. */
  symbol: string;
  /** Default 'Unknown Token'. */
  name: string;
  /** Default 18. */
  decimals: number;
  rawAmount: bigint;
  /** Exact decimal text of rawAmount / 10^decimals ('1000', '0.5'), no grouping. */
  amount: string;
  /** Token id of an NFT transfer (decimal text), else null. */
  tokenId: string | null;
  /** 'ERC20', 'ERC721', 'ERC1155' when the indexer says so. */
  tokenType: string | null;
}

export interface DecodedParam {
  name: string;
  type: string;
  /** Display text: integers in decimal, arrays and tuples as JSON. */
  value: string;
}

export interface DecodedCall {
  functionName: string;
  functionSignature: string;
  description: string;
  params: DecodedParam[];
  /** 'signature' when decoded from a signature (database or built-in), not from verified source; absent when not said. */
  source?: DecodeSource;
}

/** How a call or log was decoded: the contract's verified ABI, or a signature (not verified source). */
export type DecodeSource = 'verified' | 'signature';

/** Calldata no signature fits: the arguments in 32-byte words and the types a guesser proposes. */
export interface CallGuess {
  selector: string;
  words: string[];
  /** Guessed types; null when the guesser proposes none. */
  types: string[] | null;
  /** The arguments decoded with the guessed types (names empty), when they decode. */
  params: DecodedParam[] | null;
}

/** A decoded event log parameter (an indexed dynamic value is its hash). */
export interface DecodedEventParam extends DecodedParam {
  indexed: boolean;
}

/** A log decoded with the emitter's verified ABI or an event signature. */
export interface DecodedEvent {
  eventName: string;
  eventSignature: string;
  params: DecodedEventParam[];
  source?: DecodeSource;
}

export interface DecodedTransaction {
  transaction: Transaction | null;
  decoded: DecodedCall | null;
  /** Every decoding that fits (signatures sharing a selector), best first (bundled indexer; else empty). */
  candidates: DecodedCall[];
  /** Guessed types when nothing decodes (bundled indexer; else null). */
  guess: CallGuess | null;
  /** The indexer's description ('Contract is not verified', 'Transfer …'); null when absent. */
  description: string | null;
  gasUsed: bigint | null;
  /** Fee paid in wei, when the indexer computed it. */
  fee: bigint | null;
}

export interface NetworkStats {
  latestBlock: number;
  /** The indexer's count when greater than 0, else 2 × latestBlock (the specification's estimate). */
  totalTransactions: number;
  /** True when totalTransactions is the 2 × latestBlock estimate. */
  totalTransactionsEstimated: boolean;
  tps: number;
  gasPriceWei: bigint | null;
  /** Gas price divided by 1e9. */
  gasPriceGwei: number | null;
  totalHolders: number;
  validatorsPayout: { raw: bigint; formatted: string };
  totalTokens: number;
}

export interface Holder {
  address: string;
  /** Raw units; null when the indexer sent only a formatted balance. */
  rawBalance: bigint | null;
  /** Whole-unit decimal text ('998749.5'). */
  balance: string;
  /** Percent of supply (0…100); 0 when unknown. */
  percentage: number;
}

export interface TokenBalance {
  contractAddress: string;
  symbol: string;
  name: string;
  decimals: number;
  rawBalance: bigint;
  /** Whole-unit decimal text. */
  balance: string;
  type: ContractType;
}

export interface AddressTypeInfo {
  address: string;
  type: AddressType;
  contractType: ContractType;
}

/** Everything the address page knows about an address, composed from several calls. */
export interface AddressData extends AddressTypeInfo {
  /** Native balance in wei; null when unknown. */
  balance: bigint | null;
  tokens: TokenBalance[];
  tokenInfo: Token | null;
  ownerAddress: string | null;
  creatorAddress: string | null;
}

export interface Token {
  address: string;
  /** Default 'Unknown Token'. */
  name: string;
  /** Default 'TOKEN'. */
  symbol: string;
  /** Default 18. */
  decimals: number;
  totalSupply: bigint | null;
  type: ContractType;
  /** USD price and market figures; null when the indexer has none. */
  price: number | null;
  /** 24 h change in percent. */
  priceChange: number | null;
  volume: number | null;
  marketCap: number | null;
  holders: number | null;
  transfers: number | null;
  /** Safe image URL (http(s), ipfs, data:image or same-origin path) or null. */
  logoUrl: string | null;
  creatorAddress: string | null;
  ownerAddress: string | null;
  /** Whether the contract's source is verified; null when the indexer does not say. */
  verified: boolean | null;
}

export interface NftCollection {
  id: string | null;
  address: string;
  /** Default 'Unknown'. */
  name: string;
  symbol: string | null;
  verified: boolean;
  /** Price text in STO; '0.00' when unknown. */
  floorPrice: string;
  volume: string;
  items: number | null;
  owners: number | null;
  description: string | null;
  image: string | null;
}

export interface NftTrait {
  type: string;
  value: string;
  rarity: string | null;
}

export interface NftToken {
  collectionAddress: string | null;
  collectionName: string | null;
  tokenId: string;
  /** Metadata name, else '{collection} #{tokenId}'. */
  name: string;
  /** Safe image URL or null (the UI picks a placeholder). */
  image: string | null;
  description: string | null;
  /** Price text in STO; '0.00' when unknown. */
  price: string;
  lastSale: string;
  /** Null when unknown (shown as 'Unknown'). */
  owner: string | null;
  creator: string | null;
  verified: boolean;
  createdAt: number | null;
  traits: NftTrait[];
  tokenType: string | null;
  /** ERC-1155 amount held, when reported. */
  balance: bigint | null;
}

export interface NftTransfer {
  transactionHash: string | null;
  blockNumber: number | null;
  timestamp: number | null;
  from: string;
  to: string;
  tokenAddress: string | null;
  tokenId: string | null;
  tokenType: string | null;
  /** Amount moved (ERC-1155), 1 for ERC-721 when not reported. */
  value: bigint;
  /** Price text in STO; '0' when unknown (a mint shows 'Mint'). */
  price: string;
}

export interface ContractDetails {
  address: string;
  type: ContractType;
  verified: boolean;
  /** Default 'Unknown Contract'. */
  name: string;
  /** The verified source's contract name (bundled indexer); null when unverified or not told. */
  verifiedName: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  creatorAddress: string | null;
  ownerAddress: string | null;
  blockNumber: number | null;
  timestamp: number | null;
  transactionHash: string | null;
  balance: bigint | null;
}

export interface AbiParam {
  name: string;
  type: string;
  internalType?: string;
  indexed?: boolean;
  components?: AbiParam[];
}

/** One ABI entry; structurally an ethers JsonFragment. */
export interface AbiEntry {
  type: string;
  /** '' for constructor, fallback and receive. */
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
  /** 'pure' | 'view' | 'nonpayable' | 'payable' ('nonpayable' when absent). */
  stateMutability: string;
  constant: boolean;
  anonymous: boolean;
}

export interface ContractSource {
  address: string | null;
  verified: boolean;
  sourceCode: string;
  /** Multi-file sources keyed by path, when the indexer sends them. */
  sourceFiles: Record<string, string> | null;
  contractName: string;
  compilerVersion: string | null;
  optimizationUsed: boolean;
  runs: number | null;
  evmVersion: string | null;
  license: string | null;
  constructorArguments: string | null;
  creatorAddress: string | null;
  ownerAddress: string | null;
  metadataHash: string | null;
  verifiedAt: string | null;
  libraries: Record<string, string>;
  abi: AbiEntry[] | null;
  /** 'full', 'partial' or 'similar' (verified through a contract with identical code); null when not said. */
  matchType: 'full' | 'partial' | 'similar' | null;
  /** For a similar match: the contract whose verification is shown. */
  similarTo: string | null;
  /** The file of the verified contract, when the indexer says. */
  mainFile: string | null;
}

export interface ContractEvent extends Log {
  eventName: string | null;
  /** Decoded arguments as display text, when the indexer decoded them. */
  args: Record<string, string> | null;
}

/** One frame of a transaction's call tree (depth 0 is the transaction itself). */
export interface InternalCall {
  depth: number;
  type: string;
  from: string;
  to: string | null;
  value: bigint;
  gasUsed: bigint | null;
  selector: string | null;
  error: string | null;
}

/** An internal transaction of an address's list (Etherscan's: a value-moving call, creation or self-destruct below a transaction). */
export interface InternalTransaction {
  /** The parent transaction. */
  transactionHash: string;
  blockNumber: number | null;
  timestamp: number | null;
  from: string;
  /** Null for a creation (contractAddress names the contract). */
  to: string | null;
  contractAddress: string | null;
  /** Wei. */
  value: bigint;
  /** call, create, create2, selfdestruct, … (lowercase). */
  type: string;
  /** The frame's path below the parent transaction ('0', '0_1', …), when told. */
  traceId: string | null;
  isError: boolean;
  error: string | null;
  /** The parent transaction's sender, recipient and value (wei), when the list tells them. */
  parent: { from: string; to: string | null; value: bigint } | null;
}

/** A transaction's internal calls, or why there are none to show. */
export interface InternalCalls {
  available: boolean;
  message: string | null;
  calls: InternalCall[];
}

/** Why a transaction reverted: the decoded message, panic or custom error, and which of those it is. */
export interface RevertReason {
  reason: string;
  /** 'error' (Error(string)), 'panic', 'custom', 'unknown' … */
  kind: string;
}

/** A value returned by a contract read, made plain: BigNumber objects become decimal strings. */
export type ContractValue = string | number | boolean | null | ContractValue[] | { [key: string]: ContractValue };

// AI dashboard

export type AiActivityType =
  | 'block_optimization'
  | 'learning_cycle'
  | 'transaction_processing'
  | 'gas_optimization'
  | 'network_adjustment'
  | 'default';

export interface AiActivityItem {
  /** Stable per event, so the UI can highlight a new newest item. */
  id: string;
  type: AiActivityType;
  message: string;
  /** Relative time text ('just now', 'N minutes ago', …) at computation time. */
  timestamp: string;
  /** Epoch milliseconds of the event, to recompute the relative text. */
  originalTime: number;
}

export interface AiDashboardData {
  isSimulated: boolean;
  learningCycles: number;
  blocksProcessed: number;
  /** Percent, capped at 95. */
  predictionAccuracy: number;
  /** Percent. */
  gasOptimization: number;
  /** Recent network activity 0…100 (capped at 100). */
  activityLevel: number;
  blockPredictionData: {
    labels: string[];
    predicted: number[];
    actual: number[];
    monthlyLabels: string[];
    yearlyLabels: string[];
  };
  transactionPriorityData: { labels: string[]; values: number[] };
  gasOptimizationData: { labels: string[]; traditional: number[]; optimized: number[] };
  learningProgressData: {
    labels: string[];
    accuracy: (number | null)[];
    monthlyLabels: string[];
    yearlyLabels: string[];
  };
  activityFeed: AiActivityItem[];
  neuralNetwork: { nodes: number; connections: number; layers: number };
  /** Epoch milliseconds of the computation. */
  updatedAt: number;
}

/** An uploaded logo as the indexer lists it. */
export interface UploadedLogo {
  address: string;
  type: 'png' | 'svg';
  /** sha256 of the stored bytes, hex. */
  hash: string;
}

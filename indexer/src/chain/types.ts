// Shapes of the JSON-RPC objects the indexer reads (only the fields it uses).

/** A log as returned in receipts. */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
  transactionIndex: string;
  transactionHash: string;
}

/** A transaction inside a block fetched with full transactions. */
export interface RawTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  gasPrice?: string | null;
  maxFeePerGas?: string | null;
  maxPriorityFeePerGas?: string | null;
  /** Absent on some chains' system transactions. */
  input?: string;
  nonce: string;
  transactionIndex: string;
  type?: string | null;
  /** Types 1 to 4. */
  accessList?: { address: string; storageKeys: string[] }[] | null;
  /** Type 4 (EIP-7702): read by chain/authorization.ts. */
  authorizationList?: unknown[] | null;
  /** Type 3 (EIP-4844). */
  blobVersionedHashes?: string[] | null;
  maxFeePerBlobGas?: string | null;
}

/** A transaction receipt. */
export interface RawReceipt {
  transactionHash: string;
  transactionIndex: string;
  status?: string | null;
  gasUsed: string;
  cumulativeGasUsed: string;
  effectiveGasPrice?: string | null;
  contractAddress?: string | null;
  logs: RawLog[];
  /** Type 3 (EIP-4844). */
  blobGasUsed?: string | null;
  blobGasPrice?: string | null;
}

/** A block fetched with full transactions. */
export interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  miner?: string;
  gasUsed: string;
  gasLimit: string;
  baseFeePerGas?: string | null;
  difficulty?: string | null;
  nonce?: string | null;
  extraData?: string | null;
  size?: string | null;
  transactions: RawTransaction[];
}

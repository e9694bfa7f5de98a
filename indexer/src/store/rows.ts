// Rows of the indexer's tables as the stores return them (column names as in migrations/), shared by the writer's
// side and the API's, so that each table's row has one type.

/** Token standards as stored and served. */
export type TokenType = 'ERC20' | 'ERC721' | 'ERC1155';

/** A row of the blocks table. */
export interface BlockRow {
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
  miner: string;
  gas_used: string;
  gas_limit: string;
  base_fee: string | null;
  difficulty: string;
  nonce: string | null;
  extra_data: string;
  size: number | null;
  tx_count: number;
  reward: string;
}

/** A row of the transactions table. */
export interface TxRow {
  id: number;
  hash: string;
  block_number: number;
  tx_index: number;
  block_hash: string;
  timestamp: number;
  from_addr: string;
  to_addr: string | null;
  contract_address: string | null;
  value: string;
  gas_limit: string;
  gas_price: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  effective_gas_price: string | null;
  gas_used: string;
  cumulative_gas_used: string;
  input: string;
  nonce: number;
  type: number | null;
  status: number;
}

/** A row of the token_transfers table. */
export interface TransferRow {
  id: number;
  block_number: number;
  log_index: number;
  batch_index: number;
  tx_hash: string;
  timestamp: number;
  token_address: string;
  token_type: TokenType;
  from_addr: string;
  to_addr: string;
  value: string;
  token_id: string | null;
}

/** A row of the logs table. */
export interface LogRow {
  id: number;
  block_number: number;
  log_index: number;
  tx_id: number;
  tx_hash: string;
  address: string;
  topic0: string | null;
  topic1: string | null;
  topic2: string | null;
  topic3: string | null;
  data: string;
}

/** A row of the contracts table. */
export interface ContractRow {
  address: string;
  creator: string | null;
  creation_tx: string | null;
  block_number: number | null;
  timestamp: number | null;
  first_seen_block: number;
  contract_type: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  total_supply: string | null;
  owner: string | null;
  code_size: number | null;
  holder_count: number;
  transfer_count: number;
}

import { formatUnits, unpad } from '../chain/num.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import { methodName } from './decode.ts';

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

/** A row of the token_transfers table joined with its token's name, symbol and decimals. */
export interface TransferRow {
  id: number;
  block_number: number;
  log_index: number;
  batch_index: number;
  tx_hash: string;
  timestamp: number;
  token_address: string;
  token_type: string;
  from_addr: string;
  to_addr: string;
  value: string;
  token_id: string | null;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
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

/** Block as served: numbers as JSON numbers, amounts as decimal strings. */
export function blockJson(b: BlockRow, transactions?: unknown[]) {
  return {
    number: b.number,
    hash: b.hash,
    parentHash: b.parent_hash,
    timestamp: b.timestamp,
    miner: b.miner,
    gasUsed: b.gas_used,
    gasLimit: b.gas_limit,
    baseFeePerGas: b.base_fee,
    difficulty: b.difficulty,
    nonce: b.nonce,
    extraData: b.extra_data,
    size: b.size,
    reward: b.reward,
    aiOptimized: b.tx_count > 0,
    transactionCount: b.tx_count,
    transactions: transactions ?? b.tx_count,
  };
}

/** Transaction as served, with the receipt's status as a boolean and the fee paid. */
export function txJson(t: TxRow) {
  const price = t.effective_gas_price ?? t.gas_price;
  return {
    hash: t.hash,
    blockNumber: t.block_number,
    blockHash: t.block_hash,
    transactionIndex: t.tx_index,
    timestamp: t.timestamp,
    from: t.from_addr,
    to: t.to_addr,
    contractAddress: t.contract_address,
    value: t.value,
    gasLimit: t.gas_limit,
    gasPrice: t.gas_price ?? t.effective_gas_price,
    maxFeePerGas: t.max_fee_per_gas,
    maxPriorityFeePerGas: t.max_priority_fee_per_gas,
    effectiveGasPrice: t.effective_gas_price,
    gasUsed: t.gas_used,
    cumulativeGasUsed: t.cumulative_gas_used,
    fee: price === null ? null : (BigInt(t.gas_used) * BigInt(price)).toString(),
    nonce: t.nonce,
    type: t.type,
    status: t.status === 1,
    data: t.input,
    methodId: t.input.length >= 10 ? t.input.slice(0, 10) : null,
    method: methodName(t.input),
  };
}

/** A log as served in receipts and contract events. */
export function logJson(l: LogRow, blockHash?: string) {
  const topics = [l.topic0, l.topic1, l.topic2, l.topic3].filter((t): t is string => t !== null);
  return {
    address: l.address,
    topics,
    data: l.data,
    logIndex: l.log_index,
    blockNumber: l.block_number,
    transactionHash: l.tx_hash,
    transactionIndex: l.tx_id % ROW_ID_BLOCK,
    ...(blockHash ? { blockHash } : {}),
  };
}

/** Token id as served: the plain decimal of the padded stored form. */
export function tokenIdJson(padded: string | null): string | null {
  return padded === null ? null : unpad(padded);
}

/** Decimals, whole-unit amount and token id of a transfer row, as every transfer shape serves them (NFTs have 0 decimals). */
export function transferAmount(t: TransferRow): { decimals: number | null; amount: string | null; tokenId: string | null } {
  const decimals = t.token_type === 'ERC20' ? t.decimals : 0;
  return { decimals, amount: decimals === null ? null : formatUnits(BigInt(t.value), decimals), tokenId: tokenIdJson(t.token_id) };
}

/** Transfer in the upstream list shape (fromAddress, toAddress, transactionHash) plus token details. */
export function transferJson(t: TransferRow) {
  const { decimals, amount, tokenId } = transferAmount(t);
  return {
    id: t.id,
    transactionHash: t.tx_hash,
    blockNumber: t.block_number,
    logIndex: t.log_index,
    timestamp: t.timestamp,
    tokenAddress: t.token_address,
    fromAddress: t.from_addr,
    toAddress: t.to_addr,
    value: t.value,
    valueFormatted: amount,
    tokenType: t.token_type,
    tokenId,
    tokenName: t.name,
    tokenSymbol: t.symbol,
    decimals,
  };
}

/** Transfer in the address-side shape (hash, from, to, tokenSymbol, tokenName). */
export function addressTransferJson(t: TransferRow) {
  const { decimals, amount, tokenId } = transferAmount(t);
  return {
    hash: t.tx_hash,
    blockNumber: t.block_number,
    logIndex: t.log_index,
    timestamp: t.timestamp,
    from: t.from_addr,
    to: t.to_addr,
    tokenAddress: t.token_address,
    tokenSymbol: t.symbol,
    tokenName: t.name,
    tokenType: t.token_type,
    tokenId,
    value: t.value,
    valueFormatted: amount,
    decimals,
  };
}

/** The SQL selecting transfer rows joined with their token. */
export const TRANSFER_SELECT = `SELECT t.id, t.block_number, t.log_index, t.batch_index, t.tx_hash, t.timestamp, t.token_address,
  t.token_type, t.from_addr, t.to_addr, t.value, t.token_id, c.name, c.symbol, c.decimals
  FROM token_transfers t LEFT JOIN contracts c ON c.address = t.token_address`;

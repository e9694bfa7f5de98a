import type * as z from 'zod';
import { unpad } from '../chain/num.ts';
import { formatUnits } from '../../../common/units.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { TransferWithToken } from '../store/queries/transfers.ts';
import type { BlockRow, LogRow, TxRow } from '../store/rows.ts';
import { methodName } from './decode.ts';
import type { blockDetail, blockSummary } from './contract/blocks.ts';
import type { transaction } from './contract/transactions.ts';

/** Block as served in lists: numbers as JSON numbers, amounts as decimal strings, `transactions` their count. */
export function blockJson(b: BlockRow): z.input<typeof blockSummary>;
/** Block as served by number or hash, with its transactions. */
export function blockJson(b: BlockRow, transactions: z.input<typeof transaction>[]): z.input<typeof blockDetail>;
export function blockJson(b: BlockRow, transactions?: z.input<typeof transaction>[]) {
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

/**
 * Transaction as served, with the receipt's status as a boolean and the fee paid; `method` names the called function
 * from `names` (the signature database's, by selector: see methodNames) or the built-in interfaces.
 */
export function txJson(t: TxRow, names?: ReadonlyMap<string, string>): z.input<typeof transaction> {
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
    method: (t.to_addr !== null && t.input.length >= 10 ? names?.get(t.input.slice(0, 10).toLowerCase()) : undefined) ?? methodName(t.input),
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

/** A transfer row joined with its token's name, symbol and decimals (store/queries/transfers.ts). */
export type { TransferWithToken };

/** What is served of one transfer row, whatever a route names it: NFTs have 0 decimals, amounts are in whole units. */
function transferValues(t: TransferWithToken) {
  const decimals = t.token_type === 'ERC20' ? t.decimals : 0;
  return {
    id: t.id,
    hash: t.tx_hash,
    blockNumber: t.block_number,
    logIndex: t.log_index,
    timestamp: t.timestamp,
    tokenAddress: t.token_address,
    tokenType: t.token_type,
    tokenId: tokenIdJson(t.token_id),
    from: t.from_addr,
    to: t.to_addr,
    value: t.value,
    amount: decimals === null ? null : formatUnits(BigInt(t.value), decimals),
    name: t.name,
    symbol: t.symbol,
    decimals,
  };
}

type TransferValues = ReturnType<typeof transferValues>;

/**
 * The field names each route has served a transfer under, in their order: one name set per OpenAPI schema
 * (TokenTransfer, AddressTokenTransfer, TransactionDetail's tokenTransfers), each naming the values of transferValues.
 * They differ because they follow the upstream APIs the site also reads; clients of any of them keep working.
 */
const TRANSFER_NAMES = {
  /** Token, NFT and NFT-transfer lists: the upstream list shape (fromAddress, toAddress, transactionHash). */
  list: {
    id: 'id',
    transactionHash: 'hash',
    blockNumber: 'blockNumber',
    logIndex: 'logIndex',
    timestamp: 'timestamp',
    tokenAddress: 'tokenAddress',
    fromAddress: 'from',
    toAddress: 'to',
    value: 'value',
    valueFormatted: 'amount',
    tokenType: 'tokenType',
    tokenId: 'tokenId',
    tokenName: 'name',
    tokenSymbol: 'symbol',
    decimals: 'decimals',
  },
  /** An address's token transfers: the address-side shape (hash, from, to, tokenSymbol, tokenName). */
  address: {
    hash: 'hash',
    blockNumber: 'blockNumber',
    logIndex: 'logIndex',
    timestamp: 'timestamp',
    from: 'from',
    to: 'to',
    tokenAddress: 'tokenAddress',
    tokenSymbol: 'symbol',
    tokenName: 'name',
    tokenType: 'tokenType',
    tokenId: 'tokenId',
    value: 'value',
    valueFormatted: 'amount',
    decimals: 'decimals',
  },
  /** A transaction's transfers, as its page lists them (raw and whole-unit amounts side by side). */
  transaction: {
    from: 'from',
    to: 'to',
    tokenAddress: 'tokenAddress',
    tokenType: 'tokenType',
    tokenId: 'tokenId',
    value: 'value',
    rawAmount: 'value',
    amount: 'amount',
    name: 'name',
    symbol: 'symbol',
    decimals: 'decimals',
    logIndex: 'logIndex',
  },
} as const satisfies Record<string, Record<string, keyof TransferValues>>;

/** A transfer as served under one of the TRANSFER_NAMES sets. */
export type TransferJson<S extends TransferShape> = { -readonly [K in keyof (typeof TRANSFER_NAMES)[S]]: TransferValues[(typeof TRANSFER_NAMES)[S][K] & keyof TransferValues] };

/** The routes' name sets of a transfer. */
export type TransferShape = keyof typeof TRANSFER_NAMES;

/** Serves a transfer row under the names of `shape`. */
export function transferJson<S extends TransferShape>(shape: S, t: TransferWithToken): TransferJson<S> {
  const values = transferValues(t);
  const names: Record<string, keyof TransferValues> = TRANSFER_NAMES[shape];
  return Object.fromEntries(Object.entries(names).map(([name, key]) => [name, values[key]])) as TransferJson<S>;
}

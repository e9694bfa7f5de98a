import type { RawBlock, RawLog, RawReceipt, RawTransaction } from '../chain/types.ts';
import { hexToBigInt, hexToDecimal, hexToNumber } from '../chain/num.ts';
import type { Cell } from './row-buffer.ts';
import type { ParsedTransfer } from './transfers.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';

/** An address in lower case, or null. */
export function lower(a: string | null | undefined): string | null {
  return typeof a === 'string' ? a.toLowerCase() : null;
}

/** The row of a block in BLOCK_ROWS' column order; `reward` is the sum of the priority fees paid to its producer. */
export function blockRow(block: RawBlock, number: number, timestamp: number, miner: string, reward: bigint): Cell[] {
  return [
    number,
    block.hash.toLowerCase(),
    block.parentHash.toLowerCase(),
    timestamp,
    miner,
    hexToBigInt(block.gasUsed).toString(),
    hexToBigInt(block.gasLimit).toString(),
    hexToDecimal(block.baseFeePerGas),
    hexToBigInt(block.difficulty).toString(),
    block.nonce ?? null,
    block.extraData ?? '0x',
    block.size ? hexToNumber(block.size) : null,
    block.transactions.length,
    reward.toString(),
  ];
}

/** What the writer has already worked out about a transaction (lower-cased addresses, its row id, its status). */
export interface TransactionFacts {
  number: number;
  timestamp: number;
  hash: string;
  from: string;
  to: string | null;
  created: string | null;
  status: number;
  txId: number;
  blockHash: string;
}

/** The row of a transaction in TRANSACTION_ROWS' column order. */
export function transactionRow(tx: RawTransaction, r: RawReceipt, x: TransactionFacts): Cell[] {
  return [
    x.txId,
    x.hash,
    x.number,
    hexToNumber(tx.transactionIndex),
    x.blockHash,
    x.timestamp,
    x.from,
    x.to,
    x.created,
    hexToBigInt(tx.value).toString(),
    hexToBigInt(tx.gas).toString(),
    hexToDecimal(tx.gasPrice),
    hexToDecimal(tx.maxFeePerGas),
    hexToDecimal(tx.maxPriorityFeePerGas),
    hexToDecimal(r.effectiveGasPrice ?? tx.gasPrice),
    hexToBigInt(r.gasUsed).toString(),
    hexToBigInt(r.cumulativeGasUsed).toString(),
    tx.input ?? '0x',
    hexToNumber(tx.nonce),
    tx.type ? hexToNumber(tx.type) : null,
    x.status,
  ];
}

/** The row of a log in LOG_ROWS' column order (its id is its block's row id plus its index). */
export function logRow(number: number, logIndex: number, txId: number, txHash: string, emitter: string, log: Pick<RawLog, 'topics' | 'data'>): Cell[] {
  return [
    number * ROW_ID_BLOCK + logIndex,
    number,
    logIndex,
    txId,
    txHash,
    emitter,
    lower(log.topics[0]),
    lower(log.topics[1]),
    lower(log.topics[2]),
    lower(log.topics[3]),
    log.data,
  ];
}

/** The row of a token transfer in TRANSFER_ROWS' column order; `tokenId` is already padded for sorting. */
export function transferRow(number: number, logIndex: number, txHash: string, timestamp: number, t: ParsedTransfer, tokenId: string | null): Cell[] {
  return [number, logIndex, t.batchIndex, txHash, timestamp, t.tokenAddress, t.tokenType, t.from, t.to, t.value.toString(), tokenId];
}

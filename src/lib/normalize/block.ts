import type { Block, Transaction } from '../model/types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toHash } from './fields.ts';
import { normalizeTransaction } from './transaction.ts';

/**
 * A block from any indexer variant: transactions as full objects, as hashes, as a count, or transactions_count.
 * hasTransactions is true when the block has transactions (from the count; the bundled indexer's `aiOptimized` says the
 * same and is not read). Null without number and hash.
 */
export function normalizeBlock(raw: unknown): Block | null {
  if (!isRecord(raw)) return null;
  const number = toCount(pick(raw, 'number', 'blockNumber'));
  const hash = toHash(pick(raw, 'hash', 'blockHash'));
  if (number === null || hash === null) return null;
  const timestamp = toTimestamp(raw['timestamp']);
  const transactions: Transaction[] = [];
  const transactionHashes: string[] = [];
  const listed = raw['transactions'];
  let listedCount = 0;
  if (Array.isArray(listed)) {
    listedCount = listed.length;
    for (const item of listed) {
      const itemHash = toHash(item);
      if (itemHash !== null) {
        transactionHashes.push(itemHash);
        continue;
      }
      const tx = normalizeTransaction(item, { blockNumber: number, timestamp });
      if (tx !== null) {
        transactions.push(tx);
        transactionHashes.push(tx.hash);
      }
    }
  }
  // A list may be a page of a longer one, so an explicit count wins when it is larger.
  const counted =
    toCount(pick(raw, 'transactions_count', 'transactionCount', 'transactionsCount', 'txCount')) ??
    (Array.isArray(listed) ? null : toCount(listed)) ??
    0;
  const transactionCount = Math.max(listedCount, counted);
  return {
    number,
    hash,
    parentHash: toHash(raw['parentHash']),
    timestamp,
    miner: toAddress(pick(raw, 'miner', 'author', 'validator')),
    gasUsed: toBigInt(raw['gasUsed']) ?? 0n,
    gasLimit: toBigInt(raw['gasLimit']) ?? 0n,
    baseFeePerGas: toBigInt(raw['baseFeePerGas']),
    // A block that used no gas paid no fees: its reward is 0 even from an indexer that stores none (the operator's).
    reward: toBigInt(pick(raw, 'reward', 'blockReward')) ?? (toBigInt(raw['gasUsed']) === 0n ? 0n : null),
    transactionCount,
    transactions,
    transactionHashes,
    hasTransactions: transactionCount > 0,
  };
}

/** A list of blocks (bare array or wrapped); unreadable items are dropped. */
export function normalizeBlocks(raw: unknown): Block[] {
  return normalizeList(raw, normalizeBlock, 'blocks');
}

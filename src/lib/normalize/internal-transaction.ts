import type { InternalTransaction } from '../model/types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toHash, toText } from './fields.ts';

/**
 * An internal transaction from the bundled indexer's list (hash, blockNumber, timestamp, from, to, contractAddress,
 * value, type, isError, error, and the parent's parentFrom, parentTo, parentValue) or Etherscan's txlistinternal row (timeStamp, isError "0"/"1", errCode). Null without a
 * parent hash or a sender.
 */
export function normalizeInternalTransaction(raw: unknown): InternalTransaction | null {
  if (!isRecord(raw)) return null;
  const transactionHash = toHash(pick(raw, 'hash', 'transactionHash', 'parentHash'));
  const from = toAddress(raw['from']);
  if (transactionHash === null || from === null) return null;
  const failed = raw['isError'];
  const parentFrom = toAddress(raw['parentFrom']);
  return {
    transactionHash,
    blockNumber: toCount(raw['blockNumber']),
    timestamp: toTimestamp(pick(raw, 'timestamp', 'timeStamp')),
    from,
    to: toAddress(raw['to']),
    contractAddress: toAddress(raw['contractAddress']),
    value: toBigInt(raw['value']) ?? 0n,
    type: (toText(raw['type']) ?? 'call').toLowerCase(),
    traceId: toText(raw['traceId']),
    isError: failed === true || failed === '1' || failed === 1,
    error: toText(pick(raw, 'error', 'errCode')),
    parent: parentFrom === null ? null : { from: parentFrom, to: toAddress(raw['parentTo']), value: toBigInt(raw['parentValue']) ?? 0n },
  };
}

/** A list of internal transactions (bare array or wrapped); unreadable items are dropped. */
export function normalizeInternalTransactions(raw: unknown): InternalTransaction[] {
  return normalizeList(raw, normalizeInternalTransaction, 'internalTransactions', 'result');
}

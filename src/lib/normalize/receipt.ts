import { parseTxStatus } from '../model/status.ts';
import type { DecodedEvent, Log, Receipt, Transaction } from '../model/types.ts';
import { normalizeLogDecodings } from './decoded.ts';
import { toBigInt, toCount } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toHash, toHexData } from './fields.ts';

/** An event log {address, topics, data, logIndex}; null without an address. */
export function normalizeLog(raw: unknown): Log | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(raw['address']);
  if (address === null) return null;
  const topics = Array.isArray(raw['topics'])
    ? raw['topics'].filter((topic): topic is string => typeof topic === 'string' && /^0x[0-9a-fA-F]*$/.test(topic))
    : [];
  return {
    address,
    topics,
    data: toHexData(raw['data']),
    logIndex: toCount(pick(raw, 'logIndex', 'index')),
    transactionHash: toHash(raw['transactionHash']),
    blockNumber: toCount(raw['blockNumber']),
    ...decodingsOf(raw),
  };
}

/** The bundled indexer's decodings of a log, when it sent any. */
function decodingsOf(raw: Record<string, unknown>): { decoded?: DecodedEvent[] } {
  const decoded = normalizeLogDecodings(raw);
  return decoded.length > 0 ? { decoded } : {};
}

/** A list of logs; unreadable items are dropped. */
function normalizeLogs(raw: unknown): Log[] {
  return normalizeList(raw, normalizeLog, 'logs');
}

/** A transaction receipt (status 0x1/0x0/1/0/true/false); null when the value is not a receipt. */
export function normalizeReceipt(raw: unknown): Receipt | null {
  if (!isRecord(raw)) return null;
  const transactionHash = toHash(pick(raw, 'transactionHash', 'hash'));
  if (transactionHash === null && !('status' in raw) && !('logs' in raw)) return null;
  return {
    transactionHash,
    blockNumber: toCount(raw['blockNumber']),
    from: toAddress(raw['from']),
    to: toAddress(raw['to']),
    status: parseTxStatus(raw['status']),
    gasUsed: toBigInt(raw['gasUsed']),
    effectiveGasPrice: toBigInt(raw['effectiveGasPrice']),
    contractAddress: toAddress(raw['contractAddress']),
    logs: normalizeLogs(raw['logs']),
  };
}

/** The transaction with what its receipt knows: status when the transaction has none, gas used, created address. */
export function applyReceipt(tx: Transaction, receipt: Receipt | null): Transaction {
  if (receipt === null) return tx;
  return {
    ...tx,
    status: tx.status ?? receipt.status,
    gasUsed: receipt.gasUsed ?? tx.gasUsed,
    contractAddress: tx.contractAddress ?? receipt.contractAddress,
  };
}

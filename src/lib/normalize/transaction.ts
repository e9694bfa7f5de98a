import { parseTxStatus } from '../model/status.ts';
import type { DecodedCall, DecodedParam, DecodedTransaction, InternalCall, InternalCalls, RevertReason, Transaction } from '../model/types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toHash, toHexData, toText, unwrapList } from './fields.ts';
import { normalizeTokenTransfers } from './token-transfer.ts';
import { normalizeCallGuess, normalizeDecodeSource } from './decoded.ts';
import { normalizeTxType } from './tx-type.ts';

/** Fallbacks from the enclosing block, for transactions nested in one. */
export interface TransactionContext {
  blockNumber?: number | null;
  timestamp?: number | null;
}

/** A transaction from any indexer variant (input or data; BigNumber, hex or decimal amounts); null without hash and sender. */
export function normalizeTransaction(raw: unknown, context: TransactionContext = {}): Transaction | null {
  if (!isRecord(raw)) return null;
  const hash = toHash(pick(raw, 'hash', 'transactionHash'));
  const from = toAddress(raw['from']);
  if (hash === null || from === null) return null;
  const blockNumber = toCount(raw['blockNumber']) ?? context.blockNumber ?? null;
  const timestamp = toTimestamp(raw['timestamp']) ?? context.timestamp ?? null;
  return {
    hash,
    blockNumber,
    timestamp,
    from,
    to: toAddress(raw['to']),
    contractAddress: toAddress(pick(raw, 'contractAddress', 'creates')),
    value: toBigInt(raw['value']) ?? 0n,
    input: toHexData(pick(raw, 'input', 'data')),
    gasUsed: toBigInt(raw['gasUsed']),
    gasPrice: toBigInt(pick(raw, 'gasPrice', 'effectiveGasPrice')),
    gasLimit: toBigInt(pick(raw, 'gasLimit', 'gas')),
    nonce: toCount(raw['nonce']),
    transactionIndex: toCount(raw['transactionIndex']),
    status: parseTxStatus(raw['status']),
    tokenTransfers: normalizeTokenTransfers(raw['tokenTransfers'], { transactionHash: hash, blockNumber, timestamp }),
    ...methodOf(raw['method']),
    type: normalizeTxType(raw['type']),
  };
}

/** The bundled indexer's name of the called function, when it is a plain identifier. */
function methodOf(raw: unknown): { method?: string } {
  return typeof raw === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/.test(raw) ? { method: raw } : {};
}

/** A list of transactions (bare array or wrapped); unreadable items are dropped. */
export function normalizeTransactions(raw: unknown): Transaction[] {
  return normalizeList(raw, (item) => normalizeTransaction(item), 'transactions');
}

/** Lowercased hashes of a transaction list (bare or wrapped); items without a readable hash are skipped. */
export function normalizeTransactionHashes(raw: unknown): string[] {
  return (unwrapList(raw, 'transactions') ?? []).flatMap((item) => {
    const hash = isRecord(item) ? (item['hash'] ?? item['transactionHash']) : null;
    return typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash) ? [hash.toLowerCase()] : [];
  });
}

/** Display text of a decoded parameter value: BigNumbers in decimal, arrays and tuples as JSON. */
export function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return '';
  const big = toBigInt(value);
  if (big !== null && isRecord(value)) return big.toString();
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    const innerBig = isRecord(inner) ? toBigInt(inner) : null;
    return innerBig === null ? inner : innerBig.toString();
  });
}

function normalizeParam(raw: unknown): DecodedParam | null {
  if (!isRecord(raw)) return null;
  return { name: toText(raw['name']) ?? '', type: toText(raw['type']) ?? '', value: paramText(raw['value']) };
}

/** A decoded call {functionName, functionSignature, params, description?}; null without a function name. */
export function normalizeDecodedCall(raw: unknown, description: string | null = null): DecodedCall | null {
  if (!isRecord(raw)) return null;
  const functionName = toText(pick(raw, 'functionName', 'name', 'method'));
  if (functionName === null) return null;
  const params = normalizeList(raw['params'] ?? raw['parameters'] ?? raw['args'], normalizeParam);
  const source = normalizeDecodeSource(raw['source']);
  return {
    functionName,
    functionSignature:
      toText(pick(raw, 'functionSignature', 'signature')) ?? `${functionName}(${params.map((p) => p.type).join(',')})`,
    description: toText(raw['description']) ?? description ?? '',
    params,
    ...(source ? { source } : {}),
  };
}

/** The answer of /transactions/{hash}/decoded: {transaction, decoded, description, cost?}; null when it is not one. */
export function normalizeDecodedTransaction(raw: unknown): DecodedTransaction | null {
  if (!isRecord(raw)) return null;
  if (!('decoded' in raw) && !('transaction' in raw)) return null;
  const description = toText(raw['description']);
  const cost = isRecord(raw['cost']) ? raw['cost'] : {};
  return {
    transaction: normalizeTransaction(raw['transaction']),
    decoded: normalizeDecodedCall(raw['decoded'], description),
    candidates: normalizeList(raw['candidates'], (c) => normalizeDecodedCall(c, description)),
    guess: normalizeCallGuess(raw['guess']),
    description,
    gasUsed: toBigInt(cost['gasUsed']),
    fee: toBigInt(pick(cost, 'transactionFee', 'fee')),
  };
}

/** GET /transactions/{hash}/revert-reason: the decoded reason of a reverted transaction; null when there is none to show. */
export function normalizeRevertReason(raw: unknown): RevertReason | null {
  if (!isRecord(raw) || raw['reverted'] !== true) return null;
  const reason = toText(raw['reason']);
  const kind = toText(raw['kind']) ?? 'unknown';
  return reason === null ? null : { reason, kind };
}

/** GET /transactions/{hash}/internal-calls (bundled indexer); null when the body is not that answer. */
export function normalizeInternalCalls(raw: unknown): InternalCalls | null {
  if (!isRecord(raw) || typeof raw['available'] !== 'boolean') return null;
  const calls = normalizeList(raw['calls'], (item): InternalCall | null => {
    if (!isRecord(item)) return null;
    const from = toAddress(item['from']);
    const depth = toCount(item['depth']);
    if (from === null || depth === null) return null;
    return {
      depth,
      type: toText(item['type']) ?? 'CALL',
      from,
      to: toAddress(item['to']),
      value: toBigInt(item['value']) ?? 0n,
      gasUsed: toBigInt(item['gasUsed']),
      selector: toText(item['selector']),
      error: toText(item['error']),
    };
  });
  return { available: raw['available'], message: toText(raw['message']), calls };
}

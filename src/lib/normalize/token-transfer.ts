import type { TokenTransfer } from '../model/types.ts';
import { parseUnits, toBigInt, toCount, toDecimals, toTimestamp } from './bignum.ts';
import { formatUnits } from '../../../common/units.ts';
import { isRecord, normalizeList, pick, toAddress, toHash, toText } from './fields.ts';

/** Fallbacks from the enclosing transaction, for transfers nested in one. */
export interface TransferContext {
  transactionHash?: string | null;
  blockNumber?: number | null;
  timestamp?: number | null;
}

/** The spec's defaults of a token transfer. */
export const TRANSFER_DEFAULTS = { symbol: 'TOKEN', name: 'Unknown Token', decimals: 18 } as const;

/**
 * A token transfer from any alias set: from/fromAddress, to/toAddress, hash/transactionHash, rawAmount/value
 * (raw units) or amount (whole units), tokenSymbol/symbol, tokenName/name. Null without sender and receiver.
 */
export function normalizeTokenTransfer(raw: unknown, context: TransferContext = {}): TokenTransfer | null {
  if (!isRecord(raw)) return null;
  const from = toAddress(pick(raw, 'from', 'fromAddress'));
  const to = toAddress(pick(raw, 'to', 'toAddress'));
  if (from === null || to === null) return null;
  const token = isRecord(raw['token']) ? raw['token'] : {};
  const decimals = toDecimals(pick(raw, 'decimals', 'tokenDecimals') ?? token['decimals'], TRANSFER_DEFAULTS.decimals);
  const rawAmount =
    toBigInt(raw['rawAmount']) ??
    toBigInt(raw['value']) ??
    parseUnits(pick(raw, 'amount', 'value'), decimals) ??
    0n;
  const tokenId = toBigInt(raw['tokenId']);
  return {
    transactionHash: toHash(pick(raw, 'transactionHash', 'hash', 'txHash')) ?? context.transactionHash ?? null,
    blockNumber: toCount(raw['blockNumber']) ?? context.blockNumber ?? null,
    timestamp: toTimestamp(raw['timestamp']) ?? context.timestamp ?? null,
    logIndex: toCount(raw['logIndex']),
    from,
    to,
    tokenAddress: toAddress(pick(raw, 'tokenAddress', 'contractAddress', 'address') ?? token['address']),
    symbol: toText(pick(raw, 'tokenSymbol', 'symbol') ?? token['symbol']) ?? TRANSFER_DEFAULTS.symbol,
    name: toText(pick(raw, 'tokenName', 'name') ?? token['name']) ?? TRANSFER_DEFAULTS.name,
    decimals,
    rawAmount,
    amount: formatUnits(rawAmount, decimals),
    tokenId: tokenId === null ? null : tokenId.toString(),
    tokenType: toText(pick(raw, 'tokenType', 'type')),
  };
}

/** A list of token transfers (bare array or wrapped); unreadable items are dropped. */
export function normalizeTokenTransfers(raw: unknown, context: TransferContext = {}): TokenTransfer[] {
  return normalizeList(raw, (item) => normalizeTokenTransfer(item, context), 'transfers', 'tokenTransfers');
}

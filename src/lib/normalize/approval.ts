import type { TokenApproval } from '../model/approval.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, toAddress, toHash, toText } from './fields.ts';

const TOKEN_TYPES = ['ERC20', 'ERC721', 'ERC1155'] as const;
const SOURCES = ['chain', 'indexed', 'event'] as const;

/** One of `options`, or null. */
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null => (options as readonly unknown[]).includes(value) ? (value as T) : null;

/** One approval of the bundled indexer's /address/{a}/approvals; null without token, spender or a known kind (or an allowance without value). */
export function normalizeApproval(raw: unknown): TokenApproval | null {
  if (!isRecord(raw)) return null;
  const token = toAddress(raw['tokenAddress']);
  const spender = toAddress(raw['spender']);
  const kind = raw['kind'] === 'allowance' || raw['kind'] === 'operator' ? raw['kind'] : null;
  const value = toBigInt(raw['value']);
  if (token === null || spender === null || kind === null || (kind === 'allowance' && value === null)) return null;
  const decimals = toCount(raw['tokenDecimals']);
  return {
    owner: toAddress(raw['owner']) ?? '',
    token,
    tokenName: toText(raw['tokenName']),
    tokenSymbol: toText(raw['tokenSymbol']),
    tokenDecimals: decimals !== null && decimals <= 255 ? decimals : null,
    tokenType: oneOf(TOKEN_TYPES, raw['tokenType']),
    kind,
    spender,
    spenderName: toText(raw['spenderName']),
    value: kind === 'allowance' ? value : null,
    valueSource: oneOf(SOURCES, raw['valueSource']) ?? (kind === 'operator' ? 'event' : 'indexed'),
    blockNumber: toCount(raw['blockNumber']),
    transactionHash: toHash(raw['transactionHash']),
    timestamp: toTimestamp(raw['timestamp']),
    indexPosition: toCount(raw['indexPosition']),
  };
}

/** A list of approvals (bare array); unreadable items are dropped. */
export function normalizeApprovals(raw: unknown): TokenApproval[] {
  return normalizeList(raw, normalizeApproval, 'approvals', 'result');
}

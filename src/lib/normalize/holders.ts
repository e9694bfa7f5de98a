import type { Holder } from '../model/types.ts';
import type { HolderStats, HolderTokenInfo, HoldersResponse, TopTokenByHolders } from '../model/wire.ts';
import { parseUnits, tidyDecimal, toBigInt, toCount, toDecimals, toNumber } from './bignum.ts';
import { formatUnits } from '../../../common/units.ts';
import { isRecord, normalizeList, pick, toAddress, toText, unwrapList } from './fields.ts';

/** Token details of a holders response (token or tokenInfo); null when absent. */
function normalizeHolderTokenInfo(raw: unknown): HolderTokenInfo | null {
  if (!isRecord(raw)) return null;
  return {
    address: toAddress(pick(raw, 'address', 'tokenAddress', 'contractAddress')),
    name: toText(raw['name']) ?? 'Unknown Token',
    symbol: toText(raw['symbol']) ?? 'TOKEN',
    decimals: toDecimals(raw['decimals']),
    totalSupply: toBigInt(raw['totalSupply']),
  };
}

function percentageOf(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw.replace('%', '') : raw;
  const value = toNumber(text);
  return value !== null && value >= 0 ? value : null;
}

/**
 * A holder {address, balanceFormatted | balance | rawBalance, percentage}. `balance` counts as raw units when it
 * is an integer string or BigNumber and balanceFormatted is absent (the upstream indexer), and as whole units when
 * it is a JS number or has a fraction. A missing percentage is computed from totalSupply when known.
 */
export function normalizeHolder(raw: unknown, decimals = 18, totalSupply: bigint | null = null): Holder | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'holderAddress', 'holder'));
  if (address === null) return null;
  const formattedText = toText(raw['balanceFormatted']);
  const formattedField = formattedText === null ? null : tidyDecimal(formattedText);
  const balanceField = raw['balance'];
  let rawBalance = toBigInt(raw['rawBalance']);
  if (rawBalance === null && typeof balanceField !== 'number') rawBalance = toBigInt(balanceField);
  const wholeUnits = formattedField ?? (typeof balanceField === 'number' || rawBalance === null ? balanceField : null);
  if (rawBalance === null) rawBalance = parseUnits(wholeUnits, decimals);
  const balance = formattedField ?? (rawBalance === null ? '0' : formatUnits(rawBalance, decimals));
  let percentage = percentageOf(raw['percentage']);
  if (percentage === null && rawBalance !== null && totalSupply !== null && totalSupply > 0n) {
    // Basis points of a basis point keep four decimals without leaving bigint arithmetic.
    percentage = Number((rawBalance * 1_000_000n) / totalSupply) / 10_000;
  }
  return { address, rawBalance, balance, percentage: percentage ?? 0 };
}

/**
 * A holders response: a bare array (upstream /tokens/{a}/holders) or {holders, totalHolders, token | tokenInfo}.
 * `decimals` applies when the response names no token (18 for the native coin). Null when it is neither.
 */
export function normalizeHoldersResponse(raw: unknown, decimals = 18): HoldersResponse | null {
  const list = unwrapList(raw, 'holders');
  if (list === null) return null;
  const token = isRecord(raw) ? normalizeHolderTokenInfo(pick(raw, 'tokenInfo', 'token')) : null;
  const effectiveDecimals = token?.decimals ?? decimals;
  const holders = normalizeList(list, (item) => normalizeHolder(item, effectiveDecimals, token?.totalSupply ?? null));
  const total = isRecord(raw) ? toCount(pick(raw, 'totalHolders', 'total', 'count')) : null;
  return { holders, totalHolders: total ?? holders.length, token };
}

function normalizeTopToken(raw: unknown): TopTokenByHolders | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'tokenAddress', 'contractAddress'));
  if (address === null) return null;
  return {
    address,
    name: toText(raw['name']) ?? 'Unknown Token',
    symbol: toText(raw['symbol']) ?? 'TOKEN',
    holders: toCount(pick(raw, 'holders', 'holderCount', 'count')) ?? 0,
  };
}

/** /holders/stats {tokenHolders, topTokensByHolders, addressActivity}; null when the value is not an object. */
export function normalizeHolderStats(raw: unknown): HolderStats | null {
  if (!isRecord(raw)) return null;
  const tokenHoldersRaw = raw['tokenHolders'];
  const tokenHolders = isRecord(tokenHoldersRaw)
    ? toCount(pick(tokenHoldersRaw, 'total', 'count', 'holders'))
    : toCount(tokenHoldersRaw);
  const addressActivity: Record<string, number> = {};
  if (isRecord(raw['addressActivity'])) {
    for (const [key, value] of Object.entries(raw['addressActivity'])) {
      const number = toNumber(value);
      if (number !== null) addressActivity[key] = number;
    }
  }
  return {
    tokenHolders: tokenHolders ?? 0,
    topTokensByHolders: normalizeList(raw['topTokensByHolders'], normalizeTopToken),
    addressActivity,
  };
}

/** A holders answer with no holders and no token (what an unreadable holders body becomes). */
export function emptyHolders(): HoldersResponse {
  return { holders: [], totalHolders: 0, token: null };
}

import type { Token } from '../model/types.ts';
import { toBigInt, toCount, toDecimals, toNumber } from './bignum.ts';
import { isRecord, normalizeList, pick, toAddress, toImageUrl, toText } from './fields.ts';
import { toContractType } from './kinds.ts';

/** A boolean the indexer stated, else null (unknown). */
function toFlag(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** A token record of /tokens or /tokens/{a} (defaults: 'Unknown Token', 'TOKEN', 18 decimals); null without an address. */
export function normalizeToken(raw: unknown): Token | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'contractAddress', 'tokenAddress'));
  if (address === null) return null;
  return {
    address,
    name: toText(pick(raw, 'name', 'tokenName')) ?? 'Unknown Token',
    symbol: toText(pick(raw, 'symbol', 'tokenSymbol')) ?? 'TOKEN',
    decimals: toDecimals(raw['decimals']),
    totalSupply: toBigInt(raw['totalSupply']),
    type: toContractType(pick(raw, 'type', 'contractType', 'tokenType')),
    price: toNumber(pick(raw, 'price', 'priceUsd')),
    priceChange: toNumber(pick(raw, 'priceChange', 'priceChange24h', 'change24h')),
    volume: toNumber(pick(raw, 'volume', 'volume24h')),
    marketCap: toNumber(raw['marketCap']),
    holders: toCount(pick(raw, 'holders', 'holderCount', 'holdersCount')),
    transfers: toCount(pick(raw, 'transfers', 'transferCount', 'transfersCount')),
    logoUrl: toImageUrl(pick(raw, 'logoUrl', 'logo', 'logoURI')),
    creatorAddress: toAddress(pick(raw, 'creatorAddress', 'creator')),
    ownerAddress: toAddress(pick(raw, 'ownerAddress', 'owner')),
    verified: toFlag(pick(raw, 'verified', 'isVerified')),
  };
}

/** A list of tokens (bare array or wrapped). */
export function normalizeTokens(raw: unknown): Token[] {
  return normalizeList(raw, normalizeToken, 'tokens');
}

import type { AddressData, AddressTypeInfo, ContractDetails, Token, TokenBalance } from '../model/types.ts';
import type { AccountBalances, AddressSummary } from '../model/wire.ts';
import { parseUnits, toBigInt, toCount, toDecimals } from './bignum.ts';
import { formatUnits } from '../../../common/units.ts';
import { isRecord, normalizeList, pick, toAddress, toText } from './fields.ts';
import { toAddressType, toContractType } from './kinds.ts';
import { normalizeToken } from './token.ts';

// Re-exported so callers find every address reader here.
export { toAddressType, toContractType } from './kinds.ts';

/** The type of an address when it cannot be told (unknown on failure). */
export function unknownAddressType(address: string): AddressTypeInfo {
  return { address, type: 'unknown', contractType: 'none' };
}

/** /address/{a}/type {address, type, contractType?}; unknown when the value is unreadable. */
export function normalizeAddressType(raw: unknown, address: string): AddressTypeInfo {
  if (!isRecord(raw)) return unknownAddressType(address);
  const contractType = toContractType(raw['contractType']);
  let type = toAddressType(pick(raw, 'type', 'addressType'));
  if (type === 'unknown' && contractType !== 'none') type = 'contract';
  return { address: toAddress(raw['address']) ?? address, type, contractType: type === 'contract' ? contractType : 'none' };
}

/**
 * A token holding {contractAddress, symbol, name, decimals, rawBalance, balance}. rawBalance (raw units) wins;
 * otherwise an integer-string balance is raw units and a numeric one whole units. Null without a contract address.
 */
export function normalizeTokenBalance(raw: unknown): TokenBalance | null {
  if (!isRecord(raw)) return null;
  const contractAddress = toAddress(pick(raw, 'contractAddress', 'tokenAddress', 'address'));
  if (contractAddress === null) return null;
  const decimals = toDecimals(raw['decimals']);
  const balanceField = raw['balance'];
  const rawBalance =
    toBigInt(raw['rawBalance']) ??
    (typeof balanceField === 'number' ? null : toBigInt(balanceField)) ??
    parseUnits(pick(raw, 'balanceFormatted', 'balance'), decimals) ??
    0n;
  return {
    contractAddress,
    symbol: toText(pick(raw, 'symbol', 'tokenSymbol')) ?? 'TOKEN',
    name: toText(pick(raw, 'name', 'tokenName')) ?? 'Unknown Token',
    decimals,
    rawBalance,
    balance: formatUnits(rawBalance, decimals),
    type: toContractType(pick(raw, 'type', 'tokenType', 'contractType')),
  };
}

/** A list of token holdings (bare array or wrapped). */
export function normalizeTokenBalances(raw: unknown): TokenBalance[] {
  return normalizeList(raw, normalizeTokenBalance, 'tokens', 'balances');
}

/**
 * /account/{a}/balances {native, nativeWei?, tokens}. nativeWei (bundled indexer) wins; otherwise `native` is wei when it is an integer string or BigNumber (bundled
 * indexer) and STO when it is a JS number or has a fraction (upstream sends a float in ether).
 */
export function normalizeAccountBalances(raw: unknown): AccountBalances | null {
  if (!isRecord(raw)) return null;
  const native = raw['native'] ?? raw['balance'];
  const wei = toBigInt(raw['nativeWei']) ?? (typeof native === 'number' ? null : toBigInt(native)) ?? parseUnits(native, 18);
  return { native: wei ?? 0n, tokens: normalizeTokenBalances(raw['tokens']) };
}

/**
 * The bundled indexer's /address/{a} summary {address, type, contractType, balance (wei), transactionCount,
 * tokenTransferCount, tokenCount, tokens, nftCount, creatorAddress, ownerAddress, verified, tokenInfo}; null when the value is not one.
 */
export function normalizeAddressSummary(raw: unknown, address: string): AddressSummary | null {
  if (!isRecord(raw) || toAddress(raw['address']) === null) return null;
  const type = normalizeAddressType(raw, address);
  const balanceField = raw['balance'];
  const balance = (typeof balanceField === 'number' ? null : toBigInt(balanceField)) ?? parseUnits(pick(raw, 'balanceFormatted', 'balance'), 18);
  const tokenInfo = isRecord(raw['tokenInfo']) ? normalizeToken({ address: type.address, type: type.contractType, ...raw['tokenInfo'] }) : null;
  return {
    ...type,
    balance,
    tokens: normalizeTokenBalances(raw['tokens']),
    tokenInfo,
    ownerAddress: toAddress(pick(raw, 'ownerAddress', 'owner')),
    creatorAddress: toAddress(pick(raw, 'creatorAddress', 'creator')),
    transactionCount: toCount(pick(raw, 'transactionCount', 'txCount')),
    tokenTransferCount: toCount(pick(raw, 'tokenTransferCount', 'transferCount')),
    tokenCount: toCount(raw['tokenCount']),
    nftCount: toCount(raw['nftCount']),
    tokensIncluded: Array.isArray(raw['tokens']),
    verified: typeof raw['verified'] === 'boolean' ? raw['verified'] : null,
    ...('delegatedTo' in raw ? { delegatedTo: toAddress(raw['delegatedTo']) } : {}),
  };
}

/** The address page's data from the calls that feed it; missing parts stay null or empty. */
export function composeAddressData(
  type: AddressTypeInfo,
  balances: AccountBalances | null,
  contract: ContractDetails | null,
  tokenInfo: Token | null,
): AddressData {
  return {
    ...type,
    balance: balances?.native ?? null,
    tokens: balances?.tokens ?? [],
    tokenInfo,
    ownerAddress: contract?.ownerAddress ?? tokenInfo?.ownerAddress ?? null,
    creatorAddress: contract?.creatorAddress ?? tokenInfo?.creatorAddress ?? null,
  };
}

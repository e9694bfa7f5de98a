import { formatGweiWei } from './gwei.ts';
import { toBigInt } from '../normalize/bignum.ts';
import { formatUnits } from '../../../common/units.ts';
import { lazy } from './lazy.ts';

// Time and shortening helpers live in their own files; re-exported so pages import every formatter from here.
export * from './short.ts';
export * from './time.ts';
// One integer parser for every amount: formatting reads what normalization reads.
export { toBigInt };

/** A wei or raw token amount as it arrives after normalization: bigint, decimal or 0x-hex string, or a safe integer. */
export type RawAmount = bigint | string | number;

type Decimal = `${number}`;

const WEI_PER_STO = 10n ** 18n;

const formatters = new Map<string, Intl.NumberFormat>();

// Amounts truncate instead of rounding, so a balance is never shown larger than it is
// and 999.99999 cannot round up into '1,000.0000'. Inputs are exact decimal strings, so no float error.
function decimalFormat(minFraction: number, maxFraction: number): Intl.NumberFormat {
  const key = `${minFraction}:${maxFraction}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      roundingMode: 'trunc',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** '< 0.0001'-style marker for a non-zero amount below the smallest shown digit. */
function belowMarker(fractionDigits: number): string {
  return `< ${formatUnits(1n, fractionDigits)}`;
}

/**
 * STO amount from wei with a fixed number of decimals chosen by size:
 * 2 for ≥ 1000, 4 for ≥ 1, 6 for ≥ 0.0001, 8 below; trailing zeros are kept so columns line up
 * ('1,234.00', '1.5000', '0.000500', '0.00000123'). Zero and unparsable input give '0'; a non-zero
 * amount under 0.00000001 gives '< 0.00000001'. Digits are truncated, never rounded up. No unit.
 */
export function formatSto(wei: RawAmount | null | undefined): string {
  const value = toBigInt(wei);
  if (value === null || value === 0n) return '0';
  const size = abs(value);
  if (size < 10n ** 10n) return belowMarker(8);
  const digits = size >= 1000n * WEI_PER_STO ? 2 : size >= WEI_PER_STO ? 4 : size >= 10n ** 14n ? 6 : 8;
  return decimalFormat(digits, digits).format(formatUnits(value, 18) as Decimal);
}

/** Where a transaction value is shown; each screen has its own maximum number of decimals. */
export type TxValueScreen = 'list' | 'card' | 'detail';

/** Maximum decimals of a transaction value per screen: address lists 6, cards 8, detail page 12. */
const TX_VALUE_DECIMALS: Readonly<Record<TxValueScreen, number>> = { list: 6, card: 8, detail: 12 };

/**
 * Transaction value in STO from wei with up to 6 (list), 8 (card) or 12 (detail) decimals, trailing zeros
 * trimmed ('1,234.5'); zero or unparsable gives '0'; a non-zero value below the last digit gives '< 0.000001'.
 */
export function formatTxValue(wei: RawAmount | null | undefined, screen: TxValueScreen): string {
  const value = toBigInt(wei);
  if (value === null || value === 0n) return '0';
  const digits = TX_VALUE_DECIMALS[screen];
  if (abs(value) < 10n ** BigInt(18 - digits)) return belowMarker(digits);
  return decimalFormat(0, digits).format(formatUnits(value, 18) as Decimal);
}

/** Default token decimals when a token does not say (spec: 18). */
export const DEFAULT_TOKEN_DECIMALS = 18;

/** Token decimals as a usable integer (0–255); anything else gives the default 18. */
export function normalizeDecimals(decimals: unknown): number {
  const n = typeof decimals === 'string' && decimals.trim() !== '' ? Number(decimals) : decimals;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255 ? n : DEFAULT_TOKEN_DECIMALS;
}

/**
 * Token amount from its raw integer and decimals, with up to `maxDecimals` (default 4) decimals, trailing zeros
 * trimmed ('1,000', '12.5'); zero gives '0'; a non-zero amount under 0.0001 gives '< 0.0001'.
 */
export function formatTokenAmount(raw: RawAmount | null | undefined, decimals: unknown = DEFAULT_TOKEN_DECIMALS, maxDecimals = 4): string {
  const value = toBigInt(raw);
  if (value === null || value === 0n) return '0';
  const places = normalizeDecimals(decimals);
  if (places > maxDecimals && abs(value) < 10n ** BigInt(places - maxDecimals)) return belowMarker(maxDecimals);
  return decimalFormat(0, maxDecimals).format(formatUnits(value, places) as Decimal);
}

// Formatters are made on first use (lazy.ts): loading this module costs a browser nothing.
const percentFormat = lazy(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Holder share of supply with 2 decimals ('12.35%'); under 0.01 gives '< 0.01%'; zero or garbage gives '0.00%'. */
export function formatHolderPercentage(percentage: number | string | null | undefined): string {
  const n = typeof percentage === 'string' ? Number(percentage.trim() || 'NaN') : percentage;
  if (typeof n !== 'number' || !Number.isFinite(n) || n === 0) return '0.00%';
  if (Math.abs(n) < 0.01) return '< 0.01%';
  return `${percentFormat().format(n)}%`;
}

/** Gas price in gwei from wei with K and M suffixes ('1.5', '1.5K', '2.3M'; see gwei.ts); zero or garbage gives '0'. */
export function formatGwei(wei: RawAmount | null | undefined): string {
  const value = toBigInt(wei);
  return value === null ? '0' : formatGweiWei(value);
}

const usdFormat = lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** US dollar amount with 2 decimals and thousands separators ('$1,234.50'); garbage gives '$0.00'. */
export function formatUsd(amount: number | string | null | undefined): string {
  const text = typeof amount === 'string' ? amount.trim() : amount;
  if (typeof text === 'string') return /^-?\d+(\.\d+)?$/.test(text) ? usdFormat().format(text as Decimal) : usdFormat().format(0);
  return usdFormat().format(typeof text === 'number' && Number.isFinite(text) ? text : 0);
}

/** Gas used as a percent of the gas limit with 2 decimals ('45.67%'); a zero or missing limit gives '0.00%'. */
export function formatGasUsedPercent(gasUsed: RawAmount | null | undefined, gasLimit: RawAmount | null | undefined): string {
  const used = toBigInt(gasUsed);
  const limit = toBigInt(gasLimit);
  if (used === null || limit === null || limit <= 0n) return '0.00%';
  // Ten-thousandths of a percent in bigint, so the rounding to 2 decimals works on an exact value.
  const scaled = (used * 1_000_000n) / limit;
  return `${percentFormat().format(formatUnits(scaled, 4) as Decimal)}%`;
}

// Gwei formatting without ethers, so the header's gas-price refresh script stays a few hundred bytes.
import { lazy } from './lazy.ts';

type Decimal = `${number}`;

const upTo2 = lazy(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, roundingMode: 'trunc' }));
const small = lazy(() => new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3, roundingMode: 'trunc' }));

/** Exact decimal string of `value / 10^places` for Intl, which formats such strings without float error. */
function scaled(value: bigint, places: number): Decimal {
  const base = 10n ** BigInt(places);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / base}.${(abs % base).toString().padStart(places, '0')}` as Decimal;
}

/**
 * Gas price in gwei from wei, up to 2 decimals, with K (≥ 1,000 gwei) and M (≥ 1,000,000 gwei) suffixes:
 * '1.5', '1.5K', '2.3M'. Below 1 gwei it keeps 3 significant digits ('0.00123'). Zero gives '0'.
 */
export function formatGweiWei(wei: bigint): string {
  if (wei === 0n) return '0';
  const gwei = (wei < 0n ? -wei : wei) / 1_000_000_000n;
  if (gwei >= 1_000_000n) return `${upTo2().format(scaled(wei, 15))}M`;
  if (gwei >= 1_000n) return `${upTo2().format(scaled(wei, 12))}K`;
  if (gwei >= 1n) return upTo2().format(scaled(wei, 9));
  return small().format(scaled(wei, 9));
}

const WEI_PER_GWEI = 1_000_000_000n;

const compact = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * Gwei from wei with K and M suffixes ('0.5', '12.34', '1.5K', '2M').
 * Kept free of ethers so the header's refresh script stays a few hundred bytes.
 */
export function formatGwei(wei: bigint): string {
  // Whole gwei as bigint keeps precision for huge prices; the fraction only matters below 1K.
  const whole = wei / WEI_PER_GWEI;
  const gwei = Number(whole) + Number(wei % WEI_PER_GWEI) / 1e9;
  if (gwei >= 1_000_000) return `${compact.format(gwei / 1_000_000)}M`;
  if (gwei >= 1_000) return `${compact.format(gwei / 1_000)}K`;
  return compact.format(gwei);
}

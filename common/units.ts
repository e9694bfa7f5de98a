/**
 * Exact decimal text of an integer amount of raw units: formatUnits(1500000000000000000n, 18) = '1.5'; no grouping, no
 * trailing zeros ('1', not '1.0' as ethers writes). The one units formatter of the site and the indexer.
 */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

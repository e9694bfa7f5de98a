/**
 * An allowance at or above 2^255 reads as "Unlimited" (the site and the indexer both say so). approve(max uint256) is
 * the usual "infinite" grant, and tokens that lower an allowance on every transferFrom leave it a little below the
 * maximum: no token supply comes near 2^255, so anything that high is unlimited in practice, as Etherscan shows it.
 */
export const UNLIMITED_ALLOWANCE_FROM = 2n ** 255n;

/** Whether an allowance is "Unlimited" (see UNLIMITED_ALLOWANCE_FROM). */
export function isUnlimitedAllowance(value: bigint): boolean {
  return value >= UNLIMITED_ALLOWANCE_FROM;
}

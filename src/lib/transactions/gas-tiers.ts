/** Transactions of one priority tier and the average gas price they paid. */
export interface GasTier {
  count: number;
  /** Average gas price in wei; null without transactions in the tier. */
  averageWei: bigint | null;
}

/** The two tiles of the 'Priority System Gas Fees' card. */
export interface GasTiers {
  /** Paid at most the reference price: low priority. */
  standard: GasTier;
  /** Paid more than the reference price: medium or high priority. */
  priority: GasTier;
  /** The price that separates them: the network's quoted gas price, else the sample's median; null without prices. */
  referenceWei: bigint | null;
}

function median(values: readonly bigint[]): bigint | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

function tier(prices: readonly bigint[]): GasTier {
  if (prices.length === 0) return { count: 0, averageWei: null };
  return { count: prices.length, averageWei: prices.reduce((sum, p) => sum + p, 0n) / BigInt(prices.length) };
}

/**
 * Splits transactions into standard (paid ≤ the reference gas price: low priority) and priority (paid more:
 * medium/high) tiers. The reference is the network's quoted price when known and positive, else the median
 * price of the sample. Transactions without a gas price are left out.
 */
export function gasTiers(transactions: readonly { gasPrice: bigint | null }[], quotedWei: bigint | null): GasTiers {
  const prices = transactions.flatMap((tx) => (tx.gasPrice === null ? [] : [tx.gasPrice]));
  const referenceWei = quotedWei !== null && quotedWei > 0n ? quotedWei : median(prices);
  if (referenceWei === null) return { standard: tier([]), priority: tier([]), referenceWei };
  return {
    standard: tier(prices.filter((p) => p <= referenceWei)),
    priority: tier(prices.filter((p) => p > referenceWei)),
    referenceWei,
  };
}

// One UTC day's chain-wide figures from its blocks and transactions: pure, so the fold's arithmetic is tested on tables.

/** A block as the fold reads it. */
export interface DayBlock {
  number: number;
  timestamp: number;
  gas_used: string;
  size: number | null;
  reward: string;
}

/** A transaction as the fold reads it. */
export interface DayTx {
  from_addr: string;
  to_addr: string | null;
  gas_used: string;
  effective_gas_price: string | null;
  gas_price: string | null;
}

/** The figures of one day (decimal strings for amounts, null where there is nothing to average). */
export interface DayRow {
  blocks: number;
  transactions: number;
  activeAddresses: number;
  activeSenders: number;
  gasUsed: string;
  averageGasPrice: string | null;
  medianGasPrice: string | null;
  minGasPrice: string | null;
  maxGasPrice: string | null;
  averageBlockTime: string | null;
  averageBlockSize: string | null;
  fees: string;
  blockRewards: string;
}

/** The day's figures from all its blocks (in chain order) and their transactions. */
export function dayRow(blocks: readonly DayBlock[], txs: readonly DayTx[]): DayRow {
  let gasUsed = 0n;
  let rewards = 0n;
  let sizes = 0n;
  let sized = 0;
  for (const b of blocks) {
    gasUsed += BigInt(b.gas_used);
    rewards += BigInt(b.reward);
    if (b.size !== null) {
      sizes += BigInt(b.size);
      sized++;
    }
  }
  const senders = new Set<string>();
  const active = new Set<string>();
  const prices: bigint[] = [];
  let fees = 0n;
  for (const t of txs) {
    senders.add(t.from_addr);
    active.add(t.from_addr);
    if (t.to_addr) active.add(t.to_addr);
    // Legacy receipts without effectiveGasPrice paid their gas price.
    const price = BigInt(t.effective_gas_price ?? t.gas_price ?? '0');
    prices.push(price);
    fees += price * BigInt(t.gas_used);
  }
  prices.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = prices.length;
  const sum = prices.reduce((s, p) => s + p, 0n);
  const median = n === 0 ? null : n % 2 === 1 ? (prices[(n - 1) / 2] as bigint) : ((prices[n / 2 - 1] as bigint) + (prices[n / 2] as bigint)) / 2n;
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  return {
    blocks: blocks.length,
    transactions: txs.length,
    activeAddresses: active.size,
    activeSenders: senders.size,
    gasUsed: gasUsed.toString(),
    averageGasPrice: n === 0 ? null : (sum / BigInt(n)).toString(),
    medianGasPrice: median === null ? null : median.toString(),
    minGasPrice: n === 0 ? null : (prices[0] as bigint).toString(),
    maxGasPrice: n === 0 ? null : (prices[n - 1] as bigint).toString(),
    averageBlockTime: first && last && blocks.length > 1 ? seconds(Number(last.timestamp) - Number(first.timestamp), blocks.length - 1) : null,
    averageBlockSize: sized === 0 ? null : (sizes / BigInt(sized)).toString(),
    fees: fees.toString(),
    blockRewards: rewards.toString(),
  };
}

/** total / count seconds with up to 3 decimals, trailing zeros dropped. */
function seconds(total: number, count: number): string {
  return String(Math.round((total * 1000) / count) / 1000);
}

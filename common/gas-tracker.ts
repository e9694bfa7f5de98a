// The gas tracker, as the bundled indexer serves it and the site reads it: one module, so both sides agree
// on the levels, the windows and the shapes.
//
// Route of the bundled indexer (GET, JSON, in the OpenAPI description):
// - /stats/gas: GasTrackerResponse. The levels, base fee and fullness come from the node's eth_feeHistory over the last
//   FEE_WINDOW blocks (so they follow the chain even while the indexer catches up); the hourly prices and the top
//   consumers come from the indexed transactions of the last HOURS hours (by block time, up to the indexed head).
// The Etherscan-compatible gastracker module (gasoracle, gasestimate) answers from the same figures.
// The live `gas` event carries `tracker`: the GasTrackerLive part, read once per block whatever the number of readers.

/** Blocks of the fee history the levels are read from. */
export const FEE_WINDOW = 20;

/** The levels, slowest first: the priority-fee percentile of each block that held transactions, averaged. */
export const GAS_LEVELS = [
  { key: 'slow', label: 'Slow', percentile: 25 },
  { key: 'standard', label: 'Standard', percentile: 50 },
  { key: 'fast', label: 'Fast', percentile: 75 },
] as const;

export type GasLevelKey = (typeof GAS_LEVELS)[number]['key'];

/** Gas of a simple STO transfer: the fee each level shows is this × the level's price. */
export const TRANSFER_GAS = 21_000;

/** Hours of the gas price chart. */
export const HOURS = 24;

/** Contracts listed as top gas consumers. */
export const TOP_CONSUMERS = 10;

/** One level. Wei amounts are decimal strings. */
export interface GasLevel {
  /** The mean priority fee at the level's percentile (wei). */
  priorityFee: string;
  /** What to pay per gas: the next block's base fee + priorityFee (wei). */
  price: string;
  /** price × TRANSFER_GAS (wei). */
  transferFee: string;
  /**
   * Seconds until a transaction at this price is likely mined: the mean block time × FEE_WINDOW / the blocks of the
   * window it would have entered; null when none would have (or the block time is unknown).
   */
  waitSeconds: number | null;
}

/** One block of the fee history, oldest first. */
export interface GasBlock {
  number: number;
  /** Base fee of the block (wei). */
  baseFee: string;
  /** Gas used / gas limit, 0 to 1. */
  gasUsedRatio: number;
}

/** What the live `gas` event carries, read from the node once per block. */
export interface GasTrackerLive {
  /** The newest block of the fee history. */
  lastBlock: number;
  /** The next block's base fee (wei). */
  baseFee: string;
  levels: Record<GasLevelKey, GasLevel>;
  /** The FEE_WINDOW blocks, oldest first. */
  blocks: GasBlock[];
}

/** One hour of the chart: the indexed transactions mined in it. */
export interface GasHour {
  /** Start of the hour, Unix seconds (UTC). */
  hour: number;
  /** Mean effective gas price (wei); null in an hour without transactions. */
  average: string | null;
  /** Lowest and highest effective gas price (wei); null in an hour without transactions. */
  min: string | null;
  max: string | null;
  transactions: number;
}

/** One of the contracts that used the most gas in the last HOURS hours (as the `to` of transactions). */
export interface GasConsumer {
  address: string;
  /** The verified contract's name, or the token's name, when known. */
  name: string | null;
  gasUsed: string;
  /** Fees paid by those transactions (wei). */
  fees: string;
  transactions: number;
  /** gasUsed / the gas of every transaction of the window, 0 to 1. */
  share: number;
}

/** GET /stats/gas. */
export interface GasTrackerResponse extends GasTrackerLive {
  /** The mean time between the window's blocks (seconds); null with fewer than two blocks. */
  blockTime: number | null;
  /** HOURS points, oldest first, the last one the hour in progress. */
  hourly: GasHour[];
  /** At most TOP_CONSUMERS, most gas first. */
  topConsumers: GasConsumer[];
  /** The indexed head the hourly figures and consumers were read at (null before any block). */
  indexedBlock: number | null;
}

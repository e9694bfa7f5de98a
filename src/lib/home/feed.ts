import { formatUnits } from '../../../common/units.ts';
import type { Block, NetworkStats, Transaction } from '../model/types.ts';

// Framework-free pieces of the home page shared by the server render, the islands and the live store:
// its constants, the part names of the n/4 loading progress, and the '+N new' arithmetic.

/** Blocks the home page fetches. */
export const HOME_BLOCK_COUNT = 11;
/** Blocks shown on small screens; the rest of the 11 are hidden there. */
export const HOME_BLOCKS_ON_SMALL_SCREENS = 8;
/** Transactions the home page fetches. */
export const HOME_TRANSACTION_COUNT = 5;
/** Home health polling interval. */
export const HOME_HEALTH_INTERVAL_MS = 10_000;
/** Share of the validators payout shown as its dollar estimate (10%). */
const PAYOUT_USD_PERCENT = 10n;

/** The four things the loading overlay counts, in its order. */
export const HOME_PARTS = ['blocks', 'transactions', 'stats', 'ai'] as const;

/** One of the parts the home page loads. */
export type HomePart = (typeof HOME_PARTS)[number];

/** The parts whose arrival ends the loading overlay (the AI data is counted but not waited for). */
const HOME_BLOCKING_PARTS: readonly HomePart[] = ['blocks', 'transactions', 'stats'];

/** The AI card's two figures. */
export interface HomeAi {
  predictionAccuracy: number;
  gasOptimization: number;
}

/** What the page was rendered with, handed to every island so whichever hydrates first can start the live store. */
export interface HomeBaseline {
  /** Indexer base URL for the browser. */
  indexerUrl: string;
  /** Newest block number the page shows; null when the blocks could not be loaded. */
  latestBlock: number | null;
  /** Parts the server could not load: the browser fetches them at once. */
  missing: HomePart[];
  /** Server render time (epoch ms): the 'ago' texts hydrate with it, so they match the HTML. */
  renderedAt: number;
}

/** Highest block number of a list; null for an empty list. */
export function newestBlock(blocks: readonly Pick<Block, 'number'>[] | null | undefined): number | null {
  if (!blocks || blocks.length === 0) return null;
  return blocks.reduce((max, block) => Math.max(max, block.number), blocks[0]?.number ?? 0);
}

/** The stats with Latest Block raised to the newest listed block (the stats may come from a 30 s cache). */
export function withNewestBlock(stats: NetworkStats, blocks: readonly Pick<Block, 'number'>[] | null | undefined): NetworkStats {
  const newest = newestBlock(blocks);
  return newest !== null && newest > stats.latestBlock ? { ...stats, latestBlock: newest } : stats;
}

/** Items that arrived since counting started: blocks above a baseline and their transaction counts. */
export interface Arrivals {
  /** Newest block seen when counting (re)started; null until one is known. */
  readonly baseline: number | null;
  /** Newest block seen since. */
  readonly newest: number | null;
  /** Transaction count of each block above the baseline, by block number. */
  readonly transactions: Readonly<Record<number, number>>;
}

/** Starts counting above `baseline` (the newest block the page was rendered with). */
export function startArrivals(baseline: number | null): Arrivals {
  return { baseline, newest: baseline, transactions: {} };
}

/**
 * Records a fresh list of latest blocks. Without a baseline the newest listed block becomes it (blocks the
 * browser loads because the server could not are not new). Blocks at or below the baseline are ignored;
 * a re-listed block (after a reorg) replaces its count.
 */
export function recordArrivals(arrivals: Arrivals, blocks: readonly Pick<Block, 'number' | 'transactionCount'>[]): Arrivals {
  const listedNewest = newestBlock(blocks);
  if (listedNewest === null) return arrivals;
  if (arrivals.baseline === null) return startArrivals(listedNewest);
  const baseline = arrivals.baseline;
  const transactions = { ...arrivals.transactions };
  for (const block of blocks) if (block.number > baseline) transactions[block.number] = block.transactionCount;
  return { baseline, newest: Math.max(arrivals.newest ?? baseline, listedNewest), transactions };
}

/** Number of blocks above the baseline (every block number counts, even one no list showed). */
export function arrivedBlocks(arrivals: Arrivals): number {
  if (arrivals.baseline === null || arrivals.newest === null) return 0;
  return Math.max(0, arrivals.newest - arrivals.baseline);
}

/** Transactions in the recorded blocks above the baseline. */
export function arrivedTransactions(arrivals: Arrivals): number {
  return Object.values(arrivals.transactions).reduce((sum, count) => sum + count, 0);
}

/** Restarts counting from the newest block seen (View All). */
export function resetArrivals(arrivals: Arrivals): Arrivals {
  return startArrivals(arrivals.newest ?? arrivals.baseline);
}

/** Badge text of a feed: '+N new', or null when nothing arrived. */
export function newBadgeText(count: number): string | null {
  return count > 0 ? `+${count} new` : null;
}

/** The dollar estimate of the validators payout: 10% of the payout amount, as exact decimal text of dollars. */
export function payoutUsdEstimate(payoutWei: bigint): string {
  return formatUnits((payoutWei * PAYOUT_USD_PERCENT) / 100n, 18);
}

/** A percentage figure with at most one decimal ('98%', '94.1%'); not a number gives '0%'. */
export function formatPercentFigure(value: number): string {
  return `${Number.isFinite(value) ? Math.round(value * 10) / 10 : 0}%`;
}

/** Bar width for a percentage, clamped to 0…100. */
export function barWidth(value: number): string {
  return `${Math.min(100, Math.max(0, value))}%`;
}

/** Transactions per second with at most 2 decimals ('0.42', '12'). */
export function formatTps(tps: number): string {
  return (Math.round(tps * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** How many of the four parts have loaded, for the overlay's 'n/4 loaded'. */
export function loadedCount(pending: readonly HomePart[]): number {
  return HOME_PARTS.length - HOME_PARTS.filter((part) => pending.includes(part)).length;
}

/** Whether the overlay still waits: blocks, transactions or stats are pending. */
export function overlayWaiting(pending: readonly HomePart[]): boolean {
  return HOME_BLOCKING_PARTS.some((part) => pending.includes(part));
}

/** What a row of Latest Blocks shows: the island's props carry only these fields of each block. */
export type HomeBlockRow = Pick<Block, 'number' | 'hash' | 'timestamp' | 'miner' | 'transactionCount' | 'reward'>;

/**
 * What a row of Latest Transactions shows: the kind label reads only whether there is call data and its selector,
 * and the first token transfer's symbol, so the island's props carry a 10-character input and one transfer.
 */
export type HomeTxRow = Pick<Transaction, 'hash' | 'timestamp' | 'from' | 'to' | 'value' | 'status' | 'input'> & {
  tokenTransfers: { symbol?: string | null | undefined; name?: string | null | undefined }[];
};

/** The blocks as Latest Blocks' rows (the page's HTML carries them once more, as the island's props). */
export function homeBlockRows(blocks: readonly Block[] | null): HomeBlockRow[] | null {
  return blocks && blocks.map(({ number, hash, timestamp, miner, transactionCount, reward }) => ({ number, hash, timestamp, miner, transactionCount, reward }));
}

/** The transactions as Latest Transactions' rows. */
export function homeTxRows(transactions: readonly Transaction[] | null): HomeTxRow[] | null {
  return (
    transactions &&
    transactions.map(({ hash, timestamp, from, to, value, status, input, tokenTransfers }) => ({
      hash,
      timestamp,
      from,
      to,
      value,
      status,
      input: input.slice(0, 10),
      tokenTransfers: tokenTransfers.slice(0, 1).map(({ symbol, name }) => ({ symbol, name })),
    }))
  );
}

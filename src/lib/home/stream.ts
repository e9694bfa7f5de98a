import { normalizeBlock } from '../normalize/block.ts';
import { normalizeStatsEvent } from '../normalize/stats.ts';
import { normalizeTransactions } from '../normalize/transaction.ts';
import type { Block, NetworkStats, Transaction } from '../model/types.ts';
import { HOME_BLOCK_COUNT, HOME_TRANSACTION_COUNT } from './feed.ts';

// The home page's reading of the tab's stream: each event's payload through the normalizer of the REST
// route it stands for, merged into the lists the feeds show. Loaded with the first event, beside the page.

/** A `block` event's block, and the latest blocks with it (a re-sent or replaced number is replaced), newest first. */
export function withStreamBlock(blocks: readonly Block[] | undefined, data: unknown): { block: Block; blocks: Block[] } | null {
  const block = normalizeBlock(data);
  if (!block) return null;
  const others = (blocks ?? []).filter((b) => b.number !== block.number);
  return { block, blocks: [block, ...others].sort((a, b) => b.number - a.number).slice(0, HOME_BLOCK_COUNT) };
}

/** The latest transactions with a `transactions` event's items ahead of them (each hash once), newest first. */
export function withStreamTransactions(transactions: readonly Transaction[] | undefined, data: unknown): Transaction[] | null {
  const items = normalizeTransactions((data as { items?: unknown } | null)?.items ?? []);
  if (items.length === 0) return null;
  const fresh = new Set(items.map((tx) => tx.hash.toLowerCase()));
  return [...items, ...(transactions ?? []).filter((tx) => !fresh.has(tx.hash.toLowerCase()))].slice(0, HOME_TRANSACTION_COUNT);
}

/**
 * The network statistics of a `stats` event. A figure whose route failed (null in the event) keeps the value shown,
 * rather than dropping to zero for one block; the gas price is kept (the `gas` event brings its own).
 */
export function streamStats(previous: NetworkStats | undefined, data: unknown): NetworkStats | null {
  const stats = normalizeStatsEvent(data, previous?.gasPriceWei ?? null);
  if (!stats || !previous) return stats;
  const failed = (key: string): boolean => (data as Record<string, unknown>)[key] == null;
  return {
    ...stats,
    ...(failed('tps') ? { tps: previous.tps } : {}),
    ...(failed('holders') ? { totalHolders: previous.totalHolders } : {}),
    ...(failed('payout') ? { validatorsPayout: previous.validatorsPayout } : {}),
    ...(failed('transactionCount') ? { totalTransactions: previous.totalTransactions, totalTransactionsEstimated: previous.totalTransactionsEstimated } : {}),
    ...(failed('erc20Count') ? { totalTokens: previous.totalTokens } : {}),
  };
}

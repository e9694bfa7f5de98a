import { CHAIN_SERIES, DAY_MS, formatDay, type ChainSeriesName, type SeriesPoint } from '../../../common/stats-series.ts';
import { dailyStatsBetween, keptDayRange, tokenDailyStats, tokenHoldersBefore, type DailyRow } from '../store/queries/stats.ts';
import type { Queryable } from '../store/types.ts';

// Reading the folded series: a day range of daily_stats (one primary-key range) with every day of the range filled in,
// 0 for counts and sums and null for averages and medians on days without blocks.

/** The daily_stats column of each chain-wide series, and whether a day without blocks reads 0 (sums) or null (averages). */
export const SERIES_COLUMNS: Record<ChainSeriesName, { column: string; empty: '0' | null }> = {
  transactions: { column: 'transactions', empty: '0' },
  'active-addresses': { column: 'active_addresses', empty: '0' },
  'active-senders': { column: 'active_senders', empty: '0' },
  'new-addresses': { column: 'new_addresses', empty: '0' },
  'gas-used': { column: 'gas_used', empty: '0' },
  'average-gas-price': { column: 'average_gas_price', empty: null },
  'median-gas-price': { column: 'median_gas_price', empty: null },
  'average-block-time': { column: 'average_block_time', empty: null },
  'average-block-size': { column: 'average_block_size', empty: null },
  blocks: { column: 'blocks', empty: '0' },
  'new-contracts': { column: 'new_contracts', empty: '0' },
  'verified-contracts': { column: 'verified_contracts', empty: '0' },
  'erc20-transfers': { column: 'erc20_transfers', empty: '0' },
  'nft-transfers': { column: 'nft_transfers', empty: '0' },
  fees: { column: 'fees', empty: '0' },
};

export const CHAIN_SERIES_NAMES = Object.keys(CHAIN_SERIES) as ChainSeriesName[];

/** The first and last days kept (day numbers), null before any block is folded. */
export async function keptDays(db: Queryable): Promise<{ first: number; last: number } | null> {
  const r = await keptDayRange(db);
  return r?.first === null || r?.first === undefined || r.last === null ? null : { first: Number(r.first), last: Number(r.last) };
}

/** A row of daily_stats, every column as stored. */
export type { DailyRow };

/** The stored rows of days from … to (day numbers), by day. */
export async function dailyRows(db: Queryable, from: number, to: number): Promise<Map<number, DailyRow>> {
  const rows = await dailyStatsBetween(db, from, to);
  return new Map(rows.map((r) => [Number(r.day), r]));
}

/** One series' points for every day from … to, from rows dailyRows read. */
export function seriesPoints(name: ChainSeriesName, rows: ReadonlyMap<number, DailyRow>, from: number, to: number): SeriesPoint[] {
  const { column, empty } = SERIES_COLUMNS[name];
  const out: SeriesPoint[] = [];
  for (let d = from; d <= to; d++) {
    const v = rows.get(d)?.[column];
    out.push({ day: formatDay(d), value: v === undefined ? empty : v === null ? null : String(v) });
  }
  return out;
}

/** A token's transfers per day, or its holders at the end of each day (carried over days without transfers). */
export async function tokenPoints(db: Queryable, token: string, name: 'transfers' | 'holders', from: number, to: number): Promise<SeriesPoint[]> {
  const rows = await tokenDailyStats(db, token, from, to);
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  let holders =
    name === 'holders'
      ? Number((await tokenHoldersBefore(db, token, from)) ?? 0)
      : 0;
  const out: SeriesPoint[] = [];
  for (let d = from; d <= to; d++) {
    const r = byDay.get(d);
    if (name === 'transfers') out.push({ day: formatDay(d), value: String(r?.transfers ?? 0) });
    else {
      if (r) holders = Number(r.holders);
      out.push({ day: formatDay(d), value: String(holders) });
    }
  }
  return out;
}

/** The day number of today (UTC), for ranges read before anything is kept. */
export function today(): number {
  return Math.floor(Date.now() / DAY_MS);
}

// The chain's daily statistics, as the bundled indexer serves them and the site reads them: one module, so
// both sides agree on the series, their units, the days and the errors.
//
// Routes of the bundled indexer (all GET, JSON, in the OpenAPI description):
// - /stats/series/{name}?from=YYYY-MM-DD&to=YYYY-MM-DD: one chain-wide series, a point for every UTC day of the range
//   (days without blocks included: 0 for counts and sums, null for averages and medians).
// - /tokens/{address}/series/{name}?from&to: one token's series (TOKEN_SERIES).
// - /stats/summary: every chain-wide series' latest figures and its last SUMMARY_DAYS days, for the /charts page in one
//   request.
// `from` and `to` are optional: `to` defaults to the last day kept, `from` to the first day kept (the whole history),
// each clamped to DEFAULT_MAX_DAYS before `to` when omitted. Bad input is a 400 `{ "error": message }` with the
// messages of STATS_MESSAGES. Series are kept up to date as blocks are indexed and corrected on reorgs: no request
// scans the history.

/** Chain-wide series: name → what the site shows. `unit` says how `value` reads. */
export const CHAIN_SERIES = {
  transactions: { title: 'Daily Transactions', unit: 'count', description: 'Transactions included in the day’s blocks.' },
  'active-addresses': { title: 'Active Addresses', unit: 'count', description: 'Distinct addresses that sent or received a transaction that day.' },
  'active-senders': { title: 'Active Senders', unit: 'count', description: 'Distinct addresses that sent a transaction that day.' },
  'new-addresses': { title: 'New Addresses', unit: 'count', description: 'Addresses seen for the first time that day.' },
  'gas-used': { title: 'Gas Used', unit: 'gas', description: 'Gas used by all the day’s blocks.' },
  'average-gas-price': { title: 'Average Gas Price', unit: 'wei', description: 'Mean effective gas price of the day’s transactions.' },
  'median-gas-price': { title: 'Median Gas Price', unit: 'wei', description: 'Median effective gas price of the day’s transactions.' },
  'average-block-time': { title: 'Average Block Time', unit: 'seconds', description: 'Mean time between the day’s consecutive blocks.' },
  'average-block-size': { title: 'Average Block Size', unit: 'bytes', description: 'Mean size of the day’s blocks.' },
  blocks: { title: 'Blocks', unit: 'count', description: 'Blocks produced that day.' },
  'new-contracts': { title: 'New Contracts', unit: 'count', description: 'Contracts created that day.' },
  'verified-contracts': { title: 'Verified Contracts', unit: 'count', description: 'Contracts verified on this explorer that day.' },
  'erc20-transfers': { title: 'ERC-20 Transfers', unit: 'count', description: 'ERC-20 token transfers that day.' },
  'nft-transfers': { title: 'NFT Transfers', unit: 'count', description: 'ERC-721 and ERC-1155 transfers that day.' },
  fees: { title: 'Transaction Fees', unit: 'wei', description: 'Fees paid by the day’s transactions (gas used × effective gas price).' },
} as const satisfies Record<string, SeriesInfo>;

/** One token's series: name → what the site shows. */
export const TOKEN_SERIES = {
  transfers: { title: 'Transfers per Day', unit: 'count', description: 'Transfers of the token that day.' },
  holders: { title: 'Holders', unit: 'count', description: 'Addresses holding the token at the end of the day.' },
} as const satisfies Record<string, SeriesInfo>;

export type ChainSeriesName = keyof typeof CHAIN_SERIES;
export type TokenSeriesName = keyof typeof TOKEN_SERIES;

/** How a series' values read: counts, gas, wei (decimal strings, may exceed 2^53), seconds, bytes. */
export type SeriesUnit = 'count' | 'gas' | 'wei' | 'seconds' | 'bytes';

export interface SeriesInfo {
  title: string;
  unit: SeriesUnit;
  description: string;
}

/**
 * One day of a series. `value` is a decimal string (integers for counts, gas, wei and bytes; up to 3 decimals for
 * seconds), or null on a day without blocks for averages and medians.
 */
export interface SeriesPoint {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  value: string | null;
}

/** GET /stats/series/{name} and GET /tokens/{address}/series/{name}. */
export interface SeriesResponse {
  name: string;
  unit: SeriesUnit;
  /** The token, for a token's series. */
  token?: string;
  from: string;
  to: string;
  /** Every day from … to, oldest first. */
  points: SeriesPoint[];
}

/** GET /stats/summary. */
export interface SummaryResponse {
  /** The first and last UTC days kept (null, null before any block is indexed). */
  firstDay: string | null;
  lastDay: string | null;
  series: {
    name: ChainSeriesName;
    unit: SeriesUnit;
    /** The last day's point (the day in progress). */
    latest: SeriesPoint | null;
    /** The last SUMMARY_DAYS days, oldest first. */
    recent: SeriesPoint[];
  }[];
}

/** Days of `recent` in the summary (the /charts cards' small charts). */
export const SUMMARY_DAYS = 30;

/** Most days one request may cover (about ten years); a longer range is a 400. */
export const MAX_SERIES_DAYS = 3_660;

/** Days served when `from` is omitted on a history longer than this. */
export const DEFAULT_MAX_DAYS = 3_660;

/** The 400 messages of the series routes (the site shows them as they are). */
export const STATS_MESSAGES = {
  unknownSeries: (names: readonly string[]) => `Unknown series: expected one of ${names.join(', ')}`,
  badDay: (param: 'from' | 'to') => `Invalid ${param}: expected a UTC day as YYYY-MM-DD`,
  reversed: 'Invalid range: from is after to',
  tooLong: `Invalid range: at most ${MAX_SERIES_DAYS.toLocaleString('en-US')} days at once`,
  beforeFirst: (first: string) => `Invalid range: statistics start on ${first}`,
  afterLast: (last: string) => `Invalid range: statistics end on ${last}`,
  badToken: 'Invalid token: must be an address',
} as const;

/** Milliseconds of one UTC day. */
export const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of a Unix timestamp in seconds. */
export function dayOf(timestampSeconds: number): string {
  return new Date(timestampSeconds * 1000).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a YYYY-MM-DD text; null when it is not a real UTC day. */
export function parseDay(text: string | null | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return Math.floor(ms / DAY_MS);
}

/** The YYYY-MM-DD text of a day number (days since 1970-01-01). */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

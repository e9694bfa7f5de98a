// The daily series' contract (common/stats-series.ts holds the series, their units and the 400 messages):
// one chain-wide series, one token's series, and the summary the /charts page reads.
import * as z from 'zod';
import {
  CHAIN_SERIES,
  DEFAULT_MAX_DAYS,
  MAX_SERIES_DAYS,
  parseDay,
  STATS_MESSAGES,
  SUMMARY_DAYS,
  TOKEN_SERIES,
  type ChainSeriesName,
  type TokenSeriesName,
} from '../../../../common/stats-series.ts';
import { isAddress } from '../../http/params.ts';
import { HttpError } from '../../http/router.ts';
import { address, day, readWith } from './fields.ts';
import { defineRoute } from './route.ts';

/** Path parameter name: one of `series`' names, exactly; else 400 naming them all. */
const seriesName = <N extends string>(series: Readonly<Record<N, unknown>>) => {
  const names = Object.keys(series) as N[];
  return readWith(
    (raw): N => {
      if (raw === undefined || !Object.hasOwn(series, raw)) throw new HttpError(400, STATS_MESSAGES.unknownSeries(names));
      return raw as N;
    },
    { type: 'string', enum: names },
  );
};

/** Query parameter from or to: a UTC day (as a day number), null when absent; else 400 naming it. */
const dayQuery = (param: 'from' | 'to', description: string) =>
  readWith(
    (raw): number | null => {
      if (raw === undefined || raw === '') return null;
      const d = parseDay(raw);
      if (d === null) throw new HttpError(400, STATS_MESSAGES.badDay(param));
      return d;
    },
    { type: 'string', format: 'date', description },
  );

const range = z.object({
  from: dayQuery('from', `first day, YYYY-MM-DD (default: the first day kept, at most ${DEFAULT_MAX_DAYS.toLocaleString('en-US')} days before to)`),
  to: dayQuery('to', 'last day, YYYY-MM-DD (default: the last day kept)'),
});

/** One day of a series: a decimal string, or null on a day without blocks for averages and medians. */
const point = z
  .object({ day, value: z.string().nullable().meta({ description: 'decimal (up to 3 decimals for seconds); null for an average on a day without blocks' }) })
  .meta({ id: 'SeriesPoint' });

const unit = z.enum(['count', 'gas', 'wei', 'seconds', 'bytes']);

const rangeRules = `0 for counts and sums and null for averages on days without blocks. 400 for an unknown series, a malformed, reversed or too long range (over ${MAX_SERIES_DAYS.toLocaleString('en-US')} days) or one beyond the days kept`;

/** GET /stats/series/{name}. */
export const chainSeriesRoute = defineRoute({
  method: 'GET',
  path: '/stats/series/{name}',
  summary: `One chain-wide daily series, a point for every UTC day from … to (YYYY-MM-DD; default: every day kept, at most ${DEFAULT_MAX_DAYS.toLocaleString('en-US')}); ${rangeRules}`,
  description: `name: ${Object.keys(CHAIN_SERIES).join(', ')}`,
  params: z.object({ name: seriesName<ChainSeriesName>(CHAIN_SERIES) }),
  query: range,
  answer: z.object({ name: z.string(), unit, from: day, to: day, points: z.array(point) }),
});

/** GET /tokens/{address}/series/{name}. */
export const tokenSeriesRoute = defineRoute({
  method: 'GET',
  path: '/tokens/{address}/series/{name}',
  summary: "One token's daily series from … to: transfers per day, or holders at the end of each day; the same range rules and 400s",
  description: `name: ${Object.keys(TOKEN_SERIES).join(', ')}`,
  params: z.object({
    // Refused with the series' own wording (not 'Invalid address'), and before the name.
    address: readWith(
      (raw) => {
        const token = (raw ?? '').toLowerCase();
        if (!isAddress(token)) throw new HttpError(400, STATS_MESSAGES.badToken);
        return token;
      },
      { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    ),
    name: seriesName<TokenSeriesName>(TOKEN_SERIES),
  }),
  query: range,
  answer: z.object({ name: z.string(), unit, token: address, from: day, to: day, points: z.array(point) }),
});

/** GET /stats/summary. */
export const seriesSummaryRoute = defineRoute({
  method: 'GET',
  path: '/stats/summary',
  summary: `Every chain-wide series' latest day and its last ${SUMMARY_DAYS} days, with the first and last days kept (null before any block)`,
  answer: z.object({
    firstDay: day.nullable(),
    lastDay: day.nullable(),
    series: z.array(
      z.object({
        name: z.enum(Object.keys(CHAIN_SERIES) as [ChainSeriesName, ...ChainSeriesName[]]),
        unit,
        latest: point.nullable().meta({ description: "the last day's point (the day in progress)" }),
        recent: z.array(point).meta({ description: `the last ${SUMMARY_DAYS} days, oldest first` }),
      }),
    ),
  }),
});

/** The daily series routes. */
export const seriesContracts = [chainSeriesRoute, tokenSeriesRoute, seriesSummaryRoute];

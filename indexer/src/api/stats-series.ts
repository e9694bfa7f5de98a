import {
  CHAIN_SERIES,
  DEFAULT_MAX_DAYS,
  formatDay,
  MAX_SERIES_DAYS,
  parseDay,
  STATS_MESSAGES,
  SUMMARY_DAYS,
  TOKEN_SERIES,
  type ChainSeriesName,
  type SeriesResponse,
  type SummaryResponse,
  type TokenSeriesName,
} from '../../../common/stats-series.ts';
import { isAddress } from '../http/params.ts';
import { HttpError, type Router } from '../http/router.ts';
import { CHAIN_SERIES_NAMES, dailyRows, keptDays, seriesPoints, today, tokenPoints } from '../stats/read.ts';
import type { Queryable } from '../store/types.ts';
import type { ApiContext } from './context.ts';

// The daily series (issue 30; common/stats-series.ts is the contract): read from what the stats follower folded, one
// primary-key range per request, every day of the range answered.

const TOKEN_SERIES_NAMES = Object.keys(TOKEN_SERIES) as TokenSeriesName[];

/** The range a request asks for, checked against the days kept; a 400 with STATS_MESSAGES otherwise. */
export async function seriesRange(db: Queryable, query: URLSearchParams): Promise<{ from: number; to: number }> {
  const read = (param: 'from' | 'to'): number | null => {
    const raw = query.get(param);
    if (raw === null || raw === '') return null;
    const d = parseDay(raw);
    if (d === null) throw new HttpError(400, STATS_MESSAGES.badDay(param));
    return d;
  };
  const askedFrom = read('from');
  const askedTo = read('to');
  const kept = await keptDays(db);
  const to = askedTo ?? kept?.last ?? today();
  const from = askedFrom ?? Math.max(kept?.first ?? to, to - DEFAULT_MAX_DAYS + 1);
  if (from > to) throw new HttpError(400, STATS_MESSAGES.reversed);
  if (to - from + 1 > MAX_SERIES_DAYS) throw new HttpError(400, STATS_MESSAGES.tooLong);
  if (kept !== null && from < kept.first) throw new HttpError(400, STATS_MESSAGES.beforeFirst(formatDay(kept.first)));
  if (kept !== null && to > kept.last) throw new HttpError(400, STATS_MESSAGES.afterLast(formatDay(kept.last)));
  return { from, to };
}

/** GET /stats/series/{name}, /tokens/{address}/series/{name}, /stats/summary. */
export function statsSeriesRoutes(router: Router, ctx: ApiContext): void {
  router.get('/stats/series/{name}', async ({ params, query }): Promise<SeriesResponse> => {
    const name = params['name'] as ChainSeriesName;
    if (!Object.hasOwn(CHAIN_SERIES, name)) throw new HttpError(400, STATS_MESSAGES.unknownSeries(CHAIN_SERIES_NAMES));
    const { from, to } = await seriesRange(ctx.db, query);
    return { name, unit: CHAIN_SERIES[name].unit, from: formatDay(from), to: formatDay(to), points: seriesPoints(name, await dailyRows(ctx.db, from, to), from, to) };
  });

  router.get('/tokens/{address}/series/{name}', async ({ params, query }): Promise<SeriesResponse> => {
    const token = (params['address'] ?? '').toLowerCase();
    if (!isAddress(token)) throw new HttpError(400, STATS_MESSAGES.badToken);
    const name = params['name'] as TokenSeriesName;
    if (!Object.hasOwn(TOKEN_SERIES, name)) throw new HttpError(400, STATS_MESSAGES.unknownSeries(TOKEN_SERIES_NAMES));
    const { from, to } = await seriesRange(ctx.db, query);
    return { name, unit: TOKEN_SERIES[name].unit, token, from: formatDay(from), to: formatDay(to), points: await tokenPoints(ctx.db, token, name, from, to) };
  });

  router.get('/stats/summary', async (): Promise<SummaryResponse> => {
    const kept = await keptDays(ctx.db);
    if (kept === null) return { firstDay: null, lastDay: null, series: CHAIN_SERIES_NAMES.map((name) => ({ name, unit: CHAIN_SERIES[name].unit, latest: null, recent: [] })) };
    const from = Math.max(kept.first, kept.last - SUMMARY_DAYS + 1);
    const rows = await dailyRows(ctx.db, from, kept.last);
    return {
      firstDay: formatDay(kept.first),
      lastDay: formatDay(kept.last),
      series: CHAIN_SERIES_NAMES.map((name) => {
        const recent = seriesPoints(name, rows, from, kept.last);
        return { name, unit: CHAIN_SERIES[name].unit, latest: recent[recent.length - 1] ?? null, recent };
      }),
    };
  });
}

import {
  CHAIN_SERIES,
  DEFAULT_MAX_DAYS,
  formatDay,
  MAX_SERIES_DAYS,
  STATS_MESSAGES,
  SUMMARY_DAYS,
  TOKEN_SERIES,
  type SeriesResponse,
  type SummaryResponse,
} from '../../../common/stats-series.ts';
import { HttpError, type Router } from '../http/router.ts';
import { CHAIN_SERIES_NAMES, dailyRows, keptDays, seriesPoints, today, tokenPoints } from '../stats/read.ts';
import type { Queryable } from '../store/types.ts';
import type { ApiContext } from './context.ts';
import { readParams, readQuery } from './contract/route.ts';
import { chainSeriesRoute, seriesSummaryRoute, tokenSeriesRoute } from './contract/series.ts';

// The daily series (common/stats-series.ts is the contract): read from what the stats follower folded, one
// primary-key range per request, every day of the range answered.

/**
 * The range a request asks for (its from and to as read through the contract, null when absent), checked against the
 * days kept; a 400 with STATS_MESSAGES otherwise.
 */
export async function seriesRange(db: Queryable, asked: { from: number | null; to: number | null }): Promise<{ from: number; to: number }> {
  const { from: askedFrom, to: askedTo } = asked;
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
  router.get(chainSeriesRoute.path, async ({ params, query }): Promise<SeriesResponse> => {
    const { name } = readParams(chainSeriesRoute, params);
    const { from, to } = await seriesRange(ctx.db, readQuery(chainSeriesRoute, query));
    return { name, unit: CHAIN_SERIES[name].unit, from: formatDay(from), to: formatDay(to), points: seriesPoints(name, await dailyRows(ctx.db, from, to), from, to) };
  });

  router.get(tokenSeriesRoute.path, async ({ params, query }): Promise<SeriesResponse> => {
    const { address: token, name } = readParams(tokenSeriesRoute, params);
    const { from, to } = await seriesRange(ctx.db, readQuery(tokenSeriesRoute, query));
    return { name, unit: TOKEN_SERIES[name].unit, token, from: formatDay(from), to: formatDay(to), points: await tokenPoints(ctx.db, token, name, from, to) };
  });

  router.get(seriesSummaryRoute.path, async (): Promise<SummaryResponse> => {
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

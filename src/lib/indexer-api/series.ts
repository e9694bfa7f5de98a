import { normalizeSeries, normalizeSummary } from '../normalize/series.ts';
import type { ChainSeriesName, SeriesResponse, SummaryResponse, TokenSeriesName } from '../../../common/stats-series.ts';
import { httpError } from './errors.ts';
import { buildUrl, seg, type RequestOptions, type Transport } from './transport.ts';

// The daily series of the bundled indexer (common/stats-series.ts). The chain operator's indexer has no such
// routes and answers 404: a read then says 'unavailable', so a page shows a notice instead of an error. Other failures
// (400 with its message, 5xx, time-outs) throw the client's ApiError.

/** Time-out of one series read: a few indexed rows, so well under the page's deadline. */
export const SERIES_TIMEOUT_MS = 5_000;

/** What a series read found: the answer, or no such route on this indexer. */
export type SeriesRead<T> = { kind: 'ok'; value: T } | { kind: 'unavailable' };

/** A day range of a read (YYYY-MM-DD, each optional: the indexer's defaults then). */
export interface DayRange {
  from?: string;
  to?: string;
}

async function read<T>(t: Transport, path: string, normalize: (body: unknown) => T | null, query: DayRange, request?: RequestOptions): Promise<SeriesRead<T>> {
  const found = await t.lookup(path, normalize, { from: query.from, to: query.to }, request, SERIES_TIMEOUT_MS);
  if (found.kind === 'found') return { kind: 'ok', value: found.value };
  if (found.kind === 'not-found') return { kind: 'unavailable' };
  // A 2xx that is not the shape: the bad gateway answer need() gives.
  throw httpError(buildUrl(t.baseUrl, path), 502, 'Bad Gateway', found.kind === 'malformed' ? found.body : null);
}

/** GET /stats/series/{name}?from&to → one chain-wide series. */
export function getChainSeries(t: Transport, name: ChainSeriesName, range: DayRange = {}, request?: RequestOptions): Promise<SeriesRead<SeriesResponse>> {
  return read(t, `/stats/series/${seg(name)}`, normalizeSeries, range, request);
}

/** GET /tokens/{address}/series/{name}?from&to → one token's series. */
export function getTokenSeries(t: Transport, address: string, name: TokenSeriesName, range: DayRange = {}, request?: RequestOptions): Promise<SeriesRead<SeriesResponse>> {
  return read(t, `/tokens/${seg(address)}/series/${seg(name)}`, normalizeSeries, range, request);
}

/** GET /stats/summary → every chain-wide series' latest figure and last days. */
export function getSeriesSummary(t: Transport, request?: RequestOptions): Promise<SeriesRead<SummaryResponse>> {
  return read(t, '/stats/summary', normalizeSummary, {}, request);
}

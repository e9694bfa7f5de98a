// The CSV answer of a series (chain-wide and a token's): the file, or a short text with the status of what went wrong
// (a bad ?range= 400, no series on this indexer 404, the indexer's failure as its page would answer it).
import type { SeriesResponse } from '../../../common/stats-series.ts';
import { csvText } from '../../lib/export/stream.ts';
import { loadChart } from '../../lib/charts/load.ts';
import { seriesCsv, seriesCsvName } from '../../lib/charts/series-csv.ts';
import { BAD_RANGE_MESSAGE, parseRange, sliceRange } from '../../lib/charts/series-view.ts';
import type { SeriesRead } from '../../lib/indexer-api/series.ts';

export function plainText(status: number, body: string): Response {
  return new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
}

/** The CSV of the series `read` gives, sliced to the request's ?range=. */
export async function seriesCsvResponse(name: string, url: URL, read: () => Promise<SeriesRead<SeriesResponse>>): Promise<Response> {
  const range = parseRange(url.searchParams.get('range'));
  if (range === null) return plainText(400, BAD_RANGE_MESSAGE);
  const load = await loadChart(read);
  if (load.kind === 'unavailable') return plainText(404, 'Statistics are not available on this indexer: it keeps no daily series.');
  if (load.kind === 'error') return plainText(load.status, load.message);
  const points = sliceRange(load.value.points, range);
  return new Response(csvText(seriesCsv(points, load.value.unit)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${seriesCsvName(name, points, load.value.token)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}



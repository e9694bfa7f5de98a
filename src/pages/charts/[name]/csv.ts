// GET /charts/{name}/csv?range=: the series' days of the range as CSV (src/lib/charts/series-csv.ts).
import type { APIRoute } from 'astro';
import { CHAIN_SERIES, type ChainSeriesName } from '../../../../common/stats-series.ts';
import { plainText, seriesCsvResponse } from '../_csv.ts';
import { indexerClient } from '../../../lib/server/indexer-client.ts';

export const GET: APIRoute = ({ params, url }) => {
  const name = params['name'] ?? '';
  if (!Object.hasOwn(CHAIN_SERIES, name)) return plainText(404, 'Unknown series');
  return seriesCsvResponse(name, url, () => indexerClient().getChainSeries(name as ChainSeriesName));
};

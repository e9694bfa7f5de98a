// GET /tokens/{address}/charts/{name}/csv?range=: one token's series as CSV.
import type { APIRoute } from 'astro';
import { TOKEN_SERIES, type TokenSeriesName } from '../../../../../../common/stats-series.ts';
import { isWellFormedAddress } from '../../../../../lib/url/params.ts';
import { plainText, seriesCsvResponse } from '../../../../charts/_csv.ts';
import { indexerClient } from '../../../../../lib/server/indexer-client.ts';

export const GET: APIRoute = ({ params, url }) => {
  const address = params['address'] ?? '';
  const name = params['name'] ?? '';
  if (!Object.hasOwn(TOKEN_SERIES, name)) return plainText(404, 'Unknown series');
  if (!isWellFormedAddress(address)) return plainText(400, 'Invalid token: must be an address');
  return seriesCsvResponse(name, url, () => indexerClient().getTokenSeries(address, name as TokenSeriesName));
};

// GET /readyz: the site server's readiness probe. The server is ready once it serves (its configuration was
// read at start); the indexer it reads is checked (GET /health, which every indexer the site supports answers, within
// its 2 s) and reported, not required: every site instance reads the same indexer, so taking instances out of a load
// balancer when it fails would only replace the site's own error pages with the balancer's.
import type { APIRoute } from 'astro';
import { indexerClient } from '../lib/server/indexer-client.ts';
import { probeResponse } from '../lib/server/probes.ts';
import { errorMessage } from '../../common/errors.ts';

export const GET: APIRoute = async () => {
  const indexer = await indexerClient()
    .getHealth()
    .then((h) => ({ status: h.ok ? 'ok' : 'not connected', lastBlock: h.lastBlock }))
    .catch((err: unknown) => ({ status: 'unreachable', error: errorMessage(err) }));
  return probeResponse(200, { status: 'ready', checks: { indexer } });
};

import { HttpError, Router } from '../http/router.ts';
import { addressRoutes } from './address.ts';
import { adminRoutes } from './admin.ts';
import { approvalRoutes } from './approvals.ts';
import { blockRoutes } from './blocks.ts';
import { bytecodeFunctionRoutes } from './bytecode-functions.ts';
import { changeRoutes } from './changes.ts';
import type { ApiContext } from './context.ts';
import { metricsRoute, openApiRoute } from './contract/meta.ts';
import { contractRoutes } from './contracts.ts';
import { etherscanRoutes } from './etherscan/index.ts';
import { gasTrackerRoutes } from './gas-tracker.ts';
import { healthRoutes } from './health.ts';
import { holderRoutes } from './holders.ts';
import { nftRoutes } from './nfts.ts';
import { openApiDocument } from './openapi.ts';
import { proxyRoutes } from './proxy.ts';
import { searchRoutes } from './search.ts';
import { statsRoutes } from './stats.ts';
import { statsSeriesRoutes } from './stats-series.ts';
import { streamRoutes } from './stream/route.ts';
import { tokenLogoRoutes } from './token-logos.ts';
import { tokenRoutes } from './tokens.ts';
import { transactionRoutes } from './transactions.ts';

/** The router with every API route registered. */
export function buildRouter(ctx: ApiContext): Router {
  const router = new Router();
  healthRoutes(router, ctx);
  changeRoutes(router, ctx);
  blockRoutes(router, ctx);
  transactionRoutes(router, ctx);
  addressRoutes(router, ctx);
  approvalRoutes(router, ctx);
  tokenRoutes(router, ctx);
  nftRoutes(router, ctx);
  holderRoutes(router, ctx);
  statsRoutes(router, ctx);
  statsSeriesRoutes(router, ctx);
  gasTrackerRoutes(router, ctx);
  contractRoutes(router, ctx);
  bytecodeFunctionRoutes(router, ctx);
  etherscanRoutes(router, ctx);
  searchRoutes(router, ctx);
  proxyRoutes(router, ctx);
  tokenLogoRoutes(router, ctx);
  adminRoutes(router, ctx);
  streamRoutes(router, ctx);
  // The stream's `stats` event carries what the stats routes answer, read through them.
  ctx.stream?.useRouter(router);
  const doc = openApiDocument();
  router.get(openApiRoute.path, () => doc);
  // The API server answers /metrics itself, before routing (http/server.ts); a request that reaches the router finds
  // it served on INDEXER_METRICS_PORT instead (or asked as /v1/metrics). Registered so that the document lists it.
  router.get(
    metricsRoute.path,
    () => {
      throw new HttpError(404, 'Not found: /metrics is served on the metrics port (INDEXER_METRICS_PORT)');
    },
    { limit: 'none' },
  );
  return router;
}

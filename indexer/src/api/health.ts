import type { Router } from '../http/router.ts';
import type { ApiContext } from './context.ts';

/**
 * GET /health: status, last indexed block, whether the sync runs, and catch-up progress. Not rate-limited: load
 * balancers and uptime monitors poll it from one address, and it only reads the sync state held in memory.
 */
export function healthRoutes(router: Router, ctx: ApiContext): void {
  router.get('/health', () => {
    const s = ctx.sync();
    const current = s.lastBlock ?? -1;
    const target = s.target ?? current;
    const percent = target <= 0 ? (current >= target ? 100 : 0) : Math.min(100, Math.floor(((current + 1) / (target + 1)) * 10_000) / 100);
    return {
      status: 'ok',
      lastBlock: s.lastBlock,
      isIndexing: s.running,
      catchingUp: s.catchingUp,
      rpcConnected: s.rpcConnected,
      chainHead: s.target,
      syncProgress: { current, target, percent },
      // Rollbacks so far: with lastBlock, it tells a head that replaced blocks at the same height (the site keeps
      // pages per head, src/middleware.ts).
      reorgs: s.reorgs,
      // Writes of NFT metadata so far (null while unknown): NFT pages change with them between blocks.
      metadataUpdates: s.metadataUpdates,
    };
  }, { limit: 'none' });
}

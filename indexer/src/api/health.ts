import { errorMessage } from '../../../common/errors.ts';
import { Reply, type Router } from '../http/router.ts';
import { newestBlock } from '../store/queries/blocks.ts';
import type { ApiContext } from './context.ts';

import { healthRoute, livezRoute, READY_BEHIND_BLOCKS, READY_DB_TIMEOUT_MS, readyzRoute, type AnswerOf } from './contract/health.ts';

// The constants the contract's texts name, where the probes' callers have always found them.
export { READY_BEHIND_BLOCKS, READY_DB_TIMEOUT_MS };

/** The database's answer within `ms`, or a rejection. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /health: status, last indexed block, whether the sync runs, and catch-up progress. Not rate-limited: load
 * balancers and uptime monitors poll it from one address, and it only reads the sync state held in memory.
 */
export function healthRoutes(router: Router, ctx: ApiContext): void {
  router.get(healthRoute.path, (): AnswerOf<typeof healthRoute> => {
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

  // Probes for load balancers and orchestrators. /livez: the process answers (its event loop turns), nothing
  // more, so a busy database or a slow node never gets a live process restarted.
  router.get(livezRoute.path, (): AnswerOf<typeof livezRoute> => ({ status: 'ok' }), { limit: 'none' });

  // /readyz: the process can serve reads. It listens only once its migrations ran, so answering at all says they did;
  // the database must answer (a SELECT of the indexed head, within READY_DB_TIMEOUT_MS), else 503. A syncer far
  // behind the chain is ready (what it has indexed is served) and reported: `behind`, the lag in blocks and seconds.
  router.get(readyzRoute.path, async (): Promise<AnswerOf<typeof readyzRoute> | Reply> => {
    const s = ctx.sync();
    let head: { number: number; timestamp: number } | undefined;
    try {
      head = await within(newestBlock(ctx.db), READY_DB_TIMEOUT_MS);
    } catch (err) {
      return new Reply(503, { status: 'unavailable', checks: { migrations: 'ok', database: `failed: ${errorMessage(err)}` } });
    }
    const indexed = head === undefined ? null : Number(head.number);
    const lagBlocks = indexed === null || s.target === null ? null : Math.max(0, s.target - indexed);
    return {
      status: 'ready',
      checks: { migrations: 'ok', database: 'ok' },
      sync: {
        indexedBlock: indexed,
        chainHead: s.target,
        lagBlocks,
        // Seconds since the newest indexed block was produced: on a chain that stopped, this grows while lagBlocks is 0.
        lagSeconds: head === undefined ? null : Math.max(0, Math.floor(Date.now() / 1000) - Number(head.timestamp)),
        catchingUp: s.catchingUp,
        behind: lagBlocks !== null && lagBlocks > READY_BEHIND_BLOCKS,
        lastError: s.lastError,
      },
    };
  }, { limit: 'none' });
}

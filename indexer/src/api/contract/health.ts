// The probes' contract: /health for the site and monitors, /livez and /readyz for orchestrators.
import * as z from 'zod';
import { int } from './fields.ts';
import { defineRoute } from './route.ts';

export type { AnswerOf } from './route.ts';

/** Longest wait for the database in GET /readyz: a probe must answer in time, whatever the database does. */
export const READY_DB_TIMEOUT_MS = 2_000;

/** Blocks behind the chain head beyond which /readyz reports the index as behind (it stays ready: it still serves). */
export const READY_BEHIND_BLOCKS = 100;

/** GET /health. */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  summary: 'Status, last indexed block, isIndexing, sync progress {current, target, percent}, rollbacks and NFT metadata writes so far',
  answer: z.object({
    status: z.literal('ok'),
    lastBlock: int.nullable(),
    isIndexing: z.boolean(),
    catchingUp: z.boolean(),
    rpcConnected: z.boolean(),
    chainHead: int.nullable(),
    syncProgress: z.object({ current: int, target: int, percent: z.number() }),
    reorgs: int.meta({ description: 'rollbacks so far' }),
    metadataUpdates: int.nullable().meta({ description: 'writes of NFT metadata so far (null while unknown)' }),
  }),
});

/** GET /livez. */
export const livezRoute = defineRoute({
  method: 'GET',
  path: '/livez',
  summary: 'Liveness probe: 200 {status: "ok"} while the process answers (nothing else is checked)',
  answer: z.object({ status: z.literal('ok') }),
});

const checks = z.object({ migrations: z.string(), database: z.string() });

/** GET /readyz. */
export const readyzRoute = defineRoute({
  method: 'GET',
  path: '/readyz',
  summary: `Readiness probe: 200 once migrations ran and the database answers (within ${READY_DB_TIMEOUT_MS} ms), with the sync's lag in blocks and seconds; behind is true beyond ${READY_BEHIND_BLOCKS} blocks (still ready). 503 when the database does not answer`,
  answer: z.object({
    status: z.literal('ready'),
    checks,
    sync: z.object({
      indexedBlock: int.nullable(),
      chainHead: int.nullable(),
      lagBlocks: int.nullable(),
      lagSeconds: int.nullable(),
      catchingUp: z.boolean(),
      behind: z.boolean(),
      lastError: z.string().nullable(),
    }),
  }),
  otherAnswers: { 503: z.object({ status: z.literal('unavailable'), checks }) },
});

/** The probes. */
export const healthContracts = [healthRoute, livezRoute, readyzRoute];

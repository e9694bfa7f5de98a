import { afterEach, describe, expect, it, vi } from 'vitest';
import { healthRoutes, READY_BEHIND_BLOCKS, READY_DB_TIMEOUT_MS } from '../../indexer/src/api/health.ts';
import type { ApiContext } from '../../indexer/src/api/context.ts';
import { Reply, Router } from '../../indexer/src/http/router.ts';
import { IDLE_STATUS, type SyncStatus } from '../../indexer/src/sync/state.ts';

// The indexer's probes on a context of stubs: what /readyz answers for each state of the database and the
// sync. The routes against a real database, on both backends, are in tests/integration/indexer-api.test.ts.

function probe(path: '/livez' | '/readyz', one: () => Promise<unknown>, sync: Partial<SyncStatus> = {}): Promise<unknown> {
  const router = new Router();
  healthRoutes(router, { db: { one }, sync: () => ({ ...IDLE_STATUS, ...sync }) } as unknown as ApiContext);
  const match = router.match('GET', [path.slice(1)]);
  if (!match || !('route' in match)) throw new Error(`${path} is not routed`);
  return Promise.resolve(match.route.handler({ params: {}, query: new URLSearchParams(), body: undefined }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /livez', () => {
  it('answers ok without asking the database', async () => {
    const one = vi.fn();
    expect(await probe('/livez', one)).toEqual({ status: 'ok' });
    expect(one).not.toHaveBeenCalled();
  });
});

describe('GET /readyz', () => {
  it('is ready with the lag in blocks and seconds when the database answers', async () => {
    vi.useFakeTimers({ now: 1_700_000_100_000 });
    const answer = await probe('/readyz', async () => ({ number: 90, timestamp: 1_700_000_000 }), { target: 95, lastError: null });
    expect(answer).toEqual({
      status: 'ready',
      checks: { migrations: 'ok', database: 'ok' },
      sync: { indexedBlock: 90, chainHead: 95, lagBlocks: 5, lagSeconds: 100, catchingUp: false, behind: false, lastError: null },
    });
  });

  it('stays ready far behind the chain, and says so', async () => {
    const answer = (await probe('/readyz', async () => ({ number: 10, timestamp: 0 }), { target: 11 + READY_BEHIND_BLOCKS, catchingUp: true })) as { status: string; sync: { behind: boolean; lagBlocks: number } };
    expect(answer.status).toBe('ready');
    expect(answer.sync).toMatchObject({ behind: true, lagBlocks: READY_BEHIND_BLOCKS + 1 });
  });

  it('is ready on an empty index, with nothing to measure', async () => {
    const answer = (await probe('/readyz', async () => undefined, { target: null })) as { status: string; sync: unknown };
    expect(answer.status).toBe('ready');
    expect(answer.sync).toMatchObject({ indexedBlock: null, lagBlocks: null, lagSeconds: null, behind: false });
  });

  it('is a 503 when the database fails', async () => {
    const answer = await probe('/readyz', () => Promise.reject(new Error('connection refused')));
    expect(answer).toBeInstanceOf(Reply);
    expect(answer).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'failed: connection refused' } } });
  });

  it(`is a 503 when the database does not answer within ${READY_DB_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const pending = probe('/readyz', () => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 503, body: { checks: { database: `failed: no answer within ${READY_DB_TIMEOUT_MS} ms` } } });
  });
});

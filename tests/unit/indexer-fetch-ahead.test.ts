import { describe, expect, it, vi } from 'vitest';
import type { FetchContext, FetchedBatch } from '../../indexer/src/sync/fetch.ts';

// The pipeline's order and bounds, without a node: each fetch answers the blocks asked for, up to a head the test sets.
const node = vi.hoisted(() => ({ head: 0, inFlight: 0, most: 0, fail: -1 }));
vi.mock('../../indexer/src/sync/fetch.ts', () => ({
  fetchBatch: async (_ctx: unknown, first: number, last: number) => {
    node.inFlight++;
    node.most = Math.max(node.most, node.inFlight);
    await new Promise((r) => setTimeout(r, 1));
    node.inFlight--;
    if (first === node.fail) throw new Error('node down');
    if (first > node.head) return null;
    const end = Math.min(last, node.head);
    const blocks = Array.from({ length: end - first + 1 }, () => ({}));
    return { first, last: end, blocks, txCount: 0 } as unknown as FetchedBatch;
  },
}));

const { BatchSizer } = await import('../../indexer/src/sync/batch-sizer.ts');
const { fetchAhead } = await import('../../indexer/src/sync/fetch-ahead.ts');

/** Runs the pipeline from 0 to `head`, the node having blocks up to `nodeHead`; answers the ranges consumed. */
async function run(head: number, nodeHead: number, opts: { concurrency?: number; stopAfter?: number; fail?: number } = {}) {
  Object.assign(node, { head: nodeHead, inFlight: 0, most: 0, fail: opts.fail ?? -1 });
  const seen: [number, number][] = [];
  const timings = { batches: 0, blocks: 0, transactions: 0, nodeWaitMs: 0 };
  const consume = async (b: FetchedBatch): Promise<boolean> => {
    seen.push([b.first, b.last]);
    return opts.stopAfter === undefined || seen.length < opts.stopAfter;
  };
  // 1,000 transactions aimed at, no transactions seen: the sizer plans 1,000 blocks after the first batch, capped at 10 here.
  const sizer = new BatchSizer(1000, 10);
  await fetchAhead({ ctx: {} as FetchContext, sizer, start: 0, head, concurrency: opts.concurrency ?? 3, timings, running: () => true, consume });
  return { seen, timings };
}

describe('fetchAhead', () => {
  it('hands the batches over in order, counts them, and keeps at most `concurrency` fetches in flight', async () => {
    const { seen, timings } = await run(34, 100, { concurrency: 2 });
    expect(seen).toEqual([[0, 9], [10, 19], [20, 29], [30, 34]]);
    expect(timings).toMatchObject({ batches: 4, blocks: 35 });
    expect(node.most).toBeLessThanOrEqual(2);
  });

  it('stops after a short batch, where the node has no more blocks yet', async () => {
    const { seen } = await run(50, 14);
    expect(seen).toEqual([[0, 9], [10, 14]]);
  });

  it('stops when consume answers false, and does not count that batch', async () => {
    const { seen, timings } = await run(50, 100, { stopAfter: 2 });
    expect(seen).toEqual([[0, 9], [10, 19]]);
    expect(timings.batches).toBe(1);
  });

  it('throws a fetch error once the fetches in flight have settled', async () => {
    await expect(run(50, 100, { fail: 10 })).rejects.toThrow('node down');
    expect(node.inFlight).toBe(0);
  });
});

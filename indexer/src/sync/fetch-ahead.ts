import type { BatchSizer } from './batch-sizer.ts';
import { fetchBatch, type FetchContext, type FetchedBatch } from './fetch.ts';

/** Batches in flight during a catch-up unless the options say otherwise. */
export const DEFAULT_CONCURRENCY = 4;

/** What the catch-up pipeline reads, where it counts, and what it hands each batch to. */
export interface FetchAheadOptions {
  ctx: FetchContext;
  sizer: BatchSizer;
  /** First block to fetch. */
  start: number;
  /** Last block to fetch (the pipeline also stops early where the node has no more). */
  head: number;
  /** Batches in flight at once. */
  concurrency: number;
  /** Counters the pipeline adds to: batches, blocks and transactions consumed, and the time spent waiting on the node. */
  timings: { batches: number; blocks: number; transactions: number; nodeWaitMs: number };
  /** Checked before each fetch and each batch: false stops the pipeline. */
  running: () => boolean;
  /** Stores one batch; false stops the pipeline after it. */
  consume: (batch: FetchedBatch) => Promise<boolean>;
}

/**
 * The catch-up pipeline: keeps up to `concurrency` batches in flight from the node while `consume` stores the oldest
 * one, strictly in order. Stops when consume answers false, `running` turns false, or the node has no more blocks;
 * a fetch error is thrown once the fetches in flight have settled. The syncer and the bench's fetch-only loop share it.
 */
export async function fetchAhead(opts: FetchAheadOptions): Promise<void> {
  const { ctx, sizer, head, concurrency, timings, running, consume } = opts;
  type Slot = { requested: number; result: Promise<{ batch: FetchedBatch | null } | { error: unknown }> };
  const queue: Slot[] = [];
  let next = opts.start;
  const enqueue = (): void => {
    while (queue.length < concurrency && next <= head && running()) {
      const last = sizer.plan(next, head);
      const result = fetchBatch(ctx, next, last).then((batch) => ({ batch }), (error: unknown) => ({ error }));
      queue.push({ requested: last, result });
      next = last + 1;
    }
  };
  const drain = async (): Promise<void> => {
    await Promise.all(queue.splice(0).map((slot) => slot.result));
  };
  try {
    enqueue();
    while (queue.length > 0) {
      const slot = queue.shift() as Slot;
      const waited = performance.now();
      const outcome = await slot.result;
      timings.nodeWaitMs += performance.now() - waited;
      if ('error' in outcome) throw outcome.error;
      const batch = outcome.batch;
      if (batch === null || !running()) break;
      // The node has no more blocks yet: store what came, and nothing after it this round.
      const short = batch.last < slot.requested;
      if (!short) {
        // Sized and refilled before this batch is written, so `concurrency` fetches stay in flight during the write.
        sizer.adapt(batch);
        enqueue();
      }
      if (!(await consume(batch))) break;
      timings.batches++;
      timings.blocks += batch.blocks.length;
      timings.transactions += batch.txCount;
      if (short) break;
    }
  } finally {
    await drain();
  }
}

import { describe, expect, it } from 'vitest';
import { BatchSizer } from '../../indexer/src/sync/batch-sizer.ts';

/** A fetched batch of `blocks` blocks holding `txCount` transactions, as far as the sizer reads it. */
function batch(blocks: number, txCount: number): { blocks: never[]; txCount: number } {
  return { blocks: Array.from<never>({ length: blocks }), txCount };
}

describe('BatchSizer', () => {
  it('starts at 10 blocks per batch and never plans past the head', () => {
    const sizer = new BatchSizer();
    expect(sizer.plan(0, 1000)).toBe(9);
    expect(sizer.plan(995, 1000)).toBe(1000);
  });

  it.each([
    // [txsPerBatch, maxBlocks, blocks seen, transactions seen, blocks planned next]
    [1000, 1000, 10, 100, 100],
    [1000, 1000, 10, 0, 1000],
    [1000, 50, 10, 0, 50],
    [1000, 1000, 1, 5000, 1],
    [100, 1000, 4, 10, 40],
  ])('aiming at %i transactions (at most %i blocks), %i blocks with %i transactions give %i blocks next', (txs, max, blocks, seen, want) => {
    const sizer = new BatchSizer(txs, max);
    sizer.adapt(batch(blocks, seen));
    expect(sizer.plan(0, 1_000_000) + 1).toBe(want);
  });
});

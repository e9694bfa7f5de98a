import { describe, expect, it } from 'vitest';
import type { HeadMark } from '../../src/lib/blocks/latest.ts';
import { freshHead } from '../../src/lib/server/head.ts';

/** A head read the test answers by hand. */
function manualReads() {
  const pending: Array<(block: number | null) => void> = [];
  let started = 0;
  const load = () => {
    started++;
    return new Promise<HeadMark>((resolve) => pending.push((block) => resolve({ block, reorgs: 0, metadataUpdates: 0 })));
  };
  return { load, pending, started: () => started };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('freshHead: the head from a read that began after the call', () => {
  it('a call with no read under way starts one', async () => {
    const reads = manualReads();
    const head = freshHead(reads.load);
    expect(reads.started()).toBe(1);
    reads.pending[0]?.(7);
    expect(await head).toEqual({ block: 7, reorgs: 0, metadataUpdates: 0 });
  });

  it('calls made during a read wait for the next one, which they share', async () => {
    const reads = manualReads();
    const first = freshHead(reads.load);
    // Three requests arrive while the first read is under way: it may have been sent before them.
    const later = [freshHead(reads.load), freshHead(reads.load), freshHead(reads.load)];
    expect(reads.started()).toBe(1);
    reads.pending[0]?.(7);
    expect((await first).block).toBe(7);
    await tick();
    // One more read, begun after the first ended, for the three of them.
    expect(reads.started()).toBe(2);
    reads.pending[1]?.(8);
    expect((await Promise.all(later)).map((h) => h.block)).toEqual([8, 8, 8]);
  });

  it('a failed read does not leave the calls waiting on it without an answer', async () => {
    const failing = () => Promise.reject(new Error('indexer down'));
    const first = freshHead(failing);
    const reads = manualReads();
    const next = freshHead(reads.load);
    await expect(first).rejects.toThrow('indexer down');
    await tick();
    expect(reads.started()).toBe(1);
    reads.pending[0]?.(null);
    expect((await next).block).toBeNull();
  });
});

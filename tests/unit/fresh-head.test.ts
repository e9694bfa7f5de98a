import { describe, expect, it } from 'vitest';
import { freshHead } from '../../src/lib/server/head.ts';

/** A head read the test answers by hand. */
function manualReads() {
  const pending: Array<(head: number | null) => void> = [];
  let started = 0;
  const load = () => {
    started++;
    return new Promise<number | null>((resolve) => pending.push(resolve));
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
    expect(await head).toBe(7);
  });

  it('calls made during a read wait for the next one, which they share', async () => {
    const reads = manualReads();
    const first = freshHead(reads.load);
    // Three requests arrive while the first read is under way: it may have been sent before them.
    const later = [freshHead(reads.load), freshHead(reads.load), freshHead(reads.load)];
    expect(reads.started()).toBe(1);
    reads.pending[0]?.(7);
    expect(await first).toBe(7);
    await tick();
    // One more read, begun after the first ended, for the three of them.
    expect(reads.started()).toBe(2);
    reads.pending[1]?.(8);
    expect(await Promise.all(later)).toEqual([8, 8, 8]);
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
    expect(await next).toBeNull();
  });
});

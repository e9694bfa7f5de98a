import { describe, expect, it } from 'vitest';
import { CheckpointPolicy } from '../../indexer/src/sync/checkpoint-policy.ts';

/** A policy on a clock the test moves, counting the checkpoints it starts; `busy` makes them refuse. */
function policy(): { p: CheckpointPolicy; started: () => number; tick: (ms: number) => void; busy: (b: boolean) => void } {
  let now = 0;
  let started = 0;
  let busy = false;
  const p = new CheckpointPolicy(
    () => {
      if (busy) return false;
      started++;
      return true;
    },
    () => now,
  );
  return { p, started: () => started, tick: (ms) => (now += ms), busy: (b) => (busy = b) };
}

describe('CheckpointPolicy', () => {
  it('does nothing while nothing was committed, however long it has been', () => {
    const c = policy();
    c.tick(60_000);
    c.p.maybe(true);
    c.p.maybe(false);
    expect(c.started()).toBe(0);
  });

  it('during a catch-up, checkpoints every 100 committed batches', () => {
    const c = policy();
    for (let i = 0; i < 99; i++) {
      c.p.committed();
      c.p.maybe(false);
    }
    c.tick(60_000);
    c.p.maybe(false);
    expect(c.started()).toBe(0);
    c.p.committed();
    c.p.maybe(false);
    expect(c.started()).toBe(1);
  });

  it('when idle, checkpoints once 10 s have passed since the last one', () => {
    const c = policy();
    c.p.committed();
    c.tick(9_999);
    c.p.maybe(true);
    expect(c.started()).toBe(0);
    c.tick(1);
    c.p.maybe(true);
    expect(c.started()).toBe(1);
    c.p.maybe(true);
    expect(c.started()).toBe(1);
  });

  it('tries again on the next call when a checkpoint is still running', () => {
    const c = policy();
    c.p.committed();
    c.tick(10_000);
    c.busy(true);
    c.p.maybe(true);
    expect(c.started()).toBe(0);
    c.busy(false);
    c.p.maybe(true);
    expect(c.started()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { BackgroundLoop } from '../../indexer/src/background/loop.ts';

/** A loop whose body counts its rounds and pauses `ms` between them. */
function counter(ms: number): { loop: BackgroundLoop; rounds: () => number; starts: () => number } {
  let rounds = 0;
  let starts = 0;
  const loop: BackgroundLoop = new BackgroundLoop(async () => {
    starts++;
    while (loop.running) {
      rounds++;
      await loop.sleep(ms);
    }
  });
  return { loop, rounds: () => rounds, starts: () => starts };
}

describe('BackgroundLoop', () => {
  it('runs the body once however often it is started, and stop ends a long pause at once', async () => {
    const c = counter(60_000);
    c.loop.start();
    c.loop.start();
    expect(c.loop.running).toBe(true);
    const began = performance.now();
    await c.loop.stop();
    expect(performance.now() - began).toBeLessThan(1000);
    expect(c.starts()).toBe(1);
    expect(c.rounds()).toBe(1);
    expect(c.loop.running).toBe(false);
  });

  it('starts again after a stop', async () => {
    const c = counter(60_000);
    c.loop.start();
    await c.loop.stop();
    c.loop.start();
    await c.loop.stop();
    expect(c.starts()).toBe(2);
  });

  it('waits for the body to return: stop resolves after its last step', async () => {
    let finished = false;
    const loop: BackgroundLoop = new BackgroundLoop(async () => {
      while (loop.running) await loop.sleep(60_000);
      await new Promise((r) => setTimeout(r, 50));
      finished = true;
    });
    loop.start();
    await loop.stop();
    expect(finished).toBe(true);
  });

  it('a kick ends the current pause, and a kick between pauses ends the next one at once', async () => {
    const c = counter(60_000);
    c.loop.start();
    expect(c.rounds()).toBe(1);
    c.loop.kick();
    await new Promise((r) => setTimeout(r, 10));
    expect(c.rounds()).toBe(2);
    await c.loop.stop();

    const loop = new BackgroundLoop(async () => {});
    loop.start();
    loop.kick();
    const began = performance.now();
    await loop.sleep(60_000);
    expect(performance.now() - began).toBeLessThan(1000);
    // The kick was used up: the next pause lasts.
    let ended = false;
    void loop.sleep(60_000).then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(ended).toBe(false);
    await loop.stop();
    expect(ended).toBe(true);
  });

  it('clearKick forgets a kick that came before the body looked for work', async () => {
    const loop = new BackgroundLoop(async () => {});
    loop.start();
    loop.kick();
    loop.clearKick();
    let ended = false;
    void loop.sleep(60_000).then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(ended).toBe(false);
    await loop.stop();
  });

  it('a pause after stop returns at once', async () => {
    const loop = new BackgroundLoop(async () => {});
    const began = performance.now();
    await loop.sleep(60_000);
    expect(performance.now() - began).toBeLessThan(1000);
  });
});

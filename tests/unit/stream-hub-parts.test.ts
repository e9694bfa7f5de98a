import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { MAX_REPLAY_BLOCKS } from '../../common/live-events.ts';
import { Admission, RefCounts } from '../../indexer/src/api/stream/admission.ts';
import type { BlockEventReader, BlockFrames } from '../../indexer/src/api/stream/block-events.ts';
import { joined, StreamWriter, type Emission, type Stream } from '../../indexer/src/api/stream/client.ts';
import { reloadNotice, reorgNotice } from '../../indexer/src/api/stream/events.ts';
import { ChainMemory, KickLoop, REMEMBERED } from '../../indexer/src/api/stream/follower.ts';
import { replay, ReplayCache, type HubPosition } from '../../indexer/src/api/stream/replay.ts';
import { HttpError } from '../../indexer/src/http/router.ts';
import type { Queryable } from '../../indexer/src/store/types.ts';

/** A response that records what is written to it; `pending` is its unsent byte count. */
function response(pending = 0): ServerResponse & { written: string[] } {
  const written: string[] = [];
  const res = {
    written,
    destroyed: false,
    writableLength: pending,
    write(b: Buffer) {
      written.push(b.toString());
      return true;
    },
    destroy() {
      res.destroyed = true;
    },
  };
  return res as unknown as ServerResponse & { written: string[] };
}

function stream(res: ServerResponse, topics: string[] = [], held: Emission[] | null = null): Stream {
  return { res, key: null, topics, held, replayedTo: null };
}

const emission = (block: number, text = `b${block};`, notice = false): Emission => ({ block, reorgs: 0, notice, common: Buffer.from(text), topics: new Map() });

describe('admission', () => {
  it('counts per key and forgets a key at 0', () => {
    const c = new RefCounts();
    c.add('a');
    c.add('a');
    c.remove('a');
    expect(c.get('a')).toBe(1);
    c.remove('a');
    expect([...c.keys()]).toEqual([]);
  });

  it.each([
    ['a closed hub', 'k', 0, true, 503],
    ['a client at its limit', 'k', 0, false, 429],
    ['a full hub', null, 3, false, 503],
  ])('refuses a stream to %s', (_name, key, open, closed, status) => {
    const a = new Admission({ maxPerClient: 2, maxTotal: 3, maxBuffer: 0 });
    a.enter('k');
    a.enter('k');
    let error: unknown;
    try {
      a.check(key, open, closed);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
  });

  it('admits again once a stream of a client at its limit left, and never counts an exempt client', () => {
    const a = new Admission({ maxPerClient: 1, maxTotal: 3, maxBuffer: 0 });
    a.enter('k');
    a.leave('k');
    a.enter(null);
    a.enter(null);
    expect(() => a.check('k', 2, false)).not.toThrow();
    expect(() => a.check(null, 2, false)).not.toThrow();
  });
});

describe('StreamWriter', () => {
  it('writes at once, and drops a stream whose reader let more than maxBuffer pile up', () => {
    const w = new StreamWriter(10);
    const ok = response(10);
    const slow = response(11);
    w.write(stream(ok), Buffer.from('x'));
    w.write(stream(slow), Buffer.from('x'));
    expect(ok.written).toEqual(['x']);
    expect(slow.written).toEqual([]);
    expect(slow.destroyed).toBe(true);
    expect(w.dropped).toBe(1);
  });

  it('holds emissions during a replay, drops a replay that falls too far behind, and releases only what it did not cover', () => {
    const w = new StreamWriter(1000);
    const res = response();
    const s = stream(res, [], []);
    w.deliver(s, [emission(5), emission(6), emission(6, 'reorg;', true), emission(7)], Buffer.from('unused'));
    expect(res.written).toEqual([]);
    s.replayedTo = 6;
    w.release(s);
    expect(res.written).toEqual(['reorg;b7;']);
    const behind = response();
    const far = stream(behind, [], []);
    w.deliver(far, Array.from({ length: MAX_REPLAY_BLOCKS + 1 }, (_, i) => emission(i)), Buffer.from(''));
    expect(behind.destroyed).toBe(true);
  });

  it('adds a stream’s own topic events, with their id lines, to the common frames', () => {
    const w = new StreamWriter(1000);
    const res = response();
    const e: Emission = { ...emission(9), topics: new Map([['address:0xa', Buffer.from('T;')]]) };
    w.deliver(stream(res, ['address:0xa']), [e], joined([e]));
    expect(res.written).toHaveLength(1);
    expect(res.written[0]).toMatch(/^b9;id: .*\nT;$/s);
  });
});

describe('notices', () => {
  it('say reorg with its depth, and reload for an unknown position', () => {
    expect(reorgNotice(10, 3, 2).common.toString()).toContain('"depth":3,"fork":10,"head":10,"reorgs":2');
    expect(reloadNotice(null, 1)).toMatchObject({ block: 0, notice: true });
    expect(reloadNotice(4, 1).common.toString()).toContain('unknown-position');
  });
});

/** A store whose blocks 0 … top have the hashes `hash(n)`. */
function blocks(top: number, hash: (n: number) => string): Queryable {
  return {
    all: async (_sql: string, from: number, to: number) => {
      const rows = [];
      for (let n = Math.max(0, from); n <= Math.min(to, top); n++) rows.push({ number: n, hash: hash(n) });
      return rows;
    },
  } as unknown as Queryable;
}

describe('ChainMemory', () => {
  it('reads the last REMEMBERED hashes up to a stored block, and null for one not stored', async () => {
    const m = new ChainMemory(blocks(1000, (n) => `h${n}`));
    const rows = await m.read(0, 1000);
    expect(rows).toHaveLength(REMEMBERED);
    expect(rows?.at(-1)).toEqual({ number: 1000, hash: 'h1000' });
    expect(await m.read(0, 1001)).toBeNull();
  });

  it.each([
    ['the same chain', (n: number) => `h${n}`, 20],
    ['a fork above 14', (n: number) => (n > 14 ? `x${n}` : `h${n}`), 14],
    ['another chain', (n: number) => `x${n}`, null],
  ])('finds the fork against %s', async (_name, now, want) => {
    const m = new ChainMemory(blocks(20, now));
    m.keep(Array.from({ length: 21 }, (_, n) => ({ number: n, hash: `h${n}` })));
    expect(await m.findFork()).toBe(want);
  });

  it('has no fork once it forgot everything', async () => {
    const m = new ChainMemory(blocks(5, (n) => `h${n}`));
    await m.rememberUpTo(5);
    m.forgetAbove(3);
    expect(await m.findFork()).toBe(3);
    m.clear();
    expect(await m.findFork()).toBeNull();
  });
});

describe('KickLoop', () => {
  it('coalesces kicks during a round into one more round, and retries a failed round', async () => {
    let rounds = 0;
    let release: () => void = () => {};
    const lines: string[] = [];
    const loop = new KickLoop({
      tick: async () => {
        rounds++;
        if (rounds === 1) await new Promise<void>((r) => (release = r));
        if (rounds === 2) throw new Error('db gone');
      },
      closed: () => false,
      busy: () => false,
      catchUpIntervalMs: 0,
      log: (l) => lines.push(l),
    });
    loop.kick();
    loop.kick();
    loop.kick();
    release();
    await vi.waitFor(() => expect(rounds).toBe(3), { timeout: 3000 });
    await loop.settled();
    expect(lines).toEqual(['events: could not read new blocks: db gone (retrying)', 'events: reading new blocks again']);
  });
});

describe('replay', () => {
  const framesOf = (n: number): BlockFrames => ({ block: n, fromBlock: n, txCount: 0, frames: { block: Buffer.from(`B${n};`), transactions: Buffer.from(`T${n};`) } }) as unknown as BlockFrames;

  function setup(at: HubPosition): { cache: ReplayCache; reads: number[] } {
    const reads: number[] = [];
    const reader = {
      blocks: async (n: number) => {
        reads.push(n);
        return framesOf(n);
      },
      stats: async () => Buffer.from('S;'),
      gas: async () => Buffer.from('G;'),
    } as unknown as BlockEventReader;
    return { cache: new ReplayCache(reader, () => at), reads };
  }

  it('writes the events after the position (none of block 10 is past index 99), the newest block with its stats and gas, reading only blocks not kept', async () => {
    const at = { head: 12, reorgs: 0, generationStart: -1 };
    const { cache, reads } = setup(at);
    cache.keep(0, framesOf(11));
    const res = response();
    const s = stream(res);
    await replay({} as Queryable, cache, at, s, { block: 10, index: 99, reorgs: 0 });
    expect(res.written.join('')).toBe('B11;T11;B12;T12;S;G;');
    expect(reads).toEqual([10, 12]);
    expect(s.replayedTo).toBe(12);
  });

  it.each([
    ['of another generation', { block: 10, index: 0, reorgs: 1 }, 'unknown-position'],
    ['too far behind', { block: 0, index: 0, reorgs: 0 }, 'too-far-behind'],
  ])('says reload for a position %s', async (_name, last, reason) => {
    const at = { head: MAX_REPLAY_BLOCKS + 5, reorgs: 0, generationStart: -1 };
    const res = response();
    await replay({} as Queryable, setup(at).cache, at, stream(res), last);
    expect(res.written.join('')).toContain(reason);
  });
});

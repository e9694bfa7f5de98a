// Last-Event-ID replay: what a reconnecting reader missed, from the frames of recent blocks kept in memory (shared by
// readers reconnecting together) or read once from the database.
import { LRUCache } from 'lru-cache';
import { MAX_REPLAY_BLOCKS, type ReloadEventData } from '../../../../common/live-events.ts';
import { toJson } from '../../http/json.ts';
import type { Queryable } from '../../store/types.ts';
import { eventIndex, topicIndex, type BlockEventReader, type BlockFrames } from './block-events.ts';
import { drained, type Stream } from './client.ts';
import type { LatestFrames } from './events.ts';
import { frame } from './frames.ts';
import { topicActivity, topicData, type TopicActivity } from './topics.ts';

/** A position in the stream, as Last-Event-ID gives it. */
export interface StreamPosition {
  block: number;
  index: number;
  reorgs: number;
}

/** Where the hub stands: its last block, the rollbacks counted then, and where the current generation started. */
export interface HubPosition {
  head: number | null;
  reorgs: number | null;
  /** The block the current generation (rollback count) started from: events of blocks up to it came in an older one. */
  generationStart: number;
}

/** Bytes of recent blocks' frames kept for replays. */
const RECENT_BYTES = 64 * 1024 * 1024;

/** The frames replays write: recent blocks' `block` and `transactions`, and the newest block's `stats` and `gas`. */
export class ReplayCache {
  private readonly reader: BlockEventReader;
  private readonly position: () => HubPosition;
  /**
   * `block` and `transactions` frames of recent blocks, for replays: by `{reorgs}:{block}`, bounded in bytes (a
   * `transactions` event carries its transactions' input data). Readers reconnecting together (a restart, a network
   * blip) share one read of each block, and one of the newest figures.
   */
  private readonly recent = new LRUCache<string, BlockFrames>({
    max: 2 * MAX_REPLAY_BLOCKS,
    maxSize: RECENT_BYTES,
    sizeCalculation: (f) => f.frames.block.length + f.frames.transactions.length,
  });
  private readonly reading = new Map<string, Promise<BlockFrames | null>>();
  private latestRead: Promise<LatestFrames> | null = null;
  /** The `stats` and `gas` frames of the last block passed. */
  latest: LatestFrames | null = null;

  constructor(reader: BlockEventReader, position: () => HubPosition) {
    this.reader = reader;
    this.position = position;
  }

  /** Keeps a block's frames the live streams got. */
  keep(reorgs: number, frames: BlockFrames): void {
    this.recent.set(`${reorgs}:${frames.block}`, frames);
  }

  /** Forgets every frame (a rollback). */
  clear(): void {
    this.recent.clear();
    this.latest = null;
  }

  /** A block's `block` and `transactions` frames for a replay: from memory, or read once however many ask at once. */
  framesOf(n: number, reorgs: number): Promise<BlockFrames | null> {
    const key = `${reorgs}:${n}`;
    const cached = this.recent.get(key);
    if (cached) return Promise.resolve(cached);
    let read = this.reading.get(key);
    if (!read) {
      read = this.reader.blocks(n, n, reorgs).then((frames) => {
        if (frames !== null && this.position().reorgs === reorgs) this.recent.set(key, frames);
        return frames;
      });
      void read.finally(() => this.reading.delete(key)).catch(() => {});
      this.reading.set(key, read);
    }
    return read;
  }

  /** The `stats` and `gas` of the newest block for a replay: those the live streams got, or read once now. */
  async latestOf(head: number, reorgs: number): Promise<{ stats: Buffer; gas: Buffer }> {
    if (this.latest?.block === head && this.latest.reorgs === reorgs) return this.latest;
    const pending = this.latestRead;
    if (pending) {
      const got = await pending.catch(() => null);
      if (got?.block === head && got.reorgs === reorgs) return got;
    }
    const read = Promise.all([this.reader.stats(head, reorgs), this.reader.gas(head, reorgs)]).then(([stats, gas]) => ({ block: head, reorgs, stats, gas }));
    this.latestRead = read;
    const got = await read;
    if (this.latestRead === read) this.latestRead = null;
    // Kept for the next reconnecting reader, unless a newer block's figures came meanwhile.
    const now = this.position();
    if (now.reorgs === reorgs && now.head === head && this.latest === null) this.latest = got;
    return got;
  }
}

/**
 * Writes what a reconnecting reader missed since `last`: every event of the blocks after it, as they were sent
 * (the `stats` and `gas` of the newest block only: older figures are past), from memory or the database; `reload`
 * when `last` is of another generation or more than MAX_REPLAY_BLOCKS behind. Honors back-pressure.
 */
export async function replay(db: Queryable, cache: ReplayCache, at: HubPosition, s: Stream, last: StreamPosition): Promise<void> {
  const { head, reorgs, generationStart } = at;
  if (head === null || reorgs === null) return;
  const reload = (reason: ReloadEventData['reason']): void => {
    const data: ReloadEventData = { reason };
    s.res.write(frame(head, eventIndex('gas'), reorgs, 'reload', JSON.stringify(data)));
  };
  if (last.reorgs !== reorgs) return reload('unknown-position');
  if (last.block >= head && !(last.block === head && head > generationStart)) {
    s.replayedTo = Math.max(head, last.block);
    return;
  }
  if (head - last.block > MAX_REPLAY_BLOCKS) return reload('too-far-behind');
  // A position at or below the generation's start is a `reorg` event's (or older): that block is behind it.
  const partial = last.block > generationStart;
  const from = partial ? last.block : last.block + 1;
  const blocks: BlockFrames[] = [];
  for (let n = from; n <= head; n++) {
    const frames = await cache.framesOf(n, reorgs);
    if (frames === null) return; // rolled back meanwhile: the held `reorg` says so
    blocks.push(frames);
  }
  const latest = await cache.latestOf(head, reorgs);
  const txCount = blocks.reduce((sum, b) => sum + b.txCount, 0);
  const activity: TopicActivity = s.topics.length === 0 ? new Map<string, never>() : await topicActivity(db, from, head, new Set(s.topics), txCount);
  s.replayedTo = head;
  for (const b of blocks) {
    const events: [number, Buffer][] = [
      [eventIndex('block'), b.frames.block],
      [eventIndex('transactions'), b.frames.transactions],
    ];
    if (b.block === head) events.push([eventIndex('stats'), latest.stats], [eventIndex('gas'), latest.gas]);
    s.topics.forEach((t, i) => {
      const data = topicData(t, activity.get(t), b.block, b.block);
      if (data !== null) events.push([topicIndex(i), frame(b.block, topicIndex(i), reorgs, t, toJson(data))]);
    });
    const skip = partial && b.block === last.block ? last.index : -1;
    const room = s.res.write(Buffer.concat(events.filter(([index]) => index > skip).map(([, f]) => f)));
    if (s.res.destroyed) return;
    if (!room) await drained(s.res);
  }
}

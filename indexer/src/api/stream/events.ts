// Building what the streams are sent: the emissions of new blocks (read once, serialized once for every stream) and
// the `reorg` and `reload` notices.
import type { ReloadEventData, ReorgEventData } from '../../../../common/live-events.ts';
import { toJson } from '../../http/json.ts';
import type { Queryable } from '../../store/types.ts';
import { eventIndex, type BlockEventReader, type BlockFrames } from './block-events.ts';
import type { Emission } from './client.ts';
import { eventBody, frame } from './frames.ts';
import { topicActivity, topicData } from './topics.ts';

/** New blocks up to this many at once get their events each (more are coalesced into one emission). */
const PER_BLOCK = 10;

const NO_TOPICS: ReadonlyMap<string, Buffer> = new Map();

/** The `stats` and `gas` frames of a block. */
export interface LatestFrames {
  block: number;
  reorgs: number;
  stats: Buffer;
  gas: Buffer;
}

/** What the emissions of new blocks need read. */
export interface NewBlocks {
  db: Queryable;
  reader: BlockEventReader;
  from: number;
  to: number;
  reorgs: number;
  /** The blocks from … to (the last REMEMBERED of them), as the hub remembers them. */
  hashes: readonly { number: number }[];
  /** The topics some stream asked for now. */
  topics: () => Iterable<string>;
  busy: boolean;
}

/**
 * Blocks from … to were added: one set of reads, then each block's events as its own (`stats` and `gas` for the
 * newest only: they are figures of now), or, for a range longer than PER_BLOCK or during a catch-up, one emission
 * for the newest block with `transactions` and the topics over the whole range. Null when a block is gone already.
 */
export async function blockEmissions(b: NewBlocks): Promise<{ emissions: Emission[]; read: BlockFrames[]; latest: LatestFrames } | null> {
  const { db, reader, from, to, reorgs } = b;
  const emissions: Emission[] = [];
  const read: BlockFrames[] = [];
  const ranges: [number, number][] = to - from < PER_BLOCK && !b.busy ? b.hashes.filter((h) => h.number >= from).map((h) => [h.number, h.number]) : [[from, to]];
  for (const [first, last] of ranges) {
    const frames = await reader.blocks(first, last, reorgs);
    if (frames === null) return null;
    read.push(frames);
  }
  const [stats, gas, activity] = await Promise.all([
    reader.stats(to, reorgs),
    reader.gas(to, reorgs),
    topicActivity(db, from, to, new Set(b.topics()), read.reduce((sum, f) => sum + f.txCount, 0)),
  ]);
  const latest = { block: to, reorgs, stats, gas };
  ranges.forEach(([first, last], i) => {
    const frames = read[i] as BlockFrames;
    const topics = new Map<string, Buffer>();
    for (const t of b.topics()) {
      const data = topicData(t, activity.get(t), first, last);
      if (data !== null) topics.set(t, eventBody(t, toJson(data)));
    }
    const common = Buffer.concat([frames.frames.block, frames.frames.transactions, ...(last === to ? [stats, gas] : [])]);
    emissions.push({ block: last, reorgs, notice: false, common, topics });
  });
  return { emissions, read, latest };
}

/** The `reload` notice: the streams' position is unknown (a fork deeper than the hub remembers, another chain). */
export function reloadNotice(head: number | null, reorgs: number): Emission {
  const data: ReloadEventData = { reason: 'unknown-position' };
  return { block: head ?? 0, reorgs, notice: true, common: frame(head ?? 0, eventIndex('gas'), reorgs, 'reload', JSON.stringify(data)), topics: NO_TOPICS };
}

/** The `reorg` notice: the chain goes on from `fork`, `depth` blocks below what the streams were told last. */
export function reorgNotice(fork: number, depth: number, reorgs: number): Emission {
  const data: ReorgEventData = { depth, fork, head: fork, reorgs };
  return { block: fork, reorgs, notice: true, common: frame(fork, 0, reorgs, 'reorg', JSON.stringify(data)), topics: NO_TOPICS };
}

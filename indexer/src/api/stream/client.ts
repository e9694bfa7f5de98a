// One open event stream and how bytes reach it: one write per round, and a reader that lets too much pile up is
// dropped, not buffered.
import type { ServerResponse } from 'node:http';
import { MAX_REPLAY_BLOCKS } from '../../../../common/live-events.ts';
import { topicIndex } from './block-events.ts';
import { idLine } from './frames.ts';

/** The events of one new block (or coalesced range), or a notice (`reorg`, `reload`), as written to every stream. */
export interface Emission {
  block: number;
  reorgs: number;
  /** A notice is always written, even to a stream whose replay went past its block. */
  notice: boolean;
  /** Frames every stream gets, ids included, in order, as one buffer (one write per stream). */
  common: Buffer;
  /** Bodies of topic events (each stream writes its own id line before one), by topic. */
  topics: ReadonlyMap<string, Buffer>;
}

/** One open stream. */
export interface Stream {
  res: ServerResponse;
  key: string | null;
  topics: readonly string[];
  /** While the stream's replay is written: the live emissions that came meanwhile, written after it. */
  held: Emission[] | null;
  /** The last block the replay covered: held emissions up to it are not written again. */
  replayedTo: number | null;
}

/** Writes to streams, dropping those whose reader does not keep up; counts the drops. */
export class StreamWriter {
  private readonly maxBuffer: number;
  /** Streams dropped because their reader did not keep up. */
  dropped = 0;

  constructor(maxBuffer: number) {
    this.maxBuffer = maxBuffer;
  }

  /** Writes bytes to a stream at once, or drops it when its reader has let too much pile up. */
  write(s: Stream, bytes: Buffer): void {
    const res = s.res;
    if (res.destroyed) return;
    if (res.writableLength > this.maxBuffer) {
      this.dropped++;
      res.destroy();
      return;
    }
    res.write(bytes);
  }

  /**
   * Writes emissions to a stream, or holds them during its replay. A stream without topics gets `shared` (every
   * emission's common frames, joined once for all streams); one with topics gets them joined with its topic events.
   * Either way one write: each write is a system call, the cost that grows with the number of streams.
   */
  deliver(s: Stream, emissions: readonly Emission[], shared: Buffer): void {
    if (emissions.length === 0) return;
    if (s.held !== null) {
      // A replay that cannot keep up with the chain is a slow reader too.
      if (s.held.length + emissions.length > MAX_REPLAY_BLOCKS) {
        this.dropped++;
        s.res.destroy();
      } else s.held.push(...emissions);
      return;
    }
    if (s.topics.length === 0 || emissions.every((e) => e.topics.size === 0)) {
      this.write(s, shared);
      return;
    }
    const chunks: Buffer[] = [];
    for (const e of emissions) {
      chunks.push(e.common);
      s.topics.forEach((t, i) => {
        const body = e.topics.get(t);
        if (body) chunks.push(idLine(e.block, topicIndex(i), e.reorgs), body);
      });
    }
    this.write(s, Buffer.concat(chunks));
  }

  /** After a replay: writes the emissions held meanwhile that it did not cover. */
  release(s: Stream): void {
    const held = s.held ?? [];
    s.held = null;
    const upTo = s.replayedTo ?? -1;
    const due = held.filter((e) => e.notice || e.block > upTo);
    this.deliver(s, due, joined(due));
  }
}

/** The common frames of emissions as one buffer. */
export function joined(emissions: readonly Emission[]): Buffer {
  return emissions.length === 1 ? (emissions[0] as Emission).common : Buffer.concat(emissions.map((e) => e.common));
}

/** Resolves when a response can take more, or is closed. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

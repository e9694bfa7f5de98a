// The event stream's fan-out (GET /events): one hub per process. Told that the indexed chain moved (by the syncer in
// this process, or by the sync state read from the database in a process that does not sync), it reads what changed
// once, serializes each event once, and writes the same bytes to every stream; per-subscription topics are read once
// per block for every stream that asked for them. A stream whose socket does not drain is dropped, not buffered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import {
  MAX_REPLAY_BLOCKS,
  STREAM_HEARTBEAT_MS,
  STREAM_LIMIT_MESSAGES,
  type ReloadEventData,
  type ReorgEventData,
} from '../../../../common/live-events.ts';
import { errorMessage } from '../../../../common/errors.ts';
import { toJson } from '../../http/json.ts';
import { HttpError } from '../../http/router.ts';
import { COMMON_HEADERS } from '../../http/server.ts';
import { blockHashesBetween, blockHashesIn } from '../../store/queries/blocks.ts';
import { headAndReorgs } from '../../store/queries/sync-state.ts';
import type { Queryable } from '../../store/types.ts';
import { BlockEventReader, eventIndex, topicIndex, type BlockFrames } from './block-events.ts';
import { eventBody, frame, HEARTBEAT_FRAME, idLine, RETRY_FRAME } from './frames.ts';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './limits.ts';
import { topicActivity, topicData, type TopicActivity } from './topics.ts';

/** Settings of a hub. */
export interface StreamHubOptions {
  db: Queryable;
  /** The node's eth_gasPrice (hex wei). */
  gasPrice: () => Promise<string | null>;
  /** The key a request's client is counted under for maxPerClient; null: not counted (exempt). */
  clientKey: (req: IncomingMessage) => string | null;
  /** Whether the syncer is catching up: events then come at most once per catchUpIntervalMs. */
  busy?: () => boolean;
  limits?: Partial<StreamLimits>;
  log?: (line: string) => void;
  heartbeatMs?: number;
  catchUpIntervalMs?: number;
  /** How long a block's `gas` event waits for the node (GAS_WAIT_MS unless a test needs more on a loaded machine). */
  gasWaitMs?: number;
  /**
   * Called after each new block's events were written to every stream, with the block and when the hub was told of
   * it (epoch ms, sub-millisecond): the benchmark's measure of delivery delay starts there.
   */
  onEmit?: (block: number, signalledAt: number) => void;
}

/** What a hub did so far (tests and the benchmark read it). */
export interface StreamHubStats {
  open: number;
  /** Streams dropped because their reader did not keep up. */
  dropped: number;
  /** Emissions written (one per new block, or per coalesced range). */
  emitted: number;
  /** The last block the streams were told about. */
  head: number | null;
}

/** The events of one new block (or coalesced range), or a notice (`reorg`, `reload`), as written to every stream. */
interface Emission {
  block: number;
  reorgs: number;
  /** A notice is always written, even to a stream whose replay went past its block. */
  notice: boolean;
  /** Frames every stream gets, ids included, in order, as one buffer (one write per stream). */
  common: Buffer;
  /** Bodies of topic events (each stream writes its own id line before one), by topic. */
  topics: ReadonlyMap<string, Buffer>;
}

interface Stream {
  res: ServerResponse;
  key: string | null;
  topics: readonly string[];
  /** While the stream's replay is written: the live emissions that came meanwhile, written after it. */
  held: Emission[] | null;
  /** The last block the replay covered: held emissions up to it are not written again. */
  replayedTo: number | null;
}

/** A position in the stream, as Last-Event-ID gives it. */
export interface StreamPosition {
  block: number;
  index: number;
  reorgs: number;
}

/** Bytes of recent blocks' frames kept for replays. */
const RECENT_BYTES = 64 * 1024 * 1024;

/** New blocks up to this many at once get their events each (more are coalesced into one emission). */
const PER_BLOCK = 10;

/** Blocks whose hashes are remembered, to find where a rollback forked from what the streams were told. */
const REMEMBERED = MAX_REPLAY_BLOCKS + 28;

const NO_TOPICS: ReadonlyMap<string, Buffer> = new Map();

/** The fan-out of GET /events; see the file's comment. */
export class StreamHub {
  private readonly db: Queryable;
  private readonly reader: BlockEventReader;
  private readonly clientKey: (req: IncomingMessage) => string | null;
  private readonly busy: () => boolean;
  private readonly limits: StreamLimits;
  private readonly log: (line: string) => void;
  private readonly heartbeatMs: number;
  private readonly catchUpIntervalMs: number;
  private readonly streams = new Set<Stream>();
  private readonly perClient = new Map<string, number>();
  /** Topics some stream asked for, with how many streams did. */
  private readonly topicRefs = new Map<string, number>();
  /** Hashes of the last blocks the hub passed, by number. */
  private readonly hashes = new Map<number, string>();
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
  private latestRead: Promise<{ block: number; reorgs: number; stats: Buffer; gas: Buffer }> | null = null;
  /** The `stats` and `gas` frames of the last block passed. */
  private latest: { block: number; reorgs: number; stats: Buffer; gas: Buffer } | null = null;
  /** The last block passed, and the rollbacks counted then; null before start(). */
  private head: number | null = null;
  private reorgs: number | null = null;
  /** The block the current generation (rollback count) started from: events of blocks up to it came in an older one. */
  private generationStart = -1;
  private dirty = false;
  private running: Promise<void> | null = null;
  private closed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private dropped = 0;
  private emitted = 0;
  private failing = false;
  private readonly onEmit: ((block: number, signalledAt: number) => void) | null;
  /** When the first kick since the last round came (epoch ms). */
  private signalledAt: number | null = null;

  constructor(opts: StreamHubOptions) {
    this.db = opts.db;
    this.reader = new BlockEventReader(opts.db, opts.gasPrice, opts.gasWaitMs);
    this.clientKey = opts.clientKey;
    this.busy = opts.busy ?? (() => false);
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...opts.limits };
    this.log = opts.log ?? (() => {});
    this.heartbeatMs = opts.heartbeatMs ?? STREAM_HEARTBEAT_MS;
    this.catchUpIntervalMs = opts.catchUpIntervalMs ?? 1000;
    this.onEmit = opts.onEmit ?? null;
  }

  /** The router whose stats routes the `stats` event carries. */
  useRouter(router: Parameters<BlockEventReader['useRouter']>[0]): void {
    this.reader.useRouter(router);
  }

  /** Where the `gas` event's tracker figures come from (api/gas-tracker.ts). */
  useGasTracker(read: Parameters<BlockEventReader['useGasTracker']>[0]): void {
    this.reader.useGasTracker(read);
  }

  /** Reads where the indexed chain stands (streams start from there) and starts the heartbeat. */
  async start(): Promise<void> {
    const state = await this.state();
    this.head = state.head;
    this.reorgs = state.reorgs;
    if (state.head !== null) {
      const rows = await this.remember(Math.max(0, state.head - REMEMBERED + 1), state.head);
      if (rows) this.keep(rows);
    }
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) if (s.held === null) this.write(s, HEARTBEAT_FRAME);
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Says the indexed chain may have moved (a batch committed, a rollback): the hub reads what changed, once. */
  kick(): void {
    if (this.closed || this.reorgs === null) return;
    this.signalledAt ??= performance.timeOrigin + performance.now();
    this.dirty = true;
    this.running ??= this.run().finally(() => (this.running = null));
  }

  /** For a process that learns the chain from the sync state it reads: kicks when head or rollbacks changed. */
  observe(state: { lastBlock: number | null; reorgs: number }): void {
    if (state.lastBlock !== this.head || state.reorgs !== this.reorgs) this.kick();
  }

  stats(): StreamHubStats {
    return { open: this.streams.size, dropped: this.dropped, emitted: this.emitted, head: this.head };
  }

  /**
   * Opens a stream on a response: refuses it (an HttpError, before anything is written) past the limits; otherwise
   * writes the headers and `retry:`, then what the reader missed since `last` (Last-Event-ID), then every new block.
   */
  open(req: IncomingMessage, res: ServerResponse, topics: readonly string[], last: StreamPosition | null): void {
    if (this.closed) throw new HttpError(503, STREAM_LIMIT_MESSAGES.total);
    const key = this.clientKey(req);
    if (key !== null && (this.perClient.get(key) ?? 0) >= this.limits.maxPerClient) throw new HttpError(429, STREAM_LIMIT_MESSAGES.perClient);
    if (this.streams.size >= this.limits.maxTotal) {
      throw new HttpError(503, STREAM_LIMIT_MESSAGES.total, { 'retry-after': '30', 'access-control-expose-headers': 'Retry-After, X-Request-Id' });
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: a proxy must neither compress nor rewrite it; X-Accel-Buffering: nginx must not buffer it.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    req.socket.setNoDelay(true);
    const stream: Stream = { res, key, topics, held: last === null ? null : [], replayedTo: null };
    this.streams.add(stream);
    if (key !== null) this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    for (const t of topics) this.topicRefs.set(t, (this.topicRefs.get(t) ?? 0) + 1);
    res.once('close', () => this.remove(stream));
    res.write(RETRY_FRAME);
    if (last !== null) {
      void this.replay(stream, last)
        .catch((err: unknown) => {
          this.log(`events: a replay failed: ${errorMessage(err)}`);
          res.destroy();
        })
        .finally(() => this.release(stream));
    }
  }

  /** Ends every stream and the heartbeat; waits for a read in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const s of this.streams) s.res.end();
    await this.running;
  }

  private remove(s: Stream): void {
    if (!this.streams.delete(s)) return;
    if (s.key !== null) {
      const n = (this.perClient.get(s.key) ?? 1) - 1;
      if (n > 0) this.perClient.set(s.key, n);
      else this.perClient.delete(s.key);
    }
    for (const t of s.topics) {
      const n = (this.topicRefs.get(t) ?? 1) - 1;
      if (n > 0) this.topicRefs.set(t, n);
      else this.topicRefs.delete(t);
    }
  }

  /** Writes bytes to a stream at once, or drops it when its reader has let too much pile up. */
  private write(s: Stream, bytes: Buffer): void {
    const res = s.res;
    if (res.destroyed) return;
    if (res.writableLength > this.limits.maxBuffer) {
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
  private deliver(s: Stream, emissions: readonly Emission[], shared: Buffer): void {
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

  /** Writes emissions (the blocks of one round, or a notice) to every stream. */
  private broadcast(emissions: readonly Emission[]): void {
    this.emitted += emissions.length;
    const shared = joined(emissions);
    for (const s of this.streams) this.deliver(s, emissions, shared);
  }

  /** The indexed head and the rollbacks counted, in one read (one snapshot of both). */
  private async state(): Promise<{ head: number | null; reorgs: number }> {
    const row = await headAndReorgs(this.db);
    return { head: row?.head === null || row?.head === undefined ? null : Number(row.head), reorgs: Number(row?.reorgs ?? 0) };
  }

  private async run(): Promise<void> {
    while (this.dirty && !this.closed) {
      this.dirty = false;
      try {
        await this.tick();
        if (this.failing) this.log('events: reading new blocks again');
        this.failing = false;
      } catch (err) {
        if (!this.failing) this.log(`events: could not read new blocks: ${errorMessage(err)} (retrying)`);
        this.failing = true;
        this.dirty = true;
        await this.pause(1000);
        continue;
      }
      // During a catch-up new batches come back to back: one emission a while, never a read per batch.
      if (this.dirty && this.busy()) await this.pause(this.catchUpIntervalMs);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }

  private async tick(): Promise<void> {
    const { head, reorgs } = await this.state();
    if (reorgs !== this.reorgs) await this.rolledBack(reorgs, head);
    if (head !== null && (this.head === null || head > this.head)) await this.advance(this.head === null ? 0 : this.head + 1, head, reorgs);
  }

  /** The hashes of blocks from … to (the last REMEMBERED of them), to remember once emitted; null when `to` is not stored. */
  private async remember(from: number, to: number): Promise<{ number: number; hash: string }[] | null> {
    const rows = await blockHashesBetween(this.db, Math.max(from, to - REMEMBERED + 1), to);
    if (Number(rows.at(-1)?.number) !== to) return null;
    return rows.map((r) => ({ number: Number(r.number), hash: r.hash }));
  }

  private keep(rows: readonly { number: number; hash: string }[]): void {
    for (const r of rows) this.hashes.set(r.number, r.hash);
    const top = rows.at(-1)?.number;
    if (top !== undefined) for (const n of this.hashes.keys()) if (n <= top - REMEMBERED) this.hashes.delete(n);
  }

  /**
   * Blocks from … to were added: one set of reads, then each block's events as its own (`stats` and `gas` for the
   * newest only: they are figures of now), or, for a range longer than PER_BLOCK or during a catch-up, one emission
   * for the newest block with `transactions` and the topics over the whole range.
   */
  private async advance(from: number, to: number, reorgs: number): Promise<void> {
    const signalledAt = this.signalledAt;
    this.signalledAt = null;
    const hashes = await this.remember(from, to);
    // The newest block is gone already: a rollback is under way, and its kick comes next.
    if (hashes === null) return;
    const emissions: Emission[] = [];
    const read: BlockFrames[] = [];
    let latest: typeof this.latest = null;
    if (this.streams.size > 0) {
      const ranges: [number, number][] = to - from < PER_BLOCK && !this.busy() ? hashes.filter((h) => h.number >= from).map((h) => [h.number, h.number]) : [[from, to]];
      for (const [first, last] of ranges) {
        const frames = await this.reader.blocks(first, last, reorgs);
        if (frames === null) return;
        read.push(frames);
      }
      const [stats, gas, activity] = await Promise.all([
        this.reader.stats(to, reorgs),
        this.reader.gas(to, reorgs),
        topicActivity(this.db, from, to, new Set(this.topicRefs.keys()), read.reduce((sum, f) => sum + f.txCount, 0)),
      ]);
      latest = { block: to, reorgs, stats, gas };
      ranges.forEach(([first, last], i) => {
        const frames = read[i] as BlockFrames;
        const topics = new Map<string, Buffer>();
        for (const t of this.topicRefs.keys()) {
          const data = topicData(t, activity.get(t), first, last);
          if (data !== null) topics.set(t, eventBody(t, toJson(data)));
        }
        const common = Buffer.concat([frames.frames.block, frames.frames.transactions, ...(last === to ? [stats, gas] : [])]);
        emissions.push({ block: last, reorgs, notice: false, common, topics });
      });
    }
    // What was read may mix two chains if a rollback came meanwhile: then nothing is said, and the next round tells.
    if ((await this.state()).reorgs !== reorgs) {
      this.dirty = true;
      return;
    }
    this.keep(hashes);
    this.head = to;
    this.latest = latest;
    for (const frames of read) if (frames.fromBlock === frames.block) this.recent.set(`${reorgs}:${frames.block}`, frames);
    if (emissions.length > 0) this.broadcast(emissions);
    if (this.onEmit !== null && signalledAt !== null) for (const e of emissions) this.onEmit(e.block, signalledAt);
  }

  /**
   * The rollback count moved: finds the last block the streams were told about that is still stored (the fork) and
   * says `reorg`; when none of the remembered blocks is (a fork deeper than they go, another chain), says `reload`.
   */
  private async rolledBack(reorgs: number, head: number | null): Promise<void> {
    const fork = await this.findFork();
    const before = this.head;
    this.reorgs = reorgs;
    this.recent.clear();
    this.latest = null;
    if (fork === null) {
      this.hashes.clear();
      this.head = head;
      this.generationStart = head ?? -1;
      if (head !== null) {
        const rows = await this.remember(Math.max(0, head - REMEMBERED + 1), head);
        if (rows) this.keep(rows);
      }
      const data: ReloadEventData = { reason: 'unknown-position' };
      this.broadcast([{ block: head ?? 0, reorgs, notice: true, common: frame(head ?? 0, eventIndex('gas'), reorgs, 'reload', JSON.stringify(data)), topics: NO_TOPICS }]);
      return;
    }
    for (const n of this.hashes.keys()) if (n > fork) this.hashes.delete(n);
    this.head = fork;
    this.generationStart = fork;
    const data: ReorgEventData = { depth: before === null ? 0 : before - fork, fork, head: fork, reorgs };
    this.broadcast([{ block: fork, reorgs, notice: true, common: frame(fork, 0, reorgs, 'reorg', JSON.stringify(data)), topics: NO_TOPICS }]);
  }

  /** The highest remembered block still stored with the same hash, all below it too; null when the lowest is not. */
  private async findFork(): Promise<number | null> {
    const numbers = [...this.hashes.keys()].sort((a, b) => a - b);
    const low = numbers[0];
    if (low === undefined) return null;
    const rows = await blockHashesIn(this.db, low, numbers.at(-1) as number);
    const stored = new Map(rows.map((r) => [Number(r.number), r.hash]));
    let fork: number | null = null;
    for (const n of numbers) {
      if (stored.get(n) !== this.hashes.get(n)) break;
      fork = n;
    }
    return fork;
  }

  /**
   * Writes what a reconnecting reader missed since `last`: every event of the blocks after it, as they were sent
   * (the `stats` and `gas` of the newest block only: older figures are past), from memory or the database; `reload`
   * when `last` is of another generation or more than MAX_REPLAY_BLOCKS behind. Honors back-pressure.
   */
  private async replay(s: Stream, last: StreamPosition): Promise<void> {
    const head = this.head;
    const reorgs = this.reorgs;
    if (head === null || reorgs === null) return;
    const reload = (reason: ReloadEventData['reason']): void => {
      const data: ReloadEventData = { reason };
      s.res.write(frame(head, eventIndex('gas'), reorgs, 'reload', JSON.stringify(data)));
    };
    if (last.reorgs !== reorgs) return reload('unknown-position');
    if (last.block >= head && !(last.block === head && head > this.generationStart)) {
      s.replayedTo = Math.max(head, last.block);
      return;
    }
    if (head - last.block > MAX_REPLAY_BLOCKS) return reload('too-far-behind');
    // A position at or below the generation's start is a `reorg` event's (or older): that block is behind it.
    const partial = last.block > this.generationStart;
    const from = partial ? last.block : last.block + 1;
    const blocks: BlockFrames[] = [];
    for (let n = from; n <= head; n++) {
      const frames = await this.framesOf(n, reorgs);
      if (frames === null) return; // rolled back meanwhile: the held `reorg` says so
      blocks.push(frames);
    }
    const latest = await this.latestOf(head, reorgs);
    const txCount = blocks.reduce((sum, b) => sum + b.txCount, 0);
    const activity: TopicActivity = s.topics.length === 0 ? new Map<string, never>() : await topicActivity(this.db, from, head, new Set(s.topics), txCount);
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

  /** A block's `block` and `transactions` frames for a replay: from memory, or read once however many ask at once. */
  private framesOf(n: number, reorgs: number): Promise<BlockFrames | null> {
    const key = `${reorgs}:${n}`;
    const cached = this.recent.get(key);
    if (cached) return Promise.resolve(cached);
    let read = this.reading.get(key);
    if (!read) {
      read = this.reader.blocks(n, n, reorgs).then((frames) => {
        if (frames !== null && this.reorgs === reorgs) this.recent.set(key, frames);
        return frames;
      });
      void read.finally(() => this.reading.delete(key)).catch(() => {});
      this.reading.set(key, read);
    }
    return read;
  }

  /** The `stats` and `gas` of the newest block for a replay: those the live streams got, or read once now. */
  private async latestOf(head: number, reorgs: number): Promise<{ stats: Buffer; gas: Buffer }> {
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
    if (this.reorgs === reorgs && this.head === head && this.latest === null) this.latest = got;
    return got;
  }

  /** After a replay: writes the emissions held meanwhile that it did not cover. */
  private release(s: Stream): void {
    const held = s.held ?? [];
    s.held = null;
    const upTo = s.replayedTo ?? -1;
    const due = held.filter((e) => e.notice || e.block > upTo);
    this.deliver(s, due, joined(due));
  }
}

/** The common frames of emissions as one buffer. */
function joined(emissions: readonly Emission[]): Buffer {
  return emissions.length === 1 ? (emissions[0] as Emission).common : Buffer.concat(emissions.map((e) => e.common));
}

/** Resolves when a response can take more, or is closed. */
function drained(res: ServerResponse): Promise<void> {
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

// The event stream's fan-out (GET /events): one hub per process. Told that the indexed chain moved (by the syncer in
// this process, or by the sync state read from the database in a process that does not sync), it reads what changed
// once, serializes each event once, and writes the same bytes to every stream; per-subscription topics are read once
// per block for every stream that asked for them. A stream whose socket does not drain is dropped, not buffered.
// The hub composes the parts: admission (limits), client (writing to a stream), follower (where the chain stands, its
// forks), events (what is sent) and replay (Last-Event-ID).
import { errorMessage } from '../../../../common/errors.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_HEARTBEAT_MS } from '../../../../common/live-events.ts';
import { COMMON_HEADERS } from '../../http/server.ts';
import type { Queryable } from '../../store/types.ts';
import { Admission, RefCounts } from './admission.ts';
import { BlockEventReader, type BlockFrames } from './block-events.ts';
import { joined, StreamWriter, type Emission, type Stream } from './client.ts';
import { blockEmissions, reloadNotice, reorgNotice, type LatestFrames } from './events.ts';
import { ChainMemory, chainState, KickLoop } from './follower.ts';
import { HEARTBEAT_FRAME, RETRY_FRAME } from './frames.ts';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './limits.ts';
import { replay, ReplayCache, type StreamPosition } from './replay.ts';

export type { StreamPosition } from './replay.ts';

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

/** The fan-out of GET /events; see the file's comment. */
export class StreamHub {
  private readonly db: Queryable;
  private readonly reader: BlockEventReader;
  private readonly clientKey: (req: IncomingMessage) => string | null;
  private readonly busy: () => boolean;
  private readonly admission: Admission;
  private readonly writer: StreamWriter;
  private readonly log: (line: string) => void;
  private readonly heartbeatMs: number;
  private readonly streams = new Set<Stream>();
  /** Topics some stream asked for, with how many streams did. */
  private readonly topicRefs = new RefCounts();
  private readonly memory: ChainMemory;
  private readonly loop: KickLoop;
  private readonly cache: ReplayCache;
  /** The last block passed, and the rollbacks counted then; null before start(). */
  private head: number | null = null;
  private reorgs: number | null = null;
  /** The block the current generation (rollback count) started from: events of blocks up to it came in an older one. */
  private generationStart = -1;
  private closed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private emitted = 0;
  private readonly onEmit: ((block: number, signalledAt: number) => void) | null;
  /** When the first kick since the last round came (epoch ms). */
  private signalledAt: number | null = null;

  constructor(opts: StreamHubOptions) {
    this.db = opts.db;
    this.reader = new BlockEventReader(opts.db, opts.gasPrice, opts.gasWaitMs);
    this.clientKey = opts.clientKey;
    this.busy = opts.busy ?? (() => false);
    const limits = { ...DEFAULT_STREAM_LIMITS, ...opts.limits };
    this.admission = new Admission(limits);
    this.writer = new StreamWriter(limits.maxBuffer);
    this.log = opts.log ?? (() => {});
    this.heartbeatMs = opts.heartbeatMs ?? STREAM_HEARTBEAT_MS;
    this.onEmit = opts.onEmit ?? null;
    this.memory = new ChainMemory(opts.db);
    this.loop = new KickLoop({ tick: () => this.tick(), closed: () => this.closed, busy: this.busy, catchUpIntervalMs: opts.catchUpIntervalMs ?? 1000, log: this.log });
    this.cache = new ReplayCache(this.reader, () => ({ head: this.head, reorgs: this.reorgs, generationStart: this.generationStart }));
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
    const state = await chainState(this.db);
    this.head = state.head;
    this.reorgs = state.reorgs;
    if (state.head !== null) await this.memory.rememberUpTo(state.head);
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) if (s.held === null) this.writer.write(s, HEARTBEAT_FRAME);
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Says the indexed chain may have moved (a batch committed, a rollback): the hub reads what changed, once. */
  kick(): void {
    if (this.closed || this.reorgs === null) return;
    this.signalledAt ??= performance.timeOrigin + performance.now();
    this.loop.kick();
  }

  /** For a process that learns the chain from the sync state it reads: kicks when head or rollbacks changed. */
  observe(state: { lastBlock: number | null; reorgs: number }): void {
    if (state.lastBlock !== this.head || state.reorgs !== this.reorgs) this.kick();
  }

  /** What the hub did so far. */
  stats(): StreamHubStats {
    return { open: this.streams.size, dropped: this.writer.dropped, emitted: this.emitted, head: this.head };
  }

  /**
   * Opens a stream on a response: refuses it (an HttpError, before anything is written) past the limits; otherwise
   * writes the headers and `retry:`, then what the reader missed since `last` (Last-Event-ID), then every new block.
   */
  open(req: IncomingMessage, res: ServerResponse, topics: readonly string[], last: StreamPosition | null): void {
    const key = this.closed ? null : this.clientKey(req);
    this.admission.check(key, this.streams.size, this.closed);
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
    this.admission.enter(key);
    for (const t of topics) this.topicRefs.add(t);
    res.once('close', () => this.remove(stream));
    res.write(RETRY_FRAME);
    if (last !== null) {
      void replay(this.db, this.cache, { head: this.head, reorgs: this.reorgs, generationStart: this.generationStart }, stream, last)
        .catch((err: unknown) => {
          this.log(`events: a replay failed: ${errorMessage(err)}`);
          res.destroy();
        })
        .finally(() => this.writer.release(stream));
    }
  }

  /** Ends every stream and the heartbeat; waits for a read in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const s of this.streams) s.res.end();
    await this.loop.settled();
  }

  private remove(s: Stream): void {
    if (!this.streams.delete(s)) return;
    this.admission.leave(s.key);
    for (const t of s.topics) this.topicRefs.remove(t);
  }

  /** Writes emissions (the blocks of one round, or a notice) to every stream. */
  private broadcast(emissions: readonly Emission[]): void {
    this.emitted += emissions.length;
    const shared = joined(emissions);
    for (const s of this.streams) this.writer.deliver(s, emissions, shared);
  }

  private async tick(): Promise<void> {
    const { head, reorgs } = await chainState(this.db);
    if (reorgs !== this.reorgs) await this.rolledBack(reorgs, head);
    if (head !== null && (this.head === null || head > this.head)) await this.advance(this.head === null ? 0 : this.head + 1, head, reorgs);
  }

  /** Blocks from … to were added: reads their events once (events.ts) and writes them to every stream. */
  private async advance(from: number, to: number, reorgs: number): Promise<void> {
    const signalledAt = this.signalledAt;
    this.signalledAt = null;
    const hashes = await this.memory.read(from, to);
    // The newest block is gone already: a rollback is under way, and its kick comes next.
    if (hashes === null) return;
    let emissions: Emission[] = [];
    let read: BlockFrames[] = [];
    let latest: LatestFrames | null = null;
    if (this.streams.size > 0) {
      const built = await blockEmissions({ db: this.db, reader: this.reader, from, to, reorgs, hashes, topics: () => this.topicRefs.keys(), busy: this.busy() });
      if (built === null) return;
      ({ emissions, read, latest } = built);
    }
    // What was read may mix two chains if a rollback came meanwhile: then nothing is said, and the next round tells.
    if ((await chainState(this.db)).reorgs !== reorgs) {
      this.loop.again();
      return;
    }
    this.memory.keep(hashes);
    this.head = to;
    this.cache.latest = latest;
    for (const frames of read) if (frames.fromBlock === frames.block) this.cache.keep(reorgs, frames);
    if (emissions.length > 0) this.broadcast(emissions);
    if (this.onEmit !== null && signalledAt !== null) for (const e of emissions) this.onEmit(e.block, signalledAt);
  }

  /**
   * The rollback count moved: finds the last block the streams were told about that is still stored (the fork) and
   * says `reorg`; when none of the remembered blocks is (a fork deeper than they go, another chain), says `reload`.
   */
  private async rolledBack(reorgs: number, head: number | null): Promise<void> {
    const fork = await this.memory.findFork();
    const before = this.head;
    this.reorgs = reorgs;
    this.cache.clear();
    if (fork === null) {
      this.memory.clear();
      this.head = head;
      this.generationStart = head ?? -1;
      if (head !== null) await this.memory.rememberUpTo(head);
      this.broadcast([reloadNotice(head, reorgs)]);
      return;
    }
    this.memory.forgetAbove(fork);
    this.head = fork;
    this.generationStart = fork;
    this.broadcast([reorgNotice(fork, before === null ? 0 : before - fork, reorgs)]);
  }
}

import { BackgroundLoop } from '../background/loop.ts';
import type { Queryable, Store } from '../store/types.ts';
import { foldStep } from './fold.ts';
import { errorMessage } from '../../../common/errors.ts';

// The stats follower: like the trailing tracer (sync/tracer.ts), it follows the indexed chain with a cursor
// of its own (stats_cursor) once the syncer has caught up, and in one write transaction per step, which starts with the
// sync fence, folds the new blocks into the daily series (daily_stats, token_daily_stats). A reorg's rollback removes
// blocks the follower may have folded: the step finds its cursor block replaced and re-folds from the last intact day
// (stats/fold.ts). Only the syncing process runs it, so a process that lost the sync writes nothing.

/** Settings of the stats follower. */
export interface StatsFollowerOptions {
  /** Pause when there is nothing to fold, in ms. */
  pollMs?: number;
  log?: (line: string) => void;
  /** Resolves once the syncer first caught up: no folding before. */
  caughtUp?: () => Promise<void>;
  /** True while the syncer catches up: the follower waits. */
  busy?: () => boolean;
  /** Runs first in the step's transaction (the sync lock's fence on PostgreSQL); throwing refuses the write. */
  fence?: (tx: Queryable) => Promise<void>;
  /** Whether to fold no further than the trailing tracer's cursor (true while a tracer runs that can trace). */
  trailTracer?: () => boolean;
  /** Most UTC days folded per step (default 31): a first fold of a long history holds the write lock in short steps. */
  maxDays?: number;
  /**
   * A figure that changes when there may be something new to fold (the indexed head, the tracer's cursor), read from
   * memory every 50 ms while idle: the follower steps at once instead of at its next poll.
   */
  moved?: () => string;
}

/** Folds the indexed blocks into the daily series behind the syncer. */
export class StatsFollower {
  private readonly db: Store;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  private readonly caughtUp: () => Promise<void>;
  private readonly busy: () => boolean;
  private readonly fence: (tx: Queryable) => Promise<void>;
  private readonly trailTracer: () => boolean;
  private readonly maxDays: number;
  private readonly moved: () => string;
  private readonly loop = new BackgroundLoop(() => this.run());
  private folded: number | null = null;
  /** Whether the syncer has caught up once (folding starts then). */
  private ready = false;

  constructor(db: Store, opts: StatsFollowerOptions = {}) {
    this.db = db;
    this.pollMs = opts.pollMs ?? 1000;
    this.log = opts.log ?? (() => {});
    this.caughtUp = opts.caughtUp ?? (() => Promise.resolve());
    this.busy = opts.busy ?? (() => false);
    this.fence = opts.fence ?? (async () => {});
    this.trailTracer = opts.trailTracer ?? (() => false);
    this.maxDays = opts.maxDays ?? 31;
    this.moved = opts.moved ?? (() => '');
  }

  /** The last block folded, as this process last wrote or read it; null before any. */
  foldedBlock(): number | null {
    return this.folded;
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Stops after the step being written, then, once the syncer has caught up, folds what is left up to the head (or the
   * tracer's cursor): a process stopped at the head leaves its series at the head, as a clean run's would be.
   */
  async stop(): Promise<void> {
    await this.loop.stop();
    if (!this.ready || this.busy()) return;
    try {
      for (let i = 0; i < 100 && (await this.step()); i++);
    } catch (err) {
      // A lost sync lock (the fence) or a closing database: the next syncing process folds it.
      this.log(`stats: not folded at stop: ${errorMessage(err)}`);
    }
  }

  /** One step: rewinds after a reorg, folds up to maxDays days; true when more is left to fold. */
  async step(): Promise<boolean> {
    const trailTracer = this.trailTracer();
    const outcome = await this.db.transaction(async (tx) => {
      await this.fence(tx);
      return foldStep(tx, { maxDays: this.maxDays, trailTracer });
    }, { relaxed: true });
    if (outcome.rewound) this.log(`stats: a reorg replaced folded blocks; folding again from block ${outcome.cursor === null ? 0 : outcome.cursor + 1}`);
    this.folded = outcome.cursor;
    return outcome.more;
  }

  /** Waits for the poll interval, or less when `moved` says there is something new. */
  private async idle(): Promise<void> {
    const seen = this.moved();
    for (let waited = 0; waited < this.pollMs && this.loop.running && this.moved() === seen; waited += 50) await this.loop.sleep(Math.min(50, this.pollMs));
  }

  private async run(): Promise<void> {
    void this.caughtUp().then(() => (this.ready = true));
    while (this.loop.running && !this.ready) await this.loop.sleep(Math.min(this.pollMs, 250));
    let failures = 0;
    while (this.loop.running) {
      if (this.busy()) {
        await this.loop.sleep(this.pollMs);
        continue;
      }
      try {
        const more = await this.step();
        failures = 0;
        // A long first fold yields between steps, so that the syncer's batches and API reads go in between.
        if (more) await this.loop.sleep(10);
        else await this.idle();
      } catch (err) {
        failures++;
        if (failures === 1 || failures % 30 === 0) this.log(`stats: ${errorMessage(err)} (retrying)`);
        await this.loop.sleep(Math.min(10_000, 500 * failures));
      }
    }
  }
}

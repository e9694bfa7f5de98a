// Following the indexed chain: where it stands, the hashes of the last blocks the streams were told about (to find
// where a rollback forked from them), and the loop that turns kicks into one read at a time.
import { errorMessage } from '../../../../common/errors.ts';
import { MAX_REPLAY_BLOCKS } from '../../../../common/live-events.ts';
import { blockHashesBetween, blockHashesIn } from '../../store/queries/blocks.ts';
import { headAndReorgs } from '../../store/queries/sync-state.ts';
import type { Queryable } from '../../store/types.ts';

/** Blocks whose hashes are remembered, to find where a rollback forked from what the streams were told. */
export const REMEMBERED = MAX_REPLAY_BLOCKS + 28;

/** The indexed head and the rollbacks counted, in one read (one snapshot of both). */
export async function chainState(db: Queryable): Promise<{ head: number | null; reorgs: number }> {
  const row = await headAndReorgs(db);
  return { head: row?.head === null || row?.head === undefined ? null : Number(row.head), reorgs: Number(row?.reorgs ?? 0) };
}

/** The hashes of the last blocks passed to the streams, by number, and the search for a fork among them. */
export class ChainMemory {
  private readonly db: Queryable;
  private readonly hashes = new Map<number, string>();

  constructor(db: Queryable) {
    this.db = db;
  }

  /** The hashes of blocks from … to (the last REMEMBERED of them), to remember once emitted; null when `to` is not stored. */
  async read(from: number, to: number): Promise<{ number: number; hash: string }[] | null> {
    const rows = await blockHashesBetween(this.db, Math.max(from, to - REMEMBERED + 1), to);
    if (Number(rows.at(-1)?.number) !== to) return null;
    return rows.map((r) => ({ number: Number(r.number), hash: r.hash }));
  }

  /** Remembers blocks passed, forgetting those more than REMEMBERED below the newest. */
  keep(rows: readonly { number: number; hash: string }[]): void {
    for (const r of rows) this.hashes.set(r.number, r.hash);
    const top = rows.at(-1)?.number;
    if (top !== undefined) for (const n of this.hashes.keys()) if (n <= top - REMEMBERED) this.hashes.delete(n);
  }

  /** Reads and remembers the last REMEMBERED blocks up to `head`. */
  async rememberUpTo(head: number): Promise<void> {
    const rows = await this.read(Math.max(0, head - REMEMBERED + 1), head);
    if (rows) this.keep(rows);
  }

  /** Forgets the blocks above a fork. */
  forgetAbove(fork: number): void {
    for (const n of this.hashes.keys()) if (n > fork) this.hashes.delete(n);
  }

  /** Forgets every block. */
  clear(): void {
    this.hashes.clear();
  }

  /** The highest remembered block still stored with the same hash, all below it too; null when the lowest is not. */
  async findFork(): Promise<number | null> {
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
}

/** What a KickLoop runs and reads. */
export interface KickLoopOptions {
  /** One round: reads what changed and tells the streams. */
  tick: () => Promise<void>;
  closed: () => boolean;
  /** Whether the syncer is catching up: rounds then come at most once per catchUpIntervalMs. */
  busy: () => boolean;
  catchUpIntervalMs: number;
  log: (line: string) => void;
}

/** Runs a round after kicks, one at a time: kicks during a round make one more round, not one each. */
export class KickLoop {
  private readonly opts: KickLoopOptions;
  private dirty = false;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(opts: KickLoopOptions) {
    this.opts = opts;
  }

  /** Asks for a round, starting the loop unless it runs. */
  kick(): void {
    this.dirty = true;
    this.running ??= this.run().finally(() => (this.running = null));
  }

  /** Asks for one more round from inside a round (what it read is stale). */
  again(): void {
    this.dirty = true;
  }

  /** Resolves once the round in progress, if any, has ended. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async run(): Promise<void> {
    while (this.dirty && !this.opts.closed()) {
      this.dirty = false;
      try {
        await this.opts.tick();
        if (this.failing) this.opts.log('events: reading new blocks again');
        this.failing = false;
      } catch (err) {
        if (!this.failing) this.opts.log(`events: could not read new blocks: ${errorMessage(err)} (retrying)`);
        this.failing = true;
        this.dirty = true;
        await pause(1000);
        continue;
      }
      // During a catch-up new batches come back to back: one emission a while, never a read per batch.
      if (this.dirty && this.opts.busy()) await pause(this.opts.catchUpIntervalMs);
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

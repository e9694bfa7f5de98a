/** Committed batches between two WAL checkpoints during a catch-up (and at most while idle). */
const EVERY_BATCHES = 100;
/** While idle, the longest time a committed batch waits for its checkpoint. */
const IDLE_MS = 10_000;

/**
 * When to checkpoint the SQLite WAL: every 100 committed batches during a catch-up, and when idle at most every 10 s.
 * `checkpoint` starts one and answers false when one is still running (then the next call tries again).
 */
export class CheckpointPolicy {
  private readonly checkpoint: () => boolean;
  private readonly now: () => number;
  private uncheckpointed = 0;
  private lastCheckpoint: number;

  constructor(checkpoint: () => boolean, now: () => number = Date.now) {
    this.checkpoint = checkpoint;
    this.now = now;
    this.lastCheckpoint = now();
  }

  /** Counts one committed batch. */
  committed(): void {
    this.uncheckpointed++;
  }

  /** Checkpoints if the policy says it is time: `idle` when the sync has caught up and is polling the head. */
  maybe(idle: boolean): void {
    if (this.uncheckpointed === 0) return;
    if (idle ? this.now() - this.lastCheckpoint < IDLE_MS && this.uncheckpointed < EVERY_BATCHES : this.uncheckpointed < EVERY_BATCHES) return;
    if (!this.checkpoint()) return;
    this.uncheckpointed = 0;
    this.lastCheckpoint = this.now();
  }
}

/**
 * Orders overlapping batch writes: each takes a turn, waits until the turn before has ended, and ends its own once
 * its transaction is built (where the store pipelines transactions) or committed (where it does not). Ending a turn
 * twice is harmless.
 */
export class BuildTurns {
  /** Resolves once the last turn taken has ended. */
  private last: Promise<void> = Promise.resolve();

  /** The next turn: `wait` resolves once the turn before has ended; `end` ends this one. */
  take(): { wait: Promise<void>; end: () => void } {
    const wait = this.last;
    let end!: () => void;
    this.last = new Promise<void>((resolve) => {
      end = resolve;
    });
    return { wait, end };
  }
}

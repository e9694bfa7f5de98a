/**
 * The start/stop logic of work that runs in the background until stopped: the syncer, the metadata queue and the
 * reader of another process's sync state. The owner's body loops while `running` and pauses with sleep(); stop()
 * ends a pause at once and resolves when the body has returned, so the owner's last step always completes.
 */
export class BackgroundLoop {
  private readonly body: () => Promise<void>;
  private readonly unref: boolean;
  private active = false;
  private done: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  /**
   * `body` is the loop itself. With `unref`, a pause does not keep the process alive (for work that only serves
   * something else which does).
   */
  constructor(body: () => Promise<void>, opts: { unref?: boolean } = {}) {
    this.body = body;
    this.unref = opts.unref === true;
  }

  /** Whether the body should go on: true from start() until stop(). */
  get running(): boolean {
    return this.active;
  }

  /** Starts the body, unless it runs already. */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.done = this.body();
  }

  /** Asks the body to end, ends its pause, and resolves once it has returned. */
  async stop(): Promise<void> {
    this.active = false;
    this.wake?.();
    await this.done;
    this.done = null;
  }

  /**
   * Pauses for `ms`, less when kicked or stopped. It returns at once when stopped already, or when a kick came
   * while no pause ran (the work it announced arrived after the body last looked).
   */
  sleep(ms: number): Promise<void> {
    if (!this.active || this.kicked) {
      this.kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), ms);
      if (this.unref) timer.unref();
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        this.kicked = false;
        resolve();
      };
      this.wake = done;
    });
  }

  /** Signals new work: ends the current pause, or the next one. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Forgets a kick: for a body about to look for work, which will find what the kick announced. */
  clearKick(): void {
    this.kicked = false;
  }
}

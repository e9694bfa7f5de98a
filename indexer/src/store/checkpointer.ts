import { Worker } from 'node:worker_threads';

/** Requests WAL checkpoints from a worker thread; at most one runs at a time and requests never wait. */
export class Checkpointer {
  private readonly worker: Worker;
  private busy = false;
  private closed = false;

  constructor(file: string, log: (line: string) => void) {
    this.worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: { file } });
    this.worker.on('message', (msg: string) => {
      this.busy = false;
      if (msg.startsWith('error')) log(`checkpoint: ${msg}`);
    });
    this.worker.on('error', (err: Error) => log(`checkpoint worker: ${err.message}`));
    this.worker.unref();
  }

  /** Starts a checkpoint unless one is running; returns whether it started. */
  request(): boolean {
    if (this.busy || this.closed) return false;
    this.busy = true;
    this.worker.postMessage('checkpoint');
    return true;
  }

  /** Closes the worker's connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 5000))]);
    await this.worker.terminate();
  }
}

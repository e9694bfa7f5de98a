import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/router.ts';
import type { CompilerSource } from './compilers.ts';
import type { CompileAnswer, CompileJob } from './worker.ts';

// A small pool of compiler threads with a queue: the API thread never compiles, each thread compiles one job at a
// time, a job that runs past its time limit ends its thread (a new one starts), and a full queue is refused.

/** A compilation the pool refused or could not finish; `status` is the HTTP status to answer. */
export class CompileError extends HttpError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = 'CompileError';
  }
}

/** Options of the pool. */
export interface PoolOptions {
  /** Threads (VERIFY_WORKERS, default 1: compiling is CPU-bound and the API shares the machine). */
  size: number;
  /** Jobs waiting beyond the running ones before new ones are refused (503). */
  maxQueue: number;
  /** Time limit of one compilation. */
  timeoutMs: number;
  /** Bytes of recent outputs kept for the same input compiled again (default COMPILE_CACHE_BYTES; 0 keeps none). */
  cacheBytes?: number;
  /** Told of each compilation a thread answered and its time, from its start on the thread (the indexer's metrics). */
  onCompiled?: (seconds: number) => void;
}

/**
 * Recent outputs kept, at most this many bytes of them. Hardhat and Foundry verify a project one request per contract,
 * each with the same standard JSON input: the project compiles once, not once per contract. solc is deterministic, so
 * an output is keyed by the compiler and the input text alone.
 */
export const COMPILE_CACHE_BYTES = 64 * 1024 * 1024;

interface Pending {
  job: CompileJob;
  resolve: (output: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running: (Pending & { timer: NodeJS.Timeout; began: number }) | null;
}

/** The compiler thread pool. */
export class CompilerPool {
  private readonly opts: PoolOptions;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Outputs by compiler and input, oldest first: settled ones with their size, and compilations in flight (shared). */
  private readonly outputs = new Map<string, { output: Promise<string>; bytes: number }>();
  private cachedBytes = 0;

  constructor(opts: PoolOptions) {
    this.opts = opts;
  }

  /** Jobs running or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.running !== null).length;
  }

  /**
   * Compiles standard JSON input; resolves with solc's output text. The same input for the same compiler, compiling or
   * compiled recently, is answered from that compilation.
   */
  compile(compiler: CompilerSource, input: string): Promise<string> {
    if (this.closed) return Promise.reject(new CompileError(503, 'The verifier is shutting down'));
    const limit = this.opts.cacheBytes ?? COMPILE_CACHE_BYTES;
    if (limit <= 0) return this.enqueue(compiler, input);
    const key = createHash('sha256').update(JSON.stringify(compiler)).update('\0').update(input).digest('hex');
    const known = this.outputs.get(key);
    if (known) {
      // Most recently used last.
      this.outputs.delete(key);
      this.outputs.set(key, known);
      return known.output;
    }
    const output = this.enqueue(compiler, input);
    const entry = { output, bytes: 0 };
    this.outputs.set(key, entry);
    output.then(
      (text) => {
        if (this.outputs.get(key) !== entry) return;
        entry.bytes = text.length;
        this.cachedBytes += entry.bytes;
        this.evict(limit);
      },
      // A compilation that did not finish (time limit, thread failure, shutdown) is not an answer to keep.
      () => {
        if (this.outputs.get(key) === entry) this.outputs.delete(key);
      },
    );
    return output;
  }

  /** Drops the oldest outputs until those kept fit in `limit` bytes. */
  private evict(limit: number): void {
    for (const [key, entry] of this.outputs) {
      if (this.cachedBytes <= limit) return;
      this.outputs.delete(key);
      this.cachedBytes -= entry.bytes;
    }
  }

  private enqueue(compiler: CompilerSource, input: string): Promise<string> {
    if (this.queue.length >= this.opts.maxQueue) {
      return Promise.reject(new CompileError(503, 'The verifier is busy: too many verifications are waiting. Please try again in a minute.'));
    }
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, compiler, input }, resolve, reject });
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./worker.ts', import.meta.url)), running: null };
    slot.worker.unref();
    slot.worker.on('message', (answer: CompileAnswer) => {
      const running = slot.running;
      if (!running || running.job.id !== answer.id) return;
      clearTimeout(running.timer);
      slot.running = null;
      this.opts.onCompiled?.((performance.now() - running.began) / 1000);
      if ('output' in answer) running.resolve(answer.output);
      else running.reject(new CompileError(400, `The compiler could not run: ${answer.error}`));
      this.dispatch();
    });
    slot.worker.on('error', (err: Error) => this.replace(slot, new CompileError(500, `The compiler thread failed: ${err.message}`)));
    slot.worker.on('exit', () => {
      if (slot.running) this.replace(slot, new CompileError(500, 'The compiler thread stopped'));
    });
    this.slots.push(slot);
    return slot;
  }

  /** Drops a slot whose thread failed or ran out of time; its job fails with `error`. */
  private replace(slot: Slot, error: CompileError): void {
    const running = slot.running;
    slot.running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(error);
    }
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    this.dispatch();
  }

  private dispatch(): void {
    while (!this.closed && this.queue.length > 0) {
      let slot = this.slots.find((s) => s.running === null);
      if (!slot && this.slots.length < this.opts.size) slot = this.spawn();
      if (!slot) return;
      const next = this.queue.shift() as Pending;
      const current = slot;
      const timer = setTimeout(() => {
        this.replace(current, new CompileError(422, `Compilation took longer than ${Math.round(this.opts.timeoutMs / 1000)} s and was stopped`));
      }, this.opts.timeoutMs);
      current.running = { ...next, timer, began: performance.now() };
      current.worker.postMessage(next.job);
    }
  }

  /** Ends every thread; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    this.outputs.clear();
    this.cachedBytes = 0;
    for (const pending of this.queue.splice(0)) pending.reject(new CompileError(503, 'The verifier is shutting down'));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.running) {
          clearTimeout(slot.running.timer);
          slot.running.reject(new CompileError(503, 'The verifier is shutting down'));
          slot.running = null;
        }
        return slot.worker.terminate();
      }),
    );
  }
}

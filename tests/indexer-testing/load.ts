import { Worker } from 'node:worker_threads';
import type { LoadResult, SlowRequest } from './load-worker.ts';

export type { SlowRequest } from './load-worker.ts';

/** Latency and throughput of one load run. */
export interface LoadFigures {
  /** Answered requests (any status); requests without an answer are `errors`. */
  requests: number;
  /** Answered requests per second. */
  rps: number;
  /** How long the run took. */
  elapsedMs: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Count per HTTP status, and `error` for requests without an answer. */
  statuses: Record<string, number>;
  /** The first 10 failed requests: status or error message, then the path. */
  failures: string[];
  /** The 3 slowest answered requests, slowest first. */
  slowest: SlowRequest[];
}

/** Options of runLoad. */
export interface LoadOptions {
  /** Request headers. */
  headers?: Record<string, string>;
  /** A request without an answer this long is given up and counted as an error (default: none). */
  timeoutMs?: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Requests the paths round-robin over `connections` keep-alive sockets for `durationMs`, from a worker thread. */
export async function runLoad(url: string, paths: readonly string[], connections: number, durationMs: number, options: LoadOptions = {}): Promise<LoadFigures> {
  const { headers = {}, timeoutMs } = options;
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: { url, paths, connections, durationMs, headers, timeoutMs } });
  const result = await new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / (result.elapsedMs / 1000),
    elapsedMs: result.elapsedMs,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: result.statuses,
    failures: result.failures,
    slowest: result.slowest,
  };
}

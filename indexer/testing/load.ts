import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load-worker.ts';

/** Latency and throughput of one load run. */
export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Requests the paths round-robin over `connections` keep-alive sockets for `durationMs`, from a worker thread (with `headers`). */
export async function runLoad(url: string, paths: readonly string[], connections: number, durationMs: number, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: { url, paths, connections, durationMs, headers } });
  const result = await new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / (result.elapsedMs / 1000),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

// A keep-alive HTTP load generator run in a worker thread, so that it does not share the event loop
// of the server it measures. Input: {url, paths, connections, durationMs}; output: latencies in ms.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { errorMessage } from '../../common/errors.ts';

interface LoadJob {
  url: string;
  paths: string[];
  connections: number;
  durationMs: number;
  /** Request headers (the page benchmark sends a browser's Accept-Encoding). */
  headers?: Record<string, string>;
  /** A request without an answer this long is given up and counted as an error (none when absent). */
  timeoutMs?: number;
}

/** A slow request. */
export interface SlowRequest {
  ms: number;
  path: string;
}

/** What the worker posts back. */
export interface LoadResult {
  latencies: number[];
  errors: number;
  non2xx: number;
  elapsedMs: number;
  /** Count per HTTP status, and `error` for requests without an answer. */
  statuses: Record<string, number>;
  /** The first 10 failed requests: status or error message, then the path. */
  failures: string[];
  /** The 3 slowest answered requests, slowest first. */
  slowest: SlowRequest[];
}

const job = workerData as LoadJob;
const base = new URL(job.url);
const agent = new Agent({ keepAlive: true, maxSockets: job.connections, maxFreeSockets: job.connections });

function once(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, method: 'GET', headers: job.headers ?? {}, timeout: job.timeoutMs }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${(job.timeoutMs ?? 0) / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

async function run(): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const slowest: SlowRequest[] = [];
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const fail = (what: string, path: string): void => {
    if (failures.length < 10) failures.push(`${what} ${path}`);
  };
  const start = performance.now();
  const end = start + job.durationMs;
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const path = job.paths[next++ % job.paths.length] as string;
      const t = performance.now();
      try {
        const status = await once(path);
        const ms = performance.now() - t;
        latencies.push(ms);
        if (slowest.length < 3 || ms > (slowest[2]?.ms ?? 0)) {
          slowest.push({ ms, path });
          slowest.sort((x, y) => y.ms - x.ms).splice(3);
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) {
          non2xx++;
          fail(String(status), path);
        }
      } catch (error) {
        errors++;
        statuses['error'] = (statuses['error'] ?? 0) + 1;
        fail(errorMessage(error), path);
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, loop));
  agent.destroy();
  return { latencies, errors, non2xx, elapsedMs: performance.now() - start, statuses, failures, slowest };
}

void run().then((r) => parentPort?.postMessage(r));

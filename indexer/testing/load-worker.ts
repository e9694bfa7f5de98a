// A keep-alive HTTP load generator run in a worker thread, so that it does not share the event loop
// of the server it measures. Input: {url, paths, connections, durationMs}; output: latencies in ms.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

interface LoadJob {
  url: string;
  paths: string[];
  connections: number;
  durationMs: number;
  /** Request headers (the page benchmark sends a browser's Accept-Encoding). */
  headers?: Record<string, string>;
}

/** What the worker posts back. */
export interface LoadResult {
  latencies: number[];
  errors: number;
  non2xx: number;
  elapsedMs: number;
}

const job = workerData as LoadJob;
const base = new URL(job.url);
const agent = new Agent({ keepAlive: true, maxSockets: job.connections, maxFreeSockets: job.connections });

function once(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, method: 'GET', headers: job.headers ?? {} }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const start = performance.now();
  const end = start + job.durationMs;
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const path = job.paths[next++ % job.paths.length] as string;
      const t = performance.now();
      try {
        const status = await once(path);
        if (status < 200 || status >= 300) non2xx++;
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, loop));
  agent.destroy();
  return { latencies, errors, non2xx, elapsedMs: performance.now() - start };
}

void run().then((r) => parentPort?.postMessage(r));

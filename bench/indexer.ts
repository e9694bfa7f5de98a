// Indexer benchmark: sync rate from scratch on a devnet history of 20,000+ transactions, then API latency
// at 64 concurrent keep-alive connections. Run with `npx node bench/indexer.ts` (BENCH_SCALE, BENCH_SECONDS).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '../devnet/anvil.ts';
import { runScenario } from '../devnet/scenario.ts';
import { startIndexer } from '../indexer/src/main.ts';
import { runLoad, type LoadFigures } from '../indexer/testing/load.ts';

/** Settings of a benchmark run. */
export interface IndexerBenchOptions {
  /** Scenario scale; the default gives a little over 20,000 transactions. */
  scale?: number;
  /** Seconds of load per endpoint. */
  seconds?: number;
  connections?: number;
  log?: (line: string) => void;
}

/** Figures of a benchmark run. */
export interface IndexerBenchResult {
  blocks: number;
  transactions: number;
  syncSeconds: number;
  blocksPerSecond: number;
  transactionsPerSecond: number;
  connections: number;
  endpoints: ({ name: string; path: string; cache: boolean } & LoadFigures)[];
  /** A bare node:http server answering a constant 1 KB JSON body: the ceiling of this machine. */
  baseline: LoadFigures;
}

const TARGET_TXS = 20_000;

/** The same load against a bare node:http server with a constant 1 KB JSON body. */
async function baseline(connections: number, seconds: number): Promise<LoadFigures> {
  const body = JSON.stringify({ data: 'x'.repeat(1000) });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await runLoad(url, ['/'], connections, 500);
    return await runLoad(url, ['/'], connections, seconds * 1000);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Runs the benchmark and returns its figures (also printed as a table through log). */
export async function runIndexerBench(opts: IndexerBenchOptions = {}): Promise<IndexerBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const scale = opts.scale ?? Number(process.env['BENCH_SCALE'] ?? 30);
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 5);
  const connections = opts.connections ?? 64;
  const anvil = await startAnvil();
  const dir = mkdtempSync(join(tmpdir(), 'indexer-bench-'));
  try {
    log(`indexer bench: writing the devnet history (scale ${scale})…`);
    const info = await runScenario(anvil.url, { scale });
    if (info.txCount < TARGET_TXS) log(`indexer bench: warning, only ${info.txCount} transactions (aim: ${TARGET_TXS}); raise BENCH_SCALE`);

    const started = performance.now();
    const first = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false });
    let syncSeconds: number;
    try {
      await first.caughtUp();
      syncSeconds = (performance.now() - started) / 1000;
    } finally {
      await first.stop();
    }
    log(`indexer bench: synced; measuring the API (${seconds} s per endpoint)…`);

    const endpoints: IndexerBenchResult['endpoints'] = [];
    let blocks = 0;
    let transactions = 0;
    // The same database served twice: with the response cache (the default), then without it (cold paths).
    for (const cache of [true, false]) {
      const indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false, metadata: false, apiCache: cache });
      try {
        await indexer.caughtUp();
        const count = (sql: string): number => Number((indexer.db.prepare(sql).get() as { n: number }).n);
        blocks = count('SELECT count(*) AS n FROM blocks');
        transactions = count('SELECT count(*) AS n FROM transactions');
        const numbers = indexer.db.prepare('SELECT number FROM blocks ORDER BY random() LIMIT 500').all() as { number: number }[];
        const hashes = indexer.db.prepare('SELECT hash FROM transactions ORDER BY random() LIMIT 500').all() as { hash: string }[];
        const addresses = indexer.db.prepare('SELECT address FROM addresses ORDER BY random() LIMIT 500').all() as { address: string }[];
        const suites = [
          { name: 'block', path: '/blocks/{n}', paths: numbers.map((r) => `/blocks/${r.number}`) },
          { name: 'transaction', path: '/transactions/{hash}', paths: hashes.map((r) => `/transactions/${r.hash}`) },
          { name: 'address', path: '/address/{a}/transactions', paths: addresses.map((r) => `/address/${r.address}/transactions`) },
          { name: 'balances', path: '/account/{a}/balances', paths: addresses.map((r) => `/account/${r.address}/balances`) },
        ];
        for (const s of suites) {
          await runLoad(indexer.url, s.paths, connections, 500);
          endpoints.push({ name: s.name, path: s.path, cache, ...(await runLoad(indexer.url, s.paths, connections, seconds * 1000)) });
        }
      } finally {
        await indexer.stop();
      }
    }
    const result: IndexerBenchResult = {
      blocks,
      transactions,
      syncSeconds,
      blocksPerSecond: blocks / syncSeconds,
      transactionsPerSecond: transactions / syncSeconds,
      connections,
      endpoints,
      baseline: await baseline(connections, seconds),
    };
    for (const line of formatBench(result)) log(line);
    return result;
  } finally {
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a small text table. */
export function formatBench(r: IndexerBenchResult): string[] {
  const n = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const row = (name: string, path: string, cache: string, e: LoadFigures): string[] => [name, path, cache, n(e.requests), n(e.rps), n(e.p50, 2), n(e.p99, 2), n(e.errors + e.non2xx)];
  const rows = [
    ...r.endpoints.map((e) => row(e.name, e.path, e.cache ? 'warm' : 'off', e)),
    row('baseline', 'bare node:http, 1 KB', '-', r.baseline),
  ];
  const head = ['endpoint', 'path', 'cache', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((cells) => (cells[i] as string).length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [
    `sync from scratch: ${n(r.blocks)} blocks, ${n(r.transactions)} transactions in ${n(r.syncSeconds, 2)} s → ${n(r.blocksPerSecond)} blocks/s, ${n(r.transactionsPerSecond)} tx/s`,
    `API at ${r.connections} concurrent keep-alive connections:`,
    line(head),
    ...rows.map(line),
  ];
}

if (import.meta.main) {
  await runIndexerBench();
}

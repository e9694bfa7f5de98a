// Indexer benchmark, on SQLite and on PostgreSQL side by side: sync rate from scratch on a devnet history of 20,000+
// transactions, then API latency at 64 concurrent keep-alive connections. Run with `npm run bench indexer`
// (BENCH_SCALE, BENCH_SECONDS). PostgreSQL is a throw-away cluster with its default durability (initdb from Debian's
// postgresql package), or the empty database BENCH_DATABASE_URL names.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '../devnet/anvil.ts';
import { runScenario } from '../devnet/scenario.ts';
import { startIndexer, type IndexerOptions } from '../indexer/src/main.ts';
import { runLoad, type LoadFigures } from '../indexer/testing/load.ts';
import { postgresInstalled, startPostgres } from '../indexer/testing/postgres.ts';

/** Settings of a benchmark run. */
export interface IndexerBenchOptions {
  /** Scenario scale; the default gives a little over 20,000 transactions. */
  scale?: number;
  /** Seconds of load per endpoint. */
  seconds?: number;
  connections?: number;
  log?: (line: string) => void;
}

/** Figures of one backend. */
export interface BackendFigures {
  backend: 'SQLite' | 'PostgreSQL';
  blocks: number;
  transactions: number;
  syncSeconds: number;
  blocksPerSecond: number;
  transactionsPerSecond: number;
  endpoints: ({ name: string; path: string; cache: boolean } & LoadFigures)[];
}

/** Figures of a benchmark run. */
export interface IndexerBenchResult {
  connections: number;
  backends: BackendFigures[];
  /** Why PostgreSQL was not measured, when it was not. */
  missing: string | null;
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

/** Syncs the chain from scratch into one backend, then loads its API with and without the response cache. */
async function measure(
  backend: BackendFigures['backend'],
  storage: Pick<IndexerOptions, 'dataDir' | 'databaseUrl'>,
  rpcUrl: string,
  connections: number,
  seconds: number,
  log: (line: string) => void,
): Promise<BackendFigures> {
  log(`indexer bench (${backend}): syncing from scratch…`);
  const started = performance.now();
  const first = await startIndexer({ rpcUrl, ...storage, port: 0, log: () => {}, progress: false, rateLimit: false });
  let syncSeconds: number;
  try {
    await first.caughtUp();
    syncSeconds = (performance.now() - started) / 1000;
  } finally {
    await first.stop();
  }
  log(`indexer bench (${backend}): synced in ${syncSeconds.toFixed(2)} s; measuring the API (${seconds} s per endpoint)…`);

  const endpoints: BackendFigures['endpoints'] = [];
  let blocks = 0;
  let transactions = 0;
  // The same database served twice: with the response cache (the default), then without it (cold paths).
  for (const cache of [true, false]) {
    // No rate limits: the bench measures the indexer, not the limiter (loopback is exempt anyway).
    const indexer = await startIndexer({ rpcUrl, ...storage, port: 0, log: () => {}, progress: false, metadata: false, apiCache: cache, rateLimit: false });
    try {
      await indexer.caughtUp();
      const db = indexer.store;
      const count = async (sql: string): Promise<number> => Number((await db.one<{ n: number }>(sql))?.n ?? 0);
      blocks = await count('SELECT count(*) AS n FROM blocks');
      transactions = await count('SELECT count(*) AS n FROM transactions');
      const numbers = await db.all<{ number: number }>('SELECT number FROM blocks ORDER BY random() LIMIT 500');
      const hashes = await db.all<{ hash: string }>('SELECT hash FROM transactions ORDER BY random() LIMIT 500');
      const addresses = await db.all<{ address: string }>('SELECT address FROM addresses ORDER BY random() LIMIT 500');
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
  return { backend, blocks, transactions, syncSeconds, blocksPerSecond: blocks / syncSeconds, transactionsPerSecond: transactions / syncSeconds, endpoints };
}

/** Runs the benchmark and returns its figures (also printed as tables through log). */
export async function runIndexerBench(opts: IndexerBenchOptions = {}): Promise<IndexerBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const scale = opts.scale ?? Number(process.env['BENCH_SCALE'] ?? 30);
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 5);
  const connections = opts.connections ?? 64;
  const anvil = await startAnvil();
  const dir = mkdtempSync(join(tmpdir(), 'indexer-bench-'));
  let postgres: { url: string; stop(): Promise<void> } | null = null;
  try {
    log(`indexer bench: writing the devnet history (scale ${scale})…`);
    const info = await runScenario(anvil.url, { scale });
    if (info.txCount < TARGET_TXS) log(`indexer bench: warning, only ${info.txCount} transactions (aim: ${TARGET_TXS}); raise BENCH_SCALE`);

    const backends = [await measure('SQLite', { dataDir: dir }, anvil.url, connections, seconds, log)];
    let missing: string | null = null;
    let databaseUrl = process.env['BENCH_DATABASE_URL'];
    if (!databaseUrl) {
      if (postgresInstalled()) {
        postgres = await startPostgres({ durable: true });
        databaseUrl = postgres.url;
      } else {
        missing = 'PostgreSQL is not installed here (apt-get install postgresql), and BENCH_DATABASE_URL is not set';
        log(`indexer bench: ${missing}; measuring SQLite only`);
      }
    }
    if (databaseUrl) backends.push(await measure('PostgreSQL', { dataDir: dir, databaseUrl }, anvil.url, connections, seconds, log));
    const result: IndexerBenchResult = { connections, backends, missing, baseline: await baseline(connections, seconds) };
    for (const line of formatBench(result)) log(line);
    return result;
  } finally {
    await postgres?.stop();
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Columns padded to their widest cell; the first `left` columns left-aligned, the others right-aligned. */
function table(rows: string[][], left: number): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((cells) => (cells[i] ?? '').length)));
  return rows.map((cells) => cells.map((c, i) => (i < left ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ').trimEnd());
}

/** The figures as small text tables, the backends side by side. */
export function formatBench(r: IndexerBenchResult): string[] {
  const n = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const first = r.backends[0];
  const sync = table(
    [
      ['backend', 'blocks', 'transactions', 'seconds', 'blocks/s', 'tx/s'],
      ...r.backends.map((b) => [b.backend, n(b.blocks), n(b.transactions), n(b.syncSeconds, 2), n(b.blocksPerSecond), n(b.transactionsPerSecond)]),
    ],
    1,
  );
  const figures = (e: LoadFigures | undefined): string[] => (e ? [n(e.rps), n(e.p50, 2), n(e.p99, 2), n(e.errors + e.non2xx)] : ['-', '-', '-', '-']);
  const header = ['endpoint', 'path', 'cache', ...r.backends.flatMap((b) => [`${b.backend} req/s`, 'p50 ms', 'p99 ms', 'errors'])];
  const api = table(
    [
      header,
      ...(first?.endpoints ?? []).map((e, i) => [e.name, e.path, e.cache ? 'warm' : 'off', ...r.backends.flatMap((b) => figures(b.endpoints[i]))]),
      ['baseline', 'bare node:http, 1 KB', '-', ...figures(r.baseline), ...r.backends.slice(1).flatMap(() => ['', '', '', ''])],
    ],
    3,
  );
  return [
    'sync from scratch:',
    ...sync,
    ...(r.missing ? [`PostgreSQL not measured: ${r.missing}.`] : []),
    `API at ${r.connections} concurrent keep-alive connections:`,
    ...api,
  ];
}

if (import.meta.main) {
  await runIndexerBench();
}

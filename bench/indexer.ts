// Indexer benchmark: sync rate from scratch on a devnet history of 20,000+ transactions, then API latency
// at 64 concurrent keep-alive connections. Run with `npx node bench/indexer.ts` (BENCH_SCALE, BENCH_SECONDS).
import { mkdtempSync, rmSync } from 'node:fs';
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
  endpoints: ({ name: string; path: string } & LoadFigures)[];
}

const TARGET_TXS = 20_000;

function pick<T>(rows: T[], n: number): T[] {
  return rows.slice(0, n);
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
    const indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false });
    try {
      await indexer.caughtUp();
      const syncSeconds = (performance.now() - started) / 1000;
      const count = (sql: string): number => Number((indexer.db.prepare(sql).get() as { n: number }).n);
      const blocks = count('SELECT count(*) AS n FROM blocks');
      const transactions = count('SELECT count(*) AS n FROM transactions');

      const numbers = pick(indexer.db.prepare('SELECT number FROM blocks ORDER BY random()').all() as { number: number }[], 500);
      const hashes = pick(indexer.db.prepare('SELECT hash FROM transactions ORDER BY random() LIMIT 500').all() as { hash: string }[], 500);
      const addresses = pick(indexer.db.prepare('SELECT address FROM addresses ORDER BY random() LIMIT 500').all() as { address: string }[], 500);
      const suites = [
        { name: 'block', path: '/blocks/{n}', paths: numbers.map((r) => `/blocks/${r.number}`) },
        { name: 'transaction', path: '/transactions/{hash}', paths: hashes.map((r) => `/transactions/${r.hash}`) },
        { name: 'address', path: '/address/{a}/transactions', paths: addresses.map((r) => `/address/${r.address}/transactions`) },
        { name: 'balances', path: '/account/{a}/balances', paths: addresses.map((r) => `/account/${r.address}/balances`) },
      ];
      const endpoints: IndexerBenchResult['endpoints'] = [];
      for (const s of suites) {
        await runLoad(indexer.url, s.paths, connections, 500);
        endpoints.push({ name: s.name, path: s.path, ...(await runLoad(indexer.url, s.paths, connections, seconds * 1000)) });
      }
      const result: IndexerBenchResult = {
        blocks,
        transactions,
        syncSeconds,
        blocksPerSecond: blocks / syncSeconds,
        transactionsPerSecond: transactions / syncSeconds,
        connections,
        endpoints,
      };
      for (const line of formatBench(result)) log(line);
      return result;
    } finally {
      await indexer.stop();
    }
  } finally {
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a small text table. */
export function formatBench(r: IndexerBenchResult): string[] {
  const n = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const rows = r.endpoints.map((e) => [e.name, e.path, n(e.requests), n(e.rps), n(e.p50, 2), n(e.p99, 2), n(e.errors + e.non2xx)]);
  const head = ['endpoint', 'path', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
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

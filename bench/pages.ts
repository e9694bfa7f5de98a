// Page benchmark: requests/s and p50/p99 of the server-rendered block, transaction and address pages at 64
// connections, beside a prerendered page of the same server. Run with `npx node bench/pages.ts` (BENCH_SECONDS).
// Each kind is measured as visitors meet it once its pages were asked for once (the warm-up asks each path at least
// once: final pages are then in the render cache, as popular pages are), and the last row measures renders alone:
// block pages under a query string no request repeats, so that every request is a cache miss.
import { runLoad, type LoadFigures } from '../tests/indexer-testing/load.ts';
import { startStack } from '../scripts/stack.ts';
import type { ScenarioInfo } from '../devnet/types.ts';

/** What a browser asks with: the pages come back compressed, as they do for visitors. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Settings of a page benchmark run. */
export interface PageBenchOptions {
  seconds?: number;
  connections?: number;
  log?: (line: string) => void;
}

/** One measured page kind. */
export interface PageBenchRow extends LoadFigures {
  name: string;
  /** Requests/s relative to the prerendered page. */
  ratio: number;
}

/** Asks each path once, `concurrency` at a time (the warm-up's first part). */
async function askEachOnce(url: string, paths: readonly string[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const res = await fetch(url + paths[next++], { headers: BROWSER_HEADERS });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Runs the page benchmark against a fresh devnet + indexer + built site and returns its rows (also printed). */
export async function runPageBench(opts: PageBenchOptions = {}): Promise<PageBenchRow[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 5);
  const connections = opts.connections ?? 64;
  const stack = await startStack({ live: false, log: () => {} });
  try {
    const info = stack.scenario as ScenarioInfo;
    const blocks = Array.from({ length: 200 }, (_, i) => `/blocks/${info.firstBlock + ((i * 7) % Math.max(1, info.lastBlock - info.firstBlock))}`);
    const txs = Object.values(info.samples).map((hash) => `/transactions/${hash}`);
    const addresses = [...info.accounts, ...info.holders.slice(0, 40), ...info.tokens.map((t) => t.address)].map((a) => `/address/${a}`);
    // More distinct paths than requests a run can make at the speed of renders: none is asked twice.
    const misses = Array.from({ length: 20_000 }, (_, i) => `${blocks[i % blocks.length]}?miss=${i}`);
    const sets: Array<[string, string[]]> = [
      ['prerendered /privacy-policy', ['/privacy-policy']],
      ['block pages', blocks],
      ['transaction pages', txs],
      ['address pages', addresses],
      ['block pages, every one a miss', misses],
    ];
    const rows: PageBenchRow[] = [];
    for (const [name, paths] of sets) {
      // A warm-up so caches and JIT are in the same state for every kind: each path asked at least once (not for the
      // misses' row, whose paths are each asked once in all), then a second of load.
      if (paths !== misses) await askEachOnce(stack.siteUrl, paths, 8);
      await runLoad(stack.siteUrl, paths === misses ? misses.slice(-64) : paths, 8, 1_000, { headers: BROWSER_HEADERS });
      const figures = await runLoad(stack.siteUrl, paths, connections, seconds * 1000, { headers: BROWSER_HEADERS });
      rows.push({ name, ...figures, ratio: rows[0] ? figures.rps / rows[0].rps : 1 });
    }
    log(`\nPage benchmark (${connections} connections, ${seconds} s each, site ${stack.siteUrl})`);
    log('page kind                       req/s     p50 ms   p99 ms   errors  vs prerendered');
    for (const r of rows) {
      log(`${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors + r.non2xx).padStart(8)}   ${r.ratio.toFixed(2)}×`);
    }
    return rows;
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPageBench();

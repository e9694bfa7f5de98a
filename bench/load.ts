// Load benchmark: 200 concurrent clients for 60 s on loopback, half on the site's read pages and half on
// the indexer's JSON API, at the same time. It passes with 0 errors (network errors, time-outs and non-2xx answers)
// and the resident memory of the site and of the indexer at the end within 20 % of the start; otherwise it says why
// and sets a non-zero exit code. Run with `npm run bench load` or `npx node bench/load.ts` (BENCH_SECONDS, default 60;
// a 60 s warm-up at full load comes first, see WARMUP_MS).
//
// The devnet (anvil, with live blocks every 4 s, so that the head and the per-head caches move as on a real chain), the
// indexer (indexer/index.ts, its CLI) and the built site (src/lib/server/site-server.ts) each run in a child process,
// so that their resident memory (VmRSS in /proc/<pid>/status) is their own: the load generator runs in worker threads
// of this process, and its latencies would otherwise be counted as the indexer's memory. Both servers run with their
// inspector on a loopback port, through which each memory reading is preceded by a full garbage collection.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioInfo } from '../devnet/types.ts';
import { runLoad, type LoadFigures } from '../tests/indexer-testing/load.ts';
import { announcedPort, waitForHttp } from '../scripts/site.ts';

/** What a browser asks with: answers come back compressed, as they do for visitors (and for the islands' API calls). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** A client gives up on a request after this long; it counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Allowed growth of resident memory from the start (after the warm-up) to the end. */
const MAX_RSS_GROWTH = 0.2;
/**
 * Load before the first memory reading. The first minute fills what the servers keep in bounded memory, and that is
 * not growth this check is after: above all the site's render cache (src/lib/server/render-cache.ts, at most 32 MB of
 * pages, whose expired pages are swept out every few seconds: address pages are kept per head block for 30 s, and a
 * new block comes every 4 s), and the caches of the indexer's answers.
 */
const WARMUP_MS = 60_000;
/** Idle time before each memory reading, so that both readings are taken in the same state (no request in flight). */
const SETTLE_MS = 2_000;

/** Settings of a load benchmark run. */
export interface LoadBenchOptions {
  /** Seconds of load (BENCH_SECONDS, default 60). */
  seconds?: number;
  /** Concurrent clients in all, split evenly between the site and the indexer API (default 200). */
  clients?: number;
  log?: (line: string) => void;
}

/** One target's figures (latencies in ms, per-status counts, first failures and slowest requests from the load generator). */
export interface LoadBenchRow extends Pick<LoadFigures, 'p50' | 'p99' | 'max' | 'statuses' | 'failures' | 'slowest'> {
  target: string;
  clients: number;
  paths: number;
  /** All requests, answered or not. */
  requests: number;
  rps: number;
  /** Network errors and time-outs plus non-2xx answers. */
  errors: number;
}

/** Memory of one server process, in bytes. */
export interface MemoryRow {
  process: string;
  pid: number;
  /** After a full garbage collection, before and after the run. */
  start: MemoryReading;
  end: MemoryReading;
  /** VmRSS every few seconds during the run, as it is (no collection asked). */
  trend: number[];
}

/** What runLoadBench measured; `ok` is whether it passed. */
export interface LoadBenchResult {
  rows: LoadBenchRow[];
  memory: MemoryRow[];
  ok: boolean;
}

/** Runs one target's clients (in a worker thread, the shared load generator) and counts every non-2xx answer as an error. */
async function load(target: string, url: string, paths: string[], connections: number, durationMs: number): Promise<LoadBenchRow> {
  const f = await runLoad(url, paths, connections, durationMs, { headers: BROWSER_HEADERS, timeoutMs: REQUEST_TIMEOUT_MS });
  const requests = f.requests + f.errors;
  const { p50, p99, max, statuses, failures, slowest } = f;
  return { target, clients: connections, paths: new Set(paths).size, requests, rps: requests / (f.elapsedMs / 1000), errors: f.errors + f.non2xx, p50, p99, max, statuses, failures, slowest };
}

// ---- the stack: devnet, indexer and site, each in its own process ----

const root = fileURLToPath(new URL('..', import.meta.url));

/** Resident memory of a process (VmRSS), in bytes. */
function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

/** A server run by this benchmark in a child process, with its inspector on a loopback port (for collectGarbage). */
interface ServerProcess {
  url: string;
  pid: number;
  inspectPort: number;
  /** Its output (stdout and stderr), the last 200 lines. */
  lines: string[];
  exited: boolean;
  stop(): Promise<void>;
}

/**
 * Starts `node --inspect script` with `env` and waits until `readyPath` answers; `cleanup` runs after it stopped. The
 * server and its inspector listen on ports the system picks (`env` sets the server's to 0): the server announces its
 * own over the IPC channel (announcedPort), the inspector prints its address. A port picked here first could be taken
 * by another process before the child binds it.
 */
async function startServer(name: string, script: string, env: Record<string, string>, readyPath: string, cleanup = (): void => {}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--inspect=127.0.0.1:0', join(root, script)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  let inspectorSeen: (port: number) => void = () => {};
  const inspector = new Promise<number>((resolve) => (inspectorSeen = resolve));
  const keep = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      const debuggerAt = /^Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(line);
      if (debuggerAt) inspectorSeen(Number(debuggerAt[1]));
    }
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    cleanup();
  };
  let server: ServerProcess;
  try {
    // The inspector's line comes first (Node prints it before the script runs); announcedPort fails if the child exits.
    const [port, inspectPort] = await Promise.all([announcedPort(child, () => `the ${name} exited during start-up:\n${lines.join('\n')}`), inspector]);
    server = { url: `http://127.0.0.1:${port}`, pid: child.pid as number, inspectPort, lines, exited: false, stop };
    void exited.then(() => (server.exited = true));
    await Promise.race([
      waitForHttp(`${server.url}${readyPath}`, 60_000),
      exited.then(() => {
        throw new Error(`the ${name} exited during start-up:\n${lines.join('\n')}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return server;
}

/** Starts the indexer's CLI (indexer/index.ts) on a fresh SQLite file (or DATABASE_URL) and waits until it caught up. */
async function startIndexerProcess(rpcUrl: string, lastBlock: number): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sto-load-indexer-'));
  const removeDir = (): void => rmSync(dataDir, { recursive: true, force: true });
  const env = {
    RPC_URL: rpcUrl,
    DATA_DIR: dataDir,
    INDEXER_PORT: '0',
    HOST: '127.0.0.1',
    // Rate limits stay on (INDEXER_RATE_LIMIT… as set, or the defaults) and loopback is exempt, as it is by default:
    // the site on this machine and the benchmark's API clients all connect from 127.0.0.1, so this is how a local site
    // is served. Limited as one address, 100 clients would be answered 429 after a burst of 100 (50/s), which would
    // measure the limiter, not the indexer. Set here so that an INDEXER_RATE_LIMIT_EXEMPT in the environment cannot
    // turn the run into 429s.
    INDEXER_RATE_LIMIT_EXEMPT: 'loopback',
    // Nothing is verified: no compiler downloads.
    SOLC_DOWNLOAD: '0',
  };
  const indexer = await startServer('indexer', 'indexer/index.ts', env, '/health', removeDir);
  try {
    for (const deadline = Date.now() + 300_000; ; ) {
      if (indexer.exited) throw new Error(`the indexer exited during catch-up:\n${indexer.lines.join('\n')}`);
      const health = (await (await fetch(`${indexer.url}/health`)).json()) as { lastBlock: number | null; catchingUp: boolean };
      if (!health.catchingUp && (health.lastBlock ?? -1) >= lastBlock) return indexer;
      if (Date.now() > deadline) throw new Error(`the indexer did not catch up within 300 s (at block ${health.lastBlock})`);
      await sleep(250);
    }
  } catch (error) {
    await indexer.stop();
    throw error;
  }
}

/** Starts the built site (src/lib/server/site-server.ts, as scripts/site.ts startSite does) against the indexer. */
async function startSiteProcess(indexerUrl: string): Promise<ServerProcess> {
  return startServer('site', 'src/lib/server/site-server.ts', { HOST: '127.0.0.1', PORT: '0', INDEXER_URL: indexerUrl, PUBLIC_INDEXER_URL: indexerUrl, ASTRO_TELEMETRY_DISABLED: '1' }, '/');
}

/** One memory reading: VmRSS and the V8 heap in use, both after a full garbage collection. */
interface MemoryReading {
  rss: number;
  heapUsed: number;
}

/**
 * Asks a server through its inspector for a full garbage collection (HeapProfiler.collectGarbage), then reads its
 * VmRSS and heap. Without it a reading says mostly how much garbage V8 had let pile up since its last major
 * collection (it collects lazily when memory is plentiful): under this load the site's RSS swings by 100 MB and more
 * between two collections, while what it holds after one barely moves.
 */
async function readMemory(server: ServerProcess): Promise<MemoryReading> {
  const targets = (await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? '');
  const replies = new Map<number, (result: unknown) => void>();
  ws.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) replies.get(msg.id)?.(msg.result);
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error(`no inspector session with the process ${server.pid}`)), { once: true });
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}): Promise<unknown> =>
    new Promise((resolve) => {
      replies.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const result = (await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true })) as { result: { value: number } };
    return { rss: rssOf(server.pid), heapUsed: result.result.value };
  } finally {
    ws.close();
  }
}

/** Spreads `count` picks over `items`, evenly. */
function spread<T>(items: readonly T[], count: number): T[] {
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[Math.floor((i * items.length) / Math.min(count, items.length))] as T);
}

/**
 * A mix of kinds, interleaved (each kind's paths in turn, `weight` of them per round), so that the clients, which take
 * the paths in turn, ask for every kind all the time.
 */
function interleave(kinds: ReadonlyArray<{ weight: number; paths: string[] }>, rounds: number): string[] {
  const out: string[] = [];
  const at = kinds.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    kinds.forEach((k, i) => {
      for (let w = 0; w < k.weight; w++) out.push(k.paths[at[i]!++ % k.paths.length] as string);
    });
  }
  return out;
}

/** The blocks, transactions and addresses both targets are asked about, picked from what the scenario wrote. */
function picks(info: ScenarioInfo): { blocks: number[]; txs: string[]; accounts: string[] } {
  return {
    blocks: spread(Array.from({ length: info.lastBlock - info.firstBlock + 1 }, (_, i) => info.firstBlock + i), 60),
    txs: [...new Set<string>(Object.values(info.samples))],
    accounts: [...info.accounts.slice(0, 5), ...spread(info.holders, 20)],
  };
}

/** The site's read pages, from what the scenario wrote: a visitor's mix, the home page and the detail pages most. */
function sitePaths(info: ScenarioInfo): string[] {
  const { blocks, txs, accounts } = picks(info);
  const addresses = [...accounts, ...info.contracts.slice(0, 5).map((c) => c.address)];
  const nfts = info.nfts.flatMap((n) => spread(Array.from({ length: n.minted }, (_, i) => i + 1), 8).map((id) => `/nfts/${n.address}/${id}`));
  return interleave(
    [
      { weight: 3, paths: ['/'] },
      { weight: 3, paths: blocks.map((n) => `/blocks/${n}`) },
      { weight: 3, paths: txs.map((h) => `/transactions/${h}`) },
      { weight: 3, paths: addresses.map((a) => `/address/${a}`) },
      { weight: 1, paths: info.tokens.map((t) => `/tokens/${t.address}`) },
      { weight: 1, paths: [...info.nfts.map((n) => `/nfts/${n.address}`), ...nfts] },
      { weight: 1, paths: ['/blocks', '/transactions', '/tokens', '/nfts'] },
      // A name matching several tokens and collections: the results page (an exact match would redirect, a 302).
      { weight: 1, paths: ['/search?q=Sto'] },
    ],
    60,
  );
}

/** The indexer's JSON routes the site's pages and islands read, on the same data. */
function apiPaths(info: ScenarioInfo): string[] {
  const { blocks, txs, accounts: addresses } = picks(info);
  const token = info.tokens.map((t) => t.address);
  const nft = info.nfts.map((n) => n.address);
  return interleave(
    [
      { weight: 2, paths: ['/blocks', '/transactions', '/health', '/stats/tps', '/stats/transactions/count', '/holders/stats'] },
      { weight: 2, paths: blocks.map((n) => `/blocks/${n}`) },
      { weight: 2, paths: txs.flatMap((h) => [`/transactions/${h}`, `/transactions/${h}/receipt`]) },
      { weight: 3, paths: addresses.flatMap((a) => [`/address/${a}`, `/address/${a}/transactions`, `/account/${a}/balances`, `/address/${a}/tokens`]) },
      { weight: 1, paths: ['/tokens', ...token.flatMap((a) => [`/tokens/${a}`, `/tokens/${a}/holders`, `/tokens/${a}/transfers`])] },
      { weight: 1, paths: ['/nfts', ...nft.flatMap((a) => [`/nfts/${a}`, `/nfts/${a}/tokens`, `/nfts/${a}/1`, `/nfts/${a}/1/transfers`])] },
      { weight: 1, paths: ['/search?q=Sto'] },
    ],
    60,
  );
}

const MB = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const pct = (from: number, to: number): string => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs the load benchmark against a fresh devnet + indexer + built site; prints its figures and returns them. */
export async function runLoadBench(opts: LoadBenchOptions = {}): Promise<LoadBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 60);
  const clients = opts.clients ?? 200;
  const siteClients = Math.ceil(clients / 2);
  const apiClients = clients - siteClients;
  const stops: Array<() => Promise<void>> = [];
  try {
    const { startAnvil } = await import('../devnet/anvil.ts');
    const { runScenario } = await import('../devnet/scenario.ts');
    const { startLiveActivity } = await import('../devnet/live.ts');
    const anvil = await startAnvil({ silent: true });
    stops.push(() => anvil.stop());
    const info = await runScenario(anvil.url);
    const live = startLiveActivity(anvil.url, info);
    stops.push(() => live.stop());
    const indexer = await startIndexerProcess(anvil.url, info.lastBlock);
    stops.push(() => indexer.stop());
    const site = await startSiteProcess(indexer.url);
    stops.push(() => site.stop());
    const servers = [
      { process: 'site', server: site },
      { process: 'indexer', server: indexer },
    ];

    const pages = sitePaths(info);
    const api = apiPaths(info);
    const both = (ms: number): Promise<LoadBenchRow[]> =>
      Promise.all([load('site pages', site.url, pages, siteClients, ms), load('indexer API', indexer.url, api, apiClients, ms)]);

    log(`\nLoad benchmark: ${clients} concurrent clients for ${seconds} s on loopback, at the same time: ${siteClients} on the site (${new Set(pages).size} read pages: home, blocks, transactions, addresses, tokens, NFTs, lists, search) and ${apiClients} on the indexer API (${new Set(api).size} JSON routes the site reads); keep-alive connections, browser Accept-Encoding, ${REQUEST_TIMEOUT_MS / 1000} s time-out per request`);
    log(`devnet: ${info.blockCount} blocks, ${info.txCount} transactions, then a live block every 4 s; site ${site.url} (pid ${site.pid}) and indexer ${indexer.url} (pid ${indexer.pid}, ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'SQLite'}) each in a child process; the load generator in worker threads of this one`);
    log('indexer rate limits: on (INDEXER_RATE_LIMIT… or the defaults), loopback exempt (INDEXER_RATE_LIMIT_EXEMPT=loopback): the site and the benchmark connect from 127.0.0.1, as a local site does');

    // Warm-up at full load, so that caches, JIT and heaps are in their working state before the first reading.
    const warm = await both(WARMUP_MS);
    await sleep(SETTLE_MS);
    const start = await Promise.all(servers.map((s) => readMemory(s.server)));
    const trend = servers.map((s) => [rssOf(s.server.pid)]);
    const sampler = setInterval(() => servers.forEach((s, i) => trend[i]?.push(rssOf(s.server.pid))), Math.max(1_000, (seconds * 1000) / 12));
    const rows = await both(seconds * 1000);
    clearInterval(sampler);
    servers.forEach((s, i) => trend[i]?.push(rssOf(s.server.pid)));
    await sleep(SETTLE_MS);
    const end = await Promise.all(servers.map((s) => readMemory(s.server)));
    const memory: MemoryRow[] = servers.map((s, i) => ({ process: s.process, pid: s.server.pid, start: start[i] as MemoryReading, end: end[i] as MemoryReading, trend: trend[i] ?? [] }));

    log('');
    log('target        clients  requests    req/s   p50 ms   p99 ms   max ms   errors');
    for (const r of rows) {
      log(`${r.target.padEnd(13)} ${String(r.clients).padStart(7)} ${String(r.requests).padStart(9)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(0).padStart(8)} ${String(r.errors).padStart(8)}`);
    }
    for (const r of rows) log(`  slowest ${r.target}: ${r.slowest.map((x) => `${x.ms.toFixed(0)} ms ${x.path}`).join(', ')}`);
    for (const r of [...warm.map((w) => ({ ...w, target: `${w.target} (warm-up)` })), ...rows]) {
      if (r.errors === 0) continue;
      const statuses = Object.entries(r.statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
      log(`  ${r.target}: ${r.errors} errors (by status: ${statuses}); first: ${r.failures.join('; ')}`);
    }
    log('');
    log(`resident memory (VmRSS of each server's child process, /proc/<pid>/status, after a full garbage collection asked through its inspector; start after a ${WARMUP_MS / 1000} s warm-up at full load and ${SETTLE_MS / 1000} s idle, end ${SETTLE_MS / 1000} s after the load)`);
    log('process   start MB   end MB    change   V8 heap used MB   RSS during the run, before collection (MB)');
    for (const m of memory) {
      const heap = `${MB(m.start.heapUsed)} → ${MB(m.end.heapUsed)}`;
      log(`${m.process.padEnd(8)} ${MB(m.start.rss).padStart(9)} ${MB(m.end.rss).padStart(8)} ${pct(m.start.rss, m.end.rss).padStart(9)}   ${heap.padEnd(15)}   ${m.trend.map(MB).join(' ')}`);
    }

    const errors = rows.reduce((n, r) => n + r.errors, 0);
    const grown = memory.filter((m) => m.end.rss > m.start.rss * (1 + MAX_RSS_GROWTH));
    const ok = errors === 0 && grown.length === 0;
    if (ok) {
      log(`\nload: passed: 0 errors in ${rows.reduce((n, r) => n + r.requests, 0)} requests, resident memory within ${MAX_RSS_GROWTH * 100} % of the start`);
    } else {
      if (errors > 0) log(`\nload: FAILED: ${errors} errors (network errors, time-outs and non-2xx answers); 0 expected`);
      for (const m of grown) log(`load: FAILED: the ${m.process}'s resident memory grew ${pct(m.start.rss, m.end.rss)} (${MB(m.start.rss)} → ${MB(m.end.rss)} MB); at most +${MAX_RSS_GROWTH * 100} % expected`);
      for (const s of servers) {
        const logged = s.server.lines.filter((l) => !/^(indexer: serving|Debugger (listening|attached|ending)|For help, see)/.test(l)).slice(-10);
        if (logged.length > 0) log(`the ${s.process}'s last log lines:\n  ${logged.join('\n  ')}`);
      }
      process.exitCode = 1;
    }
    return { rows, memory, ok };
  } finally {
    for (const stop of stops.reverse()) await stop().catch((e: unknown) => log(`stop failed: ${String(e)}`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLoadBench();

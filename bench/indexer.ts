// Indexer benchmark, on SQLite and on PostgreSQL side by side: catch-up rate from scratch over 20,000 empty blocks and
// over a devnet history of 20,000+ transactions, each next to the fetch-only ceiling (the syncer's own fetch pipeline
// writing nothing), with the share of the catch-up spent waiting on the node, in our CPU and in the database; then API
// latency at 64 concurrent keep-alive connections. Run with `npm run bench indexer` (BENCH_SCALE, BENCH_SECONDS,
// BENCH_EMPTY_BLOCKS; BENCH_SECONDS=0 skips the API). PostgreSQL is a throw-away cluster with its default durability
// (initdb from Debian's postgresql package), or the empty database BENCH_DATABASE_URL names (history only then).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startAnvil } from '../devnet/anvil.ts';
import { runScenario } from '../devnet/scenario.ts';
import { AddressBook } from '../indexer/src/sync/address-book.ts';
import type { FetchContext } from '../indexer/src/sync/fetch.ts';
import { startIndexer, type IndexerOptions } from '../indexer/src/main.ts';
import { hexToNumber, toHex } from '../indexer/src/chain/num.ts';
import { RpcClient } from '../indexer/src/chain/rpc.ts';
import { openSqlite } from '../indexer/src/store/sqlite.ts';
import { ROW_ID_BLOCK } from '../indexer/src/store/row-ids.ts';
import type { SqlParam, Store } from '../indexer/src/store/types.ts';
import { insertRows } from '../indexer/src/store/bulk.ts';
import { BatchSizer } from '../indexer/src/sync/batch-sizer.ts';
import { DEFAULT_CONCURRENCY, fetchAhead } from '../indexer/src/sync/fetch-ahead.ts';
import type { SyncTimings } from '../indexer/src/sync/syncer.ts';
import { runLoad, type LoadFigures } from '../tests/indexer-testing/load.ts';
import { postgresInstalled, startPostgres } from '../tests/indexer-testing/postgres.ts';

/** Settings of a benchmark run. */
export interface IndexerBenchOptions {
  /** Scenario scale; the default gives a little over 20,000 transactions. */
  scale?: number;
  /** Seconds of load per endpoint. */
  seconds?: number;
  connections?: number;
  /** Empty blocks mined for the empty-block catch-up (default 20,000). */
  emptyBlocks?: number;
  log?: (line: string) => void;
}

/** One catch-up from scratch (or the fetch-only loop): its rate and where its time went. */
export interface CatchUpFigures {
  workload: 'empty blocks' | 'history';
  runner: 'fetch only' | 'SQLite' | 'PostgreSQL';
  blocks: number;
  transactions: number;
  /** From the first node call to caught up (the fetch-only loop's whole run; the syncer's, from its start). */
  seconds: number;
  /** Before the syncer's first node call: opening the store, its migrations, the API server (null for the fetch-only loop). */
  startSeconds: number | null;
  blocksPerSecond: number;
  transactionsPerSecond: number;
  /** Null for the fetch-only loop, which writes nothing. */
  timings: SyncTimings | null;
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
  /** The history catch-up with its time shares. */
  sync: CatchUpFigures;
}

/** Figures of a benchmark run. */
export interface IndexerBenchResult {
  connections: number;
  /** Empty blocks, then history: the fetch-only ceiling first, then each backend. */
  catchUps: CatchUpFigures[];
  backends: BackendFigures[];
  /** Why PostgreSQL was not measured, when it was not. */
  missing: string | null;
  /** A bare node:http server answering a constant 1 KB JSON body: the ceiling of this machine. */
  baseline: LoadFigures;
}

const TARGET_TXS = 20_000;

/**
 * The syncer's fetch pipeline (same batch sizing, same concurrency, same state reads) from block 0 to the head, writing
 * nothing: the best of two runs, since the node answers a chain's first full read more slowly than later ones.
 */
async function fetchOnly(workload: CatchUpFigures['workload'], rpcUrl: string): Promise<CatchUpFigures> {
  return faster(await fetchOnce(workload, rpcUrl), await fetchOnce(workload, rpcUrl));
}

/** The faster of two runs of the same work. */
function faster(a: CatchUpFigures, b: CatchUpFigures): CatchUpFigures {
  return a.seconds <= b.seconds ? a : b;
}

async function fetchOnce(workload: CatchUpFigures['workload'], rpcUrl: string): Promise<CatchUpFigures> {
  const store = openSqlite(':memory:');
  const rpc = new RpcClient(rpcUrl);
  try {
    const head = hexToNumber(await rpc.call<string>('eth_blockNumber'));
    const ctx: FetchContext = { rpc, book: new AddressBook(store), blockReceipts: true, stateFloor: null, head };
    const timings = { batches: 0, blocks: 0, transactions: 0, nodeWaitMs: 0 };
    const started = performance.now();
    const consume = (): Promise<boolean> => Promise.resolve(true);
    await fetchAhead({ ctx, sizer: new BatchSizer(), start: 0, head, concurrency: DEFAULT_CONCURRENCY, timings, running: () => true, consume });
    const seconds = (performance.now() - started) / 1000;
    return rates({ workload, runner: 'fetch only', blocks: timings.blocks, transactions: timings.transactions, seconds, startSeconds: null, timings: null });
  } finally {
    await store.close();
  }
}

function rates(f: Omit<CatchUpFigures, 'blocksPerSecond' | 'transactionsPerSecond'>): CatchUpFigures {
  return { ...f, blocksPerSecond: f.blocks / f.seconds, transactionsPerSecond: f.transactions / f.seconds };
}

/** Indexes the node's chain from scratch into one backend and answers the rate and time shares. */
async function catchUp(
  workload: CatchUpFigures['workload'],
  runner: 'SQLite' | 'PostgreSQL',
  storage: Pick<IndexerOptions, 'dataDir' | 'databaseUrl'>,
  rpcUrl: string,
): Promise<CatchUpFigures> {
  const started = performance.now();
  const indexer = await startIndexer({ rpcUrl, ...storage, port: 0, log: () => {}, progress: false, rateLimit: false, metadata: false, traceInternal: false });
  try {
    await indexer.caughtUp();
    const done = performance.now();
    const timings = indexer.syncTimings();
    // The rate is the catch-up's, as the fetch-only loop's is: from the syncer's first node call to caught up. What the
    // process does before it (store, migrations, API server) is printed apart, in its own column.
    const syncStart = timings?.startedAt ?? started;
    const seconds = ((timings?.caughtUpAt ?? done) - syncStart) / 1000;
    const startSeconds = (syncStart - started) / 1000;
    const count = async (sql: string): Promise<number> => Number((await indexer.store.one<{ n: number }>(sql))?.n ?? 0);
    const blocks = await count('SELECT count(*) AS n FROM blocks');
    const transactions = await count('SELECT count(*) AS n FROM transactions');
    return rates({ workload, runner, blocks, transactions, seconds, startSeconds, timings });
  } finally {
    await indexer.stop();
  }
}

/**
 * The better of two catch-ups from scratch, each into its own empty storage, as the fetch-only ceiling is the better
 * of two runs: both sides of the ratio are measured the same way.
 */
async function bestCatchUp(
  workload: CatchUpFigures['workload'],
  runner: 'SQLite' | 'PostgreSQL',
  storages: [Pick<IndexerOptions, 'dataDir' | 'databaseUrl'>, Pick<IndexerOptions, 'dataDir' | 'databaseUrl'>],
  rpcUrl: string,
): Promise<CatchUpFigures> {
  return faster(await catchUp(workload, runner, storages[0], rpcUrl), await catchUp(workload, runner, storages[1], rpcUrl));
}

/** A new empty database next to the one `url` names (same server), answering its URL. */
async function siblingDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

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

/** The address the bench gives BIG_ADDRESS_TXS transactions of its own (written straight into the database). */
const BIG_ADDRESS = '0xb1600000000000000000000000000000000000b1';
const BIG_ADDRESS_TXS = 100_000;

/**
 * Writes BIG_ADDRESS_TXS transfers from BIG_ADDRESS into the indexed history, spread over its blocks (indexes 10,000
 * and up, after each block's real ones), with their address index rows: what a busy exchange wallet looks like.
 */
async function addBigAddress(db: Store): Promise<void> {
  const blocks = await db.all<{ number: number; hash: string; timestamp: number }>('SELECT number, hash, timestamp FROM blocks ORDER BY number');
  const columns = ['id', 'hash', 'block_number', 'tx_index', 'block_hash', 'timestamp', 'from_addr', 'to_addr', 'value', 'gas_limit', 'gas_price', 'effective_gas_price', 'gas_used', 'cumulative_gas_used', 'input', 'nonce', 'type', 'status'];
  await db.transaction(async (tx) => {
    for (let start = 0; start < BIG_ADDRESS_TXS; start += 5_000) {
      const rows: SqlParam[][] = [];
      const links: SqlParam[][] = [];
      for (let i = start; i < Math.min(BIG_ADDRESS_TXS, start + 5_000); i++) {
        const b = blocks[Math.floor((i * blocks.length) / BIG_ADDRESS_TXS)] as { number: number; hash: string; timestamp: number };
        const id = b.number * ROW_ID_BLOCK + 10_000 + (i % 1_000);
        const to = `0x${(i % 5_000).toString(16).padStart(40, 'c')}`;
        rows.push([id, `0x${i.toString(16).padStart(64, 'b')}`, b.number, 10_000 + (i % 1_000), b.hash, b.timestamp, BIG_ADDRESS, to, '1000000000000000', '21000', '1000000000', '1000000000', '21000', '21000', '0x', i, 2, 1]);
        links.push([BIG_ADDRESS, id], [to, id]);
      }
      await insertRows(tx, 'transactions', columns, rows, ' ON CONFLICT DO NOTHING');
      await insertRows(tx, 'address_transactions', ['address', 'tx_id'], links, ' ON CONFLICT DO NOTHING');
    }
  });
}

/** Syncs the chain from scratch into one backend, then loads its API with and without the response cache. */
async function measure(
  backend: BackendFigures['backend'],
  first: Pick<IndexerOptions, 'dataDir' | 'databaseUrl'> | null,
  storage: Pick<IndexerOptions, 'dataDir' | 'databaseUrl'>,
  rpcUrl: string,
  connections: number,
  seconds: number,
  log: (line: string) => void,
): Promise<BackendFigures> {
  log(`indexer bench (${backend}): syncing the history from scratch${first ? ', twice' : ''}…`);
  // The first catch-up goes into a storage of its own; the API is measured on the second's.
  const sync = first ? await bestCatchUp('history', backend, [first, storage], rpcUrl) : await catchUp('history', backend, storage, rpcUrl);
  const syncSeconds = sync.seconds;
  log(`indexer bench (${backend}): synced in ${syncSeconds.toFixed(2)} s; measuring the API (${seconds} s per endpoint)…`);

  const endpoints: BackendFigures['endpoints'] = [];
  let blocks = 0;
  let transactions = 0;
  // The same database served twice: with the response cache (the default), then without it (cold paths).
  for (const cache of seconds > 0 ? [true, false] : []) {
    // No rate limits: the bench measures the indexer, not the limiter (loopback is exempt anyway).
    // Nor the internal-call tracer, which would trace the whole history while the API is measured.
    const indexer = await startIndexer({ rpcUrl, ...storage, port: 0, log: () => {}, progress: false, metadata: false, apiCache: cache, rateLimit: false, traceInternal: false });
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
      // Etherscan's API as wallets and scripts call it: MetaMask's incoming-transaction poll (txlist and tokentx, newest
      // 40, mixed-case names as it sends them) and a contract's logs, on random addresses of the history; then one
      // address with BIG_ADDRESS_TXS transactions, paged as a tax tool pages it (sorted both ways, from a block on).
      const tokens = await db.all<{ address: string }>("SELECT address FROM contracts WHERE contract_type = 'ERC20' LIMIT 50");
      const emitters = await db.all<{ address: string }>('SELECT address FROM contracts ORDER BY random() LIMIT 200');
      const metamask = (action: string, a: string): string => `/api?module=account&action=${action}&address=${a}&startBlock=0&offset=40&sort=desc&apikey=x`;
      suites.push(
        { name: 'api txlist', path: '/api?…action=txlist (MetaMask)', paths: addresses.map((r) => metamask('txlist', r.address)) },
        { name: 'api tokentx', path: '/api?…action=tokentx (MetaMask)', paths: addresses.map((r) => metamask('tokentx', r.address)) },
        { name: 'api getLogs', path: '/api?module=logs&action=getLogs', paths: emitters.map((r) => `/api?module=logs&action=getLogs&address=${r.address}&fromBlock=0&toBlock=latest&offset=100`) },
        { name: 'api tokenholderlist', path: '/api?…action=tokenholderlist', paths: tokens.map((r) => `/api?module=token&action=tokenholderlist&contractaddress=${r.address}&page=1&offset=100`) },
      );
      if (cache) await addBigAddress(db);
      const head = Number((await db.one<{ n: number }>('SELECT max(number) AS n FROM blocks'))?.n ?? 0);
      const big = [1, 2, 5, 10, 50, 100].flatMap((page) => [
        `/api?module=account&action=txlist&address=${BIG_ADDRESS}&page=${page}&offset=100&sort=desc`,
        `/api?module=account&action=txlist&address=${BIG_ADDRESS}&page=${page}&offset=100&sort=asc`,
        `/api?module=account&action=txlist&address=${BIG_ADDRESS}&startblock=${Math.floor((head * page) / 100)}&page=1&offset=100&sort=asc`,
      ]);
      suites.push({ name: `api txlist ${BIG_ADDRESS_TXS / 1000}k`, path: `/api?…action=txlist, an address with ${BIG_ADDRESS_TXS} txs`, paths: big });
      for (const s of suites) {
        await runLoad(indexer.url, s.paths, connections, 500);
        endpoints.push({ name: s.name, path: s.path, cache, ...(await runLoad(indexer.url, s.paths, connections, seconds * 1000)) });
      }
    } finally {
      await indexer.stop();
    }
  }
  if (seconds <= 0) ({ blocks, transactions } = sync);
  return { backend, blocks, transactions, syncSeconds, blocksPerSecond: blocks / syncSeconds, transactionsPerSecond: transactions / syncSeconds, endpoints, sync };
}

/** Runs the benchmark and returns its figures (also printed as tables through log). */
export async function runIndexerBench(opts: IndexerBenchOptions = {}): Promise<IndexerBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const scale = opts.scale ?? Number(process.env['BENCH_SCALE'] ?? 30);
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 5);
  const connections = opts.connections ?? 64;
  const emptyBlocks = opts.emptyBlocks ?? Number(process.env['BENCH_EMPTY_BLOCKS'] ?? 20_000);
  const anvil = await startAnvil();
  const empty = await startAnvil();
  const dir = mkdtempSync(join(tmpdir(), 'indexer-bench-'));
  let postgres: { url: string; stop(): Promise<void> } | null = null;
  try {
    log(`indexer bench: mining ${emptyBlocks} empty blocks, writing the devnet history (scale ${scale})…`);
    const miner = new RpcClient(empty.url, { timeoutMs: 300_000 });
    // In steps: anvil takes a while per block on a busy machine, and one call must stay within the time-out.
    for (let left = emptyBlocks; left > 0; left -= 1000) await miner.call('anvil_mine', [toHex(Math.min(1000, left))]);
    const info = await runScenario(anvil.url, { scale });
    if (info.txCount < TARGET_TXS) log(`indexer bench: warning, only ${info.txCount} transactions (aim: ${TARGET_TXS}); raise BENCH_SCALE`);

    let missing: string | null = null;
    let databaseUrl = process.env['BENCH_DATABASE_URL'];
    let emptyUrls: [string, string] | null = null;
    let firstUrl: string | null = null;
    if (!databaseUrl) {
      if (postgresInstalled()) {
        postgres = await startPostgres({ durable: true });
        databaseUrl = postgres.url;
        emptyUrls = [await siblingDatabase(postgres.url, 'empty_blocks'), await siblingDatabase(postgres.url, 'empty_blocks_2')];
        firstUrl = await siblingDatabase(postgres.url, 'history_first');
      } else {
        missing = 'PostgreSQL is not installed here (apt-get install postgresql), and BENCH_DATABASE_URL is not set';
        log(`indexer bench: ${missing}; measuring SQLite only`);
      }
    }

    // The fetch-only ceiling is measured before the catch-ups and again after them, and the better kept: the node
    // answers a chain it has served several times faster than one it serves for the first time, which would otherwise
    // favour whichever side runs later.
    log('indexer bench: empty blocks (fetch only, each backend, fetch only again)…');
    const emptyBefore = await fetchOnly('empty blocks', empty.url);
    const emptyRuns = [await bestCatchUp('empty blocks', 'SQLite', [{ dataDir: join(dir, 'empty') }, { dataDir: join(dir, 'empty-2') }], empty.url)];
    if (emptyUrls) {
      const [a, b] = emptyUrls;
      emptyRuns.push(await bestCatchUp('empty blocks', 'PostgreSQL', [{ dataDir: join(dir, 'empty'), databaseUrl: a }, { dataDir: join(dir, 'empty'), databaseUrl: b }], empty.url));
    }
    const catchUps = [faster(emptyBefore, await fetchOnly('empty blocks', empty.url)), ...emptyRuns];
    await empty.stop();

    const historyBefore = await fetchOnly('history', anvil.url);
    const backends = [await measure('SQLite', { dataDir: join(dir, 'history-first') }, { dataDir: dir }, anvil.url, connections, seconds, log)];
    // A database named by BENCH_DATABASE_URL gets one catch-up: the bench does not create databases beside it.
    if (databaseUrl) backends.push(await measure('PostgreSQL', firstUrl ? { dataDir: dir, databaseUrl: firstUrl } : null, { dataDir: dir, databaseUrl }, anvil.url, connections, seconds, log));
    catchUps.push(faster(historyBefore, await fetchOnly('history', anvil.url)), ...backends.map((b) => b.sync));
    const result: IndexerBenchResult = { connections, catchUps, backends, missing, baseline: await baseline(connections, Math.max(1, seconds)) };
    for (const line of formatBench(result)) log(line);
    return result;
  } finally {
    await postgres?.stop();
    await empty.stop();
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
  const pct = (part: number, whole: number): string => (whole > 0 ? `${n((100 * part) / whole)} %` : '-');
  const ceiling = (c: CatchUpFigures): CatchUpFigures | undefined => r.catchUps.find((x) => x.workload === c.workload && x.runner === 'fetch only');
  const sync = table(
    [
      ['workload', 'runner', 'blocks', 'transactions', 'start s', 'seconds', 'blocks/s', 'tx/s', 'of ceiling', 'node wait', 'our CPU', 'database'],
      ...r.catchUps.map((c) => {
        const top = ceiling(c);
        const rate = (x: CatchUpFigures): number => (c.workload === 'history' ? x.transactionsPerSecond : x.blocksPerSecond);
        const t = c.timings;
        return [
          c.workload,
          c.runner,
          n(c.blocks),
          n(c.transactions),
          c.startSeconds === null ? '-' : n(c.startSeconds, 2),
          n(c.seconds, 2),
          n(c.blocksPerSecond),
          n(c.transactionsPerSecond),
          top && top !== c ? pct(rate(c), rate(top)) : '-',
          t ? pct(t.nodeWaitMs, t.loopMs) : '-',
          t ? pct(t.writeMs - t.dbMs, t.loopMs) : '-',
          t ? pct(t.dbMs + t.commitWaitMs, t.loopMs) : '-',
        ];
      }),
    ],
    2,
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
    'catch-up from scratch ("start s": the process start before the first node call, store, migrations and API server;',
    '"seconds": from the first node call to caught up; "of ceiling": blocks/s of empty blocks, tx/s of history, against the',
    'fetch-only loop; shares of the catch-up loop\'s time: waiting for the next fetched batch, writing outside and inside database calls):',
    ...sync,
    ...(r.missing ? [`PostgreSQL not measured: ${r.missing}.`] : []),
    ...(first?.endpoints.length ? [`API at ${r.connections} concurrent keep-alive connections:`, ...api] : []),
  ];
}

if (import.meta.main) {
  await runIndexerBench();
}

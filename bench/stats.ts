// `npm run bench stats`: the daily statistics on a large database. Builds a 1,000,000-transaction history
// spread over a year (rows inserted directly: blocks every 5 minutes, ERC-20 transfers among 20 tokens, addresses
// first seen over the year, balances and holder counts as the ledger would leave them), then prints the stats
// follower's first fold from scratch, the fold of one new block, and each series route over the whole year, on SQLite
// and, when DATABASE_URL names an empty database or PostgreSQL is installed here (a throw-away cluster, as the tests
// start it), on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DAY_MS, formatDay } from '../common/stats-series.ts';
import { buildRouter } from '../indexer/src/api/routes.ts';
import type { ApiContext } from '../indexer/src/api/context.ts';
import { pad } from '../indexer/src/chain/num.ts';
import { RawJson, type Route } from '../indexer/src/http/router.ts';
import { StatsFollower } from '../indexer/src/stats/follower.ts';
import { openPostgres } from '../indexer/src/store/postgres.ts';
import { openSqlite } from '../indexer/src/store/sqlite.ts';
import type { SqlParam, Store } from '../indexer/src/store/types.ts';
import { insertRows } from '../indexer/src/store/bulk.ts';
import { postgresInstalled, startPostgres } from '../tests/indexer-testing/postgres.ts';

const TRANSACTIONS = 1_000_000;
const DAYS = 365;
const BLOCK_SECONDS = 300;
const TOKENS = 20;
const ACCOUNTS = 50_000;
/** One transaction in five moves a token. */
const TRANSFER_EVERY = 5;
const ZERO = '0x0000000000000000000000000000000000000000';

const START = (Math.floor(Date.now() / DAY_MS) - DAYS) * 86_400;
const BLOCKS = (DAYS * 86_400) / BLOCK_SECONDS;
const account = (i: number): string => `0x${(i + 1).toString(16).padStart(40, '0')}`;
const token = (i: number): string => `0x${'e'.repeat(32)}${i.toString(16).padStart(8, '0')}`;
const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;

/** Where generated rows go: a table, its columns, and rows in batches. */
type Sink = (table: string, columns: readonly string[], rows: SqlParam[][]) => Promise<void>;

/** Generates the history into `sink`, block by block; answers the last block number. */
async function generate(sink: Sink, log: (line: string) => void): Promise<number> {
  let rng = 0x5eed;
  const rand = (n: number): number => {
    rng = (rng * 1_103_515_245 + 12_345) & 0x7fffffff;
    return rng % n;
  };
  const seen = new Set<number>();
  const balances = new Map<string, bigint>();
  let blocks: SqlParam[][] = [];
  let txs: SqlParam[][] = [];
  let transfers: SqlParam[][] = [];
  let addresses: SqlParam[][] = [];
  const flush = async (): Promise<void> => {
    await sink('blocks', ['number', 'hash', 'parent_hash', 'timestamp', 'miner', 'gas_used', 'gas_limit', 'difficulty', 'extra_data', 'size', 'tx_count', 'reward'], blocks);
    await sink('transactions', ['id', 'hash', 'block_number', 'tx_index', 'block_hash', 'timestamp', 'from_addr', 'to_addr', 'value', 'gas_limit', 'gas_price', 'effective_gas_price', 'gas_used', 'cumulative_gas_used', 'input', 'nonce', 'status'], txs);
    await sink('token_transfers', ['block_number', 'log_index', 'batch_index', 'tx_hash', 'timestamp', 'token_address', 'token_type', 'from_addr', 'to_addr', 'value'], transfers);
    await sink('addresses', ['address', 'balance', 'balance_block', 'first_seen_block'], addresses);
    blocks = [];
    txs = [];
    transfers = [];
    addresses = [];
  };
  const see = (i: number, block: number): void => {
    if (seen.has(i)) return;
    seen.add(i);
    addresses.push([account(i), pad(1n), block, block]);
  };
  await sink('contracts', ['address', 'first_seen_block', 'block_number', 'contract_type', 'holder_count'], Array.from({ length: TOKENS }, (_, i) => [token(i), 0, 0, 'ERC20', 0]));
  let written = 0;
  for (let b = 0; b < BLOCKS; b++) {
    // Spread evenly: the first `b` blocks hold floor(b × TRANSACTIONS / BLOCKS) transactions.
    const n = Math.floor(((b + 1) * TRANSACTIONS) / BLOCKS) - Math.floor((b * TRANSACTIONS) / BLOCKS);
    const ts = START + b * BLOCK_SECONDS;
    let gas = 0;
    for (let i = 0; i < n; i++) {
      // Accounts join over the year: a sender is drawn among those the year has reached so far.
      const reach = Math.max(10, Math.floor((ACCOUNTS * (b + 1)) / BLOCKS));
      const from = rand(reach);
      const to = rand(reach);
      see(from, b);
      see(to, b);
      const used = 21_000 + rand(100_000);
      gas += used;
      const price = String(1_000_000_000 + rand(9_000_000_000));
      const hash = hashOf(b * 1_000_000 + i + 1);
      txs.push([b * 1_000_000 + i, hash, b, i, hashOf(b), ts, account(from), account(to), '0', '200000', price, price, String(used), String(gas), '0x', i, 1]);
      if (written % TRANSFER_EVERY === 0) {
        // A transfer of what the sender holds, else a mint to the recipient.
        const t = token(rand(TOKENS));
        const key = `${t} ${account(from)}`;
        const have = balances.get(key) ?? 0n;
        const value = BigInt(1 + rand(1000));
        const src = have >= value ? account(from) : ZERO;
        if (src !== ZERO) balances.set(key, have - value);
        balances.set(`${t} ${account(to)}`, (balances.get(`${t} ${account(to)}`) ?? 0n) + value);
        transfers.push([b, i, 0, hash, ts, t, 'ERC20', src, account(to), value.toString()]);
      }
      written++;
    }
    blocks.push([b, hashOf(b), b === 0 ? hashOf(0) : hashOf(b - 1), ts, account(0), String(gas), '30000000', '0', '0x', 600 + 110 * n, n, String(gas * 1_000_000)]);
    if (txs.length >= 50_000) await flush();
  }
  await flush();
  const holders = new Map<string, number>();
  const rows: SqlParam[][] = [];
  for (const [k, v] of balances) {
    if (v <= 0n) continue;
    const [t, h] = k.split(' ') as [string, string];
    rows.push([t, h, '', pad(v)]);
    holders.set(t, (holders.get(t) ?? 0) + 1);
  }
  await sink('token_balances', ['token_address', 'holder', 'token_id', 'balance'], rows);
  for (const [t, n] of holders) await sink('__holders', [t], [[n]]);
  log(`  history: ${BLOCKS.toLocaleString('en-US')} blocks over ${DAYS} days, ${written.toLocaleString('en-US')} transactions, ${Math.ceil(written / TRANSFER_EVERY).toLocaleString('en-US')} token transfers, ${seen.size.toLocaleString('en-US')} addresses`);
  return BLOCKS - 1;
}

/** SQLite: rows straight into the file through node:sqlite (the store migrates it first). */
async function fillSqlite(file: string, log: (line: string) => void): Promise<number> {
  await openSqlite(file).close();
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; BEGIN');
  const last = await generate(async (table, columns, rows) => {
    if (table === '__holders') {
      db.prepare('UPDATE contracts SET holder_count = ? WHERE address = ?').run(rows[0]?.[0] as number, columns[0] as string);
      return;
    }
    const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    for (const r of rows) insert.run(...(r as (string | number | null)[]));
    await Promise.resolve();
  }, log);
  db.exec('COMMIT');
  db.close();
  return last;
}

/** PostgreSQL: rows through the store's bulk inserts (COPY), a transaction per batch. */
async function fillPostgres(store: Store, log: (line: string) => void): Promise<number> {
  return generate(async (table, columns, rows) => {
    if (table === '__holders') {
      await store.run('UPDATE contracts SET holder_count = ? WHERE address = ?', rows[0]?.[0] as number, columns[0] as string);
      return;
    }
    for (let i = 0; i < rows.length; i += 50_000) await store.transaction((tx) => insertRows(tx, table, columns, rows.slice(i, i + 50_000)));
  }, log);
}

const ms = (t: number): string => `${(performance.now() - t).toFixed(0)} ms`;

/** Times the follower and the routes on a filled database. */
async function measure(runner: string, store: Store, last: number, log: (line: string) => void): Promise<void> {
  const follower = new StatsFollower(store);
  let t = performance.now();
  let steps = 1;
  while (await follower.step()) steps++;
  log(`  ${runner}: first fold from scratch (${DAYS + 1} days, ${steps} steps of up to 31 days): ${ms(t)}`);
  const b = last + 1;
  const ts = START + b * BLOCK_SECONDS;
  await store.run(
    `INSERT INTO blocks (number, hash, parent_hash, timestamp, miner, gas_used, gas_limit, difficulty, extra_data, size, tx_count, reward) VALUES (?, ?, ?, ?, ?, '21000', '30000000', '0', '0x', 700, 1, '0')`,
    b, hashOf(b), hashOf(last), ts, account(0),
  );
  await store.run(
    `INSERT INTO transactions (id, hash, block_number, tx_index, block_hash, timestamp, from_addr, to_addr, value, gas_limit, gas_price, effective_gas_price, gas_used, cumulative_gas_used, input, nonce, status)
     VALUES (?, ?, ?, 0, ?, ?, ?, ?, '0', '21000', '1', '1', '21000', '21000', '0x', 0, 1)`,
    b * 1_000_000, hashOf(b * 1_000_000 + 999_999), b, hashOf(b), ts, account(1), account(2),
  );
  t = performance.now();
  await follower.step();
  log(`  ${runner}: one new block's fold (its day re-folded whole, ~${Math.round(TRANSACTIONS / DAYS).toLocaleString('en-US')} transactions): ${ms(t)}`);

  const ctx = { db: store, rpc: {}, sync: () => ({ reorgs: 0, lastBlock: b }), ipfsGateway: '', cache: false } as unknown as ApiContext;
  const router = buildRouter(ctx);
  const from = formatDay(Math.floor(START / 86_400));
  const to = formatDay(Math.floor(ts / 86_400));
  const call = async (path: string, query: Record<string, string>): Promise<void> => {
    const m = router.match('GET', path.split('/').filter(Boolean));
    if (m === null || !('route' in m)) throw new Error(`no route ${path}`);
    const route: Route = m.route;
    const best: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const body = await route.handler({ params: m.params, query: new URLSearchParams(query), body: undefined });
      best.push(performance.now() - start);
      bytes = (body instanceof RawJson ? body.text : JSON.stringify(body)).length;
    }
    log(`  ${runner}: GET ${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}: ${Math.min(...best).toFixed(1)} ms (best of 5, ${bytes.toLocaleString('en-US')} bytes)`);
  };
  await call('/stats/series/transactions', { from, to });
  await call('/stats/series/median-gas-price', { from, to });
  await call('/stats/series/fees', {});
  await call('/stats/summary', {});
  await call(`/tokens/${token(0)}/series/holders`, { from, to });
  await call(`/tokens/${token(0)}/series/transfers`, { from, to });
  await call('/api', { module: 'stats', action: 'dailytx', startdate: from, enddate: to });
  await call('/api', { module: 'stats', action: 'dailyavggasprice', startdate: from, enddate: to });
}

/** The stats bench on SQLite, then on PostgreSQL when one is at hand. */
export async function runStatsBench(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  log('stats: the daily series on a 1,000,000-transaction year');
  const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
  try {
    const file = join(dir, 'indexer.sqlite');
    const t = performance.now();
    const last = await fillSqlite(file, log);
    log(`  SQLite: database built in ${ms(t)}`);
    const lite = openSqlite(file);
    try {
      await measure('SQLite', lite, last, log);
    } finally {
      await lite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let cluster: { url: string; stop(): Promise<void> } | null = null;
  let url = process.env['DATABASE_URL'];
  if (!url) {
    if (!postgresInstalled()) {
      log('  PostgreSQL: skipped (DATABASE_URL is not set and PostgreSQL is not installed here)');
      return;
    }
    cluster = await startPostgres({ durable: true });
    url = cluster.url;
  }
  const pg = await openPostgres(url, { max: 4 });
  try {
    const t = performance.now();
    const last = await fillPostgres(pg, log);
    await pg.run('ANALYZE');
    log(`  PostgreSQL: database built in ${ms(t)}`);
    await measure('PostgreSQL', pg, last, log);
  } finally {
    await pg.close();
    await cluster?.stop();
  }
}

// Durability of the indexer.
// 1. An indexer process SIGKILLed at planned moments of a catch-up and restarted on the same data each time ends up
//    with a database equal, table for table and row for row, to that of a single clean run; every kill leaves a
//    consistent prefix of the chain behind, holding every block the killed process had reported as indexed. The first
//    kill lands while one transaction writes most of the history; the others, in one-block batches, inside a batch's
//    write, right after a commit, at seeded moments, and as the first WAL checkpoint of a process begins.
// 2. Reorgs 64 blocks deep, and deeper than every window of the indexer (its ancestor search reads 32 blocks per
//    round, and state is read at a batch's own block only within 64 blocks of the head), followed live: no row of an
//    orphaned block is left, and every count and balance matches the chain and a clean index of the new chain.
// Runs on the suite's backend (SQLite, or PostgreSQL in the `integration-postgres` project). Every wait is for a state
// (a line the process says, a row, a lock), never for a time: a slow machine makes the file slower, not red.
import { join } from 'node:path';
import { spawnIndexerProcess, type IndexerProcess, type ProcessOptions } from './indexer-spawn.ts';
import { DatabaseSync } from 'node:sqlite';
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { Rng } from '../../devnet/rng.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer, type IndexerOptions } from '../../indexer/src/main.ts';
import { decodeUint, encodeCall, SELECTORS } from '../../indexer/src/chain/abi.ts';
import { toHex } from '../../indexer/src/chain/num.ts';
import { RpcClient, unwrap } from '../../indexer/src/chain/rpc.ts';
import { SqliteStore } from '../../indexer/src/store/sqlite.ts';
import type { Queryable, Store } from '../../indexer/src/store/types.ts';
import {
  chainCounts,
  counterMismatches,
  countOf,
  dbCounts,
  erc1155Mismatches,
  erc20Mismatches,
  erc721Mismatches,
  nativeMismatches,
} from '../indexer-testing/verify.ts';
import { BACKEND, freshStorage, openStorage, type Storage } from './backend.ts';
import { tempDirs } from './temp-dirs.ts';

/** Seed of the kill plan's targets and delays (INDEXER_DURABILITY_SEED to replay another one); logged by the test. */
const SEED = Number(process.env['INDEXER_DURABILITY_SEED'] ?? 0x15d0_7ab1e);
/** Batches of one block, one at a time: a catch-up of hundreds of commits, each a moment a kill can fall at. */
const SLOW_SYNC = { concurrency: 1, maxBlocksPerBatch: 1, txsPerBatch: 1 } as const;
/** Batches as large as the chain (after the first, of 10 blocks): one transaction writes most of the history. */
const ONE_BIG_BATCH = { concurrency: 1, maxBlocksPerBatch: 1_000_000, txsPerBatch: 1_000_000_000 } as const;
/**
 * Where in a batch's life each kill of the catch-up lands, in this order (each twice, the checkpoint once):
 * - write: inside a batch's write transaction, seen open from outside (SQLite: the write lock is held; PostgreSQL: a
 *   backend of the database has a transaction id), killed at once;
 * - commit: right after a batch's COMMIT returned, the process stopped (SIGSTOP) in its commit hook before the sync goes
 *   on; on both backends the next batch is then being built or committed beside it (the stores pipeline
 *   transactions: SQLite on its writer thread, PostgreSQL on one connection, where the server may finish a commit
 *   already sent);
 * - moment: a seeded delay of up to JITTER_MS after a batch's commit was reported: fetching, reading state, building
 *   or committing, wherever the process is then;
 * - checkpoint: the same, after the 100th batch of one process, whose commit starts the first WAL checkpoint of that
 *   process (sync/checkpoint-policy.ts) over a WAL that killed processes wrote: on SQLite the kill falls while the
 *   checkpointer thread copies it or just after; on PostgreSQL it is a kill deep into one process's catch-up.
 * Every restart also recovers what the kill left: SQLite's WAL, PostgreSQL's sync lock (held by the killed process
 * until the server has seen its connections close; the restart waits for it). The kill inside the one large
 * transaction comes before the plan, and the last restart finishes the chain in one large batch.
 */
const KILL_PLAN = ['write', 'commit', 'moment', 'checkpoint', 'write', 'commit', 'moment'] as const;
type Phase = (typeof KILL_PLAN)[number];
/** Blocks between two kills' targets, at least and at most (the seed picks). */
const GAP = [4, 16] as const;
/** Committed batches after which a process checkpoints its WAL (EVERY_BATCHES in sync/checkpoint-policy.ts). */
const CHECKPOINT_BATCHES = 100;
/** Longest delay after a reported commit for the `moment` and `checkpoint` kills. */
const JITTER_MS = 40;
/**
 * Longest time a wait goes on without progress (no batch committed, the tracer's cursor still): a guard against hangs,
 * not a speed check. Waits for a long process (a catch-up, a trace) fail only when it stalls, never because a loaded
 * machine made it slow.
 */
const PATIENCE_MS = 300_000;
/** Bound of a whole case or hook, against a hang that a wait does not see: a loaded machine may take minutes. */
const HANG_GUARD_MS = 1_800_000;

/**
 * Columns left out of the row-for-row comparison, because they legitimately differ between two correct databases:
 * - schema_migrations.applied_at: the wall-clock second each migration ran, i.e. when the database was created.
 * - addresses.balance_block: the block a native balance was read at is the last block of the batch that last touched
 *   the address, so it follows where batches begin and end, and a restart begins a new batch wherever the killed
 *   process stopped (the balance itself is compared, and checked against the chain in the reorg cases).
 * - token_transfers.id, on PostgreSQL only: an identity column, and a sequence hands out values also to
 *   transactions that never commit (those a kill aborted), so later ids skip them. SQLite's rowid is the highest
 *   committed id plus one, so there the ids must match too. The transfers' chain order (block, log and batch index)
 *   is compared on both backends.
 * - sync_state.owner, on PostgreSQL only: the random id of the process that last held the sync lock (always null on
 *   SQLite, where no lock is taken).
 */
const EXCLUDED: Readonly<Record<string, readonly string[]>> = {
  schema_migrations: ['applied_at'],
  addresses: ['balance_block'],
  ...(BACKEND === 'postgres' ? { token_transfers: ['id'], sync_state: ['owner'] } : {}),
};
/** Also left out when a live index that followed reorgs is compared with a clean index of the new chain. */
const EXCLUDED_AFTER_REORGS: Readonly<Record<string, readonly string[]>> = {
  ...EXCLUDED,
  // Both indexers still run here: updated_at is the wall-clock time of each one's last status write, reorgs the
  // rollbacks the live one went through (none for the clean one), last_error the last error the live one retried
  // while the chain changed under it, if any.
  sync_state: [...(EXCLUDED['sync_state'] ?? []), 'updated_at', 'reorgs', 'last_error'],
};

const erc20 = new Interface(['function transfer(address to, uint256 value)', 'function balanceOf(address) view returns (uint256)']);
const erc721 = new Interface(['function transferFrom(address from, address to, uint256 tokenId)', 'function ownerOf(uint256) view returns (address)']);
const erc1155 = new Interface([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);
// Init code of a contract whose runtime code is the single byte 0x00 (STOP); bytes after it are never run.
const TINY_CONTRACT = '0x6001600c60003960016000f300';

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
const procs: Proc[] = [];
const opened: Store[] = [];
const indexers: Indexer[] = [];

const { make: tempDir, removeAll: removeTempDirs } = tempDirs('indexer-durability-');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function chainHead(): Promise<{ number: number; hash: string }> {
  const b = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
  return { number: Number(b.number), hash: b.hash.toLowerCase() };
}

beforeAll(async () => {
  anvil = await startAnvil();
  // About 350 blocks, 1,000 transactions and 700 logs, of every kind the indexer derives state from: hundreds of
  // one-block commits to kill a catch-up in, and more than twice the deepest reorg.
  info = await runScenario(anvil.url);
  rpc = new RpcClient(anvil.url);
}, HANG_GUARD_MS);

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  for (const ix of indexers) await ix.stop();
  for (const s of opened) await s.close().catch(() => undefined);
  await anvil?.stop();
  removeTempDirs();
});

// ---------------------------------------------------------------------------------------------------------------
// Databases, read as they are

/**
 * A connection to an indexer's database that does not change it: on SQLite the file opened read-only (neither the
 * database file nor its write-ahead log is written, no checkpoint runs on close), on PostgreSQL a pool of its own.
 */
async function inspect(storage: Storage): Promise<Store> {
  const store = storage.databaseUrl ? await openStorage(storage) : new SqliteStore(new DatabaseSync(join(storage.dataDir, 'indexer.sqlite'), { readOnly: true }));
  opened.push(store);
  return store;
}

async function close(store: Store): Promise<void> {
  opened.splice(opened.indexOf(store), 1);
  await store.close();
}

/** The tables of the database with their columns in declared order, from the catalog. */
async function schemaOf(db: Store): Promise<Map<string, string[]>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all<{ table_name: string; column_name: string }>(
          `SELECT m.name AS table_name, c.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) c
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY m.name, c.cid`,
        )
      : await db.all<{ table_name: string; column_name: string }>(
          `SELECT c.table_name, c.column_name FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
           WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
        );
  const tables = new Map<string, string[]>();
  for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  return tables;
}

/** Every row of every table, the excluded columns left out, ordered by all remaining columns (the key among them). */
async function dumpAll(db: Store, excluded: Readonly<Record<string, readonly string[]>>): Promise<Map<string, unknown[]>> {
  const out = new Map<string, unknown[]>();
  for (const [table, columns] of await schemaOf(db)) {
    const kept = columns.filter((c) => !(excluded[table] ?? []).includes(c));
    const list = kept.map((c) => `"${c}"`).join(', ');
    out.set(table, (await db.all<Record<string, unknown>>(`SELECT ${list} FROM "${table}" ORDER BY ${list}`)).map((r) => ({ ...r })));
  }
  return out;
}

/** Two databases hold the same tables and, in each, the same rows. */
async function expectSameRows(mine: Store, reference: Store, excluded: Readonly<Record<string, readonly string[]>>): Promise<void> {
  const a = await dumpAll(mine, excluded);
  const b = await dumpAll(reference, excluded);
  expect([...a.keys()]).toEqual([...b.keys()]);
  // The comparison is not between two empty databases.
  expect((b.get('blocks') ?? []).length).toBeGreaterThan(0);
  for (const [table, rows] of b) {
    expect(a.get(table)?.length, `rows of ${table}`).toBe(rows.length);
    expect(a.get(table), `table ${table}`).toEqual(rows);
  }
}

/** Per block of the chain as it is before the reorg cases: hash, transactions and logs (read once, it does not change). */
let chainTable: Promise<{ hashes: string[]; txs: number[]; logs: number[] }> | null = null;

async function chainBlocks(): Promise<{ hashes: string[]; txs: number[]; logs: number[] }> {
  chainTable ??= (async () => {
    const head = await chainHead();
    const table = { hashes: [] as string[], txs: [] as number[], logs: [] as number[] };
    for (let start = 0; start <= head.number; start += 100) {
      const numbers = Array.from({ length: Math.min(head.number, start + 99) - start + 1 }, (_, i) => start + i);
      const answers = await rpc.batch<unknown>(numbers.flatMap((n) => [
        { method: 'eth_getBlockByNumber', params: [toHex(n), false] },
        { method: 'eth_getBlockReceipts', params: [toHex(n)] },
      ]));
      for (let i = 0; i < answers.length; i += 2) {
        const block = unwrap(answers[i]) as { hash: string; transactions: string[] };
        table.hashes.push(block.hash.toLowerCase());
        table.txs.push(block.transactions.length);
        table.logs.push((unwrap(answers[i + 1]) as { logs: unknown[] }[]).reduce((s, r) => s + r.logs.length, 0));
      }
    }
    // Read while nothing was mined: the chain the kill cases index.
    expect(table.hashes[head.number]).toBe(head.hash);
    return table;
  })();
  return chainTable;
}

/** The database holds blocks 0..n of the chain exactly, with their transactions and logs, and its counters agree. */
async function expectChainPrefix(db: Queryable): Promise<number> {
  const tip = Number((await db.one<{ n: number | null }>('SELECT max(number) AS n FROM blocks'))?.n ?? -1);
  // Of blocks 0..-1 (an empty database): none.
  const chain = await chainBlocks();
  const sum = (list: number[]) => list.slice(0, tip + 1).reduce((s, n) => s + n, 0);
  const mine = await dbCounts(db);
  expect(mine.hashes).toEqual(chain.hashes.slice(0, tip + 1));
  expect(mine.transactions).toBe(sum(chain.txs));
  expect(mine.logs).toBe(sum(chain.logs));
  expect(await counterMismatches(db)).toEqual([]);
  return tip;
}

// ---------------------------------------------------------------------------------------------------------------
// Indexer processes (tests/integration/indexer-process.ts), which a SIGKILL ends with no clean-up of any kind

type Proc = IndexerProcess;

function spawnIndexer(opts: Partial<IndexerOptions> & ProcessOptions): Proc {
  return spawnIndexerProcess({ rpcUrl: anvil.url, port: 0, reportCommits: true, ...opts }, procs);
}

/** The block of a `committed <block>` or `paused <block>` line, else null. */
function committedBlock(line: string): number | null {
  const m = /^(?:committed|paused) (\d+)$/.exec(line);
  return m ? Number(m[1]) : null;
}

/** The highest block the process has reported as committed so far (-1 for none): /health reported it too. */
function reported(p: Proc): number {
  return p.lines.reduce((top, line) => Math.max(top, committedBlock(line) ?? -1), -1);
}

/**
 * Waits until a batch the process committed passes `done` (its commit hook says so at once); fails when the process
 * exits, or commits nothing for PATIENCE_MS.
 */
function untilCommit(p: Proc, done: (block: number) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stalled = () => reject(new Error(`no batch committed for ${PATIENCE_MS / 1000} s while waiting for ${what} (it said: ${p.lines.slice(-5).join(' | ')})`));
    let timer = setTimeout(stalled, PATIENCE_MS);
    const test = (line: string): boolean => {
      const block = committedBlock(line);
      if (block === null) return false;
      clearTimeout(timer);
      timer = setTimeout(stalled, PATIENCE_MS);
      return done(block);
    };
    p.said(test, what).then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** Waits until the process has committed a batch ending at `block` or later. */
function committedTo(p: Proc, block: number): Promise<void> {
  return untilCommit(p, (last) => last >= block, `block ${block} committed`);
}

/** Waits until `read` answers `goal`; fails when what it answers stays the same for PATIENCE_MS (no progress). */
async function progressTo<T>(read: () => T | Promise<T>, goal: T, what: string): Promise<void> {
  let last = await read();
  let since = Date.now();
  while (last !== goal) {
    await sleep(50);
    const now = await read();
    if (now !== last) since = Date.now();
    else if (Date.now() - since > PATIENCE_MS) throw new Error(`no progress for ${PATIENCE_MS / 1000} s waiting for ${what} (still at ${String(now)})`);
    last = now;
  }
}

/** A wait bounded by PATIENCE_MS. */
async function withPatience<T>(wait: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), PATIENCE_MS);
  });
  try {
    return await Promise.race([wait, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until the process serves and syncs (on PostgreSQL it first waits for the sync lock, which a killed process
 * holds until the server notices its connections closed).
 */
async function serving(p: Proc): Promise<void> {
  await withPatience(p.said((line) => line === 'syncing', 'syncing'), `the indexer process to sync (it said: ${p.lines.slice(-5).join(' | ')})`);
}

async function sigkill(p: Proc): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
  expect(p.child.signalCode).toBe('SIGKILL');
}

/** SIGTERM: the process stops its indexer (closing the database) and exits 0. */
async function sigterm(p: Proc): Promise<void> {
  p.child.kill('SIGTERM');
  await p.exited;
  expect(p.child.exitCode, p.lines.slice(-8).join(' | ')).toBe(0);
}

/**
 * An indexer process on this storage that loads its modules now and starts at go(): the next restart, spawned while
 * the process before it still runs.
 */
function standby(storage: Storage): Proc {
  return spawnIndexer({ ...storage, standby: true });
}

/**
 * Runs an indexer process (`ready`, a standby one, or a new one) until it has indexed and traced the chain up to
 * `head`, then stops it cleanly.
 */
async function syncToHead(storage: Storage, head: number, sync?: IndexerOptions['sync'], ready?: Proc): Promise<void> {
  const p = ready ?? spawnIndexer({ ...storage, ...(sync ? { sync } : {}) });
  if (ready) ready.go(sync ? { sync } : {});
  await serving(p);
  await committedTo(p, head);
  await tracedTo(storage, head);
  await sigterm(p);
}

/** Waits until the trailing tracer (sync/tracer.ts) has traced the head: its tables then equal a clean run's too. */
async function tracedTo(storage: Storage, head: number): Promise<void> {
  const db = await inspect(storage);
  try {
    await progressTo(async () => Number((await db.one<{ n: number | null }>('SELECT block_number AS n FROM internal_trace WHERE id = 1'))?.n ?? -1), head, `the tracer to reach block ${head}`);
  } finally {
    await close(db);
  }
}

/** Clean runs by head: the kill cases of one chain compare with the same one, and the reorg cases go on from it. */
const cleanRuns = new Map<number, Promise<Storage>>();

/** A single clean run of the chain up to `head` on a database of its own, with the default batches: the reference. */
function cleanRun(head: number): Promise<Storage> {
  let run = cleanRuns.get(head);
  if (run === undefined) {
    run = (async () => {
      const reference = await freshStorage(tempDir());
      await syncToHead(reference, head);
      return reference;
    })();
    cleanRuns.set(head, run);
  }
  return run;
}

/**
 * Looks for an open write transaction of the indexer: on PostgreSQL a backend of the database with a transaction id
 * (its xid, else null), on SQLite the write lock held (BEGIN IMMEDIATE refused without waiting). `end` closes the
 * looking connection; on SQLite it must be closed while the indexer still has the file open, so that closing it never
 * checkpoints the WAL a kill is about to leave behind.
 */
async function writeWatcher(storage: Storage): Promise<{ look: () => Promise<string | null>; end: () => Promise<void> }> {
  if (storage.databaseUrl) {
    const db = await inspect(storage);
    const sql = 'SELECT backend_xid::text AS xid FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()';
    return { look: async () => (await db.one<{ xid: string }>(sql))?.xid ?? null, end: () => close(db) };
  }
  const db = new DatabaseSync(join(storage.dataDir, 'indexer.sqlite'));
  db.exec('PRAGMA busy_timeout = 0');
  return {
    look: async () => {
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return null;
      } catch (err) {
        if (!/locked|busy/i.test(String(err))) throw err;
        return 'write lock';
      }
    },
    end: async () => db.close(),
  };
}

/**
 * Kills the process once a write transaction of it is open: seen `looks` times in a row 2 ms apart (the same one, on
 * PostgreSQL; two looks tell a batch from a short status write). Answers the last block it had reported as committed.
 */
async function killInWrite(storage: Storage, p: Proc, looks: number): Promise<number> {
  const watcher = await writeWatcher(storage);
  let open = true;
  try {
    let seen: string | null = null;
    let count = 0;
    const end = Date.now() + PATIENCE_MS;
    for (let first = true; count < looks; first = false) {
      if (!first) await sleep(2);
      if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`the indexer process died: ${p.lines.slice(-8).join(' | ')}`);
      if (Date.now() > end) throw new Error('timed out waiting for a write transaction to be open');
      const now = await watcher.look();
      count = now === null ? 0 : now === seen ? count + 1 : 1;
      seen = now;
    }
    // SQLite: closed before the kill, while the indexer holds the file (PostgreSQL's pool waits until after it).
    if (!storage.databaseUrl) {
      open = false;
      await watcher.end();
    }
    const before = reported(p);
    await sigkill(p);
    return before;
  } finally {
    if (open) await watcher.end();
  }
}

/** One kill of the plan: where it aimed, what the process had reported, what the database kept. */
interface Kill {
  phase: Phase | 'large batch';
  target: number;
  jitter: number;
  reported: number;
  tip: number;
}

/** Kills a process at the moment `phase` says, aimed at `target`; answers what it had reported as committed. */
async function killAt(storage: Storage, p: Proc, phase: Phase, target: number, jitter: number): Promise<number> {
  if (phase === 'commit') {
    // Spawned with pauseAt: it stopped itself right after committing the target.
    await withPatience(p.said((line) => line.startsWith('paused '), 'paused'), `the process to pause at block ${target}`);
  } else if (phase === 'checkpoint') {
    // Counted in batches, not blocks: a process's first batch is larger (sync/batch-sizer.ts starts at 10 blocks and
    // keeps to maxBlocksPerBatch from the second on).
    let commits = 0;
    await untilCommit(p, () => ++commits === CHECKPOINT_BATCHES, `the process's ${CHECKPOINT_BATCHES}th batch`);
    await sleep(jitter);
  } else {
    await committedTo(p, target);
    if (phase === 'write') return killInWrite(storage, p, 1);
    await sleep(jitter);
  }
  const before = reported(p);
  await sigkill(p);
  return before;
}

describe('kill -9 during the sync', () => {
  // One database for the cases below, in order: the kill inside the large batch leaves the prefix the planned kills
  // go on from, and the last restart's database is compared with a clean run.
  let shared: Promise<Storage> | null = null;
  const storage = () => (shared ??= freshStorage(tempDir()));
  const kills: Kill[] = [];

  beforeAll(async () => {
    // The clean run the kill cases compare with is made meanwhile, in a process of its own: its sync and its tracer
    // (which leaves the node alone half of the time) overlap the kills and restarts instead of following them.
    cleanRun((await chainHead()).number).catch(() => undefined);
  }, HANG_GUARD_MS);

  it('a SIGKILL while one transaction writes most of the history leaves a consistent prefix without any of that batch', async () => {
    const head = (await chainHead()).number;
    const db0 = await storage();
    const p = spawnIndexer({ ...db0, sync: ONE_BIG_BATCH });
    await serving(p);
    // The same transaction open across two looks: the large batch, not a status write.
    const before = await killInWrite(db0, p, 2);

    const db = await inspect(db0);
    try {
      // Nothing of the batch that was being written is kept (the first, small batch may be).
      const tip = await expectChainPrefix(db);
      expect(tip).toBeGreaterThanOrEqual(before);
      expect(tip).toBeLessThan(head);
      expect(tip).toBeLessThan(10);
      kills.push({ phase: 'large batch', target: -1, jitter: 0, reported: before, tip });
    } finally {
      await close(db);
    }
  }, HANG_GUARD_MS);

  it(`${KILL_PLAN.length} more SIGKILLs at planned moments of a catch-up in one-block batches, each followed by a restart on the same data: the database equals a clean run's, row for row`, async () => {
    const head = (await chainHead()).number;
    const db0 = await storage();
    const rng = new Rng(SEED);
    console.log(`indexer durability: kill plan seed ${SEED} (INDEXER_DURABILITY_SEED=${SEED} replays it), chain head ${head}, backend ${BACKEND}`);
    const check = await inspect(db0);
    let previous: number;
    try {
      previous = await expectChainPrefix(check);
    } finally {
      await close(check);
    }
    // Each restart is spawned while the process before it syncs, and starts once that one's kill has been checked.
    let next = standby(db0);
    try {
      for (const [i, phase] of KILL_PLAN.entries()) {
        // The checkpoint kill aims at this process's 100th batch, which ends 100 blocks on or later.
        const target = phase === 'checkpoint' ? previous + CHECKPOINT_BATCHES : previous + rng.int(GAP[0], GAP[1]);
        const jitter = phase === 'moment' || phase === 'checkpoint' ? rng.int(0, JITTER_MS) : 0;
        const p = next;
        p.go({ sync: SLOW_SYNC, ...(phase === 'commit' ? { pauseAt: target } : {}) });
        await serving(p);
        next = standby(db0);
        const before = await killAt(db0, p, phase, target, jitter);

        const db = await inspect(db0);
        try {
          const tip = await expectChainPrefix(db);
          kills.push({ phase, target, jitter, reported: before, tip });
          // Every block the process had reported as indexed survived the kill, and the catch-up was not over yet.
          expect(before).toBeGreaterThanOrEqual(target);
          expect(tip).toBeGreaterThanOrEqual(before);
          expect(tip).toBeGreaterThanOrEqual(previous);
          expect(tip, `kill ${i + 1} (${phase}) did not land during the catch-up`).toBeLessThan(head);
          previous = tip;
        } finally {
          await close(db);
        }
      }
    } finally {
      console.log(`indexer durability: kills (phase target/reported/stored tip, +jitter ms) ${kills.map((k) => `${k.phase} ${k.target}/${k.reported}/${k.tip}+${k.jitter}`).join(', ')}`);
    }
    // The last restart finishes the catch-up in one large batch.
    await syncToHead(db0, head, ONE_BIG_BATCH, next);

    const reference = await cleanRun(head);
    const mine = await inspect(db0);
    const clean = await inspect(reference);
    try {
      expect(await expectChainPrefix(clean)).toBe(head);
      expect(await expectChainPrefix(mine)).toBe(head);
      await expectSameRows(mine, clean, EXCLUDED);
    } finally {
      await close(mine);
      await close(clean);
    }
  }, HANG_GUARD_MS);
});

// ---------------------------------------------------------------------------------------------------------------
// Deep reorgs, followed by a live indexer

describe('deep reorgs', () => {
  let indexer: Indexer;
  const log: string[] = [];

  beforeAll(async () => {
    // It goes on from the clean run of the kill cases (made here if they did not run): that index of the chain as
    // mined is only read by them, and they are done with it.
    indexer = await startIndexer({
      rpcUrl: anvil.url,
      ...(await cleanRun((await chainHead()).number)),
      port: 0,
      pollMs: 100,
      log: (line) => log.push(line),
      progress: false,
      metadata: false,
      verify: { download: false },
    });
    indexers.push(indexer);
    await indexer.caughtUp();
  }, HANG_GUARD_MS);

  /** Waits until the indexer's newest block is the chain's head, number and hash. */
  async function indexedHead(): Promise<{ number: number; hash: string }> {
    const head = await chainHead();
    await progressTo(
      async () => {
        const row = await indexer.store.one<{ number: number; hash: string }>('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1');
        return `${row?.number} ${row?.hash}`;
      },
      `${head.number} ${head.hash}`,
      `the indexer to reach block ${head.number} ${head.hash}`,
    );
    return head;
  }

  /** eth_call at a block, decoded. */
  async function callAt(iface: Interface, to: string, fn: string, args: unknown[], block: number): Promise<unknown> {
    const data = await rpc.call<string>('eth_call', [{ to, data: iface.encodeFunctionData(fn, args) }, toHex(block)]);
    return iface.decodeFunctionResult(fn, data)[0];
  }

  /**
   * One transaction of each kind the index derives state from (native value, ERC-20, ERC-721 and ERC-1155 transfers,
   * a contract creation), each valid on the state at `ancestor` and paying a fresh address, for anvil_reorg. The
   * creation's init code ends with a byte of its own (`tag`, never run): its sender may have the same nonce at two
   * reorgs' ancestors, and the same transaction mined again would not be an orphaned one gone.
   */
  async function replacements(ancestor: number, fresh: readonly string[], tag: number): Promise<Record<string, string>[]> {
    const accounts = info.accounts.map((a) => a.toLowerCase());
    const [a1, a2] = [accounts[1] as string, accounts[2] as string];
    const token = info.tokens[0]?.address as string;
    let tokenFrom: string | undefined;
    for (const a of accounts.slice(3)) if (((await callAt(erc20, token, 'balanceOf', [a], ancestor)) as bigint) > 0n) tokenFrom ??= a;
    let nft: { address: string; id: bigint; owner: string } | undefined;
    for (const r of await indexer.store.all<{ token_address: string; token_id: string }>("SELECT token_address, token_id FROM nft_tokens WHERE token_type = 'ERC721' AND mint_block <= ? ORDER BY token_address, token_id", ancestor)) {
      if (nft) break;
      const owner = ((await callAt(erc721, r.token_address, 'ownerOf', [BigInt(r.token_id)], ancestor)) as string).toLowerCase();
      if (accounts.includes(owner) && owner !== tokenFrom) nft = { address: r.token_address, id: BigInt(r.token_id), owner };
    }
    let item: { id: number; holder: string } | undefined;
    for (const id of info.erc1155.tokenIds) {
      for (const a of accounts.slice(3)) {
        if (!item && a !== tokenFrom && a !== nft?.owner && ((await callAt(erc1155, info.erc1155.address, 'balanceOf', [a, id], ancestor)) as bigint) > 0n) item = { id, holder: a };
      }
    }
    if (!tokenFrom || !nft || !item) throw new Error(`no holder at block ${ancestor} to send a replacement from: ${JSON.stringify({ tokenFrom, nft: nft?.owner, item })}`);
    return [
      { from: a1, to: fresh[0] as string, value: '0x1234' },
      { from: tokenFrom, to: token, data: erc20.encodeFunctionData('transfer', [fresh[1], 777n]) },
      { from: nft.owner, to: nft.address, data: erc721.encodeFunctionData('transferFrom', [nft.owner, fresh[2], nft.id]) },
      { from: item.holder, to: info.erc1155.address, data: erc1155.encodeFunctionData('safeTransferFrom', [item.holder, fresh[3], BigInt(item.id), 1n, '0x']) },
      { from: a2, data: `${TINY_CONTRACT}${tag.toString(16).padStart(2, '0')}` },
    ].map((tx) => ({ ...tx, gasPrice: '0x0' }));
  }

  /** The chain's transactions (hash, block) and logs (block, index, transaction, emitter), in chain order. */
  async function chainRows(head: number): Promise<{ txs: string[]; logs: string[] }> {
    const txs: string[] = [];
    const logs: string[] = [];
    for (let start = 0; start <= head; start += 100) {
      const numbers = Array.from({ length: Math.min(head, start + 99) - start + 1 }, (_, i) => start + i);
      const answers = await rpc.batch<unknown>(numbers.flatMap((n) => [
        { method: 'eth_getBlockByNumber', params: [toHex(n), false] },
        { method: 'eth_getBlockReceipts', params: [toHex(n)] },
      ]));
      for (let i = 0; i < answers.length; i += 2) {
        const block = unwrap(answers[i]) as { hash: string; number: string; transactions: string[] };
        for (const h of block.transactions) txs.push(`${h.toLowerCase()}@${Number(block.number)}:${block.hash.toLowerCase()}`);
        for (const r of unwrap(answers[i + 1]) as { logs: { blockNumber: string; logIndex: string; transactionHash: string; address: string }[] }[]) {
          for (const l of r.logs) logs.push(`${Number(l.blockNumber)}:${Number(l.logIndex)}:${l.transactionHash.toLowerCase()}:${l.address.toLowerCase()}`);
        }
      }
    }
    return { txs, logs };
  }

  /** Everything indexed belongs to the chain as it is now; counts, balances, owners and counters match it. */
  async function expectOnChain(candidates: readonly string[]): Promise<void> {
    const db = indexer.store;
    const head = await chainHead();
    const chain = await chainCounts(rpc, head.number);
    const mine = await dbCounts(db);
    expect(mine.hashes).toEqual(chain.hashes);
    const rows = await chainRows(head.number);
    expect((await db.all<{ k: string }>("SELECT hash || '@' || block_number || ':' || block_hash AS k FROM transactions ORDER BY id")).map((r) => r.k)).toEqual(rows.txs);
    expect((await db.all<{ k: string }>("SELECT block_number || ':' || log_index || ':' || tx_hash || ':' || address AS k FROM logs ORDER BY id")).map((r) => r.k)).toEqual(rows.logs);
    // No row refers to a block or transaction that is not on the chain (any more).
    const stale = await countOf(
      db,
      `SELECT (SELECT count(*) FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE b.number = t.block_number AND b.hash = t.block_hash))
            + (SELECT count(*) FROM logs l WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = l.tx_id AND t.hash = l.tx_hash AND t.block_number = l.block_number))
            + (SELECT count(*) FROM token_transfers x WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.hash = x.tx_hash AND t.block_number = x.block_number))
            + (SELECT count(*) FROM address_transactions a WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = a.tx_id))
            + (SELECT count(*) FROM nft_tokens n WHERE n.mint_tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.hash = n.mint_tx AND t.block_number = n.mint_block))
            + (SELECT count(*) FROM contracts c WHERE c.creation_tx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.hash = c.creation_tx AND t.block_number = c.block_number))
            + (SELECT count(*) FROM addresses a WHERE a.first_seen_block > (SELECT max(number) FROM blocks)) AS n`,
    );
    expect(stale).toBe(0);
    expect(await counterMismatches(db)).toEqual([]);
    const addresses = (await db.all<{ address: string }>('SELECT address FROM addresses')).map((r) => r.address);
    const all = [...new Set([...info.accounts, ...info.holders, ...candidates, ...addresses].map((a) => a.toLowerCase()))];
    expect(await erc20Mismatches(db, rpc, all)).toEqual([]);
    expect(await erc721Mismatches(db, rpc)).toEqual([]);
    expect(await erc1155Mismatches(db, rpc, all)).toEqual([]);
    expect(await nativeMismatches(db, rpc)).toEqual([]);
    // sum() of a 64-bit column is numeric (a decimal string) on PostgreSQL.
    expect(await countOf(db, 'SELECT sum(blocks_mined) AS n FROM validators')).toBe(chain.blocks - 1);
    // ERC-20 and ERC-721 total supplies (minted and burnt in the orphaned blocks too) are those of the chain: a rollback
    // once left the collections' supplies stale.
    const tokens = await db.all<{ address: string; total_supply: string | null }>("SELECT address, total_supply FROM contracts WHERE contract_type IN ('ERC20', 'ERC721') ORDER BY address");
    expect(tokens.length).toBeGreaterThan(0);
    const supplies = await rpc.batch<string>(tokens.map((t) => ({ method: 'eth_call', params: [{ to: t.address, data: encodeCall(SELECTORS.totalSupply) }, 'latest'] })));
    expect(tokens.map((t) => `${t.address} ${t.total_supply}`)).toEqual(tokens.map((t, i) => `${t.address} ${decodeUint(unwrap(supplies[i]))?.toString() ?? null}`));
  }

  async function reorg(depth: number, fresh: readonly string[]): Promise<void> {
    const before = await indexedHead();
    // The trailing tracer first traces what is indexed (anvil answers eth_call at old blocks only between its traces).
    await progressTo(() => indexer.tracedBlock(), before.number, `the tracer to reach block ${before.number}`);
    const ancestor = before.number - depth;
    const orphaned = (await chainCounts(rpc, before.number)).hashes.slice(ancestor + 1);
    const orphanedTxs = (await indexer.store.all<{ hash: string }>('SELECT hash FROM transactions WHERE block_number > ?', ancestor)).map((r) => r.hash);
    const txs = await replacements(ancestor, fresh, depth);
    // The replacements go into the first, second, middle and last two of the new blocks.
    const at = [0, 1, Math.floor(depth / 2), depth - 2, depth - 1];
    const reorgsBefore = indexer.status().reorgs;
    const logged = log.length;
    await rpc.call('anvil_reorg', [depth, txs.map((tx, i) => [tx, at[i]])]);

    const after = await indexedHead();
    // Exactly the last `depth` blocks were replaced, at the same height.
    expect(after.number).toBe(before.number);
    const hashes = (await chainCounts(rpc, after.number)).hashes;
    expect(hashes[ancestor]).toBe((await dbCounts(indexer.store)).hashes[ancestor]);
    expect(hashes.slice(ancestor + 1).filter((h) => orphaned.includes(h))).toEqual([]);
    expect(indexer.status().reorgs).toBeGreaterThan(reorgsBefore);
    // The indexer found the fork point, `depth` blocks down, and rolled back to it in one go.
    expect(log.slice(logged).filter((l) => l.includes('rolled back'))).toEqual([expect.stringMatching(new RegExp(`rolled back ${depth} block\\(s\\) .* to block ${ancestor}$`))]);

    // The replacement transactions are indexed and succeeded; the orphaned ones are gone.
    const mined = await indexer.store.all<{ hash: string; status: number }>('SELECT hash, status FROM transactions WHERE block_number > ?', ancestor);
    expect(mined.map((r) => Number(r.status))).toEqual(txs.map(() => 1));
    expect(orphanedTxs.length).toBeGreaterThan(0);
    for (const h of orphanedTxs) expect(mined.map((r) => r.hash)).not.toContain(h);
    for (const table of ['transactions', 'token_transfers']) {
      const hashCol = table === 'transactions' ? 'hash' : 'tx_hash';
      const left = await countOf(indexer.store, `SELECT count(*) AS n FROM ${table} WHERE ${hashCol} IN (${orphanedTxs.map(() => '?').join(', ')})`, ...orphanedTxs);
      expect(left, `${table} rows of orphaned transactions`).toBe(0);
    }
    // Each fresh address got what its replacement sent it.
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM addresses WHERE address = ?', fresh[0] as string)).toBe(1);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM token_balances WHERE holder IN (?, ?, ?)', fresh[1] as string, fresh[2] as string, fresh[3] as string)).toBe(4);
    await expectOnChain(fresh);
  }

  const freshSet = (n: number) => [1, 2, 3, 4].map((i) => `0x${(n * 16 + i).toString(16).padStart(40, '0')}`);

  it('a reorg 64 blocks deep: the rows of the orphaned blocks are gone and the index matches the chain', async () => {
    await reorg(64, freshSet(0xf64));
  }, HANG_GUARD_MS);

  it('a reorg deeper than every window of the indexer (130 blocks, over the first): the same, and the index equals a clean index of the new chain', async () => {
    await reorg(130, freshSet(0xf130));
    // Row for row against a clean index of the chain as it is now.
    const head = (await chainHead()).number;
    const reference = await freshStorage(tempDir());
    const clean = await startIndexer({ rpcUrl: anvil.url, ...reference, port: 0, pollMs: 100, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    indexers.push(clean);
    await clean.caughtUp();
    expect((await dbCounts(clean.store)).blocks).toBe(head + 1);
    // Both tracers have traced the new chain's head (the live one again, after its rollbacks).
    await progressTo(() => `${indexer.tracedBlock()} ${clean.tracedBlock()}`, `${head} ${head}`, `both tracers to reach block ${head}`);
    // And both stats followers have folded it (they fold up to the tracer's cursor, one step behind it at most).
    await progressTo(() => `${indexer.statsBlock()} ${clean.statsBlock()}`, `${head} ${head}`, `both stats followers to reach block ${head}`);
    await expectSameRows(indexer.store, clean.store, EXCLUDED_AFTER_REORGS);
  }, HANG_GUARD_MS);
});

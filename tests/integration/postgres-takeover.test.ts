// Several indexer processes on one PostgreSQL database: exactly one syncs, under an advisory lock; when it
// is killed (SIGKILL, no clean-up of any kind) a waiting process takes over, and the database ends up row for row
// what a single clean run writes. An API-only process (INDEXER_ROLE=api) serves what the syncing one writes, and a
// process that lost the sync can no longer write.
import { spawnIndexerProcess, type IndexerProcess } from './indexer-spawn.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario } from '../../devnet/scenario.ts';
import { startIndexer, type IndexerOptions } from '../../indexer/src/main.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import type { Store } from '../../indexer/src/store/types.ts';
import { counterMismatches, countOf, dumpState, waitFor } from '../indexer-testing/verify.ts';
import { BACKEND, freshStorage, openStorage, type Storage } from './backend.ts';
import { tempDirs } from './temp-dirs.ts';

/** An indexer process and what it said so far. */
type Proc = IndexerProcess;

let anvil: AnvilHandle;
let rpc: RpcClient;
let head: number;
const procs: Proc[] = [];
const stores: Store[] = [];

const { make: tempDir, removeAll: removeTempDirs } = tempDirs('pg-takeover-');

/** Starts `tests/integration/indexer-process.ts` with startIndexer options. */
function spawnIndexer(opts: Partial<IndexerOptions> & { pauseAt?: number }): Proc {
  return spawnIndexerProcess({ rpcUrl: anvil.url, port: 0, ...opts }, procs);
}

const said = (p: Proc, line: string) => waitFor(() => p.lines.includes(line), 60_000, `"${line}" from an indexer process (it said: ${p.lines.slice(-5).join(' | ')})`);

async function storedHead(store: Store): Promise<number> {
  return Number((await store.one<{ n: number | null }>('SELECT max(number) AS n FROM blocks'))?.n ?? -1);
}

async function opened(storage: Storage): Promise<Store> {
  const store = await openStorage(storage);
  stores.push(store);
  return store;
}

beforeAll(async () => {
  expect(BACKEND).toBe('postgres');
  anvil = await startAnvil();
  await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  head = Number(await rpc.call<string>('eth_blockNumber'));
});

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  for (const s of stores) await s.close();
  await anvil?.stop();
  removeTempDirs();
});

describe('one syncing process, the others waiting', () => {
  it('a SIGKILL of the syncing process mid-sync: the waiting one takes over, with no row lost or written twice', async () => {
    const storage = await freshStorage(tempDir());
    // Small batches, and the first process stops itself once it has committed block 60: the kill lands in the middle
    // of the catch-up however fast the sync runs (a poll from here could see the head reached first).
    const sync = { concurrency: 1, maxBlocksPerBatch: 2, txsPerBatch: 4 };
    const first = spawnIndexer({ ...storage, sync, pauseAt: 60 });
    await said(first, 'syncing');
    const second = spawnIndexer({ ...storage, sync });
    await second.url;
    const api = spawnIndexer({ ...storage, role: 'api' });
    const apiUrl = await api.url;

    const db = await opened(storage);
    await waitFor(() => first.lines.some((line) => line.startsWith('paused ')), 60_000, 'the first process to store 60 blocks');
    // The second process serves but does not sync while the first holds the lock.
    expect(second.lines).not.toContain('syncing');
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = await storedHead(db);
    expect(killedAt).toBeGreaterThanOrEqual(60);
    expect(killedAt).toBeLessThan(head);

    await said(second, 'syncing');
    await waitFor(async () => (await storedHead(db)) === head, 60_000, 'the second process to reach the chain head');

    // A clean run of one process on a database of its own is the reference.
    const clean = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(tempDir())), port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    try {
      await clean.caughtUp();
      expect(await storedHead(clean.store)).toBe(head);
      expect(await counterMismatches(db)).toEqual([]);
      const duplicates = await countOf(
        db,
        'SELECT count(*) AS n FROM (SELECT 1 FROM token_transfers GROUP BY block_number, log_index, batch_index HAVING count(*) > 1) AS dup',
      );
      expect(duplicates).toBe(0);
      expect(await dumpState(db)).toEqual(await dumpState(clean.store));
    } finally {
      await clean.stop();
    }

    // The API-only process reports and serves what the syncing one wrote.
    await waitFor(
      async () => ((await (await fetch(`${apiUrl}/health`)).json()) as { lastBlock: number | null }).lastBlock === head,
      10_000,
      'the API-only process to report the head',
    );
    const health = (await (await fetch(`${apiUrl}/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', lastBlock: head, chainHead: head, isIndexing: true, catchingUp: false });
    const block = await fetch(`${apiUrl}/blocks/${head}`);
    expect(block.status).toBe(200);
    expect(((await block.json()) as { number: number }).number).toBe(head);
    expect(api.lines).not.toContain('syncing');
  }, 180_000);

  it('a process that lost the sync writes nothing more: its next batch is refused inside the transaction', async () => {
    const storage = await freshStorage(tempDir());
    const indexer = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, pollMs: 100, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    try {
      await indexer.caughtUp();
      const db = await opened(storage);
      expect(await storedHead(db)).toBe(head);
      // As a process that took over would: the row names another owner.
      await db.run("UPDATE sync_state SET owner = 'another process' WHERE id = 1");
      await rpc.call('anvil_mine', ['0x3']);
      await waitFor(() => indexer.status().lastError === 'another process took over the sync', 10_000, 'the refused write');
      expect(await storedHead(db)).toBe(head);
    } finally {
      await indexer.stop();
      // The chain grew by 3 blocks for this test only: later ones read the new head.
      head = Number(await rpc.call<string>('eth_blockNumber'));
    }
  }, 60_000);

  it('stops at any moment: at once after starting, and while waiting for the lock another process holds', async () => {
    const storage = await freshStorage(tempDir());
    const start = () => startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    // Stopped before, while and just after the lock comes: each stop resolves, and the next start finds the lock free.
    for (let i = 0; i < 5; i++) await (await start()).stop();
    const holder = await start();
    await holder.syncing();
    const waiting = await start();
    try {
      expect(waiting.isSyncing()).toBe(false);
      await waiting.stop();
      expect(waiting.isSyncing()).toBe(false);
    } finally {
      await holder.stop();
    }
  }, 60_000);

  it('a restarting process gives up only the verification jobs no process can still be running', async () => {
    const storage = await freshStorage(tempDir());
    const db = await opened(storage);
    const now = Math.floor(Date.now() / 1000);
    const job = (guid: string, age: number) =>
      db.run("INSERT INTO verification_jobs (guid, address, status, message, created_at) VALUES (?, ?, 'pending', 'Pending in queue', ?)", guid, `0x${'ab'.repeat(20)}`, now - age);
    await job('running-elsewhere', 60);
    await job('abandoned', 3600);
    const indexer = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    try {
      const status = async (guid: string) => (await (await fetch(`${indexer.url}/api?module=contract&action=checkverifystatus&guid=${guid}`)).json()) as Record<string, unknown>;
      // Another live process may still finish a job of a minute ago; one of an hour ago is lost.
      expect(await status('running-elsewhere')).toMatchObject({ status: '0', result: 'Pending in queue' });
      expect(await status('abandoned')).toMatchObject({ status: '0', result: 'Fail - Unable to verify', reason: 'The indexer restarted during the verification' });
      expect(await db.one('SELECT status FROM verification_jobs WHERE guid = ?', 'abandoned')).toEqual({ status: 'fail' });
    } finally {
      // Stopping waits for the batch being written and the compiler thread: seconds on a loaded machine.
      await indexer.stop();
    }
  }, 60_000);
});

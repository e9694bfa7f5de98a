import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteStore } from '../../indexer/src/store/sqlite.ts';

// The SQLite store with and without its writer thread: transactions one at a time, reads that never see uncommitted
// rows, and (on the thread) transactions started while one commits refused when that one fails.

const opened: { store: SqliteStore; dir: string }[] = [];

function open(writer: boolean): SqliteStore {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-store-'));
  const file = join(dir, 'indexer.sqlite');
  const store = openSqlite(file, writer ? { writerFile: file } : {});
  opened.push({ store, dir });
  return store;
}

afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const values = async (store: SqliteStore): Promise<number[]> => (await store.all<{ x: number }>('SELECT x FROM t ORDER BY x')).map((r) => r.x);

for (const writer of [false, true]) {
  describe(writer ? 'with the writer thread' : 'on one connection', () => {
    it('runs transactions that wait for the same one one after the other (two never begin together)', async () => {
      const store = open(writer);
      await store.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
      const all = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          store.transaction(async (tx) => {
            await tx.run('INSERT INTO t (x) VALUES (?)', i);
            // An await between statements: the others must not begin meanwhile.
            const n = await tx.one<{ n: number }>('SELECT count(*) AS n FROM t');
            return n?.n;
          }),
        ),
      );
      expect(all).toEqual([1, 2, 3, 4]);
      expect(await values(store)).toEqual([1, 2, 3, 4]);
    });

    it('rolls back a transaction whose callback throws, and a failing statement becomes a rejection with its SQLite code', async () => {
      const store = open(writer);
      await store.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
      await expect(
        store.transaction(async (tx) => {
          await tx.run('INSERT INTO t (x) VALUES (1)');
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await store.run('INSERT INTO t (x) VALUES (2)');
      const err = await store.run('INSERT INTO t (x) VALUES (2)').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/UNIQUE/);
      expect((err as { code?: unknown }).code).toBe('ERR_SQLITE_ERROR');
      expect(await values(store)).toEqual([2]);
    });

    it('never shows a reader the rows of a transaction still open', async () => {
      const store = open(writer);
      await store.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => {
        resume = resolve;
      });
      let inserted!: () => void;
      const wrote = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const t = store.transaction(async (tx) => {
        await tx.run('INSERT INTO t (x) VALUES (10)');
        inserted();
        await paused;
      });
      await wrote;
      const read = values(store);
      if (writer) {
        // The reader's own connection answers at once, from the last commit.
        expect(await read).toEqual([]);
        resume();
      } else {
        // One connection: the reader waits for the commit.
        resume();
        expect(await read).toEqual([10]);
      }
      await t;
      expect(await values(store)).toEqual([10]);
    });
  });
}

describe('the writer thread, transactions in flight', () => {
  it('answers a failed posted insert at COMMIT, and refuses the transaction started while it committed', async () => {
    const store = open(true);
    await store.run('CREATE TABLE t (x INTEGER PRIMARY KEY)');
    const insert = (rows: number[][]) => (tx: Parameters<Parameters<SqliteStore['transaction']>[0]>[0]) => {
      if (!tx.insertMany) throw new Error('the writer thread inserts many rows at once');
      return tx.insertMany('t', ['x'], rows, '');
    };
    expect(store.pipelined).toBe(true);
    // The first fails (a duplicate key in its posted insert); the second starts as soon as the first has posted its
    // COMMIT, before the failure is known: it must not commit on top of the failed one.
    const first = store.transaction(insert([[1], [1]]));
    const second = store.transaction(insert([[2]]));
    await expect(first).rejects.toThrow(/UNIQUE/);
    await expect(second).rejects.toThrow(/UNIQUE/);
    expect(await values(store)).toEqual([]);
    // Once the failure is known, a new transaction is independent of it.
    await store.transaction(insert([[3]]));
    expect(await values(store)).toEqual([3]);
  });

  it('commits transactions in the order they started while earlier ones commit', async () => {
    const store = open(true);
    await store.run('CREATE TABLE t (x INTEGER PRIMARY KEY, after INTEGER)');
    const all = Array.from({ length: 20 }, (_, i) =>
      store.transaction(async (tx) => {
        await tx.insertMany?.('t', ['x', 'after'], [[i, i - 1]], '');
        // Reads inside a transaction see the transactions committed before it.
        return (await tx.one<{ n: number }>('SELECT count(*) AS n FROM t'))?.n;
      }),
    );
    expect(await Promise.all(all)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

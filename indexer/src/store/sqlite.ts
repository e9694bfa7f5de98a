import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { migrateSqlite } from './migrate.ts';
import { connectionPragmas } from './sqlite-pragmas.ts';
import type { WriterAnswer, WriterRequest } from './sqlite-writer.ts';
import type { Queryable, SqlParam, Store } from './types.ts';

/** How the store writes. */
export interface SqliteStoreOptions {
  /**
   * The database's file: writes then run on a connection of their own in a worker thread (sqlite-writer.ts), so that
   * the main thread fetches the next blocks and answers API reads meanwhile. Without it (and for ':memory:', which a
   * second connection cannot share), everything runs on the main thread.
   */
  writerFile?: string;
}

/** Statements run on the writer thread (sqlite-writer.ts), answered in the order they were sent. */
class WriterThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;
  /** The thread's epoch as last heard: a new transaction carries it. */
  epoch = 0;

  constructor(file: string) {
    this.worker = new Worker(new URL('./sqlite-writer.ts', import.meta.url), { workerData: { file } });
    this.worker.on('message', (answer: WriterAnswer) => {
      this.epoch = Math.max(this.epoch, answer.epoch);
      const waiter = this.pending.get(answer.id);
      if (waiter === undefined) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) this.worker.unref();
      if (answer.ok) waiter.resolve(answer.value);
      // The statement's own error, with its SQLite codes, as the main thread's connection would have thrown it.
      else waiter.reject(Object.assign(new Error(answer.error.message), answer.error));
    });
    this.worker.on('error', (err: Error) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`the SQLite writer thread stopped (exit code ${code})`)));
    // Only a request waiting for its answer keeps the process alive.
    this.worker.unref();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
  }

  request<T>(msg: DistributiveOmit<WriterRequest, 'id'>): Promise<T> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Sends a request of a transaction without waiting for it (see sqlite-writer.ts for how a failure is reported). */
  post(msg: DistributiveOmit<WriterRequest, 'id'>): void {
    if (this.failure === null) this.worker.postMessage({ ...msg, id: 0 });
  }

  /** Statements outside a transaction. */
  readonly queryable: Queryable = {
    one: <T>(sql: string, ...params: SqlParam[]) => this.request<T | undefined>({ op: 'one', sql, params }),
    all: <T>(sql: string, ...params: SqlParam[]) => this.request<T[]>({ op: 'all', sql, params }),
    run: (sql: string, ...params: SqlParam[]) => this.request<number>({ op: 'run', sql, params }),
  };

  /**
   * The statements of a transaction of `epoch`: rows inserted in bulk are posted, since nothing waits for them (the
   * main thread goes on with the next batch; a failure comes back with the next answered statement or the COMMIT);
   * the others are answered.
   */
  transaction(epoch: number): Queryable {
    return {
      one: <T>(sql: string, ...params: SqlParam[]) => this.request<T | undefined>({ op: 'one', sql, params, epoch }),
      all: <T>(sql: string, ...params: SqlParam[]) => this.request<T[]>({ op: 'all', sql, params, epoch }),
      run: (sql: string, ...params: SqlParam[]) => this.request<number>({ op: 'run', sql, params, epoch }),
      insertMany: (table, columns, rows, suffix) => {
        if (rows.length > 0) this.post({ op: 'insertMany', table, columns, rows: rows as SqlParam[][], suffix, epoch });
        return Promise.resolve();
      },
    };
  }

  async close(): Promise<void> {
    if (this.failure === null) await this.request({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * SQLite through node:sqlite, statements prepared once by their text.
 * - One connection (the default): queries run synchronously, so a transaction's statements cannot interleave with
 *   others; callers outside a transaction wait while one is open (its callback may await between statements), so they
 *   never read its uncommitted rows.
 * - With a writer thread (SqliteStoreOptions.writerFile): writes and transactions run there, in order, one transaction
 *   at a time (writes outside it wait for it to end); reads outside a transaction run at once on the main thread's
 *   connection, which sees the last commit (WAL mode lets readers and the one writer work at the same time).
 */
export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private open: Promise<void> | null = null;
  private readonly direct: Queryable;
  private readonly writer: WriterThread | null;

  constructor(db: DatabaseSync, opts: SqliteStoreOptions = {}) {
    this.db = db;
    // Promise.try: a failing statement becomes a rejection, as on PostgreSQL.
    this.direct = {
      one: <T>(sql: string, ...params: SqlParam[]) => Promise.try(() => this.timed(sql, () => this.prepared(sql).get(...params) as T | undefined)),
      all: <T>(sql: string, ...params: SqlParam[]) => Promise.try(() => this.timed(sql, () => this.prepared(sql).all(...params) as T[])),
      run: (sql: string, ...params: SqlParam[]) => Promise.try(() => this.timed(sql, () => Number(this.prepared(sql).run(...params).changes))),
    };
    this.writer = opts.writerFile !== undefined && opts.writerFile !== ':memory:' ? new WriterThread(opts.writerFile) : null;
    this.pipelined = this.writer !== null;
  }

  readonly pipelined: boolean;

  /**
   * Told of each statement run on this thread's connection and its time (the indexer's db_query_duration_seconds);
   * statements of the writer thread are not timed here (the thread runs them while this one goes on).
   */
  onQuery: ((sql: string, seconds: number) => void) | null = null;

  /** Runs a statement, timing it when someone listens (node:sqlite runs it synchronously: the call is its time). */
  private timed<T>(sql: string, fn: () => T): T {
    const observe = this.onQuery;
    if (observe === null) return fn();
    const began = performance.now();
    try {
      return fn();
    } finally {
      observe(sql, (performance.now() - began) / 1000);
    }
  }

  private prepared(sql: string): StatementSync {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Waits until no transaction is open. */
  private async idle(): Promise<void> {
    while (this.open) await this.open;
  }

  async one<T>(sql: string, ...params: SqlParam[]): Promise<T | undefined> {
    if (this.open && this.writer === null) await this.idle();
    return this.direct.one<T>(sql, ...params);
  }

  async all<T>(sql: string, ...params: SqlParam[]): Promise<T[]> {
    if (this.open && this.writer === null) await this.idle();
    return this.direct.all<T>(sql, ...params);
  }

  async run(sql: string, ...params: SqlParam[]): Promise<number> {
    if (this.open) await this.idle();
    return (this.writer?.queryable ?? this.direct).run(sql, ...params);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    // Checked and taken in one step (not through idle(), whose return is one more step): two transactions waiting
    // for the same one to end would otherwise both see it ended and both begin.
    while (this.open) await this.open;
    let release!: () => void;
    const open = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.open = open;
    // Once: on the writer thread, the next transaction may open before this one has ended.
    const ended = (): void => {
      if (this.open === open) this.open = null;
      release();
    };
    try {
      if (this.writer !== null) return await this.onWriter(this.writer, fn, ended);
      this.db.exec('BEGIN');
      try {
        const out = await fn(this.direct);
        this.db.exec('COMMIT');
        return out;
      } catch (err) {
        this.db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      ended();
    }
  }

  /**
   * A transaction on the writer thread. Its BEGIN and bulk inserts are posted; once its callback is done and its
   * COMMIT posted, the next transaction may start (the thread runs it after this COMMIT, and refuses it if this one
   * failed), while this one resolves when the COMMIT is answered.
   */
  private async onWriter<T>(writer: WriterThread, fn: (tx: Queryable) => Promise<T>, ended: () => void): Promise<T> {
    const epoch = writer.epoch;
    writer.post({ op: 'begin', epoch });
    let out: T;
    try {
      out = await fn(writer.transaction(epoch));
    } catch (err) {
      await writer.request({ op: 'rollback', epoch }).catch(() => {});
      throw err;
    }
    const committed = writer.request({ op: 'commit', epoch });
    ended();
    await committed;
    return out;
  }

  checkpoint(): Promise<void> {
    return Promise.try(() => {
      this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    });
  }

  async close(): Promise<void> {
    await this.idle();
    await this.writer?.close();
    this.db.close();
  }
}

/** Opens (creating if needed) a SQLite database in WAL mode and brings its schema up to date. */
export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  for (const pragma of connectionPragmas) db.exec(pragma);
  migrateSqlite(db);
  return db;
}

/** The store of a SQLite database file (see openDatabase). */
export function openSqlite(file: string, opts: SqliteStoreOptions = {}): SqliteStore {
  return new SqliteStore(openDatabase(file), opts);
}

import pg from 'pg';
import { postgresPlaceholders } from './dialect.ts';
import { migratePostgres } from './migrate-postgres.ts';
import { ColumnTypes, copyRows, unnestRows } from './postgres-bulk.ts';
import { PipelineChannel } from './postgres-pipeline.ts';
import type { Queryable, SqlParam, Store, TransactionOptions } from './types.ts';
import { asError } from '../../../common/errors.ts';

// Rows come back as SQLite's would, so callers need no branches: int8 (bigint columns, count(*)) as a number when it
// is safe (beyond 2^53, where node:sqlite throws, as a bigint), bytea as a Buffer. Unlike SQLite, numeric (sum and
// avg of bigint columns) stays a decimal string: write CAST(sum(x) AS BIGINT). Booleans (EXISTS, comparisons) stay
// booleans: write CASE WHEN … THEN 1 ELSE 0 END where a number is wanted. Unquoted aliases fold to lower case:
// quote camelCase ones ("blockNumber"). Parameters are untyped: cast one that has no context (SELECT ?, ? IS NULL).
const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(pg.types.builtins.INT8, (text: string): number | bigint => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
});

/** A parameter as node-postgres sends it: bigint as decimal text, bytes as a Buffer (bytea). */
function toPg(p: SqlParam): unknown {
  if (typeof p === 'bigint') return p.toString();
  if (p instanceof Uint8Array && !Buffer.isBuffer(p)) return Buffer.from(p.buffer, p.byteOffset, p.byteLength);
  return p;
}

/** Anything that runs queries: the pool, or the client a transaction holds. */
type Runner = Pick<pg.Pool, 'query'>;

/** Runs queries written with `?` on a runner, converting each SQL text once. */
function queryable(runner: Runner, convert: (sql: string) => string, observer: () => QueryObserver | null = () => null): Queryable {
  const query = (sql: string, params: SqlParam[]) => {
    const observe = observer();
    const answer = runner.query(convert(sql), params.map(toPg));
    if (observe === null) return answer;
    const began = performance.now();
    // Timed to the answer, failed or not; the caller awaits `answer` itself, so the timing adds no rejection to handle.
    answer.then(
      () => observe(sql, (performance.now() - began) / 1000),
      () => observe(sql, (performance.now() - began) / 1000),
    );
    return answer;
  };
  return {
    one: async <T>(sql: string, ...params: SqlParam[]) => (await query(sql, params)).rows[0] as T | undefined,
    all: async <T>(sql: string, ...params: SqlParam[]) => (await query(sql, params)).rows as T[],
    run: async (sql: string, ...params: SqlParam[]) => (await query(sql, params)).rowCount ?? 0,
  };
}

/** Told of a statement and its time, answered or failed (the indexer's db_query_duration_seconds). */
type QueryObserver = (sql: string, seconds: number) => void;

/** Connection settings of a PostgresStore. */
export interface PostgresOptions {
  /** Most connections the pool opens (default 10). */
  max?: number;
  /** Folder of the migrations (default MIGRATIONS_DIR). */
  migrationsDir?: string;
  /** Told about errors of idle pooled connections (the pool drops them and reconnects on demand). */
  onError?: (err: Error) => void;
}

/**
 * PostgreSQL through a node-postgres pool. Queries on the store use any pooled connection (autocommit), so they
 * never see a transaction's uncommitted rows; a transaction holds one connection from BEGIN to COMMIT. Each query
 * is one statement (parameters use the extended protocol).
 */
export class PostgresStore implements Store {
  readonly dialect = 'postgres' as const;
  /** Transactions started with `pipeline` run on a connection of their own, in node-postgres's pipeline mode. */
  readonly pipelined = true;
  readonly pool: pg.Pool;
  private readonly converted = new Map<string, string>();
  private readonly columnTypes = new ColumnTypes();
  private readonly direct: Queryable;

  private readonly pipe: PipelineChannel;

  /** Told of each statement and its time (the indexer's metrics); null: not timed. */
  onQuery: QueryObserver | null = null;

  constructor(pool: pg.Pool) {
    this.pool = pool;
    this.direct = queryable(pool, this.convert, () => this.onQuery);
    this.pipe = new PipelineChannel({
      connect: () => this.connectDedicated({ pipeline: true }),
      queryable: (client, post) => this.inTransaction(client, post),
    });
  }

  /**
   * The queries of a transaction on `client`. With `post` (a pipelined transaction), bulk inserts and posted statements
   * are sent without waiting, and their answers handed to it.
   */
  private inTransaction(client: pg.ClientBase, post?: (answer: Promise<unknown>) => void): Queryable {
    const tx: Queryable = { ...queryable(client, this.convert, () => this.onQuery), insertMany: (table, columns, rows, suffix) => this.insertAtOnce(client, { table, columns, rows, suffix }, post) };
    if (post !== undefined) tx.post = (sql, ...params) => post(client.query(this.convert(sql), params.map(toPg)));
    return tx;
  }

  /** The SQL with `$n` placeholders, converted once per text. */
  private readonly convert = (sql: string): string => {
    let out = this.converted.get(sql);
    if (out === undefined) {
      out = postgresPlaceholders(sql);
      this.converted.set(sql, out);
    }
    return out;
  };

  one<T>(sql: string, ...params: SqlParam[]): Promise<T | undefined> {
    return this.direct.one<T>(sql, ...params);
  }

  all<T>(sql: string, ...params: SqlParam[]): Promise<T[]> {
    return this.direct.all<T>(sql, ...params);
  }

  run(sql: string, ...params: SqlParam[]): Promise<number> {
    return this.direct.run(sql, ...params);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    if (opts.pipeline === true) return this.pipe.transaction(fn, opts);
    const client = await this.pool.connect();
    // A connection that failed is in an unknown state: destroy it rather than pool it. The pool stops listening to
    // a connection while it is lent out, so its error must be caught here or it would crash the process.
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    try {
      // One round trip: a simple query may hold several statements.
      await client.query(opts.relaxed === true ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN');
      const out = await fn(this.inTransaction(client));
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: unknown) => {
        broken = asError(e);
      });
      throw err;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * Many rows in one round trip: COPY for plain appends, unnest arrays when ON CONFLICT follows. With `post`, resolves
   * once the statement is sent and hands its answer to `post`.
   */
  private async insertAtOnce(
    client: pg.ClientBase,
    insert: { table: string; columns: readonly string[]; rows: readonly SqlParam[][]; suffix: string },
    post?: (answer: Promise<unknown>) => void,
  ): Promise<void> {
    if (insert.rows.length === 0) return;
    if (insert.suffix !== '') return unnestRows(client, this.columnTypes, insert, toPg, post);
    const answer = copyRows(client, insert.table, insert.columns, insert.rows);
    if (post === undefined) await answer;
    else post(answer);
  }

  /** A new connection outside the pool, with the store's settings and type parsing (for session locks, pipelines). */
  async connectDedicated(opts: { pipeline?: boolean } = {}): Promise<pg.Client> {
    // The pool keeps its password out of enumeration, so a spread alone would lose it.
    const { options } = this.pool;
    const client = new pg.Client({ ...options, password: options.password, types: TYPES, keepAlive: true, ...(opts.pipeline === true ? { pipeline: true } : {}) });
    await client.connect();
    return client;
  }

  async checkpoint(): Promise<void> {}

  async close(): Promise<void> {
    await this.pipe.close();
    await this.pool.end();
  }
}

/** Connects to a PostgreSQL database (postgres://user:password@host:port/db), migrates it and answers the store. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types: TYPES, keepAlive: true });
  // Without a listener, an idle connection's error (server restart, network) would crash the process.
  pool.on('error', (err) => opts.onError?.(err));
  try {
    await migratePostgres(pool, opts.migrationsDir);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresStore(pool);
}

/** Key of the session advisory lock held by the one process that syncs ('STO_SYNC'). */
export const SYNC_LOCK_KEY = 0x53544f5f53594e43n;

/** The right to sync, held until released or lost. */
export interface SyncLock {
  /** Unlocks and closes the lock's connection. */
  release(): Promise<void>;
}

/** How holdSyncLock waits and reports. */
export interface SyncLockOptions {
  /** Called once the lock is held. */
  onAcquired?: () => void;
  /** Called once if the lock's connection fails while held: the lock may be gone, so stop writing at once. */
  onLost?: (err: Error) => void;
  /** Gives up waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** How often the held lock's connection is checked, in ms (default 5,000; 0 for never). */
  heartbeatMs?: number;
}

/**
 * Waits until this process holds the sync lock: a session advisory lock on a connection of its own, so that
 * exactly one process syncs. Another process blocks in pg_advisory_lock and takes over as soon as the holder
 * releases it or its connection closes (the process died). Aborting the wait closes the waiting connection.
 */
export async function holdSyncLock(store: PostgresStore, opts: SyncLockOptions = {}): Promise<SyncLock> {
  opts.signal?.throwIfAborted();
  const client = await store.connectDedicated();
  let state: 'waiting' | 'held' | 'done' = 'waiting';
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const close = () => {
    clearInterval(heartbeat);
    client.end().catch(() => undefined);
  };
  const lost = (err: Error) => {
    if (state !== 'held') return;
    state = 'done';
    close();
    opts.onLost?.(err);
  };
  // Also keeps an error of this connection from crashing the process while waiting or after release.
  client.on('error', lost);
  client.on('end', () => lost(new Error('the sync lock connection closed')));
  let abort = () => close();
  const onAbort = () => abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    // A backend waiting for a lock does not notice its client leave, so it is ended from another connection.
    abort = () => {
      close();
      store.pool.query('SELECT pg_terminate_backend($1)', [pid]).catch(() => undefined);
    };
    opts.signal?.throwIfAborted();
    await client.query('SELECT pg_advisory_lock($1)', [SYNC_LOCK_KEY.toString()]);
    // Aborted just as the lock came: the closing connection gives it back.
    opts.signal?.throwIfAborted();
  } catch (err) {
    state = 'done';
    close();
    opts.signal?.throwIfAborted();
    throw err;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  state = 'held';
  const every = opts.heartbeatMs ?? 5_000;
  if (every > 0) {
    heartbeat = setInterval(() => {
      client.query('SELECT 1').catch((e: unknown) => lost(asError(e)));
    }, every);
    heartbeat.unref();
  }
  opts.onAcquired?.();
  return {
    release: async () => {
      if (state !== 'held') return;
      state = 'done';
      clearInterval(heartbeat);
      // Should the unlock fail, closing the connection releases the lock all the same.
      await client.query('SELECT pg_advisory_unlock($1)', [SYNC_LOCK_KEY.toString()]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

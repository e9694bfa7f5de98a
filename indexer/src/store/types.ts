// The indexer's one query layer: every query is written once, with `?` placeholders, and run by either
// backend. What differs between SQLite and PostgreSQL (placeholders, types, DDL, locks) lives in the backends.

/** Values a query binds. */
export type SqlParam = null | number | bigint | string | Uint8Array;

/** What runs queries: the store itself, or the transaction a callback was given. */
export interface Queryable {
  /** The first row of a query, typed by the caller; undefined when there is none. */
  one<T>(sql: string, ...params: SqlParam[]): Promise<T | undefined>;
  /** Every row of a query, typed by the caller. */
  all<T>(sql: string, ...params: SqlParam[]): Promise<T[]>;
  /** Runs a statement that writes; answers the number of rows it changed. */
  run(sql: string, ...params: SqlParam[]): Promise<number>;
  /**
   * Inserts rows in one round trip where the backend gains by it (PostgreSQL, inside a transaction); absent otherwise.
   * `suffix` follows the rows (ON CONFLICT …); without one, the rows are appended (COPY).
   */
  insertMany?: (table: string, columns: readonly string[], rows: readonly SqlParam[][], suffix: string) => Promise<void>;
  /**
   * Sends a statement without waiting for it, in a transaction that does not wait for answers (PostgreSQL's pipelined
   * transactions); absent otherwise. Its failure fails the transaction, and the COMMIT answers with it.
   */
  post?: (sql: string, ...params: SqlParam[]) => void;
}

/** How a transaction commits. */
export interface TransactionOptions {
  /**
   * Commit without waiting for the disk: a crash may lose the last commits, never half of one. For data that can be
   * derived again (the chain), like SQLite's synchronous=NORMAL in WAL mode, which the SQLite store always uses.
   */
  relaxed?: boolean;
  /**
   * Run in order behind the pipelined transaction before it (see Store.pipelined): this transaction may begin once that
   * one's callback has returned, and commits only if that one committed. For the sync's batches.
   */
  pipeline?: boolean;
}

/** The database: SQLite (one file, one process) or PostgreSQL (several processes, one database). */
export interface Store extends Queryable {
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Runs fn inside one transaction, committed when it resolves and rolled back when it throws. Queries on the
   * store itself (not on `tx`) made meanwhile by other callers never see its uncommitted rows.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /**
   * Whether a pipelined transaction may start once the callback of the one before has returned, without waiting for its
   * COMMIT: the store then runs them in order, and fails every one queued behind one that fails (SQLite's writer
   * thread, where every transaction is pipelined; PostgreSQL's pipelined connection).
   */
  readonly pipelined?: boolean;
  /** Copies SQLite's write-ahead log into the database file; nothing on PostgreSQL. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

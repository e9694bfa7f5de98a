// The SQLite store's writing connection, in a worker thread (see WriterThread in sqlite.ts): it runs every statement
// that writes, and every statement of a transaction, while the main thread goes on fetching blocks and serving the API
// from its own, read-only use of the database. Requests are handled strictly in the order they arrive.
//
// A transaction's writes are posted without waiting (the main thread goes on building the next batch), so its
// statements carry the transaction's epoch:
// - a posted write that fails marks the transaction failed: its later statements are refused with that error, and its
//   COMMIT answers it;
// - a transaction whose COMMIT fails (or is refused) is rolled back here, and the epoch moves on: the statements of
//   the transactions the main thread posted after it, not knowing yet, carry the old epoch and are refused, so that
//   no transaction commits after one that did not.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { errorMessage } from '../../../common/errors.ts';
import { connectionPragmas } from './sqlite-pragmas.ts';
import type { SqlParam } from './types.ts';

/** A request from the store. `id` pairs it with its answer; 0 asks for none. `epoch` marks a transaction's requests. */
export type WriterRequest = { id: number; epoch?: number } & (
  | { op: 'one' | 'all' | 'run'; sql: string; params: SqlParam[] }
  | { op: 'begin' | 'commit' | 'rollback' }
  | { op: 'insertMany'; table: string; columns: readonly string[]; rows: SqlParam[][]; suffix: string }
  | { op: 'close' }
);

/** The error a statement raised, its SQLite codes kept. */
export interface WriterFailure {
  message: string;
  code?: string;
  errcode?: number;
  errstr?: string;
}

/** The answer to a request, with the thread's epoch after it. */
export type WriterAnswer = { id: number; epoch: number } & ({ ok: true; value: unknown } | { ok: false; error: WriterFailure });

/** Rows per multi-row INSERT, as the main thread's insertRows writes them. */
const ROWS_PER_INSERT = 100;

const db = new DatabaseSync((workerData as { file: string }).file);
for (const pragma of connectionPragmas) db.exec(pragma);
const statements = new Map<string, StatementSync>();

function prepared(sql: string): StatementSync {
  let stmt = statements.get(sql);
  if (stmt === undefined) {
    stmt = db.prepare(sql);
    statements.set(sql, stmt);
  }
  return stmt;
}

function insertMany(table: string, columns: readonly string[], rows: SqlParam[][], suffix: string): void {
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const values = Array.from({ length: chunk.length }, () => one).join(', ');
    prepared(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}${suffix}`).run(...chunk.flat());
  }
}

function failure(err: unknown): WriterFailure {
  const e = err as Error & { code?: string; errcode?: number; errstr?: string };
  return {
    message: errorMessage(err),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.errcode === 'number' ? { errcode: e.errcode } : {}),
    ...(typeof e.errstr === 'string' ? { errstr: e.errstr } : {}),
  };
}

/** Transactions that failed so far: the epoch the main thread's next transaction must carry. */
let epoch = 0;
/** Why the open transaction failed (a posted write's error). */
let failed: WriterFailure | null = null;
/** Why the transactions of an earlier epoch are refused. */
let lastFailure: WriterFailure = { message: 'an earlier transaction failed' };

function rollback(): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // The failure ended the transaction already.
  }
}

/** Ends the open transaction as failed: rolled back, and the transactions posted after it refused. */
function abandon(why: WriterFailure): never {
  rollback();
  failed = null;
  lastFailure = why;
  epoch++;
  throw Object.assign(new Error(why.message), why);
}

function handle(msg: WriterRequest): unknown {
  if (msg.epoch !== undefined && msg.epoch !== epoch) throw Object.assign(new Error(lastFailure.message), lastFailure);
  if (failed !== null && msg.op !== 'close') {
    if (msg.op === 'commit') abandon(failed);
    if (msg.op === 'rollback') {
      rollback();
      failed = null;
      return null;
    }
    throw Object.assign(new Error(failed.message), failed);
  }
  switch (msg.op) {
    case 'one':
      return prepared(msg.sql).get(...msg.params);
    case 'all':
      return prepared(msg.sql).all(...msg.params);
    case 'run':
      return Number(prepared(msg.sql).run(...msg.params).changes);
    case 'begin':
      db.exec('BEGIN');
      return null;
    case 'commit':
      try {
        db.exec('COMMIT');
      } catch (err) {
        abandon(failure(err));
      }
      return null;
    case 'rollback':
      rollback();
      return null;
    case 'insertMany':
      insertMany(msg.table, msg.columns, msg.rows, msg.suffix);
      return null;
    case 'close':
      db.close();
      return null;
  }
}

const port = parentPort;
port?.on('message', (msg: WriterRequest) => {
  let answer: WriterAnswer;
  try {
    answer = { id: msg.id, epoch, ok: true, value: handle(msg) };
  } catch (err) {
    const error = failure(err);
    // A posted write of the open transaction (of this epoch) fails it.
    if (msg.id === 0 && msg.epoch === epoch && failed === null) failed = error;
    answer = { id: msg.id, epoch, ok: false, error };
  }
  if (msg.id !== 0) port.postMessage(answer);
  if (msg.op === 'close') port.close();
});

// Pipelined transactions on PostgreSQL: the sync's batches, written one behind the other on one connection in
// node-postgres's pipeline mode, which sends each statement at once instead of waiting for the answer to the one before.
// A batch of empty blocks is about seven statements (BEGIN, the fence, COPY, two upserts, the state, COMMIT); sent one
// by one, each waited for the busy main thread as well as for the server, and the catch-up waited for the database
// most of its time. Pipelined, the next batch is built while this one's statements and COMMIT are on their way.
import type pg from 'pg';
import type { Queryable, TransactionOptions } from './types.ts';
import { asError } from '../../../common/errors.ts';

/** Session setting naming the last pipelined transaction that began (reverted by PostgreSQL when it aborts). */
const LAST_SETTING = 'sto.pipelined';

/** What a pipelined transaction needs from the store. */
export interface PipelineHost {
  /** A new connection in pipeline mode, with the store's type parsing. */
  connect(): Promise<pg.Client>;
  /** The queries of a transaction on `client`; its bulk inserts are sent, and their answers handed to `post`. */
  queryable(client: pg.ClientBase, post: (answer: Promise<unknown>) => void): Queryable;
}

/**
 * The statement that opens pipelined transaction `seq`. Unless it is the first of its run, it first checks that the
 * transaction before it (`expect`) committed: each transaction records its number in a session setting, which
 * PostgreSQL reverts when the transaction aborts. A transaction queued behind one that failed thus fails too, in
 * the server, even when it was sent before the failure was known here: nothing commits after a gap.
 */
export function beginText(seq: number, expect: number | null, opts: TransactionOptions): string {
  const begin = opts.relaxed === true ? 'BEGIN; SET LOCAL synchronous_commit = off' : 'BEGIN';
  const record = `PERFORM set_config('${LAST_SETTING}', '${seq}', false);`;
  const check =
    expect === null
      ? ''
      : `IF current_setting('${LAST_SETTING}', true) IS DISTINCT FROM '${expect}' THEN
           RAISE EXCEPTION 'pipelined transaction refused: the one before it did not commit' USING ERRCODE = '40003';
         END IF;`;
  return `${begin}; DO $pipelined$ BEGIN ${check} ${record} END $pipelined$`;
}

/** Whether an error says the connection itself failed: a socket error, a connection or shutdown SQLSTATE, or node-postgres's own. */
function connectionLost(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return /^(08|57)|^E[A-Z]+$/.test(code);
  return /Connection terminated|not queryable/i.test(String(err));
}

/** SQLSTATE of a statement refused because the transaction had already failed (the first failure says why). */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * Runs pipelined transactions in the order they are started, on one connection of their own. A transaction begins once
 * the one before has sent its COMMIT (so its callback may build while that COMMIT is on its way), its bulk inserts are
 * sent without waiting, and it commits only if the one before committed: a failure fails every transaction queued
 * behind it, and those started once it is known begin a new run.
 */
export class PipelineChannel {
  private readonly host: PipelineHost;
  private client: Promise<pg.Client> | null = null;
  /** That connection once open. */
  private opened: pg.Client | null = null;
  /** Resolves once the last transaction started has sent its COMMIT or ROLLBACK. */
  private gate: Promise<void> = Promise.resolve();
  /** Number of the last transaction begun; null when the next one starts a run (nothing to check). */
  private last: number | null = null;
  private seq = 0;
  /** Moves on with each failure known: a transaction of an earlier run that fails later changes nothing. */
  private run = 0;

  constructor(host: PipelineHost) {
    this.host = host;
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions): Promise<T> {
    const before = this.gate;
    let sent!: () => void;
    this.gate = new Promise<void>((resolve) => {
      sent = resolve;
    });
    let client: pg.Client;
    try {
      await before;
      client = await this.connection();
    } catch (err) {
      sent();
      throw err;
    }
    const seq = ++this.seq;
    const expect = this.last;
    this.last = seq;
    const run = this.run;
    const failures: Error[] = [];
    const posted: Promise<unknown>[] = [];
    const post = (p: Promise<unknown>): void => {
      posted.push(p.catch((e: unknown) => failures.push(asError(e))));
    };
    post(client.query(beginText(seq, expect, opts)));
    const tx = this.host.queryable(client, post);
    let out: T | undefined;
    let thrown: { err: unknown } | null = null;
    try {
      out = await fn(tx);
    } catch (err) {
      thrown = { err };
    }
    const end = client.query(thrown === null ? 'COMMIT' : 'ROLLBACK');
    sent();
    try {
      let ended: Error | null = null;
      const result = await end.catch((e: unknown) => {
        ended = asError(e);
        return null;
      });
      await Promise.all(posted);
      // The first failure is the cause; the statements after it only say that the transaction had already failed.
      const failed = [...failures, ...(thrown === null ? [] : [asError(thrown.err)]), ...(ended === null ? [] : [ended])];
      const cause = failed.find((e) => (e as { code?: string }).code !== IN_FAILED_TRANSACTION) ?? failed[0];
      if (cause !== undefined) throw cause;
      if (result?.command !== 'COMMIT') throw new Error('the transaction was rolled back');
      return out as T;
    } catch (err) {
      if (run === this.run) {
        this.run++;
        this.last = null;
      }
      // A failure that is not a statement's (the connection broke or the server ended it): the next transaction opens a
      // new connection, whether or not this one has told its listeners yet.
      if (connectionLost(err)) this.drop(client);
      throw err;
    }
  }

  /** Forgets a connection (ending it) so that the next transaction opens another. */
  private drop(client: pg.Client): void {
    if (this.opened === client) {
      this.client = null;
      this.opened = null;
    }
    client.end().catch(() => undefined);
  }

  /** The channel's connection, opened again after it broke. */
  private async connection(): Promise<pg.Client> {
    if (this.client === null) {
      const opening = this.host.connect().then((client) => {
        const gone = (): void => {
          if (this.client === opening) this.client = null;
          if (this.opened === client) this.opened = null;
        };
        client.on('error', gone);
        client.on('end', gone);
        if (this.client === opening) this.opened = client;
        return client;
      });
      this.client = opening;
      opening.catch(() => {
        if (this.client === opening) this.client = null;
      });
      // A new connection has no record of earlier transactions: its first one starts a run.
      this.last = null;
      this.run++;
    }
    return this.client;
  }

  /** Closes the connection once the transactions sent have ended. */
  async close(): Promise<void> {
    await this.gate;
    const client = this.client;
    this.client = null;
    if (client !== null) await (await client.catch(() => null))?.end().catch(() => undefined);
  }
}

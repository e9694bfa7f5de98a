import type { BulkTable } from '../bulk.ts';
import { ROW_ID_BLOCK } from '../row-ids.ts';
import type { LogRow, TxRow } from '../rows.ts';
import type { Queryable, SqlParam } from '../types.ts';

// Reads of the logs table (migrations/001_init.sql): row ids are block × 1,000,000 + log index, so a block range is an
// id range; logs_address (address, id) serves a contract's logs in chain order. LOG_ROWS is the table as the writer
// appends to it.

/** A log row joined with its transaction's block and gas figures. */
export type LogJoinRow = Omit<LogRow, 'tx_id'> & Pick<TxRow, 'block_hash' | 'timestamp' | 'gas_price' | 'effective_gas_price' | 'gas_used' | 'tx_index'>;

/** What a page of logs is filtered by (Etherscan's getLogs). */
export interface LogFilter {
  fromBlock: number;
  toBlock: number;
  address: string | null;
  /** topic0..topic3, null where not asked. */
  topics: readonly (string | null)[];
  /** The given topics' indexes, grouped: one topic of each group must match, and every group. */
  groups: readonly (readonly number[])[];
  limit: number;
  offset: number;
}

/**
 * The SQL of a page of logs and its arguments. With an address the query walks logs_address over the block range;
 * without one it walks the primary key.
 */
export function logsPageSql(f: LogFilter): { sql: string; args: SqlParam[] } {
  const where: string[] = [];
  const args: SqlParam[] = [];
  if (f.address !== null) {
    where.push('l.address = ?');
    args.push(f.address);
  }
  where.push('l.id >= ?', 'l.id < ?');
  args.push(f.fromBlock * ROW_ID_BLOCK, (f.toBlock + 1) * ROW_ID_BLOCK);
  for (const group of f.groups) {
    where.push(group.length === 1 ? `l.topic${group[0]} = ?` : `(${group.map((i) => `l.topic${i} = ?`).join(' OR ')})`);
    for (const i of group) args.push(f.topics[i] ?? null);
  }
  // The rows are found in the logs table alone (the index names them in chain order); only the page's rows are joined.
  const sql = `SELECT page.id, page.block_number, page.log_index, page.tx_hash, page.address, page.topic0, page.topic1, page.topic2, page.topic3,
      page.data, t.block_hash, t.timestamp, t.gas_price, t.effective_gas_price, t.gas_used, t.tx_index
    FROM (SELECT * FROM logs l WHERE ${where.join(' AND ')} ORDER BY l.id LIMIT ? OFFSET ?) page
    JOIN transactions t ON t.id = page.tx_id
    ORDER BY page.id`;
  args.push(f.limit, f.offset);
  return { sql, args };
}

/** A page of logs (logsPageSql), with their transactions' block and gas figures, in chain order. */
export function logsPage(db: Queryable, f: LogFilter): Promise<LogJoinRow[]> {
  const { sql, args } = logsPageSql(f);
  return db.all<LogJoinRow>(sql, ...args);
}

/** The contracts that emitted logs in blocks `since`+1 … `head`, each once. */
export async function logEmittersBetween(db: Queryable, since: number, head: number): Promise<string[]> {
  return (await db.all<{ a: string }>('SELECT DISTINCT address AS a FROM logs WHERE id >= ? AND id < ?', (since + 1) * ROW_ID_BLOCK, (head + 1) * ROW_ID_BLOCK)).map((r) => r.a);
}

/** The number of logs a transaction emitted. */
export async function transactionLogCount(db: Queryable, txId: number): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*) AS n FROM logs WHERE tx_id = ?', txId))?.n ?? 0;
}

/** The logs a transaction emitted, in order. */
export function transactionLogs(db: Queryable, txId: number): Promise<LogRow[]> {
  return db.all<LogRow>('SELECT * FROM logs WHERE tx_id = ? ORDER BY id', txId);
}

/** One page of a contract's logs whose row ids lie in [fromId, toId), newest first, only those with topic0 `topic` when given. */
export function contractLogsPage(db: Queryable, address: string, fromId: number, toId: number, topic: string | null, limit: number, offset: number): Promise<LogRow[]> {
  return topic
    ? db.all<LogRow>('SELECT * FROM logs WHERE address = ? AND id >= ? AND id < ? AND topic0 = ? ORDER BY id DESC LIMIT ? OFFSET ?', address, fromId, toId, topic, limit, offset)
    : db.all<LogRow>('SELECT * FROM logs WHERE address = ? AND id >= ? AND id < ? ORDER BY id DESC LIMIT ? OFFSET ?', address, fromId, toId, limit, offset);
}

/** A log row without its transaction id. */
export type LogEntry = Omit<LogRow, 'tx_id'>;

/** The logs from row id `fromId` on whose topic0 is one of two topics. */
export function logsFromWithTopic0(db: Queryable, fromId: number, topicA: string, topicB: string): Promise<LogEntry[]> {
  return db.all<LogEntry>(
    `SELECT id, block_number, log_index, tx_hash, address, topic0, topic1, topic2, topic3, data FROM logs
     WHERE id >= ? AND topic0 IN (?, ?)`,
    fromId,
    topicA,
    topicB,
  );
}

/**
 * The last log of a contract before row id `beforeId` with exactly three topics, these ones, with its block's time:
 * read through the emitter's index (logs_address), newest first.
 */
export function lastLogBefore(db: Queryable, address: string, beforeId: number, topics: readonly [string, string, string]): Promise<(LogEntry & { timestamp: number }) | undefined> {
  return db.one<LogEntry & { timestamp: number }>(
    `SELECT l.id, l.block_number, l.log_index, l.tx_hash, l.address, l.topic0, l.topic1, l.topic2, l.topic3, l.data, b.timestamp
       FROM logs l JOIN blocks b ON b.number = l.block_number
       WHERE l.address = ? AND l.id < ? AND l.topic0 = ? AND l.topic1 = ? AND l.topic2 = ? AND l.topic3 IS NULL
       ORDER BY l.id DESC LIMIT 1`,
    address,
    beforeId,
    ...topics,
  );
}

/** The logs table as the writer appends to it. */
export const LOG_ROWS: BulkTable = {
  name: 'logs',
  columns: ['id', 'block_number', 'log_index', 'tx_id', 'tx_hash', 'address', 'topic0', 'topic1', 'topic2', 'topic3', 'data'],
  suffix: '',
};

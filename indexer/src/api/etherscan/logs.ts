import { logsPage, logsPageSql, type LogFilter, type LogJoinRow } from '../../store/queries/logs.ts';
import type { SqlParam } from '../../store/types.ts';
import type { ApiContext } from '../context.ts';
import { indexedHead, list, MESSAGES, Refusal, RESULT_WINDOW, type EtherscanModule, type EtherscanParams } from './core.ts';

// module=logs of the Etherscan-compatible API: getLogs, served from the logs table. With an address the query walks
// logs_address (address, id) over the block range; without one it walks the primary key (row ids are
// block × 1,000,000 + log index, so a block range is an id range), which is why such a query must name a bounded
// block range. Rows carry Etherscan's fields with its hex numbers (zero as "0x0": Etherscan writes "0x", which
// JSON-RPC quantity parsers refuse) and the block's hash beside them; topics combine by the topicX_Y_opr operators
// (and by default; see logFilter).

/** Most rows of one page, as on Etherscan. */
export const LOGS_MAX_OFFSET = 1_000;
/** Widest block range a getLogs without an address may scan. */
export const LOGS_MAX_BLOCK_RANGE = 10_000;

const TOPIC = /^0x[0-9a-f]{64}$/;
const OPERATORS = ['topic0_1_opr', 'topic0_2_opr', 'topic0_3_opr', 'topic1_2_opr', 'topic1_3_opr', 'topic2_3_opr'] as const;

/** A number as a JSON-RPC quantity ("0x5c"; "0x0" for zero). */
export function hexQuantity(n: number | string | bigint): string {
  return `0x${BigInt(n).toString(16)}`;
}

/** fromBlock or toBlock: a decimal or 0x block number, or "latest" / "earliest". */
function blockParam(p: EtherscanParams, name: string, fallback: number, head: number): number {
  const raw = p.text(name).toLowerCase();
  if (raw === 'latest' || raw === 'pending') return head;
  if (raw === 'earliest') return 0;
  return p.int(name, fallback, { hex: true });
}

/** A getLogs row in Etherscan's fields and order, numbers as hex quantities. */
function logRow(r: LogJoinRow) {
  return {
    address: r.address,
    topics: [r.topic0, r.topic1, r.topic2, r.topic3].filter((t): t is string => t !== null),
    data: r.data,
    blockNumber: hexQuantity(r.block_number),
    blockHash: r.block_hash,
    timeStamp: hexQuantity(r.timestamp),
    gasPrice: hexQuantity(r.effective_gas_price ?? r.gas_price ?? '0'),
    gasUsed: hexQuantity(r.gas_used),
    logIndex: hexQuantity(r.log_index),
    transactionHash: r.tx_hash,
    transactionIndex: hexQuantity(r.tx_index),
  };
}

/** The checked query of a getLogs request. */
export interface LogsQuery {
  fromBlock: number;
  toBlock: number;
  address: string | null;
  /** topic0..topic3, null where not asked. */
  topics: (string | null)[];
  /** The operator between topics i and j (i < j), 'and' unless the request says 'or'. */
  operator: (i: number, j: number) => 'and' | 'or';
  offset: number;
  skip: number;
}

/** Reads and checks getLogs' parameters against the indexed head. */
export function logsQuery(p: EtherscanParams, head: number): LogsQuery {
  const fromBlock = blockParam(p, 'fromBlock', 0, head);
  const requestedTo = blockParam(p, 'toBlock', head, head);
  const toBlock = Math.min(requestedTo, head);
  const address = p.optionalAddress('address');
  const topics = [0, 1, 2, 3].map((i) => {
    const name = `topic${i}`;
    if (!p.has(name)) return null;
    const t = p.text(name).toLowerCase();
    if (!TOPIC.test(t)) throw new Refusal(`Error! Invalid ${name} format`);
    return t;
  });
  const ops = new Map<string, 'and' | 'or'>();
  for (const name of OPERATORS) ops.set(name, p.choice(name, ['and', 'or'] as const, 'and'));
  const page = p.int('page', 1, { min: 1 });
  const offset = Math.min(p.int('offset', LOGS_MAX_OFFSET) || LOGS_MAX_OFFSET, LOGS_MAX_OFFSET);
  if (page * offset > RESULT_WINDOW) throw new Refusal(MESSAGES.window);
  // The range asked for, not only the part indexed so far: a query is bounded by what it says, whatever the head.
  if (address === null && requestedTo >= fromBlock && requestedTo - fromBlock + 1 > LOGS_MAX_BLOCK_RANGE) {
    throw new Refusal(`Error! Block range too large: without an address, fromBlock to toBlock may span at most ${LOGS_MAX_BLOCK_RANGE} blocks`);
  }
  return { fromBlock, toBlock, address, topics, operator: (i, j) => ops.get(`topic${i}_${j}_opr`) ?? 'and', offset, skip: (page - 1) * offset };
}

/** The given topics, grouped: topics linked by "or" operators (transitively) share a group. */
export function topicGroups(q: Pick<LogsQuery, 'topics' | 'operator'>): number[][] {
  const given = [0, 1, 2, 3].filter((i) => q.topics[i] !== null);
  const group = new Map(given.map((i) => [i, i]));
  const root = (i: number): number => (group.get(i) === i ? i : root(group.get(i) as number));
  for (const i of given) for (const j of given) if (i < j && q.operator(i, j) === 'or') group.set(root(j), root(i));
  const groups = new Map<number, number[]>();
  for (const i of given) groups.set(root(i), [...(groups.get(root(i)) ?? []), i]);
  return [...groups.values()];
}

/** What a getLogs query filters the logs by. */
function logFilter(q: LogsQuery): LogFilter {
  // Topics joined by "or" (directly or through others) form a group, of which one must match; every group must
  // match ("and" binds looser than "or"): topic0 and (topic1 or topic2) is topic0_1_opr=and, topic0_2_opr=and,
  // topic1_2_opr=or. Two topics are "and" unless their operator says "or".
  return { fromBlock: q.fromBlock, toBlock: q.toBlock, address: q.address, topics: q.topics, groups: topicGroups(q), limit: q.offset, offset: q.skip };
}

/** The SQL of a getLogs query and its arguments (exported for the query-plan test). */
export function logsSql(q: LogsQuery): { sql: string; args: SqlParam[] } {
  return logsPageSql(logFilter(q));
}

/** module=logs. */
export const logsModule: EtherscanModule = {
  actions: {
    getLogs: {
      summary:
        'Event logs by address and/or topics over a block range (at most 1,000 rows a page; without an address, at most 10,000 blocks)',
      params: {
        fromBlock: 'first block (number, 0x hex or latest; default 0)',
        toBlock: 'last block (number, 0x hex or latest; default latest)',
        address: 'the emitting contract (optional)',
        topic0: 'first topic (32-byte hex, optional)',
        topic1: 'second topic (optional)',
        topic2: 'third topic (optional)',
        topic3: 'fourth topic (optional)',
        topic0_1_opr: 'and|or between topic0 and topic1 (default and); likewise topic0_2_opr, topic0_3_opr, topic1_2_opr, topic1_3_opr, topic2_3_opr',
        page: 'page number, from 1',
        offset: 'rows a page, at most 1000',
      },
      async run(p, ctx: ApiContext) {
        const head = await indexedHead(ctx);
        const q = logsQuery(p, head ?? 0);
        if (head === null || q.fromBlock > q.toBlock) return list([], MESSAGES.noRecords);
        return list((await logsPage(ctx.db, logFilter(q))).map(logRow), MESSAGES.noRecords);
      },
    },
  },
};

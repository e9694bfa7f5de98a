import { Counter, createRegistry, Gauge, Histogram, httpMetrics, LATENCY_BUCKETS, type HttpMetrics, type Registry } from '../../../common/metrics.ts';
import type { RateClass } from '../http/rate-limit.ts';

// The indexer's Prometheus series, one set per indexer instance: tests start several indexers in one
// process, so nothing here is a module-level global. Every label takes its values from a closed set (JSON-RPC methods
// from RPC_METHODS, query kinds, outcomes, rate classes); the children of each labelled series are made once, so an
// observation on a hot path (a query, an RPC call) costs a clock read and prom-client's own update, nothing more.

/** The prefix of every indexer series, Node's process metrics included. */
export const INDEXER_METRICS_PREFIX = 'explorer_indexer_';

/** The JSON-RPC methods counted by name; any other is counted as `other` (the RPC proxy forwards what clients ask). */
export const RPC_METHODS: readonly string[] = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_feeHistory',
  'eth_getLogs',
  'eth_sendRawTransaction',
  'debug_traceBlockByHash',
  'debug_traceTransaction',
];

/** A JSON-RPC method as a label: its name when listed in RPC_METHODS, `other` otherwise. */
export function rpcMethodLabel(method: string): string {
  return RPC_METHODS.includes(method) ? method : 'other';
}

/** The kinds of SQL statement timed apart. */
export const QUERY_KINDS = ['select', 'insert', 'update', 'delete', 'other'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** Whether the statement's text at `i` starts with `word` (lowercase letters), case-insensitively. */
function startsWith(sql: string, i: number, word: string): boolean {
  if (sql.length - i < word.length) return false;
  for (let k = 0; k < word.length; k++) {
    // ASCII letters: setting bit 0x20 lowercases them.
    if ((sql.charCodeAt(i + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * A statement's kind from its first keyword (leading white space skipped; no string is built, the store calls this on
 * every query). WITH, PRAGMA, BEGIN and the like are `other`.
 */
export function queryKind(sql: string): QueryKind {
  let i = 0;
  while (i < sql.length && sql.charCodeAt(i) <= 32) i++;
  if (startsWith(sql, i, 'select')) return 'select';
  if (startsWith(sql, i, 'insert')) return 'insert';
  if (startsWith(sql, i, 'update')) return 'update';
  if (startsWith(sql, i, 'delete')) return 'delete';
  return 'other';
}

/** Told of each statement a store ran and how long it took (the store's query wrapper calls it). */
export type QueryObserver = (sql: string, seconds: number) => void;

/**
 * Told of each JSON-RPC call: its method, whether the node answered a result, and the round trip's time (null for the
 * calls of a batch after its first: the round trip is timed once).
 */
export type RpcObserver = (method: string, ok: boolean, seconds: number | null) => void;

/** The outcomes of a metadata download: fetched, failed, or refused by the address guard before any connection. */
export type MetadataOutcome = 'ok' | 'error' | 'refused';

/** What the sync tells the metrics: blocks and transactions committed, and reorgs with their depth. */
export interface SyncMetrics {
  /** A batch committed: its block and transaction counts. */
  indexed(blocks: number, transactions: number): void;
  /** A rollback of `depth` blocks. */
  reorg(depth: number): void;
}

/** Where the gauges read their values at each scrape (nothing is updated on the hot path for them). */
export interface MetricsSources {
  /** The chain head and the indexed head as /health reports them (null while unknown). */
  heads(): { chain: number | null; indexed: number | null };
  /** The timestamp (seconds) of an indexed block, for the lag in seconds; null when it is not stored. */
  blockTime(number: number): Promise<number | null>;
  /** Event streams open now. */
  streamsOpen(): number;
  /** Verification jobs running or waiting. */
  verifyQueue(): number;
}

/** Seconds, for compilations: from a tenth of a second to the two-minute default limit. */
const COMPILE_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/** Blocks rolled back by one reorg. */
const DEPTH_BUCKETS = [1, 2, 3, 5, 10, 20, 50, 100, 500];

/** The indexer's registry and series; made by startIndexer and handed to the parts it instruments. */
export interface IndexerMetrics {
  readonly registry: Registry;
  readonly http: HttpMetrics;
  readonly observeQuery: QueryObserver;
  readonly observeRpc: RpcObserver;
  readonly sync: SyncMetrics;
  /** A request refused by a rate limit of this class. */
  refused(cls: RateClass): void;
  /** One metadata download's outcome. */
  metadataFetch(outcome: MetadataOutcome): void;
  /** One compilation's time, from the job's start on a thread to its answer. */
  compiled(seconds: number): void;
  /** Tells the gauges where to read their values (once the parts they read exist). */
  watch(sources: MetricsSources): void;
}

/** A new registry with every indexer series (the names README.md lists under Metrics, prefix INDEXER_METRICS_PREFIX). */
export function createIndexerMetrics(): IndexerMetrics {
  const p = INDEXER_METRICS_PREFIX;
  const registry = createRegistry(p);
  const registers = [registry];
  let sources: MetricsSources | null = null;
  // The indexed head's timestamp, read again only when the head moves.
  let timed: { number: number; time: number | null } | null = null;

  new Gauge({ name: `${p}chain_head_block`, help: 'The chain head the node reports', registers, collect() {
    const chain = sources?.heads().chain ?? null;
    if (chain !== null) this.set(chain);
  } });
  new Gauge({ name: `${p}indexed_head_block`, help: 'The highest block indexed', registers, collect() {
    const indexed = sources?.heads().indexed ?? null;
    if (indexed !== null) this.set(indexed);
  } });
  new Gauge({ name: `${p}lag_blocks`, help: 'Blocks between the chain head and the indexed head', registers, collect() {
    const heads = sources?.heads();
    if (heads && heads.chain !== null) this.set(Math.max(0, heads.chain - (heads.indexed ?? -1)));
  } });
  new Gauge({ name: `${p}lag_seconds`, help: "Seconds from the indexed head's timestamp to now", registers, async collect() {
    const indexed = sources?.heads().indexed ?? null;
    if (sources === null || indexed === null) return;
    if (timed?.number !== indexed) timed = { number: indexed, time: await sources.blockTime(indexed).catch(() => null) };
    if (timed.time !== null) this.set(Math.max(0, Date.now() / 1000 - timed.time));
  } });
  const blocks = new Counter({ name: `${p}blocks_indexed_total`, help: 'Blocks indexed (committed) by this process', registers });
  const transactions = new Counter({ name: `${p}transactions_indexed_total`, help: 'Transactions indexed (committed) by this process', registers });
  const reorgs = new Counter({ name: `${p}reorgs_total`, help: 'Reorganisations rolled back by this process', registers });
  const depth = new Histogram({ name: `${p}reorg_depth_blocks`, help: 'Blocks rolled back per reorganisation', buckets: DEPTH_BUCKETS, registers });

  const rpcCalls = new Counter({ name: `${p}rpc_requests_total`, help: 'JSON-RPC calls to the node, by method and outcome', labelNames: ['method', 'outcome'] as const, registers });
  const rpcTime = new Histogram({ name: `${p}rpc_request_duration_seconds`, help: 'JSON-RPC round trips to the node, by method (a batch counts once, under its first method)', labelNames: ['method'] as const, buckets: [...LATENCY_BUCKETS], registers });
  // Children made once per method: the hot path looks them up in a Map, without building label objects.
  const rpcChildren = new Map<string, { ok: Counter.Internal; error: Counter.Internal; time: Histogram.Internal<'method'> }>();
  for (const method of [...RPC_METHODS, 'other']) {
    rpcChildren.set(method, { ok: rpcCalls.labels(method, 'ok'), error: rpcCalls.labels(method, 'error'), time: rpcTime.labels(method) });
  }
  const rpcOther = rpcChildren.get('other') as NonNullable<ReturnType<typeof rpcChildren.get>>;

  const queryTime = new Histogram({ name: `${p}db_query_duration_seconds`, help: 'Database statements, by kind (first keyword)', labelNames: ['kind'] as const, buckets: [...LATENCY_BUCKETS], registers });
  const queryChildren = Object.fromEntries(QUERY_KINDS.map((k) => [k, queryTime.labels(k)])) as Record<QueryKind, Histogram.Internal<'kind'>>;

  const refusals = new Counter({ name: `${p}rate_limit_refusals_total`, help: 'Requests refused by a rate limit, by class', labelNames: ['class'] as const, registers });
  new Gauge({ name: `${p}verify_queue_length`, help: 'Verification compilations running or waiting', registers, collect() {
    if (sources) this.set(sources.verifyQueue());
  } });
  const compileTime = new Histogram({ name: `${p}verify_compile_duration_seconds`, help: 'Time of one compilation on a compiler thread', buckets: COMPILE_BUCKETS, registers });
  const metadata = new Counter({ name: `${p}metadata_fetches_total`, help: 'NFT metadata downloads, by outcome', labelNames: ['outcome'] as const, registers });
  new Gauge({ name: `${p}event_streams_open`, help: 'Event streams (GET /events) open now', registers, collect() {
    if (sources) this.set(sources.streamsOpen());
  } });
  // Zero from the start, so that a rate() has a first point and a dashboard shows 0 rather than nothing.
  for (const cls of ['general', 'search', 'rpc', 'verify', 'api'] as const) refusals.inc({ class: cls }, 0);
  for (const outcome of ['ok', 'error', 'refused'] as const) metadata.inc({ outcome }, 0);
  for (const kind of QUERY_KINDS) queryTime.zero({ kind });

  return {
    registry,
    http: httpMetrics(registry, p),
    observeQuery(sql, seconds) {
      queryChildren[queryKind(sql)].observe(seconds);
    },
    observeRpc(method, ok, seconds) {
      const c = rpcChildren.get(method) ?? rpcOther;
      (ok ? c.ok : c.error).inc();
      if (seconds !== null) c.time.observe(seconds);
    },
    sync: {
      indexed(b, t) {
        blocks.inc(b);
        if (t > 0) transactions.inc(t);
      },
      reorg(d) {
        reorgs.inc();
        depth.observe(d);
      },
    },
    refused(cls) {
      refusals.labels(cls).inc();
    },
    metadataFetch(outcome) {
      metadata.labels(outcome).inc();
    },
    compiled(seconds) {
      compileTime.observe(seconds);
    },
    watch(s) {
      sources = s;
    },
  };
}

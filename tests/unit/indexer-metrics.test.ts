import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { RateLimiter } from '../../indexer/src/http/rate-limit.ts';
import { createIndexerMetrics, queryKind, rpcMethodLabel, type QueryKind } from '../../indexer/src/metrics/index.ts';
import { openSqlite } from '../../indexer/src/store/sqlite.ts';
import { sample } from '../prometheus-text.ts';

// The indexer's series (README.md, Metrics): their names, their closed label sets, and what feeds them.

describe('queryKind', () => {
  it.each<[string, QueryKind]>([
    ['SELECT 1', 'select'],
    ['  \n\tselect number FROM blocks', 'select'],
    ['Insert INTO blocks VALUES (?)', 'insert'],
    ['UPDATE nft_tokens SET x = 1', 'update'],
    ['delete from logs', 'delete'],
    ['WITH t AS (SELECT 1) SELECT * FROM t', 'other'],
    ['BEGIN', 'other'],
    ['PRAGMA wal_checkpoint(PASSIVE)', 'other'],
    ['', 'other'],
    ['SEL', 'other'],
    ['selectx', 'select'],
  ])('%j is %s', (sql, kind) => {
    expect(queryKind(sql)).toBe(kind);
  });
});

describe('rpcMethodLabel', () => {
  it.each([
    ['eth_getBlockByNumber', 'eth_getBlockByNumber'],
    ['eth_blockNumber', 'eth_blockNumber'],
    ['debug_traceBlockByHash', 'debug_traceBlockByHash'],
    ['eth_getBlockByNumber2', 'other'],
    ['anything a proxy client sends', 'other'],
  ])('%s is counted as %s', (method, label) => {
    expect(rpcMethodLabel(method)).toBe(label);
  });
});

describe('createIndexerMetrics', () => {
  it('names every series of the contract under explorer_indexer_, Node process metrics included', async () => {
    const text = await createIndexerMetrics().registry.metrics();
    for (const name of [
      'chain_head_block', 'indexed_head_block', 'lag_blocks', 'lag_seconds', 'blocks_indexed_total', 'transactions_indexed_total',
      'reorgs_total', 'reorg_depth_blocks', 'rpc_requests_total', 'rpc_request_duration_seconds', 'db_query_duration_seconds',
      'rate_limit_refusals_total', 'verify_queue_length', 'verify_compile_duration_seconds', 'metadata_fetches_total',
      'event_streams_open', 'http_requests_total', 'http_request_duration_seconds', 'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE explorer_indexer_${name} `);
    }
  });

  it('keeps each instance apart (several indexers run in one test process)', async () => {
    const a = createIndexerMetrics();
    const b = createIndexerMetrics();
    a.sync.indexed(5, 7);
    expect(sample(await a.registry.metrics(), 'explorer_indexer_blocks_indexed_total')).toBe(5);
    expect(sample(await b.registry.metrics(), 'explorer_indexer_blocks_indexed_total')).toBe(0);
  });

  it('counts what the parts report', async () => {
    const m = createIndexerMetrics();
    m.sync.indexed(3, 10);
    m.sync.indexed(2, 0);
    m.sync.reorg(2);
    m.observeRpc('eth_getBlockByNumber', true, 0.01);
    m.observeRpc('eth_getBlockByNumber', false, 0.01);
    m.observeRpc('eth_madeUp', true, 0.01);
    m.observeRpc('eth_getBlockByNumber', true, null);
    m.observeQuery('SELECT 1', 0.002);
    m.observeQuery('DELETE FROM x', 0.002);
    m.refused('search');
    m.metadataFetch('refused');
    m.compiled(1.5);
    const text = await m.registry.metrics();
    const p = 'explorer_indexer_';
    expect(sample(text, `${p}blocks_indexed_total`)).toBe(5);
    expect(sample(text, `${p}transactions_indexed_total`)).toBe(10);
    expect(sample(text, `${p}reorgs_total`)).toBe(1);
    expect(sample(text, `${p}reorg_depth_blocks_sum`)).toBe(2);
    expect(sample(text, `${p}rpc_requests_total`, 'method="eth_getBlockByNumber",outcome="ok"')).toBe(2);
    expect(sample(text, `${p}rpc_requests_total`, 'method="eth_getBlockByNumber",outcome="error"')).toBe(1);
    expect(sample(text, `${p}rpc_requests_total`, 'method="other",outcome="ok"')).toBe(1);
    // A batch's round trip is timed once: three timed calls of eth_getBlockByNumber, not four.
    expect(sample(text, `${p}rpc_request_duration_seconds_count`, 'method="eth_getBlockByNumber"')).toBe(2);
    expect(sample(text, `${p}db_query_duration_seconds_count`, 'kind="select"')).toBe(1);
    expect(sample(text, `${p}db_query_duration_seconds_count`, 'kind="delete"')).toBe(1);
    expect(sample(text, `${p}db_query_duration_seconds_count`, 'kind="insert"')).toBe(0);
    expect(sample(text, `${p}rate_limit_refusals_total`, 'class="search"')).toBe(1);
    expect(sample(text, `${p}rate_limit_refusals_total`, 'class="general"')).toBe(0);
    expect(sample(text, `${p}metadata_fetches_total`, 'outcome="refused"')).toBe(1);
    expect(sample(text, `${p}verify_compile_duration_seconds_count`)).toBe(1);
  });

  it('reads the gauges from their sources at each scrape, the lag in seconds from the indexed head\'s timestamp', async () => {
    const m = createIndexerMetrics();
    let indexed = 90;
    const asked: number[] = [];
    m.watch({
      heads: () => ({ chain: 100, indexed }),
      blockTime: async (n) => {
        asked.push(n);
        return Math.floor(Date.now() / 1000) - 60;
      },
      streamsOpen: () => 3,
      verifyQueue: () => 2,
    });
    let text = await m.registry.metrics();
    const p = 'explorer_indexer_';
    expect(sample(text, `${p}chain_head_block`)).toBe(100);
    expect(sample(text, `${p}indexed_head_block`)).toBe(90);
    expect(sample(text, `${p}lag_blocks`)).toBe(10);
    expect(sample(text, `${p}lag_seconds`)).toBeGreaterThanOrEqual(59);
    expect(sample(text, `${p}event_streams_open`)).toBe(3);
    expect(sample(text, `${p}verify_queue_length`)).toBe(2);
    await m.registry.metrics();
    // The timestamp is read again only once the head moved.
    expect(asked).toEqual([90]);
    indexed = 100;
    text = await m.registry.metrics();
    expect(sample(text, `${p}lag_blocks`)).toBe(0);
    expect(asked).toEqual([90, 100]);
  });
});

describe('what feeds the series', () => {
  let node: Server;
  let url: string;
  beforeAll(async () => {
    // A node that answers eth_blockNumber, and an error for anything else.
    node = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const answer = (call: { id: number; method: string }) =>
          call.method === 'eth_blockNumber' ? { jsonrpc: '2.0', id: call.id, result: '0x10' } : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'no' } };
        const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())));

  it('the RPC client reports each call, and each call of a batch, by outcome', async () => {
    const m = createIndexerMetrics();
    const rpc = new RpcClient(url, { observe: m.observeRpc });
    await rpc.call('eth_blockNumber');
    await expect(rpc.call('eth_chainId')).rejects.toThrow();
    await rpc.batch([{ method: 'eth_blockNumber', params: [] }, { method: 'eth_getCode', params: [] }, { method: 'eth_blockNumber', params: [] }]);
    const text = await m.registry.metrics();
    const p = 'explorer_indexer_rpc_requests_total';
    expect(sample(text, p, 'method="eth_blockNumber",outcome="ok"')).toBe(3);
    expect(sample(text, p, 'method="eth_chainId",outcome="error"')).toBe(1);
    expect(sample(text, p, 'method="eth_getCode",outcome="error"')).toBe(1);
  });

  it('the SQLite store times each statement under its kind', async () => {
    const m = createIndexerMetrics();
    const store = openSqlite(':memory:');
    store.onQuery = m.observeQuery;
    await store.all('SELECT number FROM blocks');
    await store.run('DELETE FROM blocks WHERE number = ?', 1);
    await expect(store.one('SELECT nothing FROM nowhere')).rejects.toThrow();
    await store.close();
    const text = await m.registry.metrics();
    expect(sample(text, 'explorer_indexer_db_query_duration_seconds_count', 'kind="select"')).toBe(2);
    expect(sample(text, 'explorer_indexer_db_query_duration_seconds_count', 'kind="delete"')).toBe(1);
  });

  it('the rate limiter reports the class that lacked a token', async () => {
    const m = createIndexerMetrics();
    const limiter = new RateLimiter({ limits: { search: { rate: 0.001, burst: 1 } }, exempt: '' }, { onRefused: (c) => m.refused(c) });
    expect(limiter.take('k', ['general', 'search'])).toBeNull();
    expect(limiter.take('k', ['general', 'search'])).not.toBeNull();
    const text = await m.registry.metrics();
    expect(sample(text, 'explorer_indexer_rate_limit_refusals_total', 'class="search"')).toBe(1);
    expect(sample(text, 'explorer_indexer_rate_limit_refusals_total', 'class="general"')).toBe(0);
  });
});

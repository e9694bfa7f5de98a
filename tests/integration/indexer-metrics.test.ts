import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryLog } from '../../common/log.ts';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { waitFor } from '../indexer-testing/verify.ts';
import { sample } from '../prometheus-text.ts';
import { BACKEND, freshStorage } from './backend.ts';

// The indexer's metrics, end to end: sync a devnet, make some requests, then scrape /metrics and check the named series
// against what the test did and what the database holds (on SQLite and on PostgreSQL).

let anvil: AnvilHandle;
let rpc: RpcClient;
let indexer: Indexer;
let dir: string;
let accounts: string[];

async function scrape(): Promise<string> {
  const res = await fetch(indexer.metricsUrl);
  expect(res.status).toBe(200);
  return res.text();
}

async function storedHead(): Promise<number> {
  return (await indexer.store.one<{ n: number }>('SELECT max(number) AS n FROM blocks'))?.n ?? -1;
}

beforeAll(async () => {
  anvil = await startAnvil();
  rpc = new RpcClient(anvil.url);
  accounts = await rpc.call<string[]>('eth_accounts');
  // A few blocks, some with transactions.
  for (let i = 0; i < 3; i++) await rpc.call('eth_sendTransaction', [{ from: accounts[1], to: accounts[2], value: '0x1' }]);
  await rpc.call('anvil_mine', ['0x10']);
  dir = mkdtempSync(join(tmpdir(), 'indexer-metrics-'));
  const logger = createLogger('indexer', { destination: new MemoryLog(), level: 'warn', tty: false });
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(dir)), port: 0, pollMs: 100, log: () => {}, logger, progress: false, traceInternal: false, metadata: false });
  await indexer.caughtUp();
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`indexer /metrics after a sync (${BACKEND})`, { timeout: 120_000 }, () => {
  it('reports the heads, the blocks and transactions indexed, the node calls and the statements', async () => {
    const head = await storedHead();
    const text = await scrape();
    const p = 'explorer_indexer_';
    expect(sample(text, `${p}indexed_head_block`)).toBe(head);
    expect(sample(text, `${p}chain_head_block`)).toBeGreaterThanOrEqual(head);
    expect(sample(text, `${p}lag_blocks`)).toBeGreaterThanOrEqual(0);
    expect(sample(text, `${p}lag_seconds`)).toBeGreaterThanOrEqual(0);
    // Genesis included: blocks 0..head, all indexed by this process.
    expect(sample(text, `${p}blocks_indexed_total`)).toBeGreaterThanOrEqual(head + 1);
    expect(sample(text, `${p}transactions_indexed_total`)).toBeGreaterThanOrEqual(3);
    expect(sample(text, `${p}rpc_requests_total`, 'method="eth_blockNumber",outcome="ok"')).toBeGreaterThan(0);
    const blockCalls =
      (sample(text, `${p}rpc_requests_total`, 'method="eth_getBlockByNumber",outcome="ok"') ?? 0) +
      (sample(text, `${p}rpc_requests_total`, 'method="eth_getBlockReceipts",outcome="ok"') ?? 0);
    expect(blockCalls).toBeGreaterThan(0);
    expect(sample(text, `${p}rpc_request_duration_seconds_count`, 'method="eth_blockNumber"')).toBeGreaterThan(0);
    expect(sample(text, `${p}db_query_duration_seconds_count`, 'kind="select"')).toBeGreaterThan(0);
    expect(text).toContain(`${p}process_resident_memory_bytes`);
  });

  it('counts the requests this test made under their route template', async () => {
    const route = 'route="/blocks/{number}",method="GET",status="200"';
    const before = sample(await scrape(), 'explorer_indexer_http_requests_total', route) ?? 0;
    for (const n of [0, 1, 2, 3, 1]) expect((await fetch(`${indexer.url}/blocks/${n}`)).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'explorer_indexer_http_requests_total', route)).toBe(before + 5);
    expect(sample(text, 'explorer_indexer_http_request_duration_seconds_count', route)).toBe(before + 5);
    expect(text).not.toContain('route="/blocks/1"');
  });

  it('reports the event streams open', async () => {
    expect(sample(await scrape(), 'explorer_indexer_event_streams_open')).toBe(0);
    const stop = new AbortController();
    const res = await fetch(`${indexer.url}/events`, { signal: stop.signal });
    expect(res.status).toBe(200);
    expect(sample(await scrape(), 'explorer_indexer_event_streams_open')).toBe(1);
    stop.abort();
    await res.body?.cancel().catch(() => {});
    await waitFor(async () => sample(await scrape(), 'explorer_indexer_event_streams_open') === 0, 10_000, 'the stream closed');
  });

  it('counts a reorg and its depth', async () => {
    const before = await scrape();
    const reorgs = sample(before, 'explorer_indexer_reorgs_total') ?? 0;
    const head = await storedHead();
    await rpc.call('anvil_reorg', [2, [[{ from: accounts[3], to: accounts[4], value: '0x42', gasPrice: '0x0' }, 1]]]);
    const replaced = await rpc.call<{ hash: string }>('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    await waitFor(
      async () => (await indexer.store.one<{ hash: string }>('SELECT hash FROM blocks WHERE number = ?', head))?.hash === replaced.hash.toLowerCase(),
      30_000,
      'the replaced blocks indexed',
    );
    const text = await scrape();
    expect(sample(text, 'explorer_indexer_reorgs_total')).toBeGreaterThan(reorgs);
    expect(sample(text, 'explorer_indexer_reorg_depth_blocks_count')).toBeGreaterThan(0);
    expect(sample(text, 'explorer_indexer_reorg_depth_blocks_sum')).toBeGreaterThanOrEqual(1);
  });
});

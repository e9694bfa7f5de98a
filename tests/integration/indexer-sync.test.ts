import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import {
  chainCounts,
  counterMismatches,
  countOf,
  dbCounts,
  dumpState,
  erc1155Mismatches,
  erc20Mismatches,
  erc721Mismatches,
  nativeMismatches,
  waitFor,
} from '../indexer-testing/verify.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { freshStorage, openStorage } from './backend.ts';

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let head: number;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'indexer-sync-'));
  dirs.push(dir);
  return dir;
}

async function candidates(): Promise<string[]> {
  const fromDb = (await indexer.store.all<{ address: string }>('SELECT address FROM addresses')).map((r) => r.address);
  return [...new Set([...info.accounts, ...info.holders, ...fromDb].map((a) => a.toLowerCase()))];
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  head = Number(await rpc.call<string>('eth_blockNumber'));
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(tempDir())), port: 0, log: () => {}, progress: false, metadata: false });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('catch-up sync against the devnet scenario', () => {
  it('indexes every block from genesis, every transaction and every log', async () => {
    const chain = await chainCounts(rpc, head);
    const mine = await dbCounts(indexer.store);
    expect(info.txCount).toBeGreaterThan(500);
    expect(mine.blocks).toBe(chain.blocks);
    expect(mine.transactions).toBe(chain.transactions);
    expect(mine.logs).toBe(chain.logs);
    expect(mine.hashes).toEqual(chain.hashes);
    expect(await indexer.store.one('SELECT number FROM blocks ORDER BY number LIMIT 1')).toEqual({ number: 0 });
  });

  it('keeps the counters and per-token tallies consistent with the rows', async () => {
    expect(await counterMismatches(indexer.store)).toEqual([]);
  });

  it('holds exactly the ERC-20 balances balanceOf reports, for every holder and no one else', async () => {
    expect(await countOf(indexer.store, "SELECT count(*) AS n FROM token_balances WHERE token_id = ''")).toBeGreaterThan(100);
    expect(await erc20Mismatches(indexer.store, rpc, await candidates())).toEqual([]);
  });

  it('records the 50+ holders of the holder token', async () => {
    const row = await indexer.store.one<{ holder_count: number }>('SELECT holder_count FROM contracts WHERE address = ?', info.holderToken.address.toLowerCase());
    expect(row?.holder_count).toBeGreaterThanOrEqual(50);
  });

  it('has the ERC-721 owner ownerOf reports for every minted token', async () => {
    for (const c of info.nfts) {
      expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM nft_tokens WHERE token_address = ?', c.address.toLowerCase())).toBe(c.minted);
    }
    expect(await erc721Mismatches(indexer.store, rpc)).toEqual([]);
  });

  it('has the ERC-1155 balances balanceOf(holder, id) reports, batch transfers included', async () => {
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM token_transfers WHERE batch_index > 0')).toBeGreaterThan(0);
    expect(await erc1155Mismatches(indexer.store, rpc, await candidates())).toEqual([]);
  });

  it('has the native balance eth_getBalance reports for every touched address', async () => {
    expect(await nativeMismatches(indexer.store, rpc)).toEqual([]);
  });

  it('classifies the scenario contracts with ERC-165 and the ERC-20 calls', async () => {
    const type = async (a: string): Promise<unknown> =>
      (await indexer.store.one<{ contract_type: string }>('SELECT contract_type FROM contracts WHERE address = ?', a.toLowerCase()))?.contract_type;
    for (const t of info.tokens) expect(await type(t.address)).toBe('ERC20');
    for (const n of info.nfts) expect(await type(n.address)).toBe('ERC721');
    expect(await type(info.erc1155.address)).toBe('ERC1155');
    expect(await type(info.playground.address)).toBe('none');
    expect(await type(info.hostile.erc721.address)).toBe('ERC721');
    for (const c of info.contracts) {
      const row = await indexer.store.one('SELECT creator, creation_tx FROM contracts WHERE address = ?', c.address.toLowerCase());
      expect(row).toEqual({ creator: c.creator.toLowerCase(), creation_tx: c.txHash.toLowerCase() });
    }
  });

  it('stores name, symbol and decimals read with eth_call, hostile bytes included', async () => {
    const row = async (a: string): Promise<Record<string, unknown>> =>
      (await indexer.store.one<Record<string, unknown>>('SELECT name, symbol, decimals FROM contracts WHERE address = ?', a.toLowerCase())) ?? {};
    for (const t of info.tokens) expect(await row(t.address)).toEqual({ name: t.name, symbol: t.symbol, decimals: t.decimals });
    const bad = await row(info.hostile.badUtf8.address);
    expect(typeof bad['name']).toBe('string');
    expect(bad['name']).toContain('\uFFFD');
    expect(bad['decimals']).toBe(info.hostile.badUtf8.decimals);
  });
});

describe('restart in the middle of the catch-up', () => {
  it('resumes from the last committed block without losing or duplicating anything', async () => {
    const storage = await freshStorage(tempDir());
    const tuning = { concurrency: 1, maxBlocksPerBatch: 5, txsPerBatch: 10 };
    const first = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false, sync: tuning });
    await waitFor(() => (first.status().lastBlock ?? 0) >= 40, 30_000, 'the first blocks');
    await first.stop();
    const snapshot = await openStorage(storage);
    const stoppedAt = (await dbCounts(snapshot)).blocks;
    await snapshot.close();
    expect(stoppedAt).toBeGreaterThan(40);
    expect(stoppedAt).toBeLessThan(head + 1);

    const second = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false });
    try {
      await second.caughtUp();
      const dup = await countOf(
        second.store,
        'SELECT count(*) AS n FROM (SELECT 1 FROM token_transfers GROUP BY block_number, log_index, batch_index HAVING count(*) > 1) AS dup',
      );
      expect(dup).toBe(0);
      expect(await counterMismatches(second.store)).toEqual([]);
      expect(await dumpState(second.store)).toEqual(await dumpState(indexer.store));
    } finally {
      await second.stop();
    }
  });
});

describe('an RPC node that fails, then answers again', () => {
  it('reports the error while it lasts and no longer once the sync succeeds (the sync state kept it for good before)', async () => {
    let failing = true;
    // A node in front of anvil that answers 503 while `failing`.
    const node = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (failing) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('node is down');
          return;
        }
        void fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const storage = await freshStorage(tempDir());
    const flaky = await startIndexer({ rpcUrl: `http://127.0.0.1:${(node.address() as AddressInfo).port}`, ...storage, port: 0, log: () => {}, progress: false, metadata: false });
    try {
      await waitFor(() => flaky.status().lastError !== null, 20_000, 'the failure to be reported');
      expect(flaky.status().lastError).toMatch(/503|node is down/);
      failing = false;
      await flaky.caughtUp();
      await waitFor(() => flaky.status().lastError === null, 20_000, 'the error to be cleared');
    } finally {
      await flaky.stop();
      await new Promise<void>((resolve) => node.close(() => resolve()));
    }
  }, 120_000);
});

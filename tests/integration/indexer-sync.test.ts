import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import {
  chainCounts,
  counterMismatches,
  dbCounts,
  dumpState,
  erc1155Mismatches,
  erc20Mismatches,
  erc721Mismatches,
  nativeMismatches,
  waitFor,
} from '../../indexer/testing/verify.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { RpcClient } from '../../indexer/src/rpc.ts';

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

function candidates(): string[] {
  const fromDb = (indexer.db.prepare('SELECT address FROM addresses').all() as { address: string }[]).map((r) => r.address);
  return [...new Set([...info.accounts, ...info.holders, ...fromDb].map((a) => a.toLowerCase()))];
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  head = Number(await rpc.call<string>('eth_blockNumber'));
  indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: tempDir(), port: 0, log: () => {}, progress: false, metadata: false });
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
    const mine = dbCounts(indexer.db);
    expect(info.txCount).toBeGreaterThan(500);
    expect(mine.blocks).toBe(chain.blocks);
    expect(mine.transactions).toBe(chain.transactions);
    expect(mine.logs).toBe(chain.logs);
    expect(mine.hashes).toEqual(chain.hashes);
    expect(indexer.db.prepare('SELECT number FROM blocks ORDER BY number LIMIT 1').get()).toEqual({ number: 0 });
  });

  it('keeps the counters and per-token tallies consistent with the rows', () => {
    expect(counterMismatches(indexer.db)).toEqual([]);
  });

  it('holds exactly the ERC-20 balances balanceOf reports, for every holder and no one else', async () => {
    const holders = indexer.db.prepare("SELECT count(*) AS n FROM token_balances WHERE token_id = ''").get() as { n: number };
    expect(holders.n).toBeGreaterThan(100);
    expect(await erc20Mismatches(indexer.db, rpc, candidates())).toEqual([]);
  });

  it('records the 50+ holders of the holder token', () => {
    const row = indexer.db.prepare('SELECT holder_count FROM contracts WHERE address = ?').get(info.holderToken.address.toLowerCase()) as { holder_count: number };
    expect(row.holder_count).toBeGreaterThanOrEqual(50);
  });

  it('has the ERC-721 owner ownerOf reports for every minted token', async () => {
    for (const c of info.nfts) {
      const n = indexer.db.prepare('SELECT count(*) AS n FROM nft_tokens WHERE token_address = ?').get(c.address.toLowerCase()) as { n: number };
      expect(n.n).toBe(c.minted);
    }
    expect(await erc721Mismatches(indexer.db, rpc)).toEqual([]);
  });

  it('has the ERC-1155 balances balanceOf(holder, id) reports, batch transfers included', async () => {
    const batches = indexer.db.prepare('SELECT count(*) AS n FROM token_transfers WHERE batch_index > 0').get() as { n: number };
    expect(batches.n).toBeGreaterThan(0);
    expect(await erc1155Mismatches(indexer.db, rpc, candidates())).toEqual([]);
  });

  it('has the native balance eth_getBalance reports for every touched address', async () => {
    expect(await nativeMismatches(indexer.db, rpc)).toEqual([]);
  });

  it('classifies the scenario contracts with ERC-165 and the ERC-20 calls', () => {
    const type = (a: string): unknown => (indexer.db.prepare('SELECT contract_type FROM contracts WHERE address = ?').get(a.toLowerCase()) as { contract_type: string } | undefined)?.contract_type;
    for (const t of info.tokens) expect(type(t.address)).toBe('ERC20');
    for (const n of info.nfts) expect(type(n.address)).toBe('ERC721');
    expect(type(info.erc1155.address)).toBe('ERC1155');
    expect(type(info.playground.address)).toBe('none');
    expect(type(info.hostile.erc721.address)).toBe('ERC721');
    for (const c of info.contracts) {
      const row = indexer.db.prepare('SELECT creator, creation_tx FROM contracts WHERE address = ?').get(c.address.toLowerCase());
      expect(row).toEqual({ creator: c.creator.toLowerCase(), creation_tx: c.txHash.toLowerCase() });
    }
  });

  it('stores name, symbol and decimals read with eth_call, hostile bytes included', () => {
    const row = (a: string): Record<string, unknown> => indexer.db.prepare('SELECT name, symbol, decimals FROM contracts WHERE address = ?').get(a.toLowerCase()) as Record<string, unknown>;
    for (const t of info.tokens) expect(row(t.address)).toEqual({ name: t.name, symbol: t.symbol, decimals: t.decimals });
    const bad = row(info.hostile.badUtf8.address);
    expect(typeof bad['name']).toBe('string');
    expect(bad['name']).toContain('\uFFFD');
    expect(bad['decimals']).toBe(info.hostile.badUtf8.decimals);
  });
});

describe('restart in the middle of the catch-up', () => {
  it('resumes from the last committed block without losing or duplicating anything', async () => {
    const dir = tempDir();
    const tuning = { concurrency: 1, maxBlocksPerBatch: 5, txsPerBatch: 10 };
    const first = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false, metadata: false, sync: tuning });
    await waitFor(() => (first.status().lastBlock ?? 0) >= 40, 30_000, 'the first blocks');
    await first.stop();
    const snapshot = new DatabaseSync(join(dir, 'indexer.sqlite'));
    const stoppedAt = dbCounts(snapshot).blocks;
    snapshot.close();
    expect(stoppedAt).toBeGreaterThan(40);
    expect(stoppedAt).toBeLessThan(head + 1);

    const second = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false, metadata: false });
    try {
      await second.caughtUp();
      const dup = second.db
        .prepare('SELECT count(*) AS n FROM (SELECT 1 FROM token_transfers GROUP BY block_number, log_index, batch_index HAVING count(*) > 1)')
        .get() as { n: number };
      expect(dup.n).toBe(0);
      expect(counterMismatches(second.db)).toEqual([]);
      expect(dumpState(second.db)).toEqual(dumpState(indexer.db));
    } finally {
      await second.stop();
    }
  });
});

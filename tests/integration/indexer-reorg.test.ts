import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { startLiveActivity } from '../../devnet/live.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { unpad } from '../../indexer/src/num.ts';
import { RpcClient } from '../../indexer/src/rpc.ts';
import {
  chainCounts,
  counterMismatches,
  dbCounts,
  erc1155Mismatches,
  erc20Mismatches,
  erc721Mismatches,
  nativeMismatches,
  waitFor,
} from '../../indexer/testing/verify.ts';

const erc20 = new Interface(['function transfer(address to, uint256 value)']);
const erc721 = new Interface(['function transferFrom(address from, address to, uint256 tokenId)']);
const erc1155 = new Interface(['function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)']);
// Init code of a contract whose runtime code is the single byte 0x00 (STOP).
const TINY_CONTRACT = '0x6001600c60003960016000f300';

const FRESH = ['0x00000000000000000000000000000000000f1001', '0x00000000000000000000000000000000000f1002', '0x00000000000000000000000000000000000f1003', '0x00000000000000000000000000000000000f1004'] as const;

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let dir: string;

async function send(tx: Record<string, string>): Promise<string> {
  const hash = await rpc.call<string>('eth_sendTransaction', [{ gasPrice: '0x0', ...tx }]);
  const receipt = await waitFor(() => rpc.call<{ status: string; contractAddress: string | null } | null>('eth_getTransactionReceipt', [hash]), 10_000, 'a receipt');
  expect(receipt.status).toBe('0x1');
  return hash;
}

async function chainHead(): Promise<{ number: number; hash: string }> {
  const b = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
  return { number: Number(b.number), hash: b.hash.toLowerCase() };
}

async function indexedHead(): Promise<void> {
  const head = await chainHead();
  await waitFor(() => {
    const row = indexer.db.prepare('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1').get() as { number: number; hash: string } | undefined;
    return row?.number === head.number && row.hash === head.hash;
  }, 20_000, `the indexer to reach block ${head.number}`);
}

function candidates(): string[] {
  const fromDb = (indexer.db.prepare('SELECT address FROM addresses').all() as { address: string }[]).map((r) => r.address);
  return [...new Set([...info.accounts, ...info.holders, ...FRESH, ...fromDb].map((a) => a.toLowerCase()))];
}

/** The chain and the index agree on every block, transaction, log, balance, owner and counter. */
async function expectConsistent(): Promise<void> {
  const head = await chainHead();
  const chain = await chainCounts(rpc, head.number);
  const mine = dbCounts(indexer.db);
  expect(mine.hashes).toEqual(chain.hashes);
  expect(mine.transactions).toBe(chain.transactions);
  expect(mine.logs).toBe(chain.logs);
  expect(counterMismatches(indexer.db)).toEqual([]);
  expect(await erc20Mismatches(indexer.db, rpc, candidates())).toEqual([]);
  expect(await erc721Mismatches(indexer.db, rpc)).toEqual([]);
  expect(await erc1155Mismatches(indexer.db, rpc, candidates())).toEqual([]);
  expect(await nativeMismatches(indexer.db, rpc)).toEqual([]);
  const orphans = indexer.db
    .prepare(
      `SELECT (SELECT count(*) FROM transactions WHERE block_number NOT IN (SELECT number FROM blocks))
            + (SELECT count(*) FROM logs WHERE tx_id NOT IN (SELECT id FROM transactions))
            + (SELECT count(*) FROM token_transfers WHERE tx_hash NOT IN (SELECT hash FROM transactions))
            + (SELECT count(*) FROM contracts WHERE first_seen_block > (SELECT max(number) FROM blocks)) AS n`,
    )
    .get() as { n: number };
  expect(orphans.n).toBe(0);
  const v = indexer.db.prepare('SELECT sum(blocks_mined) AS n FROM validators').get() as { n: number };
  expect(v.n).toBe(chain.blocks - 1);
}

/** The hash of each transaction sent by activity(); a type alias (unlike an interface) gives Object.values a string[]. */
type Orphan = {
  plain: string;
  token: string;
  nft: string;
  item: string;
  created: string;
};

/** Sends one transaction of every kind the index derives state from, each touching a fresh address. */
async function activity(): Promise<Orphan> {
  const [a0, a1, a2] = info.accounts as [string, string, string];
  const plain = await send({ from: a1, to: FRESH[0], value: '0x1234' });
  const token = await send({ from: a0, to: info.tokens[0]?.address as string, data: erc20.encodeFunctionData('transfer', [FRESH[1], 777n]) });
  const nftRow = indexer.db
    .prepare(`SELECT token_address, token_id, owner FROM nft_tokens WHERE token_type = 'ERC721' AND owner IN (${info.accounts.map(() => '?').join(',')}) LIMIT 1`)
    .get(...info.accounts.map((a) => a.toLowerCase())) as { token_address: string; token_id: string; owner: string };
  const nft = await send({ from: nftRow.owner, to: nftRow.token_address, data: erc721.encodeFunctionData('transferFrom', [nftRow.owner, FRESH[2], BigInt(nftRow.token_id)]) });
  const itemRow = indexer.db
    .prepare(`SELECT token_address, holder, token_id FROM token_balances WHERE token_id != '' AND token_address = ? AND holder IN (${info.accounts.map(() => '?').join(',')}) LIMIT 1`)
    .get(info.erc1155.address.toLowerCase(), ...info.accounts.map((a) => a.toLowerCase())) as { token_address: string; holder: string; token_id: string };
  const item = await send({ from: itemRow.holder, to: itemRow.token_address, data: erc1155.encodeFunctionData('safeTransferFrom', [itemRow.holder, FRESH[3], BigInt(unpad(itemRow.token_id)), 1n, '0x']) });
  const created = await send({ from: a2, data: TINY_CONTRACT });
  return { plain, token, nft, item, created };
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 0.3 });
  rpc = new RpcClient(anvil.url);
  dir = mkdtempSync(join(tmpdir(), 'indexer-reorg-'));
  indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, pollMs: 100, log: () => {}, progress: false });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('following the head', () => {
  it('keeps up with live activity, block by block', async () => {
    const live = startLiveActivity(anvil.url, info, { intervalMs: 250 });
    const start = (await chainHead()).number;
    await waitFor(async () => (await chainHead()).number >= start + 8, 20_000, 'live blocks');
    await live.stop();
    await indexedHead();
    await expectConsistent();
  });
});

describe('chain reorganisations', () => {
  it('rolls back blocks replaced after evm_revert, with everything derived from them, and re-indexes', async () => {
    const snapshot = await rpc.call<string>('evm_snapshot');
    const orphan = await activity();
    await indexedHead();
    const createdAddress = (indexer.db.prepare('SELECT contract_address FROM transactions WHERE hash = ?').get(orphan.created) as { contract_address: string }).contract_address;
    expect(indexer.db.prepare('SELECT count(*) AS n FROM contracts WHERE address = ?').get(createdAddress)).toEqual({ n: 1 });
    expect(indexer.db.prepare('SELECT count(*) AS n FROM addresses WHERE address = ?').get(FRESH[0])).toEqual({ n: 1 });
    expect(indexer.db.prepare('SELECT count(*) AS n FROM token_balances WHERE holder IN (?, ?, ?)').get(FRESH[1], FRESH[2], FRESH[3])).toEqual({ n: 4 });

    expect(await rpc.call<boolean>('evm_revert', [snapshot])).toBe(true);
    // The replacement chain is longer than the orphaned one and holds a different transaction.
    await send({ from: info.accounts[4] as string, to: info.accounts[5] as string, value: '0x99' });
    await rpc.call('anvil_mine', ['0x8']);
    await indexedHead();

    for (const hash of Object.values(orphan)) {
      expect(indexer.db.prepare('SELECT count(*) AS n FROM transactions WHERE hash = ?').get(hash)).toEqual({ n: 0 });
      expect(indexer.db.prepare('SELECT count(*) AS n FROM token_transfers WHERE tx_hash = ?').get(hash)).toEqual({ n: 0 });
    }
    expect(indexer.db.prepare('SELECT count(*) AS n FROM contracts WHERE address = ?').get(createdAddress)).toEqual({ n: 0 });
    expect(indexer.db.prepare('SELECT count(*) AS n FROM addresses WHERE address = ?').get(FRESH[0])).toEqual({ n: 0 });
    expect(indexer.db.prepare('SELECT count(*) AS n FROM token_balances WHERE holder IN (?, ?, ?)').get(FRESH[1], FRESH[2], FRESH[3])).toEqual({ n: 0 });
    const res = await fetch(`${indexer.url}/contracts/${createdAddress}`);
    expect(res.status).toBe(404);
    await expectConsistent();
  });

  it('follows anvil_reorg replacing the last blocks at the same height', async () => {
    await activity();
    await indexedHead();
    const before = await chainHead();
    await rpc.call('anvil_reorg', [3, [[{ from: info.accounts[6], to: info.accounts[7], value: '0x42', gasPrice: '0x0' }, 1]]]);
    const after = await chainHead();
    expect(after.number).toBe(before.number);
    expect(after.hash).not.toBe(before.hash);
    await indexedHead();
    await expectConsistent();
  });

  it('starts over when the database was filled from another chain (a restarted devnet)', async () => {
    const own = mkdtempSync(join(tmpdir(), 'indexer-rechain-'));
    const first = await startAnvil({ timestamp: 1_700_000_000 });
    const second = await startAnvil({ timestamp: 1_700_100_000 });
    try {
      const a = new RpcClient(first.url);
      const b = new RpcClient(second.url);
      await a.call('anvil_mine', ['0x14']);
      await b.call('anvil_mine', ['0x5']);
      await b.call('eth_sendTransaction', [{ from: info.accounts[1], to: FRESH[0], value: '0x1' }]);
      let ix = await startIndexer({ rpcUrl: first.url, dbFile: join(own, 'x.sqlite'), port: 0, log: () => {}, progress: false });
      await ix.caughtUp();
      expect(dbCounts(ix.db).blocks).toBe(21);
      await ix.stop();
      ix = await startIndexer({ rpcUrl: second.url, dbFile: join(own, 'x.sqlite'), port: 0, pollMs: 100, log: () => {}, progress: false });
      try {
        await ix.caughtUp();
        const chain = await chainCounts(b, Number(await b.call<string>('eth_blockNumber')));
        const mine = dbCounts(ix.db);
        expect(mine.hashes).toEqual(chain.hashes);
        expect(mine.transactions).toBe(1);
        expect(await nativeMismatches(ix.db, b)).toEqual([]);
      } finally {
        await ix.stop();
      }
    } finally {
      await first.stop();
      await second.stop();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

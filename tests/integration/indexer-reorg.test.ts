import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { startLiveActivity } from '../../devnet/live.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { unpad } from '../../indexer/src/chain/num.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, ApprovalBatch } from '../../indexer/src/sync/approvals.ts';
import { freshStorage } from './backend.ts';
import {
  chainCounts,
  counterMismatches,
  countOf,
  dbCounts,
  erc1155Mismatches,
  erc20Mismatches,
  erc721Mismatches,
  nativeMismatches,
  waitFor,
} from '../indexer-testing/verify.ts';

const erc20 = new Interface(['function transfer(address to, uint256 value)', 'function approve(address spender, uint256 value)']);
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

async function send(tx: Record<string, unknown>): Promise<string> {
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
  await waitFor(async () => {
    const row = await indexer.store.one<{ number: number; hash: string }>('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1');
    return row?.number === head.number && row.hash === head.hash;
  }, 20_000, `the indexer to reach block ${head.number}`);
}

async function candidates(): Promise<string[]> {
  const fromDb = (await indexer.store.all<{ address: string }>('SELECT address FROM addresses')).map((r) => r.address);
  return [...new Set([...info.accounts, ...info.holders, ...FRESH, ...fromDb].map((a) => a.toLowerCase()))];
}

/** The approvals table as the sync keeps it, and as every stored approval log replayed in order says it should be. */
async function approvalTables(): Promise<{ stored: string[]; replayed: string[] }> {
  const logs = await indexer.store.all<{ block_number: number; log_index: number; tx_hash: string; address: string; topic0: string; topic1: string | null; topic2: string | null; topic3: string | null; data: string; timestamp: number }>(
    `SELECT l.block_number, l.log_index, l.tx_hash, l.address, l.topic0, l.topic1, l.topic2, l.topic3, l.data, b.timestamp
     FROM logs l JOIN blocks b ON b.number = l.block_number WHERE l.topic0 IN (?, ?) ORDER BY l.id`,
    APPROVAL_TOPIC,
    APPROVAL_FOR_ALL_TOPIC,
  );
  const batch = new ApprovalBatch();
  for (const l of logs) {
    batch.add({ address: l.address, topics: [l.topic0, l.topic1, l.topic2, l.topic3], data: l.data }, { blockNumber: Number(l.block_number), logIndex: Number(l.log_index), txHash: l.tx_hash, timestamp: Number(l.timestamp) });
  }
  const rows = await indexer.store.all<Record<string, unknown>>('SELECT owner, token, spender, kind, value, block_number, log_index, tx_hash, timestamp FROM approvals');
  return { stored: rows.map((r) => Object.values(r).join(' ')).sort(), replayed: batch.result().rows.map((r) => r.join(' ')).sort() };
}

/** The chain and the index agree on every block, transaction, log, balance, owner, approval and counter. */
async function expectConsistent(): Promise<void> {
  const head = await chainHead();
  const chain = await chainCounts(rpc, head.number);
  const mine = await dbCounts(indexer.store);
  expect(mine.hashes).toEqual(chain.hashes);
  expect(mine.transactions).toBe(chain.transactions);
  expect(mine.logs).toBe(chain.logs);
  expect(await counterMismatches(indexer.store)).toEqual([]);
  expect(await erc20Mismatches(indexer.store, rpc, await candidates())).toEqual([]);
  expect(await erc721Mismatches(indexer.store, rpc)).toEqual([]);
  expect(await erc1155Mismatches(indexer.store, rpc, await candidates())).toEqual([]);
  expect(await nativeMismatches(indexer.store, rpc)).toEqual([]);
  const approvals = await approvalTables();
  expect(approvals.stored.length).toBeGreaterThan(0);
  expect(approvals.stored).toEqual(approvals.replayed);
  const orphans = await countOf(
    indexer.store,
    `SELECT (SELECT count(*) FROM transactions WHERE block_number NOT IN (SELECT number FROM blocks))
          + (SELECT count(*) FROM logs WHERE tx_id NOT IN (SELECT id FROM transactions))
          + (SELECT count(*) FROM token_transfers WHERE tx_hash NOT IN (SELECT hash FROM transactions))
          + (SELECT count(*) FROM contracts WHERE first_seen_block > (SELECT max(number) FROM blocks))
          + (SELECT count(*) FROM transaction_types WHERE tx_id NOT IN (SELECT id FROM transactions)) AS n`,
  );
  expect(orphans).toBe(0);
  // sum() of a 64-bit column is numeric (a decimal string) on PostgreSQL.
  expect(await countOf(indexer.store, 'SELECT sum(blocks_mined) AS n FROM validators')).toBe(chain.blocks - 1);
}

/** The hash of each transaction sent by activity(); a type alias (unlike an interface) gives Object.values a string[]. */
type Orphan = {
  plain: string;
  token: string;
  nft: string;
  item: string;
  created: string;
  revoke: string;
  /** With an access list: a transaction_types row. */
  typed: string;
};

/** Sends one transaction of every kind the index derives state from, each touching a fresh address. */
async function activity(): Promise<Orphan> {
  const [a0, a1, a2] = info.accounts as [string, string, string];
  const plain = await send({ from: a1, to: FRESH[0], value: '0x1234' });
  const token = await send({ from: a0, to: info.tokens[0]?.address, data: erc20.encodeFunctionData('transfer', [FRESH[1], 777n]) });
  const nftRow = (await indexer.store.one<{ token_address: string; token_id: string; owner: string }>(
    `SELECT token_address, token_id, owner FROM nft_tokens WHERE token_type = 'ERC721' AND owner IN (${info.accounts.map(() => '?').join(',')}) ORDER BY token_address, token_id LIMIT 1`,
    ...info.accounts.map((a) => a.toLowerCase()),
  )) as { token_address: string; token_id: string; owner: string };
  const nft = await send({ from: nftRow.owner, to: nftRow.token_address, data: erc721.encodeFunctionData('transferFrom', [nftRow.owner, FRESH[2], BigInt(nftRow.token_id)]) });
  const itemRow = (await indexer.store.one<{ token_address: string; holder: string; token_id: string }>(
    `SELECT token_address, holder, token_id FROM token_balances WHERE token_id != '' AND token_address = ? AND holder IN (${info.accounts.map(() => '?').join(',')}) ORDER BY holder, token_id LIMIT 1`,
    info.erc1155.address.toLowerCase(),
    ...info.accounts.map((a) => a.toLowerCase()),
  )) as { token_address: string; holder: string; token_id: string };
  const item = await send({ from: itemRow.holder, to: itemRow.token_address, data: erc1155.encodeFunctionData('safeTransferFrom', [itemRow.holder, FRESH[3], BigInt(unpad(itemRow.token_id)), 1n, '0x']) });
  const created = await send({ from: a2, data: TINY_CONTRACT });
  // The scenario owner's unlimited allowance, revoked: a reorg that drops this block must bring it back.
  const { owner, revocable } = info.approvals;
  const revoke = await send({ from: owner, to: revocable.token, data: erc20.encodeFunctionData('approve', [revocable.spender, 0n]) });
  const typed = await send({ from: a1, to: FRESH[0], value: '0x1', accessList: [{ address: FRESH[0], storageKeys: [`0x${'00'.repeat(31)}01`] }] });
  return { plain, token, nft, item, created, revoke, typed };
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 0.3 });
  rpc = new RpcClient(anvil.url);
  dir = mkdtempSync(join(tmpdir(), 'indexer-reorg-'));
  // No trailing tracer: these cases check the sync's rollbacks, not the internal-call index (the durability file's deep
  // reorgs check that one against a clean index). Its debug_traceBlockByHash batches over the scenario's history kept
  // anvil busy on a loaded run, and an evm_snapshot or anvil_reorg queued behind them passed the client's 30 s.
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(dir)), port: 0, pollMs: 100, log: () => {}, progress: false, traceInternal: false });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Each case sends transactions one receipt at a time and then compares the whole index with the chain: tens of
// seconds on a loaded machine, beyond the 20 s default (every wait inside has its own bound).
describe('following the head', { timeout: 120_000 }, () => {
  it('keeps up with live activity, block by block', async () => {
    const live = startLiveActivity(anvil.url, info, { intervalMs: 250 });
    const start = (await chainHead()).number;
    await waitFor(async () => (await chainHead()).number >= start + 8, 20_000, 'live blocks');
    await live.stop();
    await indexedHead();
    await expectConsistent();
  });
});

describe('chain reorganisations', { timeout: 120_000 }, () => {
  it('rolls back blocks replaced after evm_revert, with everything derived from them, and re-indexes', async () => {
    const snapshot = await rpc.call<string>('evm_snapshot');
    const orphan = await activity();
    await indexedHead();
    const createdAddress = (await indexer.store.one<{ contract_address: string }>('SELECT contract_address FROM transactions WHERE hash = ?', orphan.created))?.contract_address as string;
    const unlimited = () =>
      countOf(indexer.store, "SELECT count(*) AS n FROM approvals WHERE owner = ? AND token = ? AND spender = ? AND kind = 'allowance'", ...[info.approvals.owner, info.approvals.revocable.token, info.approvals.revocable.spender].map((a) => a.toLowerCase()));
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM contracts WHERE address = ?', createdAddress)).toBe(1);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM addresses WHERE address = ?', FRESH[0])).toBe(1);
    expect(await unlimited()).toBe(0);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM token_balances WHERE holder IN (?, ?, ?)', FRESH[1], FRESH[2], FRESH[3])).toBe(4);
    const typedRow = 'SELECT count(*) AS n FROM transaction_types WHERE tx_id = (SELECT id FROM transactions WHERE hash = ?)';
    expect(await countOf(indexer.store, typedRow, orphan.typed)).toBe(1);

    expect(await rpc.call<boolean>('evm_revert', [snapshot])).toBe(true);
    // The replacement chain is longer than the orphaned one and holds a different transaction.
    await send({ from: info.accounts[4], to: info.accounts[5], value: '0x99' });
    await rpc.call('anvil_mine', ['0x8']);
    await indexedHead();

    for (const hash of Object.values(orphan)) {
      expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM transactions WHERE hash = ?', hash)).toBe(0);
      expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM token_transfers WHERE tx_hash = ?', hash)).toBe(0);
    }
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM contracts WHERE address = ?', createdAddress)).toBe(0);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM addresses WHERE address = ?', FRESH[0])).toBe(0);
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM transaction_types')).toBe(await countOf(indexer.store, 'SELECT count(*) AS n FROM transaction_types WHERE tx_id IN (SELECT id FROM transactions)'));
    expect(await countOf(indexer.store, 'SELECT count(*) AS n FROM token_balances WHERE holder IN (?, ?, ?)', FRESH[1], FRESH[2], FRESH[3])).toBe(0);
    expect(await unlimited()).toBe(1);
    const res = await fetch(`${indexer.url}/contracts/${createdAddress}`);
    expect(res.status).toBe(404);
    await expectConsistent();
  });

  it('follows anvil_reorg replacing the last blocks at the same height', async () => {
    await activity();
    await indexedHead();
    const before = await chainHead();
    const rollbacks = ((await (await fetch(`${indexer.url}/health`)).json()) as { reorgs: number }).reorgs;
    await rpc.call('anvil_reorg', [3, [[{ from: info.accounts[6], to: info.accounts[7], value: '0x42', gasPrice: '0x0' }, 1]]]);
    const after = await chainHead();
    expect(after.number).toBe(before.number);
    expect(after.hash).not.toBe(before.hash);
    await indexedHead();
    await expectConsistent();
    // The same height with other blocks: /health counts the rollback, so pages kept per head (the site's render
    // cache keys them by block and rollbacks) are rendered again.
    const health = (await (await fetch(`${indexer.url}/health`)).json()) as { lastBlock: number; reorgs: number };
    expect(health.lastBlock).toBe(after.number);
    expect(health.reorgs).toBeGreaterThan(rollbacks);
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
      const storage = await freshStorage(own);
      let ix = await startIndexer({ rpcUrl: first.url, ...storage, port: 0, log: () => {}, progress: false });
      await ix.caughtUp();
      expect((await dbCounts(ix.store)).blocks).toBe(21);
      await ix.stop();
      ix = await startIndexer({ rpcUrl: second.url, ...storage, port: 0, pollMs: 100, log: () => {}, progress: false });
      try {
        await ix.caughtUp();
        const chain = await chainCounts(b, Number(await b.call<string>('eth_blockNumber')));
        const mine = await dbCounts(ix.store);
        expect(mine.hashes).toEqual(chain.hashes);
        expect(mine.transactions).toBe(1);
        expect(await nativeMismatches(ix.store, b)).toEqual([]);
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

// The site's normalizers against real responses of the bundled indexer (the upstream shapes are covered by the
// fixture-based unit tests): one devnet, one indexer, every read the screens make.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil } from '../../devnet/anvil.ts';
import { runScenario } from '../../devnet/scenario.ts';
import type { ScenarioInfo } from '../../devnet/types.ts';
import { startIndexer } from '../../indexer/src/main.ts';
import { waitFor } from '../indexer-testing/verify.ts';
import { createIndexerClient, type IndexerClient } from '../../src/lib/indexer-api/client.ts';

let stop: () => Promise<void>;
let info: ScenarioInfo;
let client: IndexerClient;

beforeAll(async () => {
  const anvil = await startAnvil();
  const dir = mkdtempSync(join(tmpdir(), 'normalize-bundled-'));
  info = await runScenario(anvil.url);
  const indexer = await startIndexer({ rpcUrl: anvil.url, dataDir: dir, port: 0, log: () => {}, progress: false });
  await indexer.caughtUp();
  // The internal-call tracer then traces the whole history, and anvil answers other calls (the gas price through the
  // RPC proxy) behind its trace batches: the reads below wait until it is done, so that none races it.
  const head = Number(await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) })).json().then((r: { result: string }) => r.result));
  await waitFor(async () => Promise.resolve((indexer.tracedBlock() ?? -1) >= head), 120_000, 'the internal-call tracer to reach the head');
  client = createIndexerClient(indexer.url);
  stop = async () => {
    await indexer.stop();
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  };
});

afterAll(async () => stop?.());

const lower = (s: string | null | undefined) => s?.toLowerCase();

describe('blocks and transactions', () => {
  it('a busy block comes with all its transactions, each with a boolean status', async () => {
    const block = await client.getBlock(info.busyBlock.number);
    expect(block?.number).toBe(info.busyBlock.number);
    expect(block?.transactionCount).toBe(info.busyBlock.txCount);
    expect(block?.transactions).toHaveLength(info.busyBlock.txCount);
    expect(block?.hasTransactions).toBe(true);
    expect(block?.gasUsed).toBeGreaterThan(0n);
    for (const tx of block?.transactions ?? []) expect(typeof tx.status).toBe('boolean');
  });

  it('an empty block is not AI-optimized and the same block is found by hash', async () => {
    const block = await client.getBlock(info.emptyBlock);
    expect(block?.transactionCount).toBe(0);
    expect(block?.hasTransactions).toBe(false);
    const byHash = await client.getBlockByHash(block?.hash as string);
    expect(byHash?.number).toBe(info.emptyBlock);
  });

  it('the block list filters blocks without transactions', async () => {
    const blocks = await client.getBlocks({ limit: 25, offset: 0, onlyWithTransactions: true });
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.transactionCount > 0)).toBe(true);
  });

  it.each([
    ['plainTransfer', true],
    ['erc20Transfer', true],
    ['reverted', false],
    ['zeroGasPrice', true],
  ] as const)('%s: status %s', async (sample, status) => {
    const tx = await client.getTransaction(info.samples[sample]);
    expect(lower(tx?.hash)).toBe(lower(info.samples[sample]));
    expect(tx?.status).toBe(status);
  });

  it('a contract creation has no to and its receipt names the contract', async () => {
    const tx = await client.getTransaction(info.samples.contractCreation);
    expect(tx?.to).toBeNull();
    const receipt = await client.getReceipt(info.samples.contractCreation);
    expect(receipt?.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('a zero-gas-price transaction has gas price 0', async () => {
    expect((await client.getTransaction(info.samples.zeroGasPrice))?.gasPrice).toBe(0n);
  });

  it('an ERC-20 transfer has a Transfer log and a decoded call', async () => {
    const receipt = await client.getReceipt(info.samples.erc20Transfer);
    expect(receipt?.status).toBe(true);
    expect(receipt?.logs[0]?.topics[0]).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    const decoded = await client.getDecodedTransaction(info.samples.erc20Transfer);
    expect(decoded?.decoded?.functionName).toBe('transfer');
  });

  it('unknown things are null, not errors', async () => {
    expect(await client.getBlock(99_999_999)).toBeNull();
    expect(await client.getTransaction(`0x${'ab'.repeat(32)}`)).toBeNull();
  });
});

describe('stats, addresses, tokens, NFTs and search', () => {
  it('network stats combine the stats calls', async () => {
    const stats = await client.getNetworkStats();
    expect(stats.latestBlock).toBeGreaterThanOrEqual(info.lastBlock);
    expect(stats.totalTransactions).toBeGreaterThanOrEqual(info.txCount);
    expect(stats.totalTransactionsEstimated).toBe(false);
    expect(stats.totalHolders).toBeGreaterThan(0);
    expect(stats.validatorsPayout.raw).toBeGreaterThan(0n);
  });

  it('validators are the chain’s block producers', async () => {
    expect(await client.getValidatorCount()).toBe(info.validators.length);
  });

  it('address types, balances and lists', async () => {
    const wallet = info.accounts[0] as string;
    expect((await client.getAddressType(wallet)).type).toBe('wallet');
    const playground = await client.getAddressType(info.playground.address);
    expect(playground).toMatchObject({ type: 'contract', contractType: 'none' });
    expect((await client.getAddressType(info.holderToken.address)).contractType).toBe('ERC20');
    const balances = await client.getAccountBalances(wallet);
    expect(balances.native).toBeGreaterThan(0n);
    const txs = await client.getAddressTransactions(wallet, { limit: 5, offset: 0 });
    expect(txs.length).toBeGreaterThan(0);
    expect(txs.every((t) => lower(t.from) === lower(wallet) || lower(t.to) === lower(wallet))).toBe(true);
  });

  it('token holders: totals and order', async () => {
    const res = await client.getTokenHolders(info.holderToken.address, { limit: 50, offset: 0 });
    expect(res.totalHolders).toBe(info.holderToken.holders);
    expect(res.holders).toHaveLength(50);
    expect(res.token?.symbol).toBe(info.holderToken.symbol);
    const raw = res.holders.map((h) => h.rawBalance ?? 0n);
    expect(raw.every((b, i) => i === 0 || (raw[i - 1] as bigint) >= b)).toBe(true);
  });

  it('tokens carry name, symbol and decimals', async () => {
    const tokens = await client.getTokens({ limit: 100, offset: 0 });
    for (const ref of info.tokens) {
      const token = tokens.find((t) => lower(t.address) === lower(ref.address));
      expect(token).toMatchObject({ name: ref.name, symbol: ref.symbol, decimals: ref.decimals, type: 'ERC20' });
    }
  });

  it('NFT tokens have a name, a safe image and traits', async () => {
    const shapes = info.nfts[0];
    expect(shapes).toBeDefined();
    const token = await client.getNftToken(shapes?.address as string, 1);
    expect(token?.tokenId).toBe('1');
    expect(token?.name).not.toBe('');
    expect(token?.image).toMatch(/^data:image\//);
    expect(token?.traits.length).toBeGreaterThan(0);
    const collections = await client.getNftCollections({ limit: 10, offset: 0 });
    expect(collections.some((c) => lower(c.address) === lower(shapes?.address))).toBe(true);
  });

  it('search answers each result type', async () => {
    expect((await client.search(String(info.busyBlock.number)))?.type).toBe('block');
    expect((await client.search(info.samples.plainTransfer))?.type).toBe('transaction');
    expect((await client.search(info.accounts[1] as string))?.type).toBe('address');
    const token = await client.search(info.holderToken.symbol);
    expect(token?.type).toBe('token');
    expect(await client.search('no-such-thing-at-all')).toBeNull();
  });

  it('the gas price comes through the RPC proxy', async () => {
    const gas = await client.getGasPrice();
    expect(gas.ok).toBe(true);
  });
});

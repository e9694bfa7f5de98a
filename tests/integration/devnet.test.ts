import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getAddress, getCreateAddress, Interface, id as topicOf, zeroPadValue, type InterfaceAbi } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { compileContracts } from '../../devnet/compile.ts';
import { startLiveActivity } from '../../devnet/live.ts';
import { HOSTILE_NFT_URIS, IMG_ONERROR, JS_URL, LONG_NAME, RLO, SCRIPT } from '../../devnet/payloads.ts';
import { Rpc } from '../../devnet/rpc.ts';
import { runScenario, SCENARIO_FILE, type ScenarioInfo } from '../../devnet/scenario.ts';

interface Block {
  number: string;
  timestamp: string;
  miner: string;
  transactions: string[];
}
interface Receipt {
  status: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
  logs: { address: string; topics: string[] }[];
}

const DAY = 86_400;
const artifacts = compileContracts();
const iface = (name: string): Interface => new Interface((artifacts[name]?.abi ?? []) as InterfaceAbi);
const token = iface('Token');
const nft = iface('OnchainNFT');
const items = iface('GameItems');
const playground = iface('Playground');
const child = iface('Child');
/** bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1) */
const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

let anvil: AnvilHandle;
let rpc: Rpc;
let info: ScenarioInfo;
let blocks: Block[];
const now = Math.floor(Date.now() / 1000);
const genesis = now - 30 * DAY - 3_600;

async function ethCall(to: string, data: string): Promise<string> {
  return rpc.call<string>('eth_call', [{ to, data }, 'latest']);
}

function decodeDataJson(uri: string): Record<string, unknown> {
  const prefix = 'data:application/json;base64,';
  expect(uri.startsWith(prefix)).toBe(true);
  return JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')) as Record<string, unknown>;
}

function processGone(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return true;
  try {
    // A zombie has exited; it only waits for its new parent to reap it.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

beforeAll(async () => {
  anvil = await startAnvil({ timestamp: genesis });
  rpc = new Rpc(anvil.url);
  info = await runScenario(anvil.url, { now });
  const head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  const all: Block[] = [];
  for (let from = 0; from <= head; from += 200) {
    const range = Array.from({ length: Math.min(200, head - from + 1) }, (_, i) => from + i);
    const got = await rpc.batchOrThrow(range.map((n) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] })));
    all.push(...(got as Block[]));
  }
  blocks = all;
});

afterAll(async () => {
  await anvil?.stop();
});

describe('devnet scenario', () => {
  it('writes at least 300 blocks and reports them', () => {
    expect(info.lastBlock).toBeGreaterThanOrEqual(300);
    expect(blocks.length).toBe(info.lastBlock + 1);
    expect(info.blockCount).toBe(info.lastBlock - info.firstBlock + 1);
    expect((JSON.parse(readFileSync(SCENARIO_FILE, 'utf8')) as { chainId: unknown }).chainId).toBe(31337);
  });

  it('spreads timestamps over the last 30 days, ending at `now`, strictly increasing', () => {
    const ts = blocks.map((b) => Number(b.timestamp));
    expect(ts[0]).toBe(genesis);
    expect(info.startTimestamp).toBeLessThanOrEqual(now - 29 * DAY);
    expect(info.startTimestamp).toBeGreaterThanOrEqual(now - 30 * DAY);
    expect(ts[ts.length - 1]).toBe(now);
    ts.slice(1).forEach((t, i) => expect(t).toBeGreaterThan(ts[i] ?? 0));
    const days = new Set(ts.slice(1).map((t) => Math.floor((now - t) / DAY)));
    expect(days.size).toBeGreaterThanOrEqual(28);
  });

  it("mines today's transaction types last: an applied and skipped EIP-7702 authorizations, a blob", async () => {
    const t = info.txTypes;
    expect(await rpc.call<string>('eth_getCode', [t.authority, 'latest'])).toBe(`0xef0100${t.delegate.slice(2).toLowerCase()}`);
    expect(await rpc.call<string>('eth_getCode', [t.stranger, 'latest'])).toBe('0x');
    const types = await Promise.all([t.setCodeTx, t.skippedSetCodeTx, t.blobTx, t.pingTx, t.eip1559Tx].map((h) => rpc.call<{ type: string; blockNumber: string }>('eth_getTransactionByHash', [h])));
    expect(types.map((x) => Number(x.type))).toEqual([4, 4, 3, 2, 2]);
    expect(Math.max(...types.map((x) => Number(x.blockNumber)))).toBe(info.lastBlock);
    // ping() ran twice in the authority's own storage (slot 0 of the Delegate).
    expect(BigInt(await rpc.call<string>('eth_getStorageAt', [t.authority, '0x0', 'latest']))).toBe(2n);
  });

  it('deploys three ERC-20s with 18, 6 and 0 decimals', async () => {
    expect(info.tokens.map((t) => t.decimals)).toEqual([18, 6, 0]);
    for (const t of info.tokens) {
      const [decimals] = token.decodeFunctionResult('decimals', await ethCall(t.address, token.encodeFunctionData('decimals')));
      const [symbol] = token.decodeFunctionResult('symbol', await ethCall(t.address, token.encodeFunctionData('symbol')));
      expect(Number(decimals)).toBe(t.decimals);
      expect(symbol).toBe(t.symbol);
    }
  });

  it.each([0, 1])('ERC-721 collection %i serves on-chain JSON metadata with an SVG image and attributes', async (i) => {
    const c = info.nfts[i];
    expect(c?.minted).toBeGreaterThan(5);
    const [uri] = nft.decodeFunctionResult('tokenURI', await ethCall(c?.address ?? '', nft.encodeFunctionData('tokenURI', [1])));
    const meta = decodeDataJson(String(uri));
    expect(meta['name']).toBe(`${c?.name} #1`);
    expect(String(meta['description']).length).toBeGreaterThan(10);
    const image = String(meta['image']);
    expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(image.split(',')[1] ?? '', 'base64').toString('utf8')).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    const attributes = meta['attributes'] as { trait_type: string; value: unknown }[];
    expect(attributes.length).toBeGreaterThanOrEqual(3);
    expect(attributes.map((a) => a.trait_type)).toContain('Level');
  });

  it('ERC-1155 has single and batch transfers and an on-chain uri', async () => {
    const logs = await rpc.call<{ topics: string[]; transactionHash: string }[]>('eth_getLogs', [
      { address: info.erc1155.address, fromBlock: '0x0', toBlock: 'latest' },
    ]);
    const single = topicOf('TransferSingle(address,address,address,uint256,uint256)');
    const batch = topicOf('TransferBatch(address,address,address,uint256[],uint256[])');
    expect(logs.some((l) => l.topics[0] === single)).toBe(true);
    expect(logs.some((l) => l.topics[0] === batch)).toBe(true);
    expect(logs.find((l) => l.transactionHash === info.samples.erc1155Batch)?.topics[0]).toBe(batch);
    expect(logs.find((l) => l.transactionHash === info.samples.erc1155Single)?.topics[0]).toBe(single);
    const [uri] = items.decodeFunctionResult('uri', await ethCall(info.erc1155.address, items.encodeFunctionData('uri', [3])));
    const meta = decodeDataJson(String(uri));
    expect(meta['name']).toBe('Iron Sword');
    expect(String(meta['image'])).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('has reverted transactions with receipt status 0 and successful ones with status 1', async () => {
    const r1 = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.reverted]);
    const r2 = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.revertedCustomError]);
    const ok = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.erc20Transfer]);
    expect([r1.status, r2.status, ok.status]).toEqual(['0x0', '0x0', '0x1']);
  });

  it('has zero-gas-price and paid transactions', async () => {
    const zero = await rpc.call<{ gasPrice: string }>('eth_getTransactionByHash', [info.samples.zeroGasPrice]);
    const zr = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.zeroGasPrice]);
    expect(BigInt(zero.gasPrice)).toBe(0n);
    expect(BigInt(zr.effectiveGasPrice)).toBe(0n);
    expect(zr.status).toBe('0x1');
    const paid = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.plainTransfer]);
    expect(BigInt(paid.effectiveGasPrice)).toBeGreaterThan(0n);
  });

  it('records contract creations with their addresses', async () => {
    const r = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.contractCreation]);
    expect(r.contractAddress?.toLowerCase()).toBe(info.tokens[0]?.address.toLowerCase());
    expect(info.contracts.length).toBeGreaterThanOrEqual(12);
    for (const c of info.contracts) expect(c.blockNumber).toBeGreaterThan(0);
    const codes = await rpc.batchOrThrow(info.contracts.map((c) => ({ method: 'eth_getCode', params: [c.address, 'latest'] })));
    codes.forEach((code) => expect(String(code).length).toBeGreaterThan(100));
  });

  it('gives the holder token at least 50 holders with a non-zero balance', async () => {
    const candidates = [...info.accounts, ...info.holders];
    const results = await rpc.batchOrThrow(
      candidates.map((a) => ({ method: 'eth_call', params: [{ to: info.holderToken.address, data: token.encodeFunctionData('balanceOf', [a]) }, 'latest'] })),
    );
    const nonZero = results.filter((r) => BigInt(String(r)) > 0n).length;
    expect(nonZero).toBeGreaterThanOrEqual(50);
    expect(info.holderToken.holders).toBeGreaterThanOrEqual(50);
  });

  it('rotates blocks among the validators', () => {
    const counts = new Map<string, number>();
    for (const b of blocks.slice(1)) counts.set(b.miner.toLowerCase(), (counts.get(b.miner.toLowerCase()) ?? 0) + 1);
    expect(info.validators).toHaveLength(4);
    expect([...counts.keys()].sort()).toEqual(info.validators.map((v) => v.toLowerCase()).sort());
    expect(Math.min(...counts.values())).toBeGreaterThan(30);
  });

  it('has empty blocks and blocks with many transactions', () => {
    const empty = blocks.slice(1).filter((b) => b.transactions.length === 0);
    const busy = blocks.filter((b) => b.transactions.length >= 10);
    expect(empty.length).toBeGreaterThan(20);
    expect(busy.length).toBeGreaterThan(3);
    expect(blocks[info.emptyBlock]?.transactions).toHaveLength(0);
    expect(blocks[info.busyBlock.number]?.transactions).toHaveLength(info.busyBlock.txCount);
    expect(info.busyBlock.txCount).toBeGreaterThanOrEqual(10);
  });

  it('deploys a Playground with pure, view, non-payable and payable functions that were called', async () => {
    const mutabilities: string[] = [];
    playground.forEachFunction((f) => mutabilities.push(f.stateMutability));
    expect(new Set(mutabilities)).toEqual(new Set(['pure', 'view', 'nonpayable', 'payable']));
    const [sum] = playground.decodeFunctionResult('add', await ethCall(info.playground.address, playground.encodeFunctionData('add', [2, 40])));
    expect(sum).toBe(42n);
    const source = readFileSync(fileURLToPath(new URL(`../../${info.playground.sourcePath}`, import.meta.url)), 'utf8');
    expect(source).not.toMatch(/^\s*import\b/m);
    const call = await rpc.call<Receipt>('eth_getTransactionReceipt', [info.samples.payableCall]);
    expect(call.logs[0]?.topics[0]).toBe(topicOf('Deposited(address,uint256,string)'));
  });

  it('puts an EIP-1967 proxy in front of the Playground that runs its code on the proxy\'s own storage', async () => {
    expect(info.proxy).toMatchObject({ implementation: info.playground.address, kind: 'eip1967', value: 7 });
    const slot = await rpc.call<string>('eth_getStorageAt', [info.proxy.address, EIP1967_IMPLEMENTATION_SLOT, 'latest']);
    expect(slot).toBe(zeroPadValue(info.playground.address, 32).toLowerCase());
    const getValue = async (at: string): Promise<unknown> => playground.decodeFunctionResult('getValue', await ethCall(at, playground.encodeFunctionData('getValue')))[0];
    expect(await getValue(info.proxy.address)).toBe(7n);
    // The Playground answers its own value (storage slot 1), which is not the proxy's.
    const own = BigInt(await rpc.call<string>('eth_getStorageAt', [info.playground.address, '0x1', 'latest']));
    expect(await getValue(info.playground.address)).toBe(own);
    expect(own).not.toBe(7n);
    const ref = info.contracts.find((c) => c.role === 'proxy');
    expect(ref).toMatchObject({ address: info.proxy.address, contract: 'StoProxy', creator: info.accounts[9] });
    const created = await rpc.call<Receipt>('eth_getTransactionReceipt', [ref?.txHash]);
    expect(created.status).toBe('0x1');
    // Upgraded, then the Playground's ValueChanged emitted by the delegated init: both logged by the proxy.
    expect(created.logs.map((l) => [getAddress(l.address), l.topics[0]])).toEqual([
      [info.proxy.address, topicOf('Upgraded(address)')],
      [info.proxy.address, topicOf('ValueChanged(address,uint256,uint256)')],
    ]);
  });

  it('has a factory call that created a contract (whose creator is the factory) and called the Playground', async () => {
    const { address: factory, makeTx, child: childAddress, target } = info.factory;
    expect(target).toBe(info.playground.address);
    expect(childAddress).toBe(getCreateAddress({ from: factory, nonce: 1 }));
    expect(info.contracts.find((c) => c.role === 'factory')).toMatchObject({ address: factory, contract: 'Factory', creator: info.accounts[9] });
    const tx = await rpc.call<{ from: string; to: string; value: string }>('eth_getTransactionByHash', [makeTx]);
    expect([getAddress(tx.from), getAddress(tx.to), BigInt(tx.value)]).toEqual([info.accounts[9], factory, 2n]);
    const made = await rpc.call<Receipt>('eth_getTransactionReceipt', [makeTx]);
    expect(made.status).toBe('0x1');
    expect(made.logs).toHaveLength(1);
    expect(made.logs[0]?.topics).toEqual([topicOf('Made(address,address)'), zeroPadValue(childAddress, 32).toLowerCase(), zeroPadValue(target, 32).toLowerCase()]);
    const code = await rpc.call<string>('eth_getCode', [childAddress, 'latest']);
    expect(code.length).toBeGreaterThan(2);
    const [creator] = child.decodeFunctionResult('creator', await ethCall(childAddress, child.encodeFunctionData('creator')));
    expect(creator).toBe(factory);
    const [seed] = child.decodeFunctionResult('seed', await ethCall(childAddress, child.encodeFunctionData('seed')));
    expect(seed).toBe(7n);
    // Half of the 2 wei went to the child.
    const balances = await rpc.batchOrThrow([factory, childAddress].map((a) => ({ method: 'eth_getBalance', params: [a, 'latest'] })));
    expect(balances.map((b) => BigInt(String(b)))).toEqual([1n, 1n]);
  });

  it('deploys hostile tokens and NFTs whose strings carry the payloads verbatim', async () => {
    const names = await Promise.all(info.hostile.erc20.map(async (t): Promise<unknown> => token.decodeFunctionResult('name', await ethCall(t.address, token.encodeFunctionData('name')))[0]));
    expect(names).toEqual([SCRIPT, LONG_NAME, `Tether USD ${RLO}gpj.exe`]);
    expect(LONG_NAME.length).toBeGreaterThan(300);
    const rawName = await ethCall(info.hostile.badUtf8.address, token.encodeFunctionData('name'));
    // The ABI string's bytes are exactly the invalid UTF-8 sequence.
    expect(rawName).toContain(info.hostile.badUtf8.rawName.slice(2));
    const bytes = Buffer.from(info.hostile.badUtf8.rawName.slice(2), 'hex');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const hostileNft = info.hostile.erc721;
    const [collectionName] = nft.decodeFunctionResult('name', await ethCall(hostileNft.address, nft.encodeFunctionData('name')));
    expect(collectionName).toContain(IMG_ONERROR);
    const ids = hostileNft.tokenIds;
    const [uri] = nft.decodeFunctionResult('tokenURI', await ethCall(hostileNft.address, nft.encodeFunctionData('tokenURI', [ids['script']])));
    const meta = decodeDataJson(String(uri));
    expect(meta['name']).toBe(SCRIPT);
    expect(meta['description']).toBe(IMG_ONERROR);
    expect(meta['image']).toBe(JS_URL);
    const [raw] = nft.decodeFunctionResult('tokenURI', await ethCall(hostileNft.address, nft.encodeFunctionData('tokenURI', [ids['rawJavascriptUri']])));
    expect(raw).toBe(JS_URL);
    expect(Object.keys(ids)).toEqual(Object.keys(HOSTILE_NFT_URIS));
  });

  it('is deterministic: a second run from the same genesis and `now` sends the same transactions', async () => {
    const other = await startAnvil({ timestamp: genesis });
    try {
      const again = await runScenario(other.url, { now });
      expect(again.samples).toEqual(info.samples);
      expect(again.contracts).toEqual(info.contracts);
      expect(again.lastBlock).toBe(info.lastBlock);
      const b = await new Rpc(other.url).call<Block>('eth_getBlockByNumber', [`0x${info.busyBlock.number.toString(16)}`, false]);
      expect([...b.transactions].sort()).toEqual([...(blocks[info.busyBlock.number]?.transactions ?? [])].sort());
      expect(b.timestamp).toBe(blocks[info.busyBlock.number]?.timestamp);
    } finally {
      await other.stop();
    }
    expect(processGone(other.pid)).toBe(true);
  });

  // DEVNET_SCALE=2 once sent an ERC-1155 batch of 2 of an id its sender had been minted 1 of: runScenario throws when
  // any transaction's status is not the intended one, and the ledger's mistake went on into two later transfers.
  it('writes a larger history at DEVNET_SCALE=2 with exactly the intended reverts', async () => {
    const other = await startAnvil({ timestamp: genesis });
    try {
      const larger = await runScenario(other.url, { now, scale: 2 });
      expect(larger.scale).toBe(2);
      expect(larger.lastBlock).toBeGreaterThan(info.lastBlock);
      const statuses = await new Rpc(other.url).batchOrThrow(
        [larger.samples.erc1155Batch, larger.samples.reverted].map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
      );
      expect((statuses as Receipt[]).map((r) => r.status)).toEqual(['0x1', '0x0']);
    } finally {
      await other.stop();
    }
  }, 180_000);
});

describe('devnet live activity', () => {
  it('produces new blocks with transactions from rotating validators, and stops', async () => {
    const start = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    const live = startLiveActivity(anvil.url, info, { intervalMs: 300 });
    const grew = await waitFor(async () => Number(BigInt(await rpc.call<string>('eth_blockNumber'))) >= start + 3, 8_000);
    await live.stop();
    expect(grew).toBe(true);
    const after = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    const got = (await rpc.batchOrThrow(
      Array.from({ length: after - start }, (_, i) => ({ method: 'eth_getBlockByNumber', params: [`0x${(start + 1 + i).toString(16)}`, false] })),
    )) as Block[];
    expect(got.every((b) => b.transactions.length >= 1)).toBe(true);
    expect(new Set(got.map((b) => b.miner)).size).toBeGreaterThanOrEqual(2);
    // Stopped: no further blocks, and automine is back on for tests that send their own transactions.
    await new Promise((r) => setTimeout(r, 700));
    expect(Number(BigInt(await rpc.call<string>('eth_blockNumber')))).toBe(after);
    expect(await rpc.call<boolean>('anvil_getAutomine')).toBe(true);
  });
});

describe('devnet anvil process', () => {
  it('leaves no anvil process after stop()', async () => {
    const a = await startAnvil();
    expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.port).toBeGreaterThan(0);
    expect(processGone(a.pid)).toBe(false);
    await a.stop();
    expect(processGone(a.pid)).toBe(true);
    expect(existsSync(`/proc/${a.pid}`)).toBe(false);
  });

  it("keeps anvil's state files in a home folder of its own, removed when it stops", async () => {
    const a = await startAnvil();
    const states = `${a.home}/.foundry/anvil/tmp`;
    try {
      expect(a.home).not.toBe(process.env['HOME']);
      // Enough blocks for anvil to move older states out of memory into files (1,024; a few seconds).
      await new Rpc(a.url).call('anvil_mine', ['0x400']);
      expect(existsSync(states)).toBe(true);
    } finally {
      await a.stop();
    }
    expect(existsSync(a.home)).toBe(false);
  }, 60_000);

  it('kills anvil when its parent process dies abruptly (SIGKILL)', async () => {
    const code = `import { startAnvil } from ${JSON.stringify(fileURLToPath(new URL('../../devnet/anvil.ts', import.meta.url)))};
      const a = await startAnvil(); console.log('PID ' + a.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /PID (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      parent.once('exit', () => reject(new Error(`parent exited early: ${out}`)));
    });
    expect(processGone(pid)).toBe(false);
    parent.kill('SIGKILL');
    expect(await waitFor(() => processGone(pid), 5_000)).toBe(true);
  });
});

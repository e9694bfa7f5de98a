import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, formatUnits, JsonRpcProvider, parseUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_WINDOW, HOURS, TRANSFER_GAS, type GasTrackerResponse } from '../../common/gas-tracker.ts';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { freshStorage, type Storage } from './backend.ts';
import { waitFor } from '../indexer-testing/verify.ts';
import { etherscanGet, notOk, type Envelope } from './etherscan-client.ts';

// The Etherscan-compatible API's contract/getcontractcreation and its stats, token and gastracker modules, against a
// real anvil with the devnet scenario and a real indexer: every answer is checked against what the chain itself says
// (receipts, blocks, the token contracts read with ethers, eth_getBalance, the blocks' base fees).

let anvil: AnvilHandle;
let info: ScenarioInfo;
let provider: JsonRpcProvider;
let indexer: Indexer;
let dataDir: string;
let storage: Storage;


/** GET /api with these parameters (addresses come back lowercase, as Etherscan writes them). */
const api = <R = unknown>(params: Record<string, string>): Promise<Envelope<R>> => etherscanGet<Envelope<R>>(indexer.url, params);

const ERC20_ABI = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
];

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, batchMaxCount: 50 });
  dataDir = mkdtempSync(join(tmpdir(), 'etherscan-tokens-'));
  storage = await freshStorage(dataDir);
  indexer = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
  await indexer.caughtUp();
}, 120_000);

afterAll(async () => {
  provider?.destroy();
  await indexer?.stop();
  await anvil?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('contract/getcontractcreation', () => {
  it('answers each contract with its creation transaction as the chain has it, in the order asked', async () => {
    const asked = info.contracts.slice(0, 5);
    expect(asked).toHaveLength(5);
    // Mixed case, as clients send checksummed addresses.
    const answer = await api<Record<string, string>[]>({
      module: 'contract',
      action: 'getcontractcreation',
      contractaddresses: asked.map((c, i) => (i % 2 === 0 ? c.address : c.address.toLowerCase())).join(','),
    });
    expect(answer).toMatchObject({ status: '1', message: 'OK' });
    const expected = [];
    for (const c of asked) {
      const receipt = await provider.getTransactionReceipt(c.txHash);
      const tx = await provider.getTransaction(c.txHash);
      if (!receipt || !tx) throw new Error(`no creation transaction ${c.txHash}`);
      expect(receipt.contractAddress?.toLowerCase()).toBe(c.address.toLowerCase());
      const block = await provider.getBlock(receipt.blockNumber);
      expected.push({
        contractAddress: c.address.toLowerCase(),
        contractCreator: receipt.from.toLowerCase(),
        txHash: receipt.hash.toLowerCase(),
        blockNumber: String(receipt.blockNumber),
        timestamp: String(block?.timestamp),
        contractFactory: '',
        creationBytecode: tx.data,
      });
    }
    expect(answer.result).toEqual(expected);
  });

  it('leaves out what it cannot name the creation of; none known: status 0, "No data found"', async () => {
    const known = info.contracts[0]?.address as string;
    const some = await api<{ contractAddress: string }[]>({
      module: 'contract',
      action: 'getcontractcreation',
      contractaddresses: [known, info.holders[0] as string].join(','),
    });
    expect(some.status).toBe('1');
    expect(some.result.map((r) => r.contractAddress)).toEqual([known.toLowerCase()]);
    expect(await api({ module: 'contract', action: 'getcontractcreation', contractaddresses: `${info.holders[0] as string},${info.holders[1] as string}` })).toEqual({
      status: '0',
      message: 'No data found',
      result: null,
    });
  });

  it("names a contract created inside a call once the tracer has traced its block: the sender as creator, the calling contract as factory", async () => {
    const head = await provider.getBlockNumber();
    await waitFor(async () => (indexer.tracedBlock() ?? -1) >= head, 30_000, 'the internal-call tracer to reach the head');
    const tx = await provider.getTransaction(info.factory.makeTx);
    const receipt = await provider.getTransactionReceipt(info.factory.makeTx);
    if (!tx || !receipt) throw new Error('no make() transaction');
    const block = await provider.getBlock(receipt.blockNumber);
    expect(await api({ module: 'contract', action: 'getcontractcreation', contractaddresses: info.factory.child })).toEqual({
      status: '1',
      message: 'OK',
      result: [
        {
          contractAddress: info.factory.child.toLowerCase(),
          contractCreator: tx.from.toLowerCase(),
          txHash: info.factory.makeTx.toLowerCase(),
          blockNumber: String(receipt.blockNumber),
          timestamp: String(block?.timestamp),
          contractFactory: info.factory.address.toLowerCase(),
          creationBytecode: '',
        },
      ],
    });
  });

  it('refuses more than 5 addresses, a malformed one and none, in HTTP 200', async () => {
    const six = info.contracts.slice(0, 6).map((c) => c.address);
    expect(six).toHaveLength(6);
    const refused = notOk('Error! Invalid multi address format');
    expect(await api({ module: 'contract', action: 'getcontractcreation', contractaddresses: six.join(',') })).toEqual(refused);
    expect(await api({ module: 'contract', action: 'getcontractcreation', contractaddresses: `${six[0] as string},0x1234` })).toEqual(refused);
    expect(await api({ module: 'contract', action: 'getcontractcreation' })).toEqual(refused);
  });
});

describe('module=token and stats/tokensupply', () => {
  it('tokeninfo and tokensupply answer what the token contracts themselves say (hostile names as they are)', async () => {
    for (const ref of [...info.tokens, ...info.hostile.erc20]) {
      const token = new Contract(ref.address, ERC20_ABI, provider);
      const [name, symbol, decimals, totalSupply] = (await Promise.all([token.name!(), token.symbol!(), token.decimals!(), token.totalSupply!()])) as [
        string,
        string,
        bigint,
        bigint,
      ];
      const tokeninfo = await api<Record<string, string>[]>({ module: 'token', action: 'tokeninfo', contractaddress: ref.address });
      expect(tokeninfo).toMatchObject({ status: '1', message: 'OK' });
      expect(tokeninfo.result).toHaveLength(1);
      const entry = tokeninfo.result[0] as Record<string, string>;
      expect(entry).toMatchObject({
        contractAddress: ref.address.toLowerCase(),
        tokenName: name,
        symbol,
        divisor: decimals.toString(),
        tokenType: 'ERC20',
        totalSupply: totalSupply.toString(),
        blueCheckmark: 'false',
        website: '',
        twitter: '',
        tokenPriceUSD: '',
      });
      // Every one of Etherscan's fields, each a string.
      for (const field of ['description', 'email', 'blog', 'reddit', 'slack', 'facebook', 'bitcointalk', 'github', 'telegram', 'wechat', 'linkedin', 'discord', 'whitepaper']) {
        expect(entry[field], field).toBe('');
      }
      expect(await api({ module: 'stats', action: 'tokensupply', contractaddress: ref.address })).toEqual({ status: '1', message: 'OK', result: totalSupply.toString() });
    }
    const script = info.hostile.erc20.find((t) => t.role === 'script');
    expect(script?.name).toMatch(/<script/i);
  });

  it('tokeninfo names an NFT collection\'s type', async () => {
    const nft = await api<{ tokenType: string; divisor: string }[]>({ module: 'token', action: 'tokeninfo', contractaddress: info.nfts[0]?.address as string });
    expect(nft.result[0]).toMatchObject({ tokenType: 'ERC721', divisor: '0' });
    const multi = await api<{ tokenType: string }[]>({ module: 'token', action: 'tokeninfo', contractaddress: info.erc1155.address });
    expect(multi.result[0]?.tokenType).toBe('ERC1155');
  });

  it('tokenholderlist is every holder with its balanceOf, largest first, summing to the total supply; tokenholdercount counts them', async () => {
    const address = info.holderToken.address;
    const token = new Contract(address, ERC20_ABI, provider);
    const answer = await api<{ TokenHolderAddress: string; TokenHolderQuantity: string }[]>({ module: 'token', action: 'tokenholderlist', contractaddress: address });
    expect(answer).toMatchObject({ status: '1', message: 'OK' });
    const rows = answer.result;
    expect(rows.length).toBeGreaterThanOrEqual(info.holderToken.holders);
    const quantities = rows.map((r) => BigInt(r.TokenHolderQuantity));
    for (let i = 1; i < quantities.length; i++) expect(quantities[i - 1]! >= quantities[i]!, `row ${i} is larger than row ${i - 1}`).toBe(true);
    expect(quantities.reduce((a, b) => a + b, 0n)).toBe((await token.totalSupply!()) as bigint);
    const balances = (await Promise.all(rows.map((r) => token.balanceOf!(r.TokenHolderAddress)))) as bigint[];
    expect(balances).toEqual(quantities);
    expect(quantities.every((q) => q > 0n)).toBe(true);

    expect(await api({ module: 'token', action: 'tokenholdercount', contractaddress: address })).toEqual({ status: '1', message: 'OK', result: String(rows.length) });

    // Paging: page 2 of 10 is rows 10 to 19.
    const page2 = await api<typeof rows>({ module: 'token', action: 'tokenholderlist', contractaddress: address, page: '2', offset: '10' });
    expect(page2.result).toEqual(rows.slice(10, 20));
    // Beyond the last holder: Etherscan's empty answer.
    expect(await api({ module: 'token', action: 'tokenholderlist', contractaddress: address, page: '1000', offset: '10' })).toEqual({
      status: '0',
      message: 'No records found',
      result: [],
    });
  });

  it('refuses a malformed contract address, a missing one and an address that is no token, in HTTP 200', async () => {
    for (const action of ['tokeninfo', 'tokenholderlist', 'tokenholdercount']) {
      expect(await api({ module: 'token', action, contractaddress: '0x12345' })).toEqual(notOk('Error! Invalid address format'));
      expect(await api({ module: 'token', action })).toEqual(notOk('Error! Invalid address format'));
      expect(await api({ module: 'token', action, contractaddress: info.holders[0] as string })).toEqual(notOk('Error! Token not found'));
      expect(await api({ module: 'token', action, contractaddress: info.playground.address })).toEqual(notOk('Error! Token not found'));
    }
    expect(await api({ module: 'stats', action: 'tokensupply', contractaddress: 'nope' })).toEqual(notOk('Error! Invalid address format'));
    expect(await api({ module: 'stats', action: 'tokensupply', contractaddress: info.holders[0] as string })).toEqual(notOk('Error! Token not found'));
    expect(await api({ module: 'token', action: 'tokenholderlist', contractaddress: info.holderToken.address, page: '0' })).toEqual(notOk('Error! Invalid page'));
  });
});

describe('module=stats', () => {
  it('ethsupply is the sum of the chain\'s balances of every address the indexer holds', async () => {
    const addresses = (await indexer.store.all<{ address: string }>('SELECT address FROM addresses')).map((r) => r.address);
    expect(addresses.length).toBeGreaterThan(50);
    let sum = 0n;
    for (const a of addresses) sum += await provider.getBalance(a);
    expect(sum).toBeGreaterThan(0n);
    expect(await api({ module: 'stats', action: 'ethsupply' })).toEqual({ status: '1', message: 'OK', result: sum.toString() });
  });

  it("ethprice: the site's built-in STO price, or the operator's (STO_PRICE_USD, STO_PRICE_BTC)", async () => {
    const answer = await api<Record<string, string>>({ module: 'stats', action: 'ethprice' });
    expect(answer).toMatchObject({ status: '1', message: 'OK', result: { ethusd: '0.1', ethbtc: '0' } });
    const now = Date.now() / 1000;
    for (const field of ['ethusd_timestamp', 'ethbtc_timestamp']) {
      expect(answer.result[field]).toMatch(/^\d+$/);
      expect(Number(answer.result[field])).toBeLessThanOrEqual(now);
      expect(Number(answer.result[field])).toBeGreaterThan(now - 3600);
    }
    // A second, API-only indexer on the same database, started as the CLI starts it with both variables set.
    const priced = await startIndexer({ rpcUrl: anvil.url, ...storage, role: 'api', port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false }, stoPrice: { usd: '0.25', btc: '0.0000031' } });
    try {
      const res = await fetch(`${priced.url}/api?module=stats&action=ethprice`);
      expect(((await res.json()) as { result: Record<string, string> }).result).toMatchObject({ ethusd: '0.25', ethbtc: '0.0000031' });
    } finally {
      await priced.stop();
    }
  });

  it('does not serve what it cannot know (chainsize, nodecount)', async () => {
    for (const action of ['chainsize', 'nodecount']) expect(await api({ module: 'stats', action })).toEqual(notOk('Error! Missing Or invalid Action name'));
  });
});

describe('module=gastracker', () => {
  /** The next block's base fee after `block`, by EIP-1559 (elasticity 2, change denominator 8). */
  const nextBaseFee = (baseFee: bigint, gasUsed: bigint, gasLimit: bigint): bigint => {
    const target = gasLimit / 2n;
    if (gasUsed === target) return baseFee;
    if (gasUsed > target) {
      const delta = (baseFee * (gasUsed - target)) / target / 8n;
      return baseFee + (delta > 1n ? delta : 1n);
    }
    return baseFee - (baseFee * (target - gasUsed)) / target / 8n;
  };

  // The devnet runs at base fee 0; a block at 7 gwei with nothing in it makes the next base fee differ from the latest
  // one (7 × 7/8 = 6.125 gwei), so the oracle must name the next block's.
  beforeAll(async () => {
    await provider.send('anvil_setNextBlockBaseFeePerGas', [`0x${parseUnits('7', 'gwei').toString(16)}`]);
    await provider.send('evm_mine', []);
  });

  it('gasoracle: the newest block, the next base fee, prices safe ≤ propose ≤ fast above it, each block\'s gas used ratio', async () => {
    const head = await provider.getBlockNumber();
    const answer = await api<Record<string, string>>({ module: 'gastracker', action: 'gasoracle' });
    expect(answer).toMatchObject({ status: '1', message: 'OK' });
    const r = answer.result;
    expect(Object.keys(r).sort()).toEqual(['FastGasPrice', 'LastBlock', 'ProposeGasPrice', 'SafeGasPrice', 'gasUsedRatio', 'suggestBaseFee']);
    expect(r['LastBlock']).toBe(String(head));
    const latest = await provider.getBlock(head);
    if (!latest) throw new Error('no head block');
    for (const field of ['SafeGasPrice', 'ProposeGasPrice', 'FastGasPrice', 'suggestBaseFee']) expect(r[field], field).toMatch(/^\d+(\.\d{1,9})?$/);
    const gwei = (field: string): bigint => parseUnits(r[field] as string, 'gwei');
    expect(latest.baseFeePerGas).toBe(parseUnits('7', 'gwei'));
    expect(gwei('suggestBaseFee')).toBe(nextBaseFee(latest.baseFeePerGas ?? 0n, latest.gasUsed, latest.gasLimit));
    expect(r['suggestBaseFee']).toBe('6.125');
    expect(gwei('suggestBaseFee') <= gwei('SafeGasPrice')).toBe(true);
    expect(gwei('SafeGasPrice') <= gwei('ProposeGasPrice')).toBe(true);
    expect(gwei('ProposeGasPrice') <= gwei('FastGasPrice')).toBe(true);

    const ratios = (r['gasUsedRatio'] as string).split(',').map(Number);
    expect(ratios).toHaveLength(20);
    for (let i = 0; i < 20; i++) {
      const block = await provider.getBlock(head - 19 + i);
      if (!block) throw new Error(`no block ${head - 19 + i}`);
      expect(ratios[i]).toBeCloseTo(Number(block.gasUsed) / Number(block.gasLimit), 12);
    }
  });

  it('gasestimate: seconds as a decimal string, never more for a higher price; a malformed gasprice is refused', async () => {
    const fast = await api<string>({ module: 'gastracker', action: 'gasestimate', gasprice: '1000000000000000' });
    expect(fast).toMatchObject({ status: '1', message: 'OK' });
    expect(fast.result).toMatch(/^\d+$/);
    // A price every recent block would have taken: one mean block time over the window.
    const head = await provider.getBlockNumber();
    const [first, last] = await Promise.all([provider.getBlock(head - 19), provider.getBlock(head)]);
    expect(fast.result).toBe(String(Math.round(((last?.timestamp ?? 0) - (first?.timestamp ?? 0)) / 19 * 20 / 20)));
    const oracle = await api<Record<string, string>>({ module: 'gastracker', action: 'gasoracle' });
    const safe = parseUnits(oracle.result['SafeGasPrice'] as string, 'gwei');
    const atSafe = await api<string>({ module: 'gastracker', action: 'gasestimate', gasprice: safe.toString() });
    if (atSafe.status === '1') expect(Number(atSafe.result)).toBeGreaterThanOrEqual(Number(fast.result));
    for (const gasprice of ['', 'abc', '-1', '1.5', '0x10']) {
      expect(await api({ module: 'gastracker', action: 'gasestimate', gasprice })).toEqual(notOk('Error! Invalid gasprice'));
    }
  });

  /** Sends a transaction from an unlocked devnet account (automine) and answers its receipt once the indexer has its block. */
  type Receipt = { blockNumber: string; gasUsed: string; effectiveGasPrice: string; contractAddress: string | null };
  const sendIndexed = async (tx: Record<string, string>): Promise<Receipt> => {
    const [from] = await provider.send('eth_accounts', []) as string[];
    const hash = await provider.send('eth_sendTransaction', [{ from, ...tx }]) as string;
    const receipt = await waitFor(async () => (await provider.send('eth_getTransactionReceipt', [hash])) as Receipt | null, 10_000, 'a receipt');
    await waitFor(() => (indexer.status().lastBlock ?? -1) >= Number(receipt.blockNumber), 30_000, 'the indexer to store the block');
    return receipt;
  };

  it('/stats/gas: ordered levels as gasoracle names them; a transaction at a known priority fee in its hour, its contract a top consumer with its exact gas', async () => {
    // A contract whose code is one STOP: a call to it uses exactly what its receipt says, all of it its `to`'s.
    const created = await sendIndexed({ data: '0x600060005360016000f3', gas: '0x186a0' });
    const target = created.contractAddress as string;
    const priorityFee = parseUnits('2', 'gwei');
    const sent = await sendIndexed({ to: target, data: `0x${'ff'.repeat(16_384)}`, gas: '0x100000', maxPriorityFeePerGas: `0x${priorityFee.toString(16)}`, maxFeePerGas: `0x${parseUnits('50', 'gwei').toString(16)}` });
    const block = await provider.getBlock(Number(sent.blockNumber));
    if (!block) throw new Error('no block');
    expect(BigInt(sent.effectiveGasPrice)).toBe((block.baseFeePerGas ?? 0n) + priorityFee);

    const res = await fetch(`${indexer.url}/stats/gas`);
    expect(res.status).toBe(200);
    const gas = (await res.json()) as GasTrackerResponse;
    expect(gas.lastBlock).toBe(block.number);
    expect(gas.indexedBlock).toBe(block.number);
    expect(gas.blocks.map((b) => b.number)).toEqual(Array.from({ length: FEE_WINDOW }, (_, i) => block.number - FEE_WINDOW + 1 + i));
    const { slow, standard, fast } = gas.levels;
    expect(BigInt(slow.price) <= BigInt(standard.price) && BigInt(standard.price) <= BigInt(fast.price)).toBe(true);
    for (const level of [slow, standard, fast]) {
      expect(BigInt(level.price)).toBe(BigInt(gas.baseFee) + BigInt(level.priorityFee));
      expect(BigInt(level.transferFee)).toBe(BigInt(level.price) * BigInt(TRANSFER_GAS));
    }
    // The same figures as the Etherscan module at the same head.
    const oracle = (await api<Record<string, string>>({ module: 'gastracker', action: 'gasoracle' })).result;
    expect([oracle['LastBlock'], oracle['suggestBaseFee'], oracle['SafeGasPrice'], oracle['ProposeGasPrice'], oracle['FastGasPrice']]).toEqual(
      [String(gas.lastBlock), ...[gas.baseFee, slow.price, standard.price, fast.price].map((wei) => formatUnits(BigInt(wei), 'gwei').replace(/\.0$/, ''))],
    );
    expect(await api<string>({ module: 'gastracker', action: 'gasestimate', gasprice: fast.price })).toEqual(
      fast.waitSeconds === null ? notOk('Error! No recent block would have included a transaction at this gas price') : { status: '1', message: 'OK', result: String(fast.waitSeconds) },
    );

    expect(gas.hourly).toHaveLength(HOURS);
    const hour = Math.floor(block.timestamp / 3600) * 3600;
    expect(gas.hourly.map((h) => h.hour)).toEqual(Array.from({ length: HOURS }, (_, i) => hour - (HOURS - 1 - i) * 3600));
    const last = gas.hourly[HOURS - 1];
    expect(last?.transactions).toBeGreaterThanOrEqual(2);
    expect(BigInt(last?.min ?? -1) <= BigInt(sent.effectiveGasPrice) && BigInt(sent.effectiveGasPrice) <= BigInt(last?.max ?? -1)).toBe(true);
    expect(gas.topConsumers.find((c) => c.address.toLowerCase() === target.toLowerCase())).toMatchObject({
      name: null,
      gasUsed: BigInt(sent.gasUsed).toString(),
      fees: (BigInt(sent.gasUsed) * BigInt(sent.effectiveGasPrice)).toString(),
      transactions: 1,
    });
    const used = gas.topConsumers.map((c) => BigInt(c.gasUsed));
    expect(used).toEqual([...used].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('/stats/gas and gasoracle against a node that is down: a 502 with a clear message, the error inside the envelope', async () => {
    const offline = await startIndexer({ rpcUrl: 'http://127.0.0.1:9', ...storage, role: 'api', port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
    try {
      const res = await fetch(`${offline.url}/stats/gas`);
      expect([res.status, await res.json()]).toEqual([502, { error: 'The node could not be read' }]);
      expect(await etherscanGet<Envelope<string>>(offline.url, { module: 'gastracker', action: 'gasoracle' })).toEqual(notOk('The node could not be read'));
    } finally {
      await offline.stop();
    }
  });
});

describe('/openapi.json', () => {
  it('lists these actions with their summaries and Etherscan\'s parameter names', async () => {
    const res = await fetch(`${indexer.url}/openapi.json`);
    expect(res.status).toBe(200);
    type Entry = { module: string; action: string; summary: string; params: Record<string, string> };
    /** The first x-etherscan-actions anywhere in the document. */
    const catalogue = (node: unknown): Entry[] | undefined => {
      if (node === null || typeof node !== 'object') return undefined;
      const own = (node as Record<string, unknown>)['x-etherscan-actions'];
      if (Array.isArray(own)) return own as Entry[];
      for (const child of Object.values(node)) {
        const found = catalogue(child);
        if (found) return found;
      }
      return undefined;
    };
    const actions = catalogue(await res.json());
    if (!actions) throw new Error('no x-etherscan-actions in /openapi.json');
    const find = (module: string, action: string) => actions.find((a) => a.module === module && a.action === action);
    const expected: [string, string, string[]][] = [
      ['contract', 'getcontractcreation', ['contractaddresses']],
      ['stats', 'ethsupply', []],
      ['stats', 'ethprice', []],
      ['stats', 'tokensupply', ['contractaddress']],
      ['token', 'tokeninfo', ['contractaddress']],
      ['token', 'tokenholderlist', ['contractaddress', 'page', 'offset']],
      ['token', 'tokenholdercount', ['contractaddress']],
      ['gastracker', 'gasoracle', []],
      ['gastracker', 'gasestimate', ['gasprice']],
    ];
    for (const [module, action, params] of expected) {
      const entry = find(module, action);
      expect(entry, `${module}/${action}`).toBeDefined();
      expect(entry?.summary.length).toBeGreaterThan(20);
      expect(Object.keys(entry?.params ?? {})).toEqual(params);
    }
  });

  it('reads a POST form and parameter names in any case', async () => {
    const address = info.holderToken.address;
    const res = await fetch(`${indexer.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Module: 'token', ACTION: 'tokenholdercount', ContractAddress: address }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: '1', message: 'OK', result: expect.stringMatching(/^[1-9]\d*$/) as string });
  });
});

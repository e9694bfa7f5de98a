import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EtherscanProvider, HDNodeWallet, Interface, Network, id as keccakId, keccak256, zeroPadValue } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { logsQuery, logsSql } from '../../indexer/src/api/etherscan/logs.ts';
import { EtherscanParams } from '../../indexer/src/api/etherscan/core.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { freshStorage, type Storage } from './backend.ts';
import { etherscanGet, notOk, type Envelope } from './etherscan-client.ts';

// The Etherscan-compatible API's chain modules (logs, proxy, transaction, block) against a real anvil with the devnet
// scenario and a real indexer, on SQLite and PostgreSQL: every answer is checked against the node's own (eth_getLogs,
// the JSON-RPC envelope, receipts, blocks), every malformed parameter against its refusal, and ethers 6's
// EtherscanProvider, a client no one here wrote, reads the chain through /api.

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let dataDir: string;
let head: number;
let storage: Storage;

const TRANSFER = keccakId('Transfer(address,address,uint256)');
const VALUE_CHANGED = keccakId('ValueChanged(address,uint256,uint256)');
const PLAYGROUND = new Interface(['function getValue() view returns (uint256)', 'function fail() pure']);
const MNEMONIC = 'test test test test test test test test test test test junk';

interface RpcEnvelope {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

interface NodeLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  logIndex: string;
  transactionHash: string;
  transactionIndex: string;
}

interface ApiLog extends NodeLog {
  timeStamp: string;
  gasPrice: string;
  gasUsed: string;
}

/** GET /api with these parameters: HTTP 200 always, the parsed body. */
const api = <T = Envelope>(params: Record<string, string>, base = indexer.url): Promise<T> => etherscanGet<T>(base, params);

const hex = (n: number | bigint): string => `0x${n.toString(16)}`;
const pad = (address: string): string => zeroPadValue(address, 32).toLowerCase();

/** The node's eth_getLogs, in the fields both answers share. */
async function nodeLogs(filter: Record<string, unknown>): Promise<NodeLog[]> {
  const logs = await rpc.call<NodeLog[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(head), ...filter }]);
  return logs.map(common);
}

function common(l: NodeLog): NodeLog {
  return {
    address: l.address.toLowerCase(),
    topics: l.topics,
    data: l.data,
    blockNumber: l.blockNumber,
    blockHash: l.blockHash,
    logIndex: l.logIndex,
    transactionHash: l.transactionHash,
    transactionIndex: l.transactionIndex,
  };
}

/** getLogs' rows over every page (offset rows a page). */
async function allLogs(params: Record<string, string>, offset = 1000): Promise<ApiLog[]> {
  const rows: ApiLog[] = [];
  for (let page = 1; ; page++) {
    const out = await api<Envelope<ApiLog[]>>({ module: 'logs', action: 'getLogs', ...params, page: String(page), offset: String(offset) });
    if (out.status === '0') {
      expect(out).toEqual({ status: '0', message: 'No records found', result: [] });
      return rows;
    }
    expect(out.message).toBe('OK');
    rows.push(...out.result);
    if (out.result.length < offset) return rows;
  }
}

/** The node's logs in chain order, without duplicates (the union of several filters). */
function union(...lists: NodeLog[][]): NodeLog[] {
  const seen = new Map<string, NodeLog>();
  for (const l of lists.flat()) seen.set(`${l.blockNumber}:${l.logIndex}`, l);
  return [...seen.values()].sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) || Number(BigInt(a.logIndex) - BigInt(b.logIndex)));
}

/**
 * A value with every address-shaped string lowercased. The indexer's HTTP layer writes every address of every answer
 * in EIP-55 checksum form (http/json.ts), /api included, where Etherscan and the node write them lowercase: answers
 * are compared whatever the case of their addresses (see the report: /api should be serialized as is).
 */
function lowerAddresses(value: unknown): unknown {
  if (typeof value === 'string') return /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(lowerAddresses);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerAddresses(v)]));
  return value;
}

/** The node's own JSON-RPC answer to a call, with id 1. */
function nodeAnswer(method: string, params: unknown[], id: unknown = 1): Promise<unknown> {
  return rpc.raw({ jsonrpc: '2.0', id, method, params });
}

beforeAll(async () => {
  anvil = await startAnvil();
  // Scale 2: more than 1,000 logs, so that a page's cap shows.
  info = await runScenario(anvil.url, { scale: 2 });
  rpc = new RpcClient(anvil.url);
  dataDir = mkdtempSync(join(tmpdir(), 'etherscan-chain-'));
  storage = await freshStorage(dataDir);
  indexer = await startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
  await indexer.caughtUp();
  head = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  expect(indexer.status().lastBlock).toBe(head);
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('logs/getLogs equals eth_getLogs for the same filter', () => {
  it('by address over the whole chain, every field, paged 50 rows at a time', async () => {
    const token = info.tokens[0]!.address.toLowerCase();
    const node = await nodeLogs({ address: token });
    expect(node.length).toBeGreaterThan(100);
    const rows = await allLogs({ address: token, fromBlock: '0', toBlock: 'latest' }, 50);
    expect(rows.map(common)).toEqual(node);
    // Etherscan's own fields, in its order, hex: the block's time and the transaction's gas price and gas used.
    expect(Object.keys(rows[0]!)).toEqual(['address', 'topics', 'data', 'blockNumber', 'blockHash', 'timeStamp', 'gasPrice', 'gasUsed', 'logIndex', 'transactionHash', 'transactionIndex']);
    for (const row of rows.slice(0, 20)) {
      const receipt = await rpc.call<{ gasUsed: string; effectiveGasPrice: string }>('eth_getTransactionReceipt', [row.transactionHash]);
      const block = await rpc.call<{ timestamp: string }>('eth_getBlockByNumber', [row.blockNumber, false]);
      expect({ timeStamp: row.timeStamp, gasPrice: row.gasPrice, gasUsed: row.gasUsed }).toEqual({ timeStamp: block.timestamp, gasPrice: receipt.effectiveGasPrice, gasUsed: receipt.gasUsed });
    }
  });

  it('every log of a block range, 1,000 rows a page at most; page 2 continues where page 1 stopped', async () => {
    const node = await nodeLogs({});
    expect(node.length).toBeGreaterThan(1000);
    const first = await api<Envelope<ApiLog[]>>({ module: 'logs', action: 'getLogs', fromBlock: '0', toBlock: String(head), offset: '5000' });
    expect(first.result).toHaveLength(1000);
    expect(first.result.map(common)).toEqual(node.slice(0, 1000));
    const second = await api<Envelope<ApiLog[]>>({ module: 'logs', action: 'getLogs', fromBlock: '0', toBlock: 'latest', page: '2', offset: '1000' });
    expect(second.result.map(common)).toEqual(node.slice(1000, 2000));
  });

  it('a block range (numbers and hex) with topic0 and no address', async () => {
    const from = Math.max(0, info.busyBlock.number - 20);
    const to = Math.min(head, info.busyBlock.number + 20);
    const node = await nodeLogs({ fromBlock: hex(from), toBlock: hex(to), topics: [TRANSFER] });
    expect(node.length).toBeGreaterThan(0);
    expect((await allLogs({ fromBlock: String(from), toBlock: hex(to), topic0: TRANSFER })).map(common)).toEqual(node);
  });

  it('topic0 and topic1 (and, the default; and said outright)', async () => {
    const holder = pad(info.deployer);
    const node = await nodeLogs({ topics: [TRANSFER, holder] });
    expect(node.length).toBeGreaterThan(0);
    expect((await allLogs({ topic0: TRANSFER, topic1: holder, fromBlock: '0', toBlock: 'latest' })).map(common)).toEqual(node);
    expect((await allLogs({ topic0: TRANSFER, topic1: holder, topic0_1_opr: 'and', fromBlock: '0', toBlock: 'latest' })).map(common)).toEqual(node);
  });

  it('topic1 or topic2 of one token: transfers from or to an address', async () => {
    const token = info.tokens[1]!.address.toLowerCase();
    const holder = pad(info.holders[0]!);
    const node = union(await nodeLogs({ address: token, topics: [null, holder] }), await nodeLogs({ address: token, topics: [null, null, holder] }));
    const fromOnly = await nodeLogs({ address: token, topics: [null, holder] });
    expect(node.length).toBeGreaterThan(fromOnly.length);
    expect((await allLogs({ address: token, topic1: holder, topic2: holder, topic1_2_opr: 'or', fromBlock: '0', toBlock: 'latest' })).map(common)).toEqual(node);
  });

  it('topic0 or topic1, without an address', async () => {
    const holder = pad(info.holders[1]!);
    const node = union(await nodeLogs({ topics: [VALUE_CHANGED] }), await nodeLogs({ topics: [null, holder] }));
    expect((await allLogs({ topic0: VALUE_CHANGED, topic1: holder, topic0_1_opr: 'OR', fromBlock: '0', toBlock: 'latest' })).map(common)).toEqual(node);
  });

  it('three topics: topic0 and (topic1 or topic2): topics joined by "or" form a group, "and" joins the groups', async () => {
    const holder = pad(info.holders[0]!);
    const node = union(await nodeLogs({ topics: [TRANSFER, holder] }), await nodeLogs({ topics: [TRANSFER, null, holder] }));
    const rows = await allLogs({ topic0: TRANSFER, topic1: holder, topic2: holder, topic0_1_opr: 'and', topic0_2_opr: 'and', topic1_2_opr: 'or', fromBlock: '0', toBlock: 'latest' });
    expect(rows.map(common)).toEqual(node);
  });

  it('nothing found: Etherscan\'s "No records found"', async () => {
    const none = { status: '0', message: 'No records found', result: [] };
    expect(await api({ module: 'logs', action: 'getLogs', address: `0x${'12'.repeat(20)}`, fromBlock: '0', toBlock: 'latest' })).toEqual(none);
    expect(await api({ module: 'logs', action: 'getLogs', topic0: VALUE_CHANGED, fromBlock: String(head), toBlock: String(head - 1) })).toEqual(none);
  });

  it('served from an index: logs_address with an address, the primary key over the block range without', async () => {
    if (indexer.store.dialect === 'postgres') {
      // PostgreSQL plans by table size (on the devnet's small tables a sequential scan may win): with sequential scans
      // priced out, the plan shows the index each query can walk.
      const pgPlan = (params: Record<string, string>): Promise<string> =>
        indexer.store.transaction(async (tx) => {
          await tx.run('SET LOCAL enable_seqscan = off');
          const { sql, args } = logsSql(logsQuery(new EtherscanParams(params), head));
          return (await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, ...args)).map((r) => r['QUERY PLAN']).join('\n');
        });
      const byAddress = await pgPlan({ address: info.tokens[0]!.address, topic0: TRANSFER, topic1: pad(info.deployer), topic1_2_opr: 'or', topic2: pad(info.deployer) });
      // An index scan, or a bitmap scan of the same index then a sort of its few rows: which one depends on whether
      // autovacuum has analysed the table yet (the timing of a loaded machine). Either walks the index's range.
      expect(byAddress).toMatch(/(Index Scan using|Bitmap Index Scan on) logs_address[\s\S]*Index Cond: \(\(address = .*\) AND \(id >= .*\) AND \(id < .*\)\)/);
      const byRange = await pgPlan({ topic0: TRANSFER, fromBlock: '10', toBlock: '200' });
      expect(byRange).toMatch(/(Index|Bitmap Index) Scan (using|on) logs_pkey[\s\S]*Index Cond: \(\(id >= .*\) AND \(id < .*\)\)/);
      for (const p of [byAddress, byRange]) expect(p).not.toMatch(/Seq Scan/);
      return;
    }
    const plan = async (params: Record<string, string>): Promise<string> => {
      const { sql, args } = logsSql(logsQuery(new EtherscanParams(params), head));
      return (await indexer.store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...args)).map((r) => r.detail).join('\n');
    };
    const byAddress = await plan({ address: info.tokens[0]!.address, topic0: TRANSFER, topic1: pad(info.deployer), topic1_2_opr: 'or', topic2: pad(info.deployer) });
    expect(byAddress).toMatch(/SEARCH l USING INDEX logs_address \(address=\? AND id>\? AND id<\?\)/);
    const byRange = await plan({ topic0: TRANSFER, fromBlock: '10', toBlock: '200' });
    expect(byRange).toMatch(/SEARCH l USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    for (const p of [byAddress, byRange]) {
      // The only scan is of the page the subquery made (at most 1,000 rows), to join its transactions.
      expect(p.split('\n').filter((line) => line.startsWith('SCAN'))).toEqual(['SCAN page']);
      expect(p).toMatch(/SEARCH t USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
  });

  it('refuses what it cannot read, and an unbounded scan, with a clear NOTOK', async () => {
    const get = (params: Record<string, string>): Promise<Envelope> => api({ module: 'logs', action: 'getLogs', ...params });
    expect(await get({ address: '0x1234', fromBlock: '0' })).toEqual(notOk('Error! Invalid address format'));
    expect(await get({ topic0: '0x1234', fromBlock: '0' })).toEqual(notOk('Error! Invalid topic0 format'));
    expect(await get({ topic3: `${TRANSFER}00`, fromBlock: '0' })).toEqual(notOk('Error! Invalid topic3 format'));
    expect(await get({ topic0: TRANSFER, topic1: TRANSFER, topic0_1_opr: 'xor' })).toEqual(notOk('Error! Invalid topic0_1_opr'));
    expect(await get({ fromBlock: 'yesterday', topic0: TRANSFER })).toEqual(notOk('Error! Invalid fromBlock'));
    expect(await get({ fromBlock: '0', toBlock: '-5', topic0: TRANSFER })).toEqual(notOk('Error! Invalid toBlock'));
    expect(await get({ fromBlock: '0', toBlock: '100', topic0: TRANSFER, page: '0' })).toEqual(notOk('Error! Invalid page'));
    expect(await get({ fromBlock: '0', toBlock: '100', topic0: TRANSFER, page: '11', offset: '1000' })).toEqual(
      notOk('Result window is too large, PageNo x Offset size must be less than or equal to 10000'),
    );
    expect(await get({ fromBlock: '0', toBlock: '20000', topic0: TRANSFER })).toEqual(
      notOk('Error! Block range too large: without an address, fromBlock to toBlock may span at most 10000 blocks'),
    );
    // With an address, the index bounds the scan: any range is served.
    expect((await get({ fromBlock: '0', toBlock: '20000', address: info.tokens[0]!.address })).status).toBe('1');
  });
});

describe('proxy: the node\'s answers in its own envelope', () => {
  const someTx = (): string => info.samples.erc20Transfer;
  const playgroundBlock = (): number => info.contracts.find((c) => c.address.toLowerCase() === info.playground.address.toLowerCase())!.blockNumber;

  const cases = (): [Record<string, string>, string, unknown[]][] => [
    [{ action: 'eth_blockNumber' }, 'eth_blockNumber', []],
    [{ action: 'eth_getBlockByNumber', tag: hex(info.busyBlock.number), boolean: 'true' }, 'eth_getBlockByNumber', [hex(info.busyBlock.number), true]],
    [{ action: 'eth_getBlockByNumber', tag: '0x0010', boolean: 'false' }, 'eth_getBlockByNumber', ['0x10', false]],
    [{ action: 'eth_getBlockByNumber', tag: 'latest' }, 'eth_getBlockByNumber', ['latest', false]],
    [{ action: 'eth_getBlockTransactionCountByNumber', tag: hex(info.busyBlock.number) }, 'eth_getBlockTransactionCountByNumber', [hex(info.busyBlock.number)]],
    [{ action: 'eth_getTransactionByHash', txhash: someTx() }, 'eth_getTransactionByHash', [someTx()]],
    [{ action: 'eth_getTransactionByHash', txhash: `0x${'ab'.repeat(32)}` }, 'eth_getTransactionByHash', [`0x${'ab'.repeat(32)}`]],
    [{ action: 'eth_getTransactionByBlockNumberAndIndex', tag: hex(info.busyBlock.number), index: '0x1' }, 'eth_getTransactionByBlockNumberAndIndex', [hex(info.busyBlock.number), '0x1']],
    [{ action: 'eth_getTransactionReceipt', txhash: someTx() }, 'eth_getTransactionReceipt', [someTx()]],
    [{ action: 'eth_getTransactionReceipt', txhash: info.samples.reverted }, 'eth_getTransactionReceipt', [info.samples.reverted]],
    [
      { action: 'eth_call', to: info.playground.address, data: PLAYGROUND.encodeFunctionData('getValue'), tag: 'latest' },
      'eth_call',
      [{ to: info.playground.address.toLowerCase(), data: PLAYGROUND.encodeFunctionData('getValue') }, 'latest'],
    ],
    // A revert: the node's JSON-RPC error, code, message and revert data, passed on as is.
    [
      { action: 'eth_call', to: info.playground.address, data: PLAYGROUND.encodeFunctionData('fail') },
      'eth_call',
      [{ to: info.playground.address.toLowerCase(), data: PLAYGROUND.encodeFunctionData('fail') }, 'latest'],
    ],
    [{ action: 'eth_getCode', address: info.playground.address, tag: 'latest' }, 'eth_getCode', [info.playground.address.toLowerCase(), 'latest']],
    [{ action: 'eth_getCode', address: info.playground.address, tag: hex(playgroundBlock()) }, 'eth_getCode', [info.playground.address.toLowerCase(), hex(playgroundBlock())]],
    [{ action: 'eth_getStorageAt', address: info.proxy.address, position: '0x0', tag: 'latest' }, 'eth_getStorageAt', [info.proxy.address.toLowerCase(), '0x0', 'latest']],
    [{ action: 'eth_gasPrice' }, 'eth_gasPrice', []],
    [
      { action: 'eth_estimateGas', from: info.deployer, to: info.playground.address, data: PLAYGROUND.encodeFunctionData('getValue'), value: '0x0' },
      'eth_estimateGas',
      [{ from: info.deployer.toLowerCase(), to: info.playground.address.toLowerCase(), data: PLAYGROUND.encodeFunctionData('getValue'), value: '0x0' }],
    ],
    [{ action: 'eth_getTransactionCount', address: info.deployer, tag: 'latest' }, 'eth_getTransactionCount', [info.deployer.toLowerCase(), 'latest']],
  ];

  it('every read-only method answers as the node answers it, envelope and id included', async () => {
    for (const [params, method, rpcParams] of cases()) {
      const ours = await api<RpcEnvelope>({ module: 'proxy', ...params });
      expect(lowerAddresses(ours), `${method} ${JSON.stringify(params)}`).toEqual(lowerAddresses(await nodeAnswer(method, rpcParams)));
    }
    const reverted = await api<RpcEnvelope>({ module: 'proxy', action: 'eth_call', to: info.playground.address, data: PLAYGROUND.encodeFunctionData('fail') });
    expect(reverted.error?.message).toMatch(/Playground: this call always reverts/);
    // The caller's id travels back, a number as a number.
    expect(await api({ module: 'proxy', action: 'eth_blockNumber', id: '42' })).toEqual({ jsonrpc: '2.0', id: 42, result: hex(head) });
    expect(await api({ module: 'proxy', action: 'eth_blockNumber', id: 'abc' })).toEqual({ jsonrpc: '2.0', id: 'abc', result: hex(head) });
    // Etherscan's spelling of names in any case (as the dispatcher matches them), and POST forms (ethers posts eth_call).
    expect(await api({ MODULE: 'proxy', Action: 'ETH_BLOCKNUMBER' })).toEqual({ jsonrpc: '2.0', id: 1, result: hex(head) });
    const posted = await fetch(`${indexer.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ module: 'proxy', action: 'eth_call', to: info.playground.address, data: PLAYGROUND.encodeFunctionData('getValue') }).toString(),
    });
    expect(lowerAddresses(await posted.json())).toEqual(lowerAddresses(await nodeAnswer('eth_call', [{ to: info.playground.address.toLowerCase(), data: PLAYGROUND.encodeFunctionData('getValue') }, 'latest'])));
  });

  it('nothing malformed reaches the node: each parameter refused with a clear NOTOK', async () => {
    const get = (params: Record<string, string>): Promise<Envelope> => api({ module: 'proxy', ...params });
    const TAG = 'latest, earliest, pending or a 0x hex block number is expected';
    expect(await get({ action: 'eth_getBlockByNumber', tag: '12', boolean: 'true' })).toEqual(notOk(`Error! Invalid tag: ${TAG}`));
    expect(await get({ action: 'eth_getBlockByNumber', tag: '0xzz' })).toEqual(notOk(`Error! Invalid tag: ${TAG}`));
    expect(await get({ action: 'eth_getBlockByNumber', tag: `0x${'f'.repeat(17)}` })).toEqual(notOk(`Error! Invalid tag: ${TAG}`));
    expect(await get({ action: 'eth_getBlockByNumber', tag: 'latest', boolean: 'yes' })).toEqual(notOk('Error! Invalid boolean'));
    expect(await get({ action: 'eth_getTransactionByHash', txhash: '0x1234' })).toEqual(notOk('Error! Invalid transaction hash'));
    expect(await get({ action: 'eth_getTransactionReceipt' })).toEqual(notOk('Error! Invalid transaction hash'));
    expect(await get({ action: 'eth_getTransactionByBlockNumberAndIndex', tag: 'latest' })).toEqual(notOk('Error! Missing index'));
    expect(await get({ action: 'eth_getTransactionByBlockNumberAndIndex', tag: 'latest', index: '1' })).toEqual(notOk('Error! Invalid index: a 0x hex number is expected'));
    expect(await get({ action: 'eth_call', data: '0x' })).toEqual(notOk('Error! Invalid address format'));
    expect(await get({ action: 'eth_call', to: info.playground.address, data: '0x123' })).toEqual(notOk('Error! Invalid data: 0x hex bytes are expected'));
    expect(await get({ action: 'eth_call', to: info.playground.address, data: '0x', gas: 'lots' })).toEqual(notOk('Error! Invalid gas: a 0x hex number is expected'));
    expect(await get({ action: 'eth_getCode', address: 'vitalik.eth' })).toEqual(notOk('Error! Invalid address format'));
    expect(await get({ action: 'eth_getStorageAt', address: info.proxy.address })).toEqual(notOk('Error! Missing position'));
    expect(await get({ action: 'eth_getStorageAt', address: info.proxy.address, position: `0x${'1'.repeat(65)}` })).toEqual(notOk('Error! Invalid position: a 0x hex number is expected'));
    expect(await get({ action: 'eth_estimateGas', from: 'me' })).toEqual(notOk('Error! Invalid address format'));
    expect(await get({ action: 'eth_getTransactionCount', address: info.deployer, tag: 'yesterday' })).toEqual(notOk(`Error! Invalid tag: ${TAG}`));
    expect(await get({ action: 'eth_blockNumber', id: 'x'.repeat(65) })).toEqual(notOk('Error! Invalid id'));
    // Writing methods are not proxy actions.
    expect(await get({ action: 'eth_sendTransaction' })).toEqual(notOk('Error! Missing Or invalid Action name'));
    expect(await get({ action: 'eth_sign' })).toEqual(notOk('Error! Missing Or invalid Action name'));
  });
});

describe('transaction and block modules', () => {
  it('transaction/getstatus: the decoded revert reason of a failed transaction; gettxreceiptstatus', async () => {
    expect(await api({ module: 'transaction', action: 'getstatus', txhash: info.samples.reverted })).toEqual({
      status: '1',
      message: 'OK',
      result: { isError: '1', errDescription: 'Playground: this call always reverts' },
    });
    expect(await api({ module: 'transaction', action: 'getstatus', txhash: info.samples.erc20Transfer })).toEqual({ status: '1', message: 'OK', result: { isError: '0', errDescription: '' } });
    const custom = await api<Envelope<{ isError: string; errDescription: string }>>({ module: 'transaction', action: 'getstatus', txhash: info.samples.revertedCustomError });
    expect(custom.result.isError).toBe('1');
    // The Playground is not verified here: its custom error is named by its selector.
    expect(custom.result.errDescription).toMatch(/^reverted with unknown data 0x[0-9a-f]{8}…$/);
    for (const [hash, status] of [[info.samples.reverted, '0'], [info.samples.plainTransfer, '1'], [info.samples.contractCreation, '1']] as const) {
      const receipt = await rpc.call<{ status: string }>('eth_getTransactionReceipt', [hash]);
      expect(String(Number(receipt.status))).toBe(status);
      expect(await api({ module: 'transaction', action: 'gettxreceiptstatus', txhash: hash.toUpperCase().replace('0X', '0x') })).toEqual({ status: '1', message: 'OK', result: { status } });
    }
    expect(await api({ module: 'transaction', action: 'getstatus', txhash: '0x12' })).toEqual(notOk('Error! Invalid transaction hash'));
    expect(await api({ module: 'transaction', action: 'gettxreceiptstatus' })).toEqual(notOk('Error! Invalid transaction hash'));
    expect(await api({ module: 'transaction', action: 'getstatus', txhash: `0x${'cd'.repeat(32)}` })).toEqual(notOk('Error! Transaction not found'));
    expect(await api({ module: 'transaction', action: 'getanything', txhash: info.samples.reverted })).toEqual(notOk('Error! Missing Or invalid Action name'));
  });

  it("block/getblockreward: the block's producer, time, and the fees paid to it (from the node's receipts)", async () => {
    for (const n of [info.busyBlock.number, info.emptyBlock]) {
      const block = await rpc.call<{ miner: string; timestamp: string; baseFeePerGas?: string; transactions: string[] }>('eth_getBlockByNumber', [hex(n), false]);
      const baseFee = BigInt(block.baseFeePerGas ?? '0x0');
      let reward = 0n;
      for (const h of block.transactions) {
        const r = await rpc.call<{ gasUsed: string; effectiveGasPrice: string }>('eth_getTransactionReceipt', [h]);
        const price = BigInt(r.effectiveGasPrice);
        if (price > baseFee) reward += BigInt(r.gasUsed) * (price - baseFee);
      }
      expect(lowerAddresses(await api({ module: 'block', action: 'getblockreward', blockno: String(n) }))).toEqual({
        status: '1',
        message: 'OK',
        result: { blockNumber: String(n), timeStamp: String(Number(block.timestamp)), blockMiner: block.miner.toLowerCase(), blockReward: reward.toString(), uncles: [], uncleInclusionReward: '0' },
      });
    }
    expect(await api({ module: 'block', action: 'getblockreward', blockno: 'abc' })).toEqual(notOk('Error! Invalid blockno'));
    expect(await api({ module: 'block', action: 'getblockreward' })).toEqual(notOk('Error! Block number is required (blockno)'));
    expect(await api({ module: 'block', action: 'getblockreward', blockno: String(head + 1000) })).toEqual(notOk('Error! Block not found'));
  });

  it('block/getblocknobytime: the block before or after a time, at and around a known block', async () => {
    const n = info.busyBlock.number;
    const at = async (k: number): Promise<number> => Number(BigInt((await rpc.call<{ timestamp: string }>('eth_getBlockByNumber', [hex(k), false])).timestamp));
    const [prev, ts, next] = [await at(n - 1), await at(n), await at(n + 1)];
    expect(prev).toBeLessThan(ts);
    expect(next).toBeGreaterThan(ts);
    const by = (timestamp: number, closest: string): Promise<Envelope> => api({ module: 'block', action: 'getblocknobytime', timestamp: String(timestamp), closest });
    expect(await by(ts, 'before')).toEqual({ status: '1', message: 'OK', result: String(n) });
    expect(await by(ts, 'after')).toEqual({ status: '1', message: 'OK', result: String(n) });
    if (ts - prev > 1) {
      expect((await by(ts - 1, 'before')).result).toBe(String(n - 1));
      expect((await by(ts - 1, 'after')).result).toBe(String(n));
    }
    if (next - ts > 1) {
      expect((await by(ts + 1, 'before')).result).toBe(String(n));
      expect((await by(ts + 1, 'after')).result).toBe(String(n + 1));
    }
    const genesis = await at(0);
    const last = await at(head);
    expect((await by(genesis, 'before')).result).toBe('0');
    expect((await by(last + 1_000_000, 'before')).result).toBe(String(head));
    expect(await by(genesis - 1, 'before')).toEqual(notOk('Error! No closest block found'));
    expect(await by(last + 1, 'after')).toEqual(notOk('Error! No closest block found'));
    expect(await by(ts, 'nearest')).toEqual(notOk('Error! Invalid closest'));
    expect(await api({ module: 'block', action: 'getblocknobytime', timestamp: String(ts) })).toEqual(notOk('Error! Invalid closest (before or after)'));
    expect(await api({ module: 'block', action: 'getblocknobytime', timestamp: 'noon', closest: 'before' })).toEqual(notOk('Error! Invalid timestamp'));
  });

  it('block/getblockcountdown: blocks and seconds to a future block; a past block refused in Etherscan\'s words', async () => {
    const at = async (k: number): Promise<number> => Number(BigInt((await rpc.call<{ timestamp: string }>('eth_getBlockByNumber', [hex(k), false])).timestamp));
    const average = ((await at(head)) - (await at(head - 100))) / 100;
    expect(await api({ module: 'block', action: 'getblockcountdown', blockno: String(head + 50) })).toEqual({
      status: '1',
      message: 'OK',
      result: { CurrentBlock: String(head), CountdownBlock: String(head + 50), RemainingBlock: '50', EstimateTimeInSec: (50 * average).toFixed(1) },
    });
    expect(await api({ module: 'block', action: 'getblockcountdown', blockno: String(head) })).toEqual(notOk('Error! Block number already pass'));
    expect(await api({ module: 'block', action: 'getblockcountdown', blockno: '1' })).toEqual(notOk('Error! Block number already pass'));
    expect(await api({ module: 'block', action: 'getblockcountdown', blockno: '0x10' })).toEqual(notOk('Error! Invalid blockno'));
  });
});

describe("ethers 6's EtherscanProvider pointed at the indexer", () => {
  /** ethers 6 builds Etherscan v2 URLs itself (getUrl, getPostUrl); getBaseUrl is no longer read. */
  class ExplorerProvider extends EtherscanProvider {
    readonly base: string;
    constructor(base: string) {
      // EtherscanProvider accepts only Etherscan's chains; the chain id only travels as an ignored `chainid` parameter.
      super(new Network('sto-devnet', 1));
      this.base = base;
    }
    override getBaseUrl(): string {
      return this.base;
    }
    override getUrl(module: string, params: Record<string, string>): string {
      return super.getUrl(module, params).replace('https://api.etherscan.io/v2/api', `${this.base}/api`);
    }
    override getPostUrl(): string {
      return super.getPostUrl().replace('https://api.etherscan.io/v2/api', `${this.base}/api`);
    }
  }

  it('reads the head, a block, a transaction, a receipt, code and a view call as the node gives them', async () => {
    const provider = new ExplorerProvider(indexer.url);
    expect(await provider.getBlockNumber()).toBe(head);
    const block = await provider.getBlock(info.busyBlock.number);
    const nodeBlock = await rpc.call<{ hash: string; miner: string; transactions: string[]; timestamp: string }>('eth_getBlockByNumber', [hex(info.busyBlock.number), false]);
    expect(block?.hash).toBe(nodeBlock.hash);
    expect(block?.transactions).toEqual(nodeBlock.transactions);
    expect(block?.timestamp).toBe(Number(nodeBlock.timestamp));
    expect(block?.miner.toLowerCase()).toBe(nodeBlock.miner.toLowerCase());

    const tx = await provider.getTransaction(info.samples.erc20Transfer);
    const nodeTx = await rpc.call<{ from: string; to: string; input: string; nonce: string; blockNumber: string }>('eth_getTransactionByHash', [info.samples.erc20Transfer]);
    expect(tx?.hash).toBe(info.samples.erc20Transfer);
    expect(tx?.from.toLowerCase()).toBe(nodeTx.from.toLowerCase());
    expect(tx?.to?.toLowerCase()).toBe(nodeTx.to.toLowerCase());
    expect(tx?.data).toBe(nodeTx.input);
    expect(tx?.nonce).toBe(Number(nodeTx.nonce));
    expect(tx?.blockNumber).toBe(Number(nodeTx.blockNumber));

    const receipt = await provider.getTransactionReceipt(info.samples.reverted);
    expect(receipt?.status).toBe(0);
    expect(receipt?.hash).toBe(info.samples.reverted);
    const ok = await provider.getTransactionReceipt(info.samples.erc20Transfer);
    expect(ok?.status).toBe(1);
    expect(ok?.logs.length).toBeGreaterThan(0);
    expect(ok?.logs[0]?.topics[0]).toBe(TRANSFER);

    expect(await provider.getCode(info.playground.address)).toBe(await rpc.call('eth_getCode', [info.playground.address, 'latest']));
    const value = await provider.call({ to: info.playground.address, data: PLAYGROUND.encodeFunctionData('getValue') });
    expect(value).toBe(await rpc.call('eth_call', [{ to: info.playground.address, data: PLAYGROUND.encodeFunctionData('getValue') }, 'latest']));
    expect(PLAYGROUND.decodeFunctionResult('getValue', value)[0]).toBeTypeOf('bigint');
    expect(await provider.getTransactionCount(info.deployer)).toBe(Number(BigInt(await rpc.call<string>('eth_getTransactionCount', [info.deployer, 'latest']))));
    expect(await provider.getStorage(info.proxy.address, 0)).toBe(await rpc.call('eth_getStorageAt', [info.proxy.address, '0x0', 'latest']));
    // A reverting view comes back as ethers' CALL_EXCEPTION with the reason, read from the node's error it was passed.
    await expect(provider.call({ to: info.playground.address, data: PLAYGROUND.encodeFunctionData('fail') })).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      reason: 'Playground: this call always reverts',
    });

    // getBalance reads module=account&action=balance.
    expect(await provider.getBalance(info.deployer)).toBe(BigInt(await rpc.call<string>('eth_getBalance', [info.deployer, 'latest'])));
  });
});

describe('proxy eth_sendRawTransaction', () => {
  it('refused by default; with the operator\'s option on, forwarded: the node mines it, and its error for a replay is passed on', async () => {
    const wallet = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/9");
    const nonce = Number(BigInt(await rpc.call<string>('eth_getTransactionCount', [wallet.address, 'latest'])));
    const signed = await wallet.signTransaction({ to: info.deployer, value: 1n, nonce, gasLimit: 21_000n, maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1n, chainId: anvil.chainId, type: 2 });

    expect(await api({ module: 'proxy', action: 'eth_sendRawTransaction', hex: signed })).toEqual(
      notOk('Error! eth_sendRawTransaction is turned off on this explorer (its operator can turn it on with ETHERSCAN_API_SEND_RAW=1)'),
    );
    expect(await rpc.call('eth_getTransactionByHash', [keccak256(signed)])).toBeNull();

    // A second, API-only indexer on the same database, started as ETHERSCAN_API_SEND_RAW=1 starts it.
    const sender = await startIndexer({ rpcUrl: anvil.url, ...storage, role: 'api', port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false }, etherscanSendRaw: true });
    const base = sender.url;
    try {
      expect(await api({ module: 'proxy', action: 'eth_sendRawTransaction', hex: '0x123' }, base)).toEqual(notOk('Error! Invalid hex: 0x hex bytes are expected'));
      expect(await api({ module: 'proxy', action: 'eth_sendRawTransaction', hex: '0x' }, base)).toEqual(notOk('Error! Invalid hex: a signed transaction is expected'));
      const sent = await api<RpcEnvelope>({ module: 'proxy', action: 'eth_sendRawTransaction', hex: signed, id: '3' }, base);
      expect(sent).toEqual({ jsonrpc: '2.0', id: 3, result: keccak256(signed) });
      // Anvil mines it at once (automine), its receipt shows a moment later.
      let receipt: { status: string } | null = null;
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = await rpc.call<{ status: string } | null>('eth_getTransactionReceipt', [keccak256(signed)]);
        if (!receipt) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(receipt?.status).toBe('0x1');
      // Sent again: the node's refusal (nonce too low), in the envelope the node itself answers with.
      const again = await api<RpcEnvelope>({ module: 'proxy', action: 'eth_sendRawTransaction', hex: signed }, base);
      expect(again.error).toBeDefined();
      expect(lowerAddresses(again)).toEqual(lowerAddresses(await nodeAnswer('eth_sendRawTransaction', [signed])));
    } finally {
      await sender.stop();
    }
  });
});

describe('module=stats daily actions: the folded daily series in Etherscan\'s shapes', () => {
  type Day = Record<string, string | number> & { UTCDate: string; unixTimeStamp: string };
  interface Series {
    points: { day: string; value: string | null }[];
  }
  let first = '';
  let last = '';
  const series = async (name: string): Promise<Map<string, string | null>> => {
    const res = await fetch(`${indexer.url}/stats/series/${name}?from=${first}&to=${last}`);
    return new Map(((await res.json()) as Series).points.map((p) => [p.day, p.value]));
  };
  const daily = (action: string, extra: Record<string, string> = {}): Promise<Envelope<Day[]>> =>
    api<Envelope<Day[]>>({ module: 'stats', action, startdate: first, enddate: last, ...extra });

  beforeAll(async () => {
    // The last case above mined a block: the follower folds up to the new head.
    const now = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
    await indexer.caughtUp();
    const deadline = Date.now() + 60_000;
    while ((indexer.statsBlock() ?? -1) < now && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(indexer.statsBlock()).toBe(now);
    const summary = (await (await fetch(`${indexer.url}/stats/summary`)).json()) as { firstDay: string; lastDay: string };
    first = summary.firstDay;
    last = summary.lastDay;
  });

  const asNumber = (v: string): number => Number(v);
  const asText = (v: string): string => v;
  it.each<[string, string, string, (v: string) => string | number]>([
    ['dailytx', 'transactionCount', 'transactions', asNumber],
    ['dailynewaddress', 'newAddressCount', 'new-addresses', asNumber],
    ['dailygasused', 'gasUsed', 'gas-used', asText],
    ['dailyavggasprice', 'avgGasPrice_Wei', 'average-gas-price', asText],
    ['dailyavgblocktime', 'blockTime_sec', 'average-block-time', asText],
    ['dailyavgblocksize', 'blockSize_bytes', 'average-block-size', asNumber],
    ['dailyblkcount', 'blockCount', 'blocks', asNumber],
  ])('%s answers every day, its %s the figure of the series route', async (action, field, name, as) => {
    const answer = await daily(action);
    expect(answer.status).toBe('1');
    const days = answer.result.map((r) => r.UTCDate);
    expect(days[0]).toBe(first);
    expect(days[days.length - 1]).toBe(last);
    const s = await series(name);
    for (const r of answer.result) {
      expect(r.unixTimeStamp).toBe(String(Date.parse(`${r.UTCDate}T00:00:00Z`) / 1000));
      expect(r[field], `${action} ${field} on ${r.UTCDate}`).toEqual(as(s.get(r.UTCDate) ?? '0'));
    }
  });

  it('dailytxnfee in STO, dailyblockrewards and desc order', async () => {
    const fees = await series('fees');
    const answer = await daily('dailytxnfee', { sort: 'desc' });
    expect(answer.result[0]?.UTCDate).toBe(last);
    for (const r of answer.result) {
      const wei = BigInt(fees.get(r.UTCDate) ?? '0');
      expect(BigInt(Math.round(Number(r['transactionFee_Eth']) * 1e9)) * 10n ** 9n - wei < 10n ** 9n).toBe(true);
    }
    const rewards = await daily('dailyblockrewards');
    expect(rewards.result.map((r) => Object.keys(r).sort())).toEqual(rewards.result.map(() => ['UTCDate', 'blockRewards_Eth', 'unixTimeStamp']));
    expect(rewards.result.every((r) => /^\d+(\.\d+)?$/.test(String(r['blockRewards_Eth'])))).toBe(true);
  });

  it.each([
    [{ startdate: '2024-02-30', enddate: '2024-03-01' }, 'Error! Invalid startdate format, expected yyyy-MM-dd'],
    [{ startdate: '2024-03-01' }, 'Error! Invalid enddate format, expected yyyy-MM-dd'],
    [{ startdate: '2024-03-02', enddate: '2024-03-01' }, 'Error! startdate is after enddate'],
    [{ startdate: '1990-01-01', enddate: '2024-03-01' }, 'Error! At most 3,660 days at once'],
  ])('refuses %j', async (params, message) => {
    expect(await api({ module: 'stats', action: 'dailytx', ...params })).toEqual(notOk(message));
  });

  it('a range before the first day indexed: no records', async () => {
    expect(await api({ module: 'stats', action: 'dailytx', startdate: '2001-01-01', enddate: '2001-01-31' })).toEqual({ status: '0', message: 'No records found', result: [] });
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { scratchStorage } from './backend.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';

// POST /contracts/{a}/interact against a real anvil and the real indexer: the verified Playground's functions are
// called with their ABI through eth_call, results come back as plain JSON and reverts with their decoded reason.

let anvil: AnvilHandle;
let info: ScenarioInfo;
let indexer: Indexer;

interface Answer {
  success: boolean;
  error?: string;
  result?: unknown;
  outputs?: { name: string; type: string; value: unknown }[];
  signature?: string;
  revert?: { kind: string; reason: string };
}

async function call(address: string, body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${indexer.url}/contracts/${address}/interact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer };
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 0.3 });
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await scratchStorage()), port: 0, log: () => {}, metadata: false, verify: { download: false } });
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer.stop();
  await anvil.stop();
});

describe('POST /contracts/{a}/interact', () => {
  it('refuses an unverified contract as the upstream indexer does', async () => {
    expect(await call(info.playground.address, { method: 'getValue', params: [] })).toEqual({ status: 400, body: { success: false, error: 'Contract is not verified' } });
  });

  it('calls the verified Playground: typed results, tuples by name, arrays from JSON text', async () => {
    const pg = info.playground;
    const verify = await fetch(`${indexer.url}/contracts/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: pg.address, sourceCode: readFileSync(pg.sourcePath, 'utf8'), compilerVersion: pg.compilerVersion, contractName: 'Playground', optimizationUsed: true, runs: 200, evmVersion: 'prague' }),
    });
    expect(verify.status).toBe(200);

    const rpc = new RpcClient(anvil.url);
    const onChain = BigInt(await rpc.call<string>('eth_call', [{ to: pg.address, data: '0x20965255' }, 'latest']));
    expect(await call(pg.address, { method: 'getValue', params: [] })).toMatchObject({ status: 200, body: { success: true, result: onChain.toString(), signature: 'getValue()' } });
    expect((await call(pg.address, { method: 'add', params: ['2', 3] })).body.result).toBe('5');
    expect((await call(pg.address, { method: 'add(uint256,uint256)', params: [40, 2] })).body.result).toBe('42');
    expect((await call(pg.address, { method: 'multiply', params: [-4, '5'] })).body.result).toBe('-20');
    expect((await call(pg.address, { method: 'echo', params: ['<b>hi</b>'] })).body.result).toBe('<b>hi</b>');
    for (const items of ['[1,2,3]', [1, 2, 3]]) {
      const sum = await call(pg.address, { method: 'sum', params: [items] });
      expect(sum.body.result).toEqual({ total: '6', count: '3' });
      expect(sum.body.outputs).toEqual([
        { name: 'total', type: 'uint256', value: '6' },
        { name: 'count', type: 'uint256', value: '3' },
      ]);
    }
    const infoCall = await call(pg.address, { method: 'getInfo', params: [] });
    expect(infoCall.body.result).toMatchObject({ value: onChain.toString() });
    expect(Object.keys(infoCall.body.result as object)).toEqual(['owner', 'value', 'message', 'balance']);
  });

  it.each([
    ['Error(string)', { method: 'fail', params: [] }, 'error', 'Execution reverted: Playground: this call always reverts'],
    ['a custom error with its arguments', { method: 'withdraw', params: ['1000'] }, 'custom', 'Execution reverted: InsufficientDeposit(requested: "1000", available: "0")'],
    ['a custom error naming the caller', { method: 'setPaused', params: [true] }, 'custom', 'Execution reverted: Unauthorized(caller: "0x0000000000000000000000000000000000000000")'],
  ])('a reverting read answers its decoded reason: %s', async (_name, body, kind, error) => {
    const answer = await call(info.playground.address, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, error, revert: { kind } });
  });

  it.each([
    ['no function', { method: '', params: [] }, 'Function name is missing'],
    ['an unknown function', { method: 'nope', params: [] }, "Function nope is not in the contract's ABI"],
    ['too few arguments', { method: 'add', params: ['1'] }, 'add takes 2 argument(s), 1 given'],
    ['a malformed address', { method: 'depositOf', params: ['0x1234'] }, 'Invalid arguments for depositOf(address): invalid address'],
    ['malformed bytes', { method: 'hashOf', params: ['0xzz'] }, 'Invalid arguments for hashOf(bytes): invalid BytesLike value'],
    ['params that are not a list', { method: 'add', params: 'x' }, 'params must be an array of the arguments in order'],
    ['a fractional value', { method: 'getValue', params: [], value: '0.5' }, 'value must be a whole number of wei'],
    ['a bad block tag', { method: 'getValue', params: [], blockTag: 'yesterday' }, 'blockTag must be a block number or latest'],
  ])('bad input is a 400 with a clear message: %s', async (_name, body, message) => {
    const answer = await call(info.playground.address, body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toContain(message);
  });

  it('reads at an earlier block when asked: the value the constructor set', async () => {
    const created = info.contracts.find((c) => c.address.toLowerCase() === info.playground.address.toLowerCase());
    if (!created) throw new Error('the Playground has no creation record');
    // The constructor's first argument (0x2a) is the initial value.
    const initial = BigInt(`0x${info.playground.constructorArgs.slice(2, 66)}`).toString();
    const atCreation = await call(info.playground.address, { method: 'getValue', params: [], blockTag: created.blockNumber });
    expect(atCreation).toMatchObject({ status: 200, body: { success: true, result: initial } });
  });
});

describe('GET /contracts/{a}/events of a verified contract', () => {
  it("decodes the contract's own events with its ABI and finds them by name", async () => {
    interface EventRow { event: string | null; signature: string | null; args: Record<string, unknown> | null }
    const all = (await (await fetch(`${indexer.url}/contracts/${info.playground.address}/events?limit=100`)).json()) as EventRow[];
    expect(all.length).toBeGreaterThan(0);
    // Every Playground log is one of its own events, so every one decodes.
    expect(all.filter((e) => e.event === null)).toEqual([]);
    const changed = (await (await fetch(`${indexer.url}/contracts/${info.playground.address}/events?eventName=ValueChanged`)).json()) as EventRow[];
    expect(changed.length).toBeGreaterThan(0);
    for (const e of changed) {
      expect(e.signature).toBe('ValueChanged(address,uint256,uint256)');
      expect(Object.keys(e.args ?? {})).toEqual(['by', 'oldValue', 'newValue']);
      expect(e.args?.['newValue']).toMatch(/^\d+$/);
    }
  });
});

describe('GET /transactions/{hash}/revert-reason', () => {
  interface Reason { reverted: boolean; kind: string | null; reason: string | null }
  const reasonOf = async (hash: string): Promise<{ status: number; body: Reason }> => {
    const res = await fetch(`${indexer.url}/transactions/${hash}/revert-reason`);
    return { status: res.status, body: (await res.json()) as Reason };
  };

  it('a failed transaction: its Error(string) message, the same when asked again (stored)', async () => {
    const first = await reasonOf(info.samples.reverted);
    expect(first).toMatchObject({ status: 200, body: { reverted: true, kind: 'error', reason: 'Playground: this call always reverts' } });
    expect(await reasonOf(info.samples.reverted)).toEqual(first);
  });

  it("a custom error of the verified Playground, decoded with its ABI", async () => {
    const answer = await reasonOf(info.samples.revertedCustomError);
    expect(answer.body).toMatchObject({ reverted: true, kind: 'custom' });
    expect(answer.body.reason).toMatch(/^InsufficientDeposit\(requested: "1000000000000000000", available: "\d+"\)$/);
  });

  it('a successful transaction did not revert; a malformed hash is 400, an unknown one 404', async () => {
    expect((await reasonOf(info.samples.playgroundCall)).body).toEqual({ hash: expect.any(String) as string, reverted: false, kind: null, reason: null, data: null });
    expect((await reasonOf('0x1234')).status).toBe(400);
    expect((await reasonOf(`0x${'ab'.repeat(32)}`)).status).toBe(404);
  });
});

describe('GET /transactions/{hash}/internal-calls', () => {
  const FACTORY = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Child { uint256 public x; constructor(uint256 v) payable { x = v; } }
contract Factory {
  function make(address target) external payable returns (address c) {
    c = address(new Child{value: msg.value / 2}(7));
    (bool ok, ) = target.call(abi.encodeWithSignature("getValue()"));
    require(ok, "target failed");
  }
}`;

  interface Call { depth: number; type: string; from: string; to: string | null; value: string; selector: string | null; error: string | null }

  it('a call that creates a contract and calls another: the call tree, and the created contract gets its creator', async () => {
    const { createRequire } = await import('node:module');
    const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
    const out = JSON.parse(
      solc.compile(JSON.stringify({ language: 'Solidity', sources: { 'F.sol': { content: FACTORY } }, settings: { evmVersion: 'prague', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } } })),
    ) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>> };
    const rpc = new RpcClient(anvil.url);
    const from = info.accounts[6] ?? '';
    const receiptOf = (hash: string) => rpc.call<{ status: string; contractAddress: string | null; blockNumber: string } | null>('eth_getTransactionReceipt', [hash]);
    const sendAndWait = async (tx: Record<string, string>) => {
      const hash = await rpc.call<string>('eth_sendTransaction', [{ from, gasPrice: '0x0', ...tx }]);
      for (let i = 0; i < 100; i++) {
        const receipt = await receiptOf(hash);
        if (receipt) return { hash, receipt };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no receipt');
    };
    const deployed = await sendAndWait({ data: `0x${out.contracts['F.sol']?.['Factory']?.evm.bytecode.object ?? ''}` });
    const factory = (deployed.receipt.contractAddress ?? '').toLowerCase();
    // make(address) with 2 wei: half goes to the child.
    const data = `0x1060930d${info.playground.address.slice(2).toLowerCase().padStart(64, '0')}`;
    const made = await sendAndWait({ to: factory, data, value: '0x2', gas: '0x100000' });
    expect(made.receipt.status).toBe('0x1');
    // The indexer has the transaction once its head reaches the block.
    const block = Number(made.receipt.blockNumber);
    for (let i = 0; i < 100 && ((await (await fetch(`${indexer.url}/health`)).json()) as { lastBlock: number }).lastBlock < block; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const res = await fetch(`${indexer.url}/transactions/${made.hash}/internal-calls`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { available: boolean; calls: Call[] };
    expect(body.available).toBe(true);
    // Addresses come checksummed, as everywhere in this API: compared lowercased.
    const [top, create, call] = body.calls.map((c) => ({ ...c, from: c.from.toLowerCase(), to: c.to?.toLowerCase() ?? null }));
    expect(body.calls).toHaveLength(3);
    expect(top).toMatchObject({ depth: 0, type: 'CALL', from: from.toLowerCase(), to: factory, value: '2', selector: '0x1060930d', error: null });
    expect(create).toMatchObject({ depth: 1, type: 'CREATE', from: factory, value: '1', selector: null, error: null });
    expect(call).toMatchObject({ depth: 1, type: 'CALL', from: factory, to: info.playground.address.toLowerCase(), value: '0', selector: '0x20965255' });
    // The child, created by a contract, now has its creator and creation transaction.
    const child = await fetch(`${indexer.url}/contracts/${create?.to ?? ''}`);
    expect(child.status).toBe(200);
    const created = (await child.json()) as { creatorAddress: string; transactionHash: string };
    expect(created.creatorAddress.toLowerCase()).toBe(factory);
    expect(created.transactionHash).toBe(made.hash);
  });
});

describe('proxies: detection and calls through the implementation ABI', () => {
  const PROXY_1967 = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Proxy1967 {
  constructor(address impl) { assembly { sstore(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc, impl) } }
  fallback() external payable {
    assembly {
      let impl := sload(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc)
      calldatacopy(0, 0, calldatasize())
      let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
      returndatacopy(0, 0, returndatasize())
      switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
    }
  }
}`;

  async function deployRaw(data: string): Promise<string> {
    const rpc = new RpcClient(anvil.url);
    const hash = await rpc.call<string>('eth_sendTransaction', [{ from: info.accounts[7], data, gasPrice: '0x0' }]);
    for (let i = 0; i < 100; i++) {
      const receipt = await rpc.call<{ contractAddress: string | null } | null>('eth_getTransactionReceipt', [hash]);
      if (receipt?.contractAddress) return receipt.contractAddress.toLowerCase();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no deployment');
  }

  interface ProxyAnswer { isProxy: boolean; kind: string | null; implementation: string | null; implementationVerified: boolean }
  const proxyOf = async (address: string) => (await (await fetch(`${indexer.url}/contracts/${address}/proxy`)).json()) as ProxyAnswer;

  it('an EIP-1167 clone and an EIP-1967 proxy of the verified Playground read through its ABI on their own storage', async () => {
    const impl = info.playground.address.toLowerCase();
    const clone = await deployRaw(`0x3d602d80600a3d3981f3363d3d373d3d3d363d73${impl.slice(2)}5af43d82803e903d91602b57fd5bf3`);
    const { createRequire } = await import('node:module');
    const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
    const out = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources: { 'P.sol': { content: PROXY_1967 } }, settings: { evmVersion: 'prague', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } } }))) as {
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
    };
    const proxy = await deployRaw(`0x${out.contracts['P.sol']?.['Proxy1967']?.evm.bytecode.object ?? ''}${impl.slice(2).padStart(64, '0')}`);

    const normal = (a: ProxyAnswer) => ({ ...a, implementation: a.implementation?.toLowerCase() ?? null });
    expect(normal(await proxyOf(clone))).toMatchObject({ isProxy: true, kind: 'eip1167', implementation: impl, implementationVerified: true });
    expect(normal(await proxyOf(proxy))).toMatchObject({ isProxy: true, kind: 'eip1967', implementation: impl, implementationVerified: true });
    expect(await proxyOf(impl)).toMatchObject({ isProxy: false, kind: null });

    for (const address of [clone, proxy]) {
      // Not verified itself: a plain call is refused, a call as proxy uses the implementation's ABI on the proxy's storage.
      expect((await call(address, { method: 'getValue', params: [] })).body).toEqual({ success: false, error: 'Contract is not verified' });
      const asProxy = await call(address, { method: 'getValue', params: [], asProxy: true });
      expect(asProxy).toMatchObject({ status: 200, body: { success: true, result: '0' } });
      expect((await call(address, { method: 'add', params: [20, 22], asProxy: true })).body.result).toBe('42');
    }
    expect(await call(impl, { method: 'getValue', params: [], asProxy: true })).toMatchObject({ status: 400, body: { error: 'This contract is not a proxy' } });
  });
});

describe('internal calls from a node without tracing', () => {
  it("answers 'not available from this node' (200), not an error, when the node refuses debug_traceTransaction", async () => {
    const { createServer } = await import('node:http');
    // A real node in front of the same anvil that, like many public RPC providers, has no debug namespace: debug_* and
    // trace_* are refused with -32601, everything else is forwarded as it is.
    const refused = (m: unknown): boolean => typeof m === 'string' && /^(debug|trace)_/.test(m);
    const node = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown; method: unknown } | { id: unknown; method: unknown }[];
        const one = (r: { id: unknown; method: unknown }) => ({ jsonrpc: '2.0', id: r.id, error: { code: -32601, message: `the method ${String(r.method)} does not exist/is not available` } });
        const list = Array.isArray(body) ? body : [body];
        let answer: unknown;
        if (list.every((r) => refused(r.method))) answer = Array.isArray(body) ? list.map(one) : one(list[0]!);
        else answer = await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      })());
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', () => resolve()));
    const port = (node.address() as { port: number }).port;
    const plain = await startIndexer({ rpcUrl: `http://127.0.0.1:${port}`, ...(await scratchStorage()), port: 0, log: () => {}, metadata: false, verify: { download: false } });
    try {
      await plain.caughtUp();
      const res = await fetch(`${plain.url}/transactions/${info.samples.playgroundCall}/internal-calls`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ available: false, message: 'Internal calls are not available from this node', calls: [] });
      // The indexer with a tracing node answers the same transaction.
      const traced = (await (await fetch(`${indexer.url}/transactions/${info.samples.playgroundCall}/internal-calls`)).json()) as { available: boolean };
      expect(traced.available).toBe(true);
    } finally {
      await plain.stop();
      await new Promise<void>((resolve) => node.close(() => resolve()));
    }
  }, 120_000);
});

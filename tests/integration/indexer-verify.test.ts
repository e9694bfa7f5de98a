import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AbiCoder, getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { compileContracts, type Artifact } from '../../devnet/compile.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import type { ContractRef } from '../../devnet/types.ts';
import { deployedContracts, devnetCompilerVersion, devnetStandardJsonInput } from '../../devnet/verification.ts';
import { startIndexer, type Indexer, type VerifyOptions } from '../../indexer/src/main.ts';
import { BACKEND, freshStorage, type Storage } from './backend.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';
import { countOf, waitFor } from '../indexer-testing/verify.ts';

// Contract verification end to end: a real anvil with the devnet scenario, the real indexer (in this process) and
// the real solc-js compilers behind POST /contracts/verify. Compiling the devnet's standard JSON input takes a few
// seconds on a small machine, so the cases are ordered to compile as little as they can, and the ones that need
// an unverified contract (similar match, partial match, rejections) run before the one that verifies everything.
//
// The file runs on both backends (projects `integration` and `integration-postgres`), but only what it stores
// depends on the backend: a verification is compiled and compared with the chain before the store is touched, and
// the store sees one upsert of the verified row (and of the code hash) per success, whatever was compiled. So the
// cases that write, read back, replace, match through identical code, keep across a restart or drop in a reorg run
// on both (`storage`); the ones that only compile, reject before storing or read the compiler list run on SQLite
// alone (`compiling`), where they cost the same and say the same.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

const SOLC_LONG = 'v0.8.30+commit.73712a01';
const BUNDLED = [
  'v0.8.37+commit.f401782d',
  'v0.8.30+commit.73712a01',
  'v0.8.20+commit.a1b79de6',
  'v0.7.6+commit.7338295f',
  'v0.6.12+commit.27d51765',
  'v0.5.17+commit.d19bba13',
  'v0.4.26+commit.4563c3fc',
].map((version) => ({ version, offline: true, origin: 'bundled' }));
const OFFLINE_SUMMARY = '0.8.37, 0.8.30, 0.8.20, 0.7.6, 0.6.12, 0.5.17, 0.4.26';

/** Cases that exercise the store: both backends. */
const storage = describe;
/**
 * Cases that only compile, reject before storing, or read the compilers: nothing in them reaches the store, so they
 * belong to the SQLite project only (the PostgreSQL project does not register them: it has nothing to skip).
 */
function compiling(name: string, cases: () => void): void {
  if (BACKEND === 'sqlite') describe(name, cases);
}

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let artifacts: Record<string, Artifact>;
const dirs: string[] = [];

/** The main indexer's data directory (kept across the restart). */
let dataDir: string;
const storages = new Map<string, Storage>();
/** The standalone Playground source, as a developer would paste it. */
let playgroundSource: string;
/** Playground instances: the scenario's main one and three deployed later, all with the same runtime code. */
let P0: string;
let SIMILAR: string;
let PARTIAL: string;
let REJECTED: string;
/** Addresses verified with a full match before the "every contract" case runs. */
const fullyVerified = new Set<string>();

// ---- response shapes, as the assertions read them ----

interface VerifyReply {
  success: boolean;
  message?: string;
  error?: string;
  reason?: string;
  matchType?: string;
  alreadyVerified?: boolean;
  address?: string;
  contractName?: string;
  contractPath?: string;
  compilerVersion?: string;
  constructorArguments?: string;
  abi?: unknown[];
  logs?: string[];
}

interface VerifiedFlag {
  verified: boolean;
  matchType?: string;
  similarTo?: string | null;
}

interface VerificationDetail {
  address: string;
  verified: boolean;
  matchType: string;
  similarTo: string | null;
  contractName: string;
  contractPath: string;
  compilerVersion: string;
  optimizationUsed: boolean;
  runs: number;
  evmVersion: string;
  license: string;
  constructorArguments: string;
  libraries: Record<string, string>;
  isMultiFile: boolean;
  sourceFiles: Record<string, string>;
  sourceCode: string;
  inputFormat: string;
  abi: unknown[];
}

interface SourceReply {
  address: string;
  sourceCode: string;
  sourceFiles: Record<string, string>;
  contractName: string;
  mainFile: string;
}

interface CompilerList {
  compilers: { version: string; offline: boolean; origin: string }[];
  releaseList: string;
  reason: string | null;
  evmVersions: string[];
}

interface Receipt {
  status: string;
  contractAddress: string | null;
  blockNumber: string;
}

// ---- helpers ----

async function start(dir: string, verify: VerifyOptions = { download: false }): Promise<Indexer> {
  // One database per data folder, so a restart on the same folder finds its data on either backend.
  let storage = storages.get(dir);
  if (storage === undefined) {
    storage = await freshStorage(dir);
    storages.set(dir, storage);
  }
  return startIndexer({ rpcUrl: anvil.url, ...storage, port: 0, pollMs: 100, log: () => {}, progress: false, metadata: false, verify });
}

async function getJson<T>(path: string, base = indexer.url): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path);
  return { status: res.status, body: (await res.json()) as T };
}

async function ok<T>(path: string, base = indexer.url): Promise<T> {
  const r = await getJson<T>(path, base);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}

async function postVerify(body: unknown, base = indexer.url): Promise<{ status: number; body: VerifyReply }> {
  const res = await fetch(`${base}/contracts/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as VerifyReply };
}

/** Expects a 200 with a success of the given match type. */
async function expectVerified(body: unknown, matchType: 'full' | 'partial'): Promise<VerifyReply> {
  const r = await postVerify(body);
  expect(r.status, `${r.body.error ?? ''} ${JSON.stringify(r.body.logs ?? [])}`).toBe(200);
  expect(r.body).toMatchObject({ success: true, matchType });
  return r.body;
}

/** Expects a 400 verification failure with exactly this reason; answers the body. */
async function expectRejected(body: unknown, reason: string): Promise<VerifyReply> {
  const r = await postVerify(body);
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(400);
  expect(r.body).toMatchObject({ success: false, reason, error: `Verification failed: ${reason}` });
  return r.body;
}

/** Expects a 400 request error (validation, compiler availability) with exactly this text. */
async function expectInvalid(body: unknown, error: string): Promise<void> {
  const r = await postVerify(body);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
  expect(r.body).toEqual({ error });
}

function verifiedFlag(address: string): Promise<VerifiedFlag> {
  return ok<VerifiedFlag>(`/contracts/${address}/verified`);
}

/** Rows the indexer stored for an address (its own verification, not a similar match). */
async function storedRows(address: string): Promise<number> {
  return countOf(indexer.store, 'SELECT count(*) AS n FROM verified_contracts WHERE address = ?', address.toLowerCase());
}

/** The spec's request shape for the standalone Playground, with changes. */
function playgroundRequest(address: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address,
    sourceCode: playgroundSource,
    compilerVersion: '0.8.30',
    contractName: 'Playground',
    optimizationUsed: true,
    runs: 200,
    evmVersion: 'prague',
    ...change,
  };
}

/** A standard JSON request for a devnet contract ('Unit.sol:Name'), as an object or as Etherscan's JSON text. */
function standardRequest(address: string, contractName: string, style: 'object' | 'text' = 'object'): Record<string, unknown> {
  const input = devnetStandardJsonInput();
  return {
    address,
    compilerVersion: devnetCompilerVersion(),
    contractName,
    ...(style === 'object' ? { standardJsonInput: input } : { sourceCode: JSON.stringify(input) }),
  };
}

/** The constructor arguments of a devnet deployment: its creation input after the artifact's bytecode (hex, no 0x). */
async function creationTail(c: Pick<ContractRef, 'contract' | 'txHash'>): Promise<string> {
  const tx = await rpc.call<{ input: string }>('eth_getTransactionByHash', [c.txHash]);
  const code = artifacts[c.contract]?.bytecode.toLowerCase() ?? '';
  const input = tx.input.toLowerCase();
  expect(code.length).toBeGreaterThan(2);
  expect(input.startsWith(code)).toBe(true);
  return input.slice(code.length);
}

function contractRef(address: string): ContractRef {
  const ref = info.contracts.find((c) => c.address.toLowerCase() === address.toLowerCase());
  if (!ref) throw new Error(`no scenario contract at ${address}`);
  return ref;
}

/** Sends a transaction from an unlocked dev account and waits for its successful receipt. */
async function send(tx: Record<string, string>): Promise<Receipt> {
  const hash = await rpc.call<string>('eth_sendTransaction', [{ gasPrice: '0x0', ...tx }]);
  const receipt = await waitFor(() => rpc.call<Receipt | null>('eth_getTransactionReceipt', [hash]), 10_000, 'a receipt');
  expect(receipt.status).toBe('0x1');
  return receipt;
}

async function deploy(from: string, data: string): Promise<{ address: string; blockNumber: number }> {
  const receipt = await send({ from, data });
  expect(receipt.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return { address: getAddress(receipt.contractAddress as string), blockNumber: Number(receipt.blockNumber) };
}

/** Waits until the indexer's head is the chain's head (number and hash). */
async function indexedHead(): Promise<void> {
  const head = await rpc.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
  await waitFor(
    async () => {
      const row = await indexer.store.one<{ number: number; hash: string }>('SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1');
      return row?.number === Number(head.number) && row.hash === head.hash.toLowerCase();
    },
    20_000,
    `the indexer to reach block ${Number(head.number)}`,
  );
}

/** Waits until the indexer knows a contract (GET /contracts/{a} answers 200). */
async function indexedContract(address: string): Promise<void> {
  await waitFor(async () => (await fetch(`${indexer.url}/contracts/${address}`)).status === 200, 20_000, `the indexer to know ${address}`);
}

/** Token.sol and every file it imports, transitively, from the devnet's standard JSON input. */
function tokenSourceFiles(): Record<string, string> {
  const all = devnetStandardJsonInput().sources;
  const files: Record<string, string> = {};
  const queue = ['Token.sol'];
  while (queue.length > 0) {
    const unit = queue.pop() as string;
    if (unit in files) continue;
    const content = all[unit]?.content;
    if (content === undefined) throw new Error(`${unit} is not in the devnet's standard JSON input`);
    files[unit] = content;
    for (const m of content.matchAll(/\bimport\s+(?:[^'";]*?\bfrom\s+)?["']([^"']+)["']/g)) {
      const path = m[1] as string;
      queue.push(path.startsWith('.') ? posix.normalize(posix.join(posix.dirname(unit), path)) : path);
    }
  }
  return files;
}

beforeAll(async () => {
  anvil = await startAnvil();
  // Scale 1: the scenario's live-like history also deploys a few more Playground instances and community tokens.
  info = await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  artifacts = compileContracts();
  playgroundSource = readFileSync(join(ROOT, info.playground.sourcePath), 'utf8');
  const playgrounds = info.contracts.filter((c) => c.contract === 'Playground').map((c) => getAddress(c.address));
  expect(playgrounds.length).toBeGreaterThanOrEqual(4);
  [P0, SIMILAR, PARTIAL, REJECTED] = playgrounds as [string, string, string, string];
  expect(P0).toBe(getAddress(info.playground.address));
  dataDir = mkdtempSync(join(tmpdir(), 'indexer-verify-'));
  dirs.push(dataDir);
  indexer = await start(dataDir);
  await indexer.caughtUp();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

compiling('POST /contracts/verify: request validation', () => {
  it('names the missing field, as the spec words it, before compiling anything', async () => {
    const { address, ...noAddress } = playgroundRequest(REJECTED);
    expect(address).toBe(REJECTED);
    await expectInvalid(noAddress, 'Contract address is required');
    await expectInvalid(playgroundRequest(REJECTED, { contractName: '' }), 'Contract name is required');
    await expectInvalid(playgroundRequest(REJECTED, { contractName: undefined }), 'Contract name is required');
    await expectInvalid(playgroundRequest(REJECTED, { sourceCode: '' }), 'Source code is required');
    await expectInvalid(playgroundRequest(REJECTED, { sourceCode: undefined }), 'Source code is required');
    await expectInvalid(playgroundRequest(REJECTED, { compilerVersion: '' }), 'Compiler version is required');
    await expectInvalid(playgroundRequest(REJECTED, { compilerVersion: undefined }), 'Compiler version is required');
    await expectInvalid(playgroundRequest('0x1234'), 'Contract address is missing or invalid');
  });

  it('accepts runs from 1 to 10000 only', async () => {
    for (const runs of [0, 10001, -5, 1.5]) {
      await expectInvalid(playgroundRequest(REJECTED, { runs }), 'Optimization runs must be a whole number from 1 to 10000');
    }
    // The bounds themselves pass validation and reach the compiler (whose runs then do not match the chain's).
    for (const runs of [1, 10000]) await expectRejected(playgroundRequest(REJECTED, { runs }), 'matches with optimizer enabled and runs 200');
    expect(await storedRows(REJECTED)).toBe(0);
  }, 60_000);
});

compiling('POST /contracts/verify: rejections say why', () => {
  it('finds the optimizer, runs, EVM version, constructor arguments and compiler that were really used', async () => {
    await expectRejected(playgroundRequest(REJECTED, { optimizationUsed: false }), 'matches with optimizer enabled and runs 200');
    await expectRejected(playgroundRequest(REJECTED, { runs: 1000 }), 'matches with optimizer enabled and runs 200');
    await expectRejected(playgroundRequest(REJECTED, { evmVersion: 'london' }), "matches with EVM version prague (the compiler's default)");
    const args = await creationTail(contractRef(REJECTED));
    expect(args.length).toBeGreaterThan(0);
    await expectRejected(
      playgroundRequest(REJECTED, { constructorArguments: `0x${'00'.repeat(31)}01` }),
      `constructor arguments differ from the creation transaction (expected 0x${args})`,
    );
    await expectRejected(playgroundRequest(REJECTED, { compilerVersion: '0.8.20' }), 'the deployed code was compiled with solc 0.8.30, not 0.8.20');
    const unrelated = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Playground {\n    uint256 public x;\n}\n';
    const other = await postVerify(playgroundRequest(REJECTED, { sourceCode: unrelated }));
    expect(other.status).toBe(400);
    expect(other.body.success).toBe(false);
    expect(other.body.reason).toMatch(/^no variant matched/);
    expect(other.body.error).toBe(`Verification failed: ${other.body.reason ?? ''}`);
    // Nothing was stored, and nothing verifies the instance through a twin either.
    expect(await storedRows(REJECTED)).toBe(0);
    expect(await verifiedFlag(REJECTED)).toEqual({ verified: false });
  }, 120_000);

  it('names the contract of the same sources that does match', async () => {
    const token = info.tokens[0]?.address as string;
    await expectRejected(standardRequest(token, 'GameItems.sol:GameItems'), 'contract name GameItems compiles to different code; Token matches');
    await expectRejected(standardRequest(token, 'GameItems'), 'contract name GameItems compiles to different code; Token matches');
    expect(await storedRows(token)).toBe(0);
    expect(await verifiedFlag(token)).toEqual({ verified: false });
  }, 60_000);
});

compiling('compilers that are not here', () => {
  it('answers 400 naming the version and the bundled ones when downloads are off', async () => {
    await expectInvalid(
      playgroundRequest(REJECTED, { compilerVersion: '0.8.21' }),
      `Compiler version 0.8.21 is not available offline and could not be downloaded: downloads are turned off (SOLC_DOWNLOAD=0). Versions available offline: ${OFFLINE_SUMMARY}.`,
    );
    const list = await ok<CompilerList>('/contracts/compilers');
    expect(list.compilers).toEqual(BUNDLED);
    expect(list.releaseList).toBe('unavailable');
    expect(list.reason).toBe('downloads are turned off (SOLC_DOWNLOAD=0)');
    expect(list.evmVersions).toContain('prague');
    expect(existsSync(join(dataDir, 'compilers'))).toBe(false);
  });
});

storage('single-file Playground: full, similar and partial matches', () => {
  it('verifies the standalone source with a full match and stores what was submitted', async () => {
    const [c0, c1, c2] = await Promise.all([P0, SIMILAR, PARTIAL].map((a) => rpc.call<string>('eth_getCode', [a, 'latest'])));
    // No immutables in Playground: every instance has the same deployed code.
    expect(c0?.length).toBeGreaterThan(2);
    expect(c1).toBe(c0);
    expect(c2).toBe(c0);
    expect(await verifiedFlag(SIMILAR)).toEqual({ verified: false });
    // The address summary (cached until the next block) says so too, and must not keep saying it after verifying.
    expect((await ok<{ verified: boolean | null }>(`/address/${P0}`)).verified).toBe(false);

    const reply = await expectVerified(playgroundRequest(P0), 'full');
    expect((await ok<{ verified: boolean | null }>(`/address/${P0}`)).verified).toBe(true);
    const args = info.playground.constructorArgs.slice(2).toLowerCase();
    expect(reply).toMatchObject({
      message: 'Contract verified successfully (full match)',
      alreadyVerified: false,
      contractName: 'Playground',
      contractPath: 'Playground.sol',
      compilerVersion: SOLC_LONG,
      constructorArguments: args,
    });
    fullyVerified.add(P0);
    expect(await verifiedFlag(P0)).toEqual({ verified: true, matchType: 'full', similarTo: null });
    const v = await ok<VerificationDetail>(`/contracts/${P0}/verification`);
    expect(v).toMatchObject({
      address: P0,
      verified: true,
      matchType: 'full',
      similarTo: null,
      contractName: 'Playground',
      contractPath: 'Playground.sol',
      compilerVersion: SOLC_LONG,
      optimizationUsed: true,
      runs: 200,
      evmVersion: 'prague',
      license: 'MIT',
      constructorArguments: args,
      isMultiFile: false,
      inputFormat: 'single',
      sourceCode: playgroundSource,
      sourceFiles: { 'Playground.sol': playgroundSource },
    });
    expect(v.abi).toEqual(artifacts['Playground']?.abi);
    expect((await ok<{ abi: unknown[] }>(`/contracts/${P0}/abi`)).abi).toEqual(artifacts['Playground']?.abi);
    expect((await ok<{ verified: boolean }>(`/contracts/${P0}`)).verified).toBe(true);
  }, 30_000);

  it('shows an unverified instance with identical deployed code as a similar match', async () => {
    expect(await storedRows(SIMILAR)).toBe(0);
    expect(await verifiedFlag(SIMILAR)).toEqual({ verified: true, matchType: 'similar', similarTo: P0 });
    expect((await ok<{ verified: boolean | null }>(`/address/${SIMILAR}`)).verified).toBe(true);
    const v = await ok<VerificationDetail>(`/contracts/${SIMILAR}/verification`);
    expect(v).toMatchObject({ address: SIMILAR, verified: true, matchType: 'similar', similarTo: P0, contractName: 'Playground' });
    expect((await ok<{ abi: unknown[] }>(`/contracts/${SIMILAR}/abi`)).abi).toEqual(artifacts['Playground']?.abi);
    expect((await ok<{ verified: boolean }>(`/contracts/${SIMILAR}`)).verified).toBe(true);
  });

  it('puts the verified ABI in the signature database and decodes calls with it, parameter names included', async () => {
    const rows = await indexer.store.all<{ source: string; fragment: string | null }>(
      "SELECT source, fragment FROM signatures WHERE kind = 'function' AND signature = 'setValue(uint256)'",
    );
    expect(rows).toEqual([{ source: 'verified', fragment: 'function setValue(uint256 newValue)' }]);
    const d = await ok<{ decoded: { functionName: string; source: string; params: { name: string }[] } | null; candidates: unknown[] }>(
      `/transactions/${info.samples.playgroundCall}/decoded`,
    );
    expect(d.decoded).toMatchObject({ functionName: 'setValue', source: 'verified', params: [{ name: 'newValue' }] });
    expect(d.candidates).toHaveLength(1);
  });

  it('gives a partial match when only the metadata differs, and never lets a partial replace a full one', async () => {
    const changed = playgroundSource.replace('// ---- pure ----', '// ---- pure functions (comment changed) ----');
    expect(changed).not.toBe(playgroundSource);

    const partial = await expectVerified(playgroundRequest(PARTIAL, { sourceCode: changed }), 'partial');
    expect(partial).toMatchObject({ message: 'Contract verified successfully (partial match)', alreadyVerified: false });
    expect(await verifiedFlag(PARTIAL)).toEqual({ verified: true, matchType: 'partial', similarTo: null });
    expect(await ok<SourceReply>(`/contracts/${PARTIAL}/source`)).toMatchObject({ sourceCode: changed, contractName: 'Playground', mainFile: 'Playground.sol' });
    expect(await ok<VerificationDetail>(`/contracts/${PARTIAL}/verification`)).toMatchObject({
      matchType: 'partial',
      constructorArguments: await creationTail(contractRef(PARTIAL)),
    });

    const kept = await expectVerified(playgroundRequest(P0, { sourceCode: changed }), 'full');
    expect(kept).toMatchObject({ message: 'Contract is already verified (full match)', alreadyVerified: true });
    expect(await verifiedFlag(P0)).toEqual({ verified: true, matchType: 'full', similarTo: null });
    expect((await ok<SourceReply>(`/contracts/${P0}/source`)).sourceCode).toBe(playgroundSource);
    // The similar instance still points at the full match.
    expect(await verifiedFlag(SIMILAR)).toEqual({ verified: true, matchType: 'similar', similarTo: P0 });
  }, 30_000);

  it('replaces a partial match with a full one when the exact source comes', async () => {
    const reply = await expectVerified(playgroundRequest(PARTIAL), 'full');
    expect(reply).toMatchObject({ message: 'Contract verified successfully (full match)', alreadyVerified: false });
    fullyVerified.add(PARTIAL);
    // The partial match of the Playground instance was replaced by the full one: one row, the new source in it.
    expect(await storedRows(PARTIAL)).toBe(1);
    expect(await verifiedFlag(PARTIAL)).toEqual({ verified: true, matchType: 'full', similarTo: null });
    expect((await ok<SourceReply>(`/contracts/${PARTIAL}/source`)).sourceCode).toBe(playgroundSource);
    expect(await ok<VerificationDetail>(`/contracts/${PARTIAL}/verification`)).toMatchObject({ matchType: 'full', inputFormat: 'single' });
  }, 30_000);
});

storage('multi-file input', () => {
  it('verifies Token from a map of Token.sol and its OpenZeppelin imports', async () => {
    const token = getAddress(info.tokens[0]?.address as string);
    const files = tokenSourceFiles();
    expect(Object.keys(files).length).toBeGreaterThan(5);
    expect(Object.keys(files).filter((f) => !f.startsWith('@openzeppelin/'))).toEqual(['Token.sol']);
    const reply = await expectVerified(
      { address: token, sourceFiles: files, compilerVersion: '0.8.30', contractName: 'Token', optimizationUsed: true, runs: 200, evmVersion: 'prague' },
      'full',
    );
    expect(reply).toMatchObject({ message: 'Contract verified successfully (full match)', contractPath: 'Token.sol' });
    fullyVerified.add(token);
    const v = await ok<VerificationDetail>(`/contracts/${token}/verification`);
    expect(v).toMatchObject({
      matchType: 'full',
      contractName: 'Token',
      contractPath: 'Token.sol',
      compilerVersion: SOLC_LONG,
      optimizationUsed: true,
      runs: 200,
      evmVersion: 'prague',
      isMultiFile: true,
      inputFormat: 'multi',
      sourceFiles: files,
      constructorArguments: await creationTail(contractRef(token)),
    });
    expect(v.abi).toEqual(artifacts['Token']?.abi);
  }, 60_000);
});

storage('libraries', () => {
  const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

library ScoreMath {
    function weighted(uint256 a, uint256 b) external pure returns (uint256) {
        return a * 3 + b;
    }
}

contract Scoreboard {
    uint256 public total;

    function add(uint256 a, uint256 b) external returns (uint256) {
        total += ScoreMath.weighted(a, b);
        return total;
    }
}
`;

  interface Compiled {
    abi: unknown[];
    evm: { bytecode: { object: string; linkReferences: Record<string, Record<string, unknown>> } };
  }

  it('names a library that is not linked, with the address the chain links, and verifies once it is given', async () => {
    const solc = require('solc') as { compile(input: string): string };
    const linker = require('solc/linker') as { linkBytecode(bytecode: string, libraries: Record<string, string>): string };
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { 'Scoreboard.sol': { content: SOURCE } },
          settings: {
            optimizer: { enabled: true, runs: 200 },
            evmVersion: 'prague',
            outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.bytecode.linkReferences'] } },
          },
        }),
      ),
    ) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, Compiled>> };
    expect((output.errors ?? []).filter((e) => e.severity === 'error')).toEqual([]);
    const lib = output.contracts['Scoreboard.sol']?.['ScoreMath'] as Compiled;
    const board = output.contracts['Scoreboard.sol']?.['Scoreboard'] as Compiled;
    expect(Object.keys(board.evm.bytecode.linkReferences['Scoreboard.sol'] ?? {})).toEqual(['ScoreMath']);

    const from = info.accounts[8] as string;
    const library = await deploy(from, `0x${lib.evm.bytecode.object}`);
    const linked = linker.linkBytecode(board.evm.bytecode.object, { 'Scoreboard.sol:ScoreMath': library.address.toLowerCase() });
    expect(linked).not.toContain('__');
    const scoreboard = await deploy(from, `0x${linked}`);
    await indexedContract(scoreboard.address);

    const request = {
      address: scoreboard.address,
      sourceCode: SOURCE,
      compilerVersion: 'v0.8.30+commit.73712a01',
      contractName: 'Scoreboard',
      optimizationUsed: true,
      runs: 200,
      evmVersion: 'prague',
    };
    await expectRejected(request, `library ScoreMath not linked (the deployed code links it at ${library.address.toLowerCase()})`);
    expect(await verifiedFlag(scoreboard.address)).toEqual({ verified: false });

    const reply = await expectVerified({ ...request, libraries: { ScoreMath: library.address } }, 'full');
    expect(reply).toMatchObject({ contractName: 'Scoreboard', constructorArguments: '' });
    expect(reply.abi).toEqual(board.abi);
    expect(await verifiedFlag(scoreboard.address)).toEqual({ verified: true, matchType: 'full', similarTo: null });
    const v = await ok<VerificationDetail>(`/contracts/${scoreboard.address}/verification`);
    expect(v).toMatchObject({ matchType: 'full', contractName: 'Scoreboard', compilerVersion: SOLC_LONG });
    expect(Object.keys(v.libraries)).toEqual(['ScoreMath']);
    expect(getAddress(v.libraries['ScoreMath'] as string)).toBe(library.address);
  }, 60_000);
});

compiling('responsiveness', () => {
  it('answers GET /blocks/1 while a verification is compiling', async () => {
    const token = getAddress(info.tokens[1]?.address as string);
    const order: string[] = [];
    // An input compiled before would be answered from the compiler pool's recent outputs without compiling: one more
    // source file, which Token does not import (its metadata names only what it imports), makes this one new.
    const request = standardRequest(token, 'Token.sol:Token');
    const input = request['standardJsonInput'] as { sources: Record<string, { content: string }> };
    input.sources['Responsiveness.sol'] = { content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Responsiveness {}\n` };
    const verification = postVerify(request).then((r) => {
      order.push('verify');
      return r;
    });
    for (let i = 0; i < 3; i++) {
      const block = await getJson<{ number: number }>('/blocks/1');
      expect(block.status).toBe(200);
      expect(block.body.number).toBe(1);
      order.push('block');
    }
    const r = await verification;
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.matchType).toBe('full');
    fullyVerified.add(token);
    expect(order).toEqual(['block', 'block', 'block', 'verify']);
  }, 60_000);
});

compiling('every devnet contract', () => {
  it('verifies with the standard JSON input and answers the verification on every read', async () => {
    const input = devnetStandardJsonInput();
    const files = Object.fromEntries(Object.entries(input.sources).map(([path, s]) => [path, s.content]));
    const contracts = deployedContracts(info);
    expect(contracts.length).toBe(info.contracts.length);
    expect(contracts.length).toBeGreaterThanOrEqual(15);
    let etherscanStyle = 0;
    for (const c of contracts) {
      const address = getAddress(c.address);
      // Etherscan's style (the standard JSON as sourceCode text) for the ERC-1155, an object for everything else.
      const style = c.contractName === 'GameItems' ? 'text' : 'object';
      if (style === 'text') etherscanStyle++;
      const before = fullyVerified.has(address);
      const reply = await expectVerified(standardRequest(address, `${c.sourceUnit}:${c.contractName}`, style), 'full');
      expect(reply, address).toMatchObject({
        message: before ? 'Contract is already verified (full match)' : 'Contract verified successfully (full match)',
        alreadyVerified: before,
        contractName: c.contractName,
        contractPath: c.sourceUnit,
        compilerVersion: SOLC_LONG,
      });
      const args = await creationTail(contractRef(address));
      expect(await verifiedFlag(address), address).toEqual({ verified: true, matchType: 'full', similarTo: null });
      expect(await ok(`/contracts/${address}/abi`)).toEqual({ address, abi: artifacts[c.contractName]?.abi });
      expect(await ok<SourceReply>(`/contracts/${address}/source`)).toMatchObject({ address, sourceFiles: files, contractName: c.contractName, mainFile: c.sourceUnit });
      expect(await ok<VerificationDetail>(`/contracts/${address}/verification`), address).toMatchObject({
        address,
        verified: true,
        matchType: 'full',
        contractName: c.contractName,
        contractPath: c.sourceUnit,
        compilerVersion: SOLC_LONG,
        optimizationUsed: true,
        runs: 200,
        evmVersion: 'prague',
        constructorArguments: args,
        inputFormat: 'standard-json',
        isMultiFile: true,
      });
      expect((await ok<{ verified: boolean }>(`/contracts/${address}`)).verified, address).toBe(true);
      fullyVerified.add(address);
    }
    expect(etherscanStyle).toBe(1);
  }, 300_000);
});

compiling('compiler downloads', () => {
  it('lists releases from the configured list, downloads one on first use and keeps it in DATA_DIR/compilers', async () => {
    const FILE = 'soljson-v0.8.19+commit.7dd6d404.js';
    // Any solc-js build serves: only the download and the cache are tested (the chain's code names solc 0.8.30).
    const build = readFileSync(join(ROOT, 'node_modules', 'solc-0.8.20', 'soljson.js'));
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/list.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ releases: { '0.8.19': FILE } }));
      } else if (req.url === `/${FILE}`) {
        res.writeHead(200, { 'content-type': 'application/javascript' });
        res.end(build);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/list.json`;
    const dir = mkdtempSync(join(tmpdir(), 'indexer-verify-remote-'));
    dirs.push(dir);
    const remote = await start(dir, { download: true, listUrl });
    try {
      const listed = await ok<CompilerList>('/contracts/compilers', remote.url);
      expect(listed.compilers).toEqual([...BUNDLED, { version: 'v0.8.19+commit.7dd6d404', offline: false, origin: 'remote' }]);
      expect(listed).toMatchObject({ releaseList: 'available', reason: null });
      expect(seen).toEqual(['/list.json']);

      const r = await postVerify(playgroundRequest(P0, { compilerVersion: '0.8.19' }), remote.url);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      const reason = 'the deployed code was compiled with solc 0.8.30, not 0.8.19';
      expect(r.body).toMatchObject({ success: false, reason, error: `Verification failed: ${reason}` });
      expect(seen).toEqual(['/list.json', `/${FILE}`]);
      const cached = join(dir, 'compilers', FILE);
      expect(existsSync(cached)).toBe(true);
      expect(readFileSync(cached).equals(build)).toBe(true);

      const after = await ok<CompilerList>('/contracts/compilers', remote.url);
      const [b0, b1, b2, ...older] = BUNDLED;
      expect(after.compilers).toEqual([b0, b1, b2, { version: 'v0.8.19+commit.7dd6d404', offline: true, origin: 'cached' }, ...older]);
      // A second use finds the cached build: no new download.
      await postVerify(playgroundRequest(P0, { compilerVersion: 'v0.8.19+commit.7dd6d404' }), remote.url);
      expect(seen.filter((u) => u === `/${FILE}`)).toHaveLength(1);
    } finally {
      await remote.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});

storage('restart and reorganisation', () => {
  it('keeps verifications across a restart on the same data directory', async () => {
    const token = getAddress(info.tokens[0]?.address as string);
    const before = await Promise.all([P0, token].map((a) => ok<VerificationDetail>(`/contracts/${a}/verification`)));
    await indexer.stop();
    indexer = await start(dataDir);
    await indexer.caughtUp();
    const after = await Promise.all([P0, token].map((a) => ok<VerificationDetail>(`/contracts/${a}/verification`)));
    expect(after).toEqual(before);
    expect(await verifiedFlag(P0)).toEqual({ verified: true, matchType: 'full', similarTo: null });
  }, 60_000);

  it('drops the verification of a contract whose creation block a reorg removed, and keeps older ones', async () => {
    const artifact = artifacts['Playground'] as Artifact;
    const args = AbiCoder.defaultAbiCoder().encode(['uint256', 'string'], [7n, 'about to be reorganised away']);
    const fresh = await deploy(info.accounts[9] as string, artifact.bytecode + args.slice(2));
    await rpc.call('anvil_mine', ['0x2']);
    await indexedHead();
    await indexedContract(fresh.address);

    const reply = await expectVerified(playgroundRequest(fresh.address), 'full');
    expect(reply.constructorArguments).toBe(args.slice(2));
    expect(await verifiedFlag(fresh.address)).toEqual({ verified: true, matchType: 'full', similarTo: null });
    expect(await indexer.store.one('SELECT creation_block FROM verified_contracts WHERE address = ?', fresh.address.toLowerCase())).toEqual({
      creation_block: fresh.blockNumber,
    });

    const head = Number(await rpc.call<string>('eth_blockNumber'));
    const depth = head - fresh.blockNumber + 1;
    expect(depth).toBe(3);
    await rpc.call('anvil_reorg', [depth, [[{ from: info.accounts[6], to: info.accounts[7], value: '0x42', gasPrice: '0x0' }, 0]]]);
    expect(await rpc.call<string>('eth_getCode', [fresh.address, 'latest'])).toBe('0x');
    await indexedHead();

    expect(await storedRows(fresh.address)).toBe(0);
    expect(await verifiedFlag(fresh.address)).toEqual({ verified: false });
    expect((await getJson(`/contracts/${fresh.address}/verification`)).status).toBe(404);
    expect((await getJson(`/contracts/${fresh.address}`)).status).toBe(404);
    // Every earlier full match: the Playground instances and the Token on both backends, every devnet contract (the
    // NFT collection among them) where the case that verifies them all ran.
    const older = [...fullyVerified];
    expect(older).toEqual(expect.arrayContaining([P0, PARTIAL, getAddress(info.tokens[0]?.address as string)]));
    if (BACKEND === 'sqlite') expect(older).toContain(getAddress(info.nfts[0]?.address as string));
    for (const address of older) {
      expect(await verifiedFlag(address), address).toEqual({ verified: true, matchType: 'full', similarTo: null });
    }
  }, 60_000);
});

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import querystring from 'node:querystring';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { compileContracts } from '../../devnet/compile.ts';
import { runScenario, type ScenarioInfo } from '../../devnet/scenario.ts';
import { devnetStandardJsonInput } from '../../devnet/verification.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';
import { freshStorage } from './backend.ts';
import { RpcClient } from '../../indexer/src/chain/rpc.ts';

// The indexer's Etherscan-compatible API (/api) against what the verification tools really do:
// 1. the real forge 1.7.1 binary (npm @foundry-rs/forge), fully offline, verifying a devnet Playground;
// 2. the requests hardhat-verify 2.1.3 and 3.1.1 (and forge) send, as captured from the real clients, replayed with
//    fetch, and the answers checked against what those clients read.
// Everything runs against a real anvil with the devnet scenario and a real indexer (compiler downloads off).

let anvil: AnvilHandle;
let info: ScenarioInfo;
let rpc: RpcClient;
let indexer: Indexer;
let dataDir: string;
let forgeHome: string;
let forgeProject: string;

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The solc build forge and Hardhat name ('v' + solc's long version); the devnet compiles with solc-js 0.8.30. */
const LONG_VERSION = 'v0.8.30+commit.73712a01';
const NOT_VERIFIED_ENTRY = {
  SourceCode: '',
  ABI: 'Contract source code not verified',
  ContractName: '',
  CompilerVersion: '',
  OptimizationUsed: '',
  Runs: '',
  ConstructorArguments: '',
  EVMVersion: 'Default',
  Library: '',
  LicenseType: 'Unknown',
  Proxy: '0',
  Implementation: '',
  SwarmSource: '',
};
const PENDING = { status: '0', message: 'NOTOK', result: 'Pending in queue' };

/** The Etherscan envelope; `reason` is the indexer's addition beside a failed job's result. */
interface Envelope<R = unknown> {
  status: string;
  message: string;
  result: R;
  reason?: string;
}

interface SourceEntry {
  SourceCode: string;
  ABI: string;
  ContractName: string;
  CompilerVersion: string;
  OptimizationUsed: string;
  Runs: string;
  ConstructorArguments: string;
  EVMVersion: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Recorded request templates.
//
// Captured by the research mock explorer from the real clients (logs
// custom-nokey.jsonl and use-path.jsonl for forge 1.7.1 `--verifier custom`, hh2-new.jsonl and hh2-poll-fail.jsonl for
// @nomicfoundation/hardhat-verify 2.1.3 (v1-style customChains config), hh3-new.jsonl and hh3-submit-already.jsonl for
// @nomicfoundation/hardhat-verify 3.1.1). Kept as captured: the method, which field travels in the query and which in
// the form body, their order, the address case, the body encoding and the api key / chain id values. Only the
// {placeholders} are filled in: address, source, contract name, compiler version, constructor arguments and GUID.
// ---------------------------------------------------------------------------------------------------------------------

type Fields = readonly (readonly [string, string])[];

interface RecordedRequest {
  method: 'GET' | 'POST';
  query: Fields;
  body?: Fields;
  headers: Record<string, string>;
}

interface RecordedClient {
  name: string;
  /** How the client writes the address: forge lower-cases it, both Hardhats send it EIP-55 checksummed. */
  address: (address: string) => string;
  /** Form body encoding: forge (serde_urlencoded) and Hardhat 2 (URLSearchParams) write spaces as '+', Hardhat 3 (node:querystring) as '%20'. */
  encodeBody: (fields: [string, string][]) => string;
  preCheck: RecordedRequest;
  submit: RecordedRequest;
  poll: RecordedRequest;
}

const FORM = 'application/x-www-form-urlencoded';
const plusEncoded = (fields: [string, string][]): string => new URLSearchParams(fields).toString();
const percentEncoded = (fields: [string, string][]): string => querystring.stringify(Object.fromEntries(fields));

const RECORDED: Record<'forge' | 'hardhat2' | 'hardhat3', RecordedClient> = {
  forge: {
    name: 'forge 1.7.1 --verifier custom',
    address: (a) => a.toLowerCase(),
    encodeBody: plusEncoded,
    // GET /api?module=contract&action=getabi&address=0x5fbd… (no api key with --verifier custom)
    preCheck: {
      method: 'GET',
      query: [
        ['module', 'contract'],
        ['action', 'getabi'],
        ['address', '{address}'],
      ],
      headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
    },
    // POST /api, everything in the body; both constructor-argument spellings, sent when there are arguments.
    submit: {
      method: 'POST',
      query: [],
      body: [
        ['module', 'contract'],
        ['action', 'verifysourcecode'],
        ['contractaddress', '{address}'],
        ['sourceCode', '{sourceCode}'],
        ['codeformat', 'solidity-standard-json-input'],
        ['contractname', '{contractName}'],
        ['compilerversion', '{compilerVersion}'],
        ['constructorArguements', '{constructorArguments}'],
        ['constructorArguments', '{constructorArguments}'],
      ],
      headers: { 'content-type': FORM, accept: '*/*', 'accept-encoding': 'gzip' },
    },
    // forge polls with POST (verify-check and --watch).
    poll: {
      method: 'POST',
      query: [],
      body: [
        ['module', 'contract'],
        ['action', 'checkverifystatus'],
        ['guid', '{guid}'],
      ],
      headers: { 'content-type': FORM, accept: '*/*', 'accept-encoding': 'gzip' },
    },
  },
  hardhat2: {
    name: 'hardhat-verify 2.1.3',
    address: (a) => getAddress(a),
    encodeBody: plusEncoded,
    preCheck: {
      method: 'GET',
      query: [
        ['apikey', 'HH2KEY'],
        ['module', 'contract'],
        ['action', 'getsourcecode'],
        ['address', '{address}'],
      ],
      headers: {},
    },
    // Everything in the body; only the misspelt constructorArguements, always sent (possibly empty).
    submit: {
      method: 'POST',
      query: [],
      body: [
        ['apikey', 'HH2KEY'],
        ['module', 'contract'],
        ['action', 'verifysourcecode'],
        ['contractaddress', '{address}'],
        ['sourceCode', '{sourceCode}'],
        ['codeformat', 'solidity-standard-json-input'],
        ['contractname', '{contractName}'],
        ['compilerversion', '{compilerVersion}'],
        ['constructorArguements', '{constructorArguments}'],
      ],
      headers: { 'content-type': FORM },
    },
    poll: {
      method: 'GET',
      query: [
        ['apikey', 'HH2KEY'],
        ['module', 'contract'],
        ['action', 'checkverifystatus'],
        ['guid', '{guid}'],
      ],
      headers: {},
    },
  },
  hardhat3: {
    name: 'hardhat-verify 3.1.1',
    address: (a) => getAddress(a),
    encodeBody: percentEncoded,
    // The chain id is the captured one: the server ignores it (Hardhat 3 itself refuses the devnet's 31337).
    preCheck: {
      method: 'GET',
      query: [
        ['module', 'contract'],
        ['action', 'getsourcecode'],
        ['chainid', '424242'],
        ['apikey', 'HHKEY'],
        ['address', '{address}'],
      ],
      headers: { 'user-agent': 'Hardhat' },
    },
    // module, action, chainid and apikey in the query, the rest in the body; only constructorArguments, always sent.
    submit: {
      method: 'POST',
      query: [
        ['module', 'contract'],
        ['action', 'verifysourcecode'],
        ['chainid', '424242'],
        ['apikey', 'HHKEY'],
      ],
      body: [
        ['contractaddress', '{address}'],
        ['sourceCode', '{sourceCode}'],
        ['codeformat', 'solidity-standard-json-input'],
        ['contractname', '{contractName}'],
        ['compilerversion', '{compilerVersion}'],
        ['constructorArguments', '{constructorArguments}'],
      ],
      headers: { 'user-agent': 'Hardhat', 'content-type': FORM },
    },
    poll: {
      method: 'GET',
      query: [
        ['module', 'contract'],
        ['action', 'checkverifystatus'],
        ['chainid', '424242'],
        ['apikey', 'HHKEY'],
        ['guid', '{guid}'],
      ],
      headers: { 'user-agent': 'Hardhat' },
    },
  },
};

type ClientName = keyof typeof RECORDED;
const CLIENTS = Object.keys(RECORDED) as ClientName[];

/** What fills a template's placeholders. */
interface Values {
  address?: string;
  sourceCode?: string;
  contractName?: string;
  compilerVersion?: string;
  constructorArguments?: string;
  guid?: string;
}

function fill(client: RecordedClient, fields: Fields, values: Values): [string, string][] {
  return fields.map(([name, template]) => {
    const value = template.replace(/\{(\w+)\}/g, (_m, key: string) => {
      const v = values[key as keyof Values];
      if (v === undefined) throw new Error(`no value for {${key}}`);
      return key === 'address' ? client.address(v) : v;
    });
    return [name, value];
  });
}

/** Sends a recorded request with its placeholders filled; every answer must be HTTP 200 JSON (the clients throw otherwise). */
async function replay<R = unknown>(clientName: ClientName, which: 'preCheck' | 'submit' | 'poll', values: Values): Promise<Envelope<R>> {
  const client = RECORDED[clientName];
  const request = client[which];
  const query = fill(client, request.query, values);
  const url = `${indexer.url}/api${query.length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;
  const body = request.body ? client.encodeBody(fill(client, request.body, values)) : undefined;
  const res = await fetch(url, { method: request.method, headers: request.headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  expect(res.status, `${clientName} ${which}: ${text.slice(0, 200)}`).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(text) as Envelope<R>;
}

/** Polls a job the way the client does until it leaves 'Pending in queue' (bounded); every pending answer is exact. */
async function pollUntilDone(clientName: ClientName, guid: string): Promise<Envelope<string>> {
  for (let attempt = 0; attempt < 1_200; attempt++) {
    const answer = await replay<string>(clientName, 'poll', { guid });
    if (answer.result !== 'Pending in queue') return answer;
    expect(answer).toEqual(PENDING);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${guid} still pending after 1,200 polls`);
}

/** Submits a recorded verification and returns the GUID (the submission must be accepted). */
async function submitAccepted(clientName: ClientName, values: Values): Promise<string> {
  const answer = await replay<string>(clientName, 'submit', values);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: '1', message: 'OK' });
  expect(answer.result).toMatch(/^[0-9A-Za-z]+$/);
  return answer.result;
}

// ---------------------------------------------------------------------------------------------------------------------
// Devnet facts.
// ---------------------------------------------------------------------------------------------------------------------

/** The devnet's standard JSON input as text (every devnet source and what it imports, the devnet's settings). */
const devnetInput = (): string => JSON.stringify(devnetStandardJsonInput());

/** A contract's ABI-encoded constructor arguments (hex without 0x): its creation input after the artifact's bytecode. */
async function constructorArgsOf(address: string): Promise<string> {
  const created = info.contracts.find((c) => c.address.toLowerCase() === address.toLowerCase());
  if (!created) throw new Error(`${address} is not a scenario contract`);
  const tx = await rpc.call<{ input: string }>('eth_getTransactionByHash', [created.txHash]);
  const bytecode = compileContracts()[created.contract]?.bytecode;
  if (!bytecode || !tx.input.startsWith(bytecode)) throw new Error(`${address}: creation input does not start with the ${created.contract} bytecode`);
  return tx.input.slice(bytecode.length);
}

async function apiJson<T>(path: string): Promise<T> {
  const res = await fetch(indexer.url + path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const verifiedState = (address: string): Promise<{ verified: boolean; matchType?: string; similarTo?: string | null }> =>
  apiJson(`/contracts/${address}/verified`);

// ---------------------------------------------------------------------------------------------------------------------
// forge, run for real.
// ---------------------------------------------------------------------------------------------------------------------

/**
 * The platform binary of @foundry-rs/forge. The package's `forge` bin (bin.mjs) spawns this binary but never forwards
 * its exit code (it always exits 0), so the test calls the binary itself.
 */
function forgeBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/forge-${process.platform}-${arch}`;
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', process.platform === 'win32' ? 'forge.exe' : 'forge');
}

interface ForgeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs forge in the temporary project, asynchronously (the indexer answering it lives in this process), with an
 * environment that has no network needs: a temporary HOME, FOUNDRY_OFFLINE, no proxy variables. forge's --watch polls
 * up to 8 times 15 s apart; the run is killed after 170 s.
 */
function forge(args: string[]): Promise<ForgeRun> {
  const env = {
    HOME: forgeHome,
    PATH: '/usr/bin:/bin',
    FOUNDRY_OFFLINE: 'true',
    NO_COLOR: '1',
    RUST_BACKTRACE: '0',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(forgeBinary(), args, { cwd: forgeProject, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `forge verify-contract` of the project's Playground against the indexer, as a developer would run it: with `--watch`
 * forge checks the job at once and, finding it pending (it always is, milliseconds after the submission), waits 15 s
 * (a fixed wait, not `--delay`) before checking again; without it forge submits, prints the GUID and exits.
 */
function forgeVerify(address: string, runs = 200, watch = true): Promise<ForgeRun> {
  return forge([
    'verify-contract',
    address,
    'src/Playground.sol:Playground',
    '--root',
    forgeProject,
    '--verifier',
    'custom',
    '--verifier-url',
    `${indexer.url}/api`,
    '--compiler-version',
    LONG_VERSION.slice(1),
    '--num-of-optimizations',
    String(runs),
    '--evm-version',
    info.playground.evmVersion,
    '--constructor-args',
    info.playground.constructorArgs,
    ...(watch ? ['--watch'] : []),
  ]);
}

/** `forge verify-check` of a submitted job, as a developer runs it after a submission without `--watch`. */
function forgeCheck(guid: string): Promise<ForgeRun> {
  return forge(['verify-check', guid, '--verifier', 'custom', '--verifier-url', `${indexer.url}/api`]);
}

const output = (run: ForgeRun): string => `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;

/** A minimal Foundry project around the devnet's Playground.sol, and a HOME whose svm folder has solc 0.8.30. */
function makeForgeProject(): void {
  forgeProject = mkdtempSync(join(tmpdir(), 'etherscan-forge-project-'));
  mkdirSync(join(forgeProject, 'src'));
  writeFileSync(join(forgeProject, 'src', 'Playground.sol'), readFileSync(join(ROOT, info.playground.sourcePath), 'utf8'));
  writeFileSync(
    join(forgeProject, 'foundry.toml'),
    [
      '[profile.default]',
      "src = 'src'",
      "out = 'out'",
      'libs = []',
      'offline = true',
      `optimizer = ${info.playground.optimizer.enabled}`,
      `optimizer_runs = ${info.playground.optimizer.runs}`,
      `evm_version = '${info.playground.evmVersion}'`,
      '',
    ].join('\n'),
  );
  // forge verify-contract always calls Solc::find_or_install, which only checks that ~/.svm/<v>/solc-<v> is a file
  // (else it downloads solc). Building the standard JSON input does not run solc, so an empty placeholder is enough:
  // verified here, the run below succeeds with it. (Only --flatten, build or create would need a working compiler.)
  forgeHome = mkdtempSync(join(tmpdir(), 'etherscan-forge-home-'));
  const svm = join(forgeHome, '.svm', '0.8.30');
  mkdirSync(svm, { recursive: true });
  writeFileSync(join(svm, 'solc-0.8.30'), '');
  chmodSync(join(svm, 'solc-0.8.30'), 0o644);
}

beforeAll(async () => {
  anvil = await startAnvil();
  info = await runScenario(anvil.url, { scale: 1 });
  rpc = new RpcClient(anvil.url);
  dataDir = mkdtempSync(join(tmpdir(), 'etherscan-api-'));
  indexer = await startIndexer({ rpcUrl: anvil.url, ...(await freshStorage(dataDir)), port: 0, log: () => {}, progress: false, metadata: false, verify: { download: false } });
  await indexer.caughtUp();
  makeForgeProject();
});

afterAll(async () => {
  await indexer?.stop();
  await anvil?.stop();
  for (const dir of [dataDir, forgeHome, forgeProject]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('forge 1.7.1 verify-contract --verifier custom, offline, against the real indexer', () => {
  const guidOf = (run: ForgeRun): string => {
    const m = /GUID: `([^`]+)`/.exec(run.stdout);
    if (!m) throw new Error(`no GUID in forge's output:\n${output(run)}`);
    return m[1] as string;
  };

  // Submitted without --watch and checked with verify-check once the job is done: the other forge case goes through
  // --watch's pending answer and its fixed 15 s wait, which this one need not repeat.
  it('fails a submission that does not match (wrong optimizer runs): forge verify-check exits non-zero, the job says why', { timeout: 180_000 }, async () => {
    const address = info.playground.address;
    expect(await verifiedState(address)).toEqual({ verified: false });
    const submitted = await forgeVerify(address, 1000, false);
    expect(submitted.code, output(submitted)).toBe(0);
    expect(submitted.stdout, output(submitted)).toContain('Submitted contract for verification');
    const guid = guidOf(submitted);
    await pollUntilDone('forge', guid);
    const run = await forgeCheck(guid);
    expect(run.code, output(run)).not.toBe(0);
    expect(run.stdout + run.stderr, output(run)).toContain('Fail - Unable to verify');
    expect(run.stdout, output(run)).not.toContain('Contract successfully verified');

    // The reason is beside the exact result the clients look for.
    const res = await fetch(`${indexer.url}/api?module=contract&action=checkverifystatus&guid=${guid}`);
    expect(res.status).toBe(200);
    const status = (await res.json()) as Envelope<string>;
    expect(status).toMatchObject({ status: '0', message: 'NOTOK', result: 'Fail - Unable to verify' });
    expect(status.reason).toMatch(/optimizer enabled and runs 200/);
    expect(await verifiedState(address)).toEqual({ verified: false });
  });

  it('verifies the Playground: forge exits 0 with "Contract successfully verified"', { timeout: 180_000 }, async () => {
    const address = info.playground.address;
    const run = await forgeVerify(address);
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout, output(run)).toContain('Contract successfully verified');
    // A partial match: forge names the source unit 'src/Playground.sol' (its path in the project), the devnet compiled it
    // as 'Playground.sol'. The source unit name is part of the metadata whose hash ends the bytecode, so everything but
    // that hash matches. (The next test shows the same source under the devnet's name gives a full match.)
    expect(await verifiedState(address)).toEqual({ verified: true, matchType: 'partial', similarTo: null });
    const verification = await apiJson<{ contractPath: string; compilerVersion: string; constructorArguments: string }>(`/contracts/${address}/verification`);
    expect(verification).toMatchObject({
      contractPath: 'src/Playground.sol',
      compilerVersion: LONG_VERSION,
      constructorArguments: info.playground.constructorArgs.slice(2),
    });
  });

  it('upgrades the partial match to a full one when the source unit name is the devnet\'s', { timeout: 60_000 }, async () => {
    const address = info.playground.address;
    const source = readFileSync(join(ROOT, info.playground.sourcePath), 'utf8');
    const input = {
      language: 'Solidity',
      sources: { [info.playground.sourceUnitName]: { content: source } },
      settings: { optimizer: info.playground.optimizer, evmVersion: info.playground.evmVersion },
    };
    const guid = await submitAccepted('forge', {
      address,
      sourceCode: JSON.stringify(input),
      contractName: `${info.playground.sourceUnitName}:Playground`,
      compilerVersion: LONG_VERSION,
      constructorArguments: info.playground.constructorArgs.slice(2),
    });
    expect(await pollUntilDone('forge', guid)).toEqual({ status: '1', message: 'OK', result: 'Pass - Verified' });
    expect(await verifiedState(address)).toEqual({ verified: true, matchType: 'full', similarTo: null });
  });

  it('reports an already verified contract as such and exits 0', { timeout: 180_000 }, async () => {
    const run = await forgeVerify(info.playground.address);
    expect(run.code, output(run)).toBe(0);
    expect(run.stdout, output(run)).toContain('is already verified. Skipping verification.');
    expect(run.stdout, output(run)).not.toContain('Submitting verification');
  });
});

describe('recorded hardhat-verify 2 / 3 and forge requests, replayed', () => {
  // Each client verifies its own Token (they differ in the immutable decimals, so none is a twin of another).
  const targets = (): Record<ClientName, string> => ({
    hardhat2: info.tokens[0]?.address as string,
    hardhat3: info.tokens[1]?.address as string,
    forge: info.tokens[2]?.address as string,
  });
  /** A devnet contract nothing in this file verifies. */
  const unverified = (): string => info.erc1155.address;

  it.each(CLIENTS)('%s: pre-check of an unverified contract', async (client) => {
    const answer = await replay(client, 'preCheck', { address: targets()[client] });
    if (client === 'forge') expect(answer).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code not verified' });
    else expect(answer).toEqual({ status: '1', message: 'OK', result: [NOT_VERIFIED_ENTRY] });
  });

  it.each(CLIENTS)('%s: submit, poll to "Pass - Verified", then the verified getsourcecode and getabi', { timeout: 60_000 }, async (client) => {
    const address = targets()[client];
    const guid = await submitAccepted(client, {
      address,
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      // forge run with --use /path/to/solc keeps solc's platform suffix (logs/use-path.jsonl).
      compilerVersion: client === 'forge' ? `${LONG_VERSION}.Linux.gcc` : LONG_VERSION,
      constructorArguments: await constructorArgsOf(address),
    });
    expect(await pollUntilDone(client, guid)).toEqual({ status: '1', message: 'OK', result: 'Pass - Verified' });
    expect(await verifiedState(address)).toEqual({ verified: true, matchType: 'full', similarTo: null });

    // What Hardhat reads as "verified" (message exactly 'OK', SourceCode non-empty), checksummed and lower-case alike.
    for (const form of [getAddress(address), address.toLowerCase()]) {
      const source = await replay<SourceEntry[]>('hardhat3', 'preCheck', { address: form });
      expect(source).toMatchObject({ status: '1', message: 'OK' });
      const entry = source.result[0] as SourceEntry;
      expect(entry).toMatchObject({
        ContractName: 'Token',
        CompilerVersion: LONG_VERSION,
        OptimizationUsed: '1',
        Runs: '200',
        EVMVersion: 'prague',
        ConstructorArguments: (await constructorArgsOf(address)).toLowerCase(),
      });
      // Standard JSON input in Etherscan's double braces.
      expect(entry.SourceCode.startsWith('{{')).toBe(true);
      expect(entry.SourceCode.endsWith('}}')).toBe(true);
      const standard = JSON.parse(entry.SourceCode.slice(1, -1)) as { language: string; sources: Record<string, { content: string }> };
      expect(standard.language).toBe('Solidity');
      expect(Object.keys(standard.sources)).toContain('Token.sol');
      expect(JSON.parse(entry.ABI)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'function', name: 'decimals' })]));
    }

    // forge's pre-check: a parseable JSON ABI means "already verified".
    const abi = await replay<string>('forge', 'preCheck', { address });
    expect(abi).toMatchObject({ status: '1', message: 'OK' });
    expect(JSON.parse(abi.result)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'function', name: 'transfer' })]));
  });

  it('getabi of an unverified contract: status 0, "Contract source code not verified"', async () => {
    for (const address of [unverified(), getAddress(unverified()), unverified().toLowerCase()]) {
      expect(await replay('forge', 'preCheck', { address })).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code not verified' });
    }
  });

  it.each(CLIENTS)('%s: submitting a verified contract again → "Contract source code already verified"', { timeout: 30_000 }, async (client) => {
    // Every client's target is verified by the previous tests; hardhat 2's Token is submitted by each client.
    const address = targets().hardhat2;
    expect(await verifiedState(address)).toMatchObject({ verified: true, matchType: 'full' });
    const answer = await replay(client, 'submit', {
      address,
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      compilerVersion: LONG_VERSION,
      constructorArguments: await constructorArgsOf(address),
    });
    expect(answer).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code already verified' });
  });

  it.each(CLIENTS)('%s: an address without code → "Unable to locate ContractCode at 0x…"', async (client) => {
    const address = info.holders[0] as string;
    const answer = await replay<string>(client, 'submit', {
      address,
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      compilerVersion: LONG_VERSION,
      constructorArguments: '',
    });
    expect(answer).toMatchObject({ status: '0', message: 'NOTOK' });
    // The clients match the prefix; the address follows it.
    expect(answer.result.startsWith('Unable to locate ContractCode at 0x')).toBe(true);
    expect(answer.result.toLowerCase()).toBe(`unable to locate contractcode at ${address.toLowerCase()}`);
  });

  it.each(CLIENTS)('%s: a request that cannot be read is refused at once, the reason as the result (no job)', async (client) => {
    // What forge sends for a Vyper contract: this indexer verifies Solidity only.
    const answer = await replay(client, 'submit', {
      address: unverified(),
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      compilerVersion: 'vyper:0.4.0',
      constructorArguments: '',
    });
    expect(answer).toEqual({ status: '0', message: 'NOTOK', result: 'Invalid compiler version: vyper:0.4.0' });
    const jobs = await indexer.store.one<{ n: number }>('SELECT count(*) AS n FROM verification_jobs WHERE address = ?', unverified().toLowerCase());
    expect(jobs?.n).toBe(0);
  });

  it.each(CLIENTS)('%s: polling an unknown GUID → "Unknown UID"', async (client) => {
    expect(await replay(client, 'poll', { guid: 'ezq878u486pzijkvvmerl6a9mzwhv6sefgvqi5tkwceejc7tvn' })).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Unknown UID',
    });
  });

  it.each(CLIENTS)('%s: a submission that does not match polls to exactly "Fail - Unable to verify", the reason beside it', { timeout: 60_000 }, async (client) => {
    // Token's source named for a Playground instance: the sources compile, the code differs.
    const address = info.contracts.filter((c) => c.contract === 'Playground')[1]?.address as string;
    const guid = await submitAccepted(client, {
      address,
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      compilerVersion: LONG_VERSION,
      constructorArguments: await constructorArgsOf(address),
    });
    const answer = await pollUntilDone(client, guid);
    // Hardhat 2 retries with the full build input only on this exact result; forge needs status '0' to see a failure.
    expect(answer).toEqual({ status: '0', message: 'NOTOK', result: 'Fail - Unable to verify', reason: expect.any(String) as string });
    expect(answer.reason).toMatch(/Token compiles to different code; Playground matches/);
  });

  it.each([
    ['hardhat2', 'constructorArguements'],
    ['hardhat3', 'constructorArguments'],
  ] as const)('%s: reads the constructor arguments under %s (wrong ones fail the job)', { timeout: 60_000 }, async (client, spelling) => {
    const address = info.hostile.erc20[0]?.address as string;
    const wrong = (await constructorArgsOf(address)).replace(/.$/, (d) => (d === '0' ? '1' : '0'));
    expect(RECORDED[client].submit.body?.some(([name]) => name === spelling)).toBe(true);
    const guid = await submitAccepted(client, {
      address,
      sourceCode: devnetInput(),
      contractName: 'Token.sol:Token',
      compilerVersion: LONG_VERSION,
      constructorArguments: wrong,
    });
    const answer = await pollUntilDone(client, guid);
    expect(answer).toMatchObject({ status: '0', message: 'NOTOK', result: 'Fail - Unable to verify' });
    expect(answer.reason).toMatch(/constructor arguments differ/);
  });
});

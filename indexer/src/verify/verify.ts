import { keccak256 } from 'ethers';
import { delegationTarget } from '../../../common/tx-types.ts';
import { errorMessage } from '../../../common/errors.ts';
import type { RpcClient } from '../chain/rpc.ts';
import {
  bare,
  compareCreation,
  compareRuntime,
  fillImmutables,
  linkedOnChain,
  linkLibraries,
  metadataCompiler,
  trailingMetadata,
  unlinkedLibraries,
  type ImmutableReferences,
  type LinkReferences,
  type MatchType,
} from './bytecode.ts';
import type { Compilers, ResolvedCompiler } from './compilers.ts';
import { describeSettings, EVM_VERSIONS, type StandardJsonInput, type VerificationInput } from './input.ts';
import type { CompilerPool } from './pool.ts';

// Compile, then match against the chain (lib-sourcify's two steps), and when nothing matches, find out why by
// trying the nearest variants: the other contracts of the same sources, the optimizer, the runs and the EVM
// versions around the chosen one. The message says what was found; the logs say everything that was tried.

/** What the chain holds for the address. */
export interface ChainCode {
  /** Deployed code, hex without 0x. */
  runtime: string;
  /** The creation transaction's input, hex without 0x; null when the contract was created by another contract. */
  creationInput: string | null;
  creationBlock: number | null;
}

interface SolcContract {
  abi?: unknown[];
  /** The contract's metadata JSON (text), whose settings name the EVM version actually used. */
  metadata?: string;
  evm?: {
    bytecode?: { object?: string; linkReferences?: LinkReferences };
    deployedBytecode?: { object?: string; linkReferences?: LinkReferences; immutableReferences?: ImmutableReferences };
  };
}

interface SolcOutput {
  errors?: { severity?: string; formattedMessage?: string; message?: string }[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

/** A successful verification. */
export interface Verified {
  ok: true;
  matchType: MatchType;
  contractName: string;
  contractPath: string;
  compiler: ResolvedCompiler;
  settings: StandardJsonInput['settings'];
  abi: unknown[];
  constructorArguments: string;
  metadataHash: string | null;
  runtimeHash: string;
  logs: string[];
}

/** A rejected verification: `reason` says why as precisely as it was found; `status` is the HTTP status. */
export interface Rejected {
  ok: false;
  status: number;
  reason: string;
  logs: string[];
}

/** Dependencies of a verification. */
export interface VerifyDeps {
  compilers: Compilers;
  pool: CompilerPool;
  /** Time the diagnosis of a mismatch may take, in total (recompilations). */
  diagnosisBudgetMs: number;
}

/** Reads the deployed code and the creation input of an address. */
export async function readChainCode(rpc: RpcClient, address: string, creationTx: string | null, creationBlock: number | null): Promise<ChainCode> {
  const runtime = bare(await rpc.call<string>('eth_getCode', [address, 'latest']));
  let creationInput: string | null = null;
  if (creationTx) {
    const tx = await rpc.call<{ input?: string; data?: string } | null>('eth_getTransactionByHash', [creationTx]);
    const input = tx?.input ?? tx?.data;
    creationInput = typeof input === 'string' ? bare(input) : null;
  }
  return { runtime, creationInput, creationBlock: creationInput === null ? null : creationBlock };
}

/** keccak256 of deployed code (hex without 0x in, 0x-hash out). */
export function codeHash(runtime: string): string {
  return keccak256(`0x${bare(runtime)}`);
}

async function compile(deps: VerifyDeps, compiler: ResolvedCompiler, input: StandardJsonInput): Promise<SolcOutput> {
  const text = await deps.pool.compile(compiler.source, JSON.stringify(input));
  return JSON.parse(text) as SolcOutput;
}

function errorsOf(output: SolcOutput): string[] {
  return (output.errors ?? []).filter((e) => e.severity === 'error').map((e) => (e.formattedMessage ?? e.message ?? 'error').trim());
}

/** Every contract of an output with its file. */
function contractsOf(output: SolcOutput): { path: string; name: string; contract: SolcContract }[] {
  return Object.entries(output.contracts ?? {}).flatMap(([path, byName]) => Object.entries(byName).map(([name, contract]) => ({ path, name, contract })));
}

function allLinkReferences(c: SolcContract): LinkReferences {
  const refs: LinkReferences = {};
  for (const source of [c.evm?.bytecode?.linkReferences ?? {}, c.evm?.deployedBytecode?.linkReferences ?? {}]) {
    for (const [file, libs] of Object.entries(source)) refs[file] = { ...(refs[file] ?? {}), ...libs };
  }
  return refs;
}

/** Runtime match of one compiled contract against the chain, with libraries linked and immutables filled. */
function runtimeMatch(c: SolcContract, chain: ChainCode, libraries: Record<string, string>): MatchType | null {
  const deployed = c.evm?.deployedBytecode;
  if (!deployed?.object) return null;
  const linked = linkLibraries(deployed.object, deployed.linkReferences ?? {}, libraries);
  return compareRuntime(fillImmutables(linked, chain.runtime, deployed.immutableReferences ?? {}), chain.runtime);
}

/** Whether some contract of an output matches, when every library is linked as the chain has it. */
function anyMatch(output: SolcOutput, chain: ChainCode): string | null {
  for (const { name, contract } of contractsOf(output)) {
    const libs = linkedOnChain(chain.runtime, contract.evm?.deployedBytecode?.linkReferences ?? {});
    if (runtimeMatch(contract, chain, libs)) return name;
  }
  return null;
}

/** Settings to change for a variant; an evmVersion of null means the compiler's default. */
type SettingsChange = { optimizer?: NonNullable<StandardJsonInput['settings']['optimizer']>; evmVersion?: string | null };

function withSettings(input: StandardJsonInput, change: SettingsChange): StandardJsonInput {
  const settings: StandardJsonInput['settings'] = { ...input.settings };
  if (change.optimizer) settings.optimizer = change.optimizer;
  if (change.evmVersion === null) delete settings.evmVersion;
  else if (change.evmVersion !== undefined) settings.evmVersion = change.evmVersion;
  return { ...input, settings };
}

/** The settings variants worth one compilation each, nearest first, with what to say when one matches. */
function variants(input: StandardJsonInput): { settings: SettingsChange; says: string }[] {
  const optimizer = input.settings.optimizer ?? {};
  const enabled = optimizer.enabled === true;
  const runs = optimizer.runs ?? 200;
  const out: { settings: SettingsChange; says: string }[] = [];
  if (enabled) {
    out.push({ settings: { optimizer: { ...optimizer, enabled: false } }, says: 'matches with optimizer disabled' });
    for (const r of [200, 1000, 10000].filter((r) => r !== runs)) {
      out.push({ settings: { optimizer: { ...optimizer, enabled: true, runs: r } }, says: `matches with optimizer enabled and runs ${r}` });
    }
  } else {
    for (const r of [200, 1000, 10000]) {
      out.push({ settings: { optimizer: { ...optimizer, enabled: true, runs: r } }, says: `matches with optimizer enabled and runs ${r}` });
    }
  }
  const evm = input.settings.evmVersion;
  const at = evm === undefined ? -1 : (EVM_VERSIONS as readonly string[]).indexOf(evm);
  const near = at < 0 ? ['cancun', 'shanghai', 'paris', 'prague'] : [EVM_VERSIONS[at - 1], EVM_VERSIONS[at + 1], EVM_VERSIONS[at - 2], EVM_VERSIONS[at + 2]];
  for (const v of near) if (v && v !== evm) out.push({ settings: { evmVersion: v }, says: `matches with EVM version ${v}` });
  if (evm !== undefined) out.push({ settings: { evmVersion: null }, says: "matches with the compiler's default EVM version" });
  return out;
}

/** The EVM version a compiled contract's metadata records; null when it has none. */
function evmVersionOf(contract: SolcContract | undefined): string | null {
  try {
    const meta = JSON.parse(contract?.metadata ?? '') as { settings?: { evmVersion?: unknown } };
    return typeof meta.settings?.evmVersion === 'string' ? meta.settings.evmVersion : null;
  } catch {
    return null;
  }
}

/** Compiles the request and matches it against the chain; on a mismatch, finds the nearest reason. */
export async function verifyAgainstChain(deps: VerifyDeps, request: VerificationInput, chain: ChainCode): Promise<Verified | Rejected> {
  const logs: string[] = [];
  const reject = (status: number, reason: string): Rejected => {
    logs.push(`Rejected: ${reason}`);
    return { ok: false, status, reason, logs };
  };
  if (chain.runtime === '') return reject(400, `No contract code at ${request.address}`);
  const delegate = delegationTarget(`0x${chain.runtime}`);
  if (delegate !== null) {
    return reject(
      400,
      `${request.address} is an account delegated by EIP-7702 to ${delegate}: its code is only the delegation designator 0xef0100 followed by that address, so there is no contract source to verify here. Verify the delegate ${delegate} instead.`,
    );
  }

  const compiler = await deps.compilers.resolve(request.compilerVersion);
  // The deployed code names its compiler in its metadata: a different version cannot match, whatever else is right.
  const onChainCompiler = metadataCompiler(chain.runtime);
  if (onChainCompiler && onChainCompiler !== compiler.version) {
    return reject(400, `the deployed code was compiled with solc ${onChainCompiler}, not ${compiler.version}`);
  }
  logs.push(`Compiler: solc ${compiler.longVersion} (${compiler.source.kind === 'package' ? 'bundled' : 'downloaded'})`);
  logs.push(`Settings: ${describeSettings(request.input.settings)}`);
  logs.push(`Sources: ${Object.keys(request.input.sources).length} file(s) (${request.format})`);
  const started = Date.now();
  const output = await compile(deps, compiler, request.input);
  logs.push(`Compiled in ${Date.now() - started} ms`);
  for (const e of output.errors ?? []) if (e.severity !== 'error') logs.push(`Compiler ${e.severity ?? 'message'}: ${(e.formattedMessage ?? e.message ?? '').trim()}`);
  const errors = errorsOf(output);
  if (errors.length > 0) {
    for (const e of errors) logs.push(`Compiler error: ${e}`);
    return reject(400, `Compilation failed: ${(errors[0] ?? '').split('\n')[0]}`);
  }

  const all = contractsOf(output);
  const candidates = all.filter((c) => c.name === request.contractName && (request.contractPath === null || c.path === request.contractPath));
  const target = candidates[0];
  if (!target) {
    const names = [...new Set(all.map((c) => c.name))].slice(0, 20).join(', ');
    return reject(400, `contract name ${request.contractName} is not in the sources; they define ${names || 'no contract'}`);
  }
  if (!target.contract.evm?.deployedBytecode?.object) return reject(400, `${request.contractName} is abstract or an interface: it has no deployed code`);

  const refs = allLinkReferences(target.contract);
  const missing = unlinkedLibraries(refs, request.libraries);
  if (missing.length > 0) {
    const onChain = linkedOnChain(chain.runtime, target.contract.evm.deployedBytecode.linkReferences ?? {});
    const name = missing[0] as string;
    const hint = onChain[name] ? ` (the deployed code links it at ${onChain[name]})` : '';
    return reject(400, `library ${name} not linked${hint}`);
  }

  const runtime = runtimeMatch(target.contract, chain, request.libraries);
  if (runtime) {
    logs.push(`Deployed code: ${runtime} match`);
    let match: MatchType = runtime;
    let constructorArguments = request.constructorArguments;
    const creationCode = target.contract.evm.bytecode?.object;
    if (chain.creationInput !== null && creationCode) {
      // Creation code has its own placeholder positions (its deployed part sits further on): link by those.
      const creation = compareCreation(linkLibraries(creationCode, target.contract.evm.bytecode?.linkReferences ?? {}, request.libraries), chain.creationInput);
      if (creation) {
        logs.push(`Creation code: ${creation.match} match; constructor arguments ${creation.constructorArguments ? `0x${creation.constructorArguments}` : 'none'}`);
        if (request.constructorArguments !== '' && request.constructorArguments !== creation.constructorArguments) {
          return reject(400, `constructor arguments differ from the creation transaction (expected 0x${creation.constructorArguments})`);
        }
        constructorArguments = creation.constructorArguments;
        if (creation.match === 'partial') match = 'partial';
      } else {
        logs.push('Creation code: differs from the creation transaction (deployed code decides)');
      }
    } else {
      logs.push('Creation code: no creation transaction known (created by a contract); deployed code decides');
    }
    return {
      ok: true,
      matchType: match,
      contractName: target.name,
      contractPath: target.path,
      compiler,
      settings: request.input.settings,
      abi: target.contract.abi ?? [],
      constructorArguments,
      metadataHash: trailingMetadata(chain.runtime),
      runtimeHash: codeHash(chain.runtime),
      logs,
    };
  }

  logs.push('Deployed code: no match');
  return reject(400, await diagnose(deps, request, chain, compiler, output, logs));
}

/** Why compiled code does not match: the cheapest precise finding first, then recompilations within the budget. */
async function diagnose(deps: VerifyDeps, request: VerificationInput, chain: ChainCode, compiler: ResolvedCompiler, output: SolcOutput, logs: string[]): Promise<string> {
  // Cheapest first: another contract of the same compilation.
  const other = anyMatch({ contracts: Object.fromEntries(Object.entries(output.contracts ?? {}).map(([p, byName]) => [p, Object.fromEntries(Object.entries(byName).filter(([n]) => n !== request.contractName))])) }, chain);
  if (other) return `contract name ${request.contractName} compiles to different code; ${other} matches`;

  const deadline = Date.now() + deps.diagnosisBudgetMs;
  let tried = 0;
  for (const variant of variants(request.input)) {
    if (Date.now() > deadline) {
      logs.push(`Diagnosis stopped after ${tried} variant(s): time budget used`);
      break;
    }
    tried++;
    const input = withSettings(request.input, variant.settings);
    let out: SolcOutput;
    try {
      out = await compile(deps, compiler, input);
    } catch (err) {
      logs.push(`Variant (${describeSettings(input.settings)}): ${errorMessage(err)}`);
      continue;
    }
    if (errorsOf(out).length > 0) {
      logs.push(`Variant (${describeSettings(input.settings)}): does not compile`);
      continue;
    }
    const target = contractsOf(out).find((c) => c.name === request.contractName && (request.contractPath === null || c.path === request.contractPath));
    const matched = target ? runtimeMatch(target.contract, chain, request.libraries) : null;
    logs.push(`Variant (${describeSettings(input.settings)}): ${matched ? `${matched} match` : 'no match'}`);
    if (matched && variant.settings.evmVersion === null) {
      const used = evmVersionOf(target?.contract);
      return used ? `matches with EVM version ${used} (the compiler's default)` : variant.says;
    }
    if (matched) return variant.says;
  }
  return 'no variant matched: the deployed code differs from what these sources and settings compile to (check the source files, the compiler version, the optimizer, the runs and the EVM version)';
}

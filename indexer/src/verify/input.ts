import * as z from 'zod';
import { parseBody } from '../http/body.ts';
import { HttpError } from '../http/router.ts';
import { parseCompilerVersion } from './compilers.ts';

// What a verification request may look like, turned into one shape: the spec's single source, a map of source files
// (the upstream indexer's sourceFiles, Etherscan's multi-file JSON), or Solidity standard JSON input (what Hardhat,
// Foundry and Etherscan users already have), with the spec's defaults and validation messages.

/** EVM versions in release order: the spec's list and the ones newer compilers add. */
export const EVM_VERSIONS = [
  'homestead',
  'tangerineWhistle',
  'spuriousDragon',
  'byzantium',
  'constantinople',
  'petersburg',
  'istanbul',
  'berlin',
  'london',
  'paris',
  'shanghai',
  'cancun',
  'prague',
  'osaka',
] as const;

/** The spec's defaults. */
export const VERIFY_DEFAULTS = { runs: 200, evmVersion: 'cancun', license: 'MIT', constructorArguments: '' } as const;

/** Largest total size of the submitted sources. */
export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** Solidity standard JSON input (the parts the verifier reads or sets). */
export interface StandardJsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown> & {
    optimizer?: { enabled?: boolean; runs?: number; details?: unknown };
    evmVersion?: string;
    libraries?: Record<string, Record<string, string>>;
    outputSelection?: unknown;
  };
}

/** A verification request in one shape. */
export interface VerificationInput {
  address: string;
  compilerVersion: string;
  /** The contract's name, and its file when the request named it ('path:Name'). */
  contractName: string;
  contractPath: string | null;
  input: StandardJsonInput;
  /** Hex without 0x; '' when not given (then the creation transaction's are taken). */
  constructorArguments: string;
  /** Library addresses by name or 'file:Name'. */
  libraries: Record<string, string>;
  license: string;
  format: 'single' | 'multi' | 'standard-json';
}

/** What the verifier asks solc for. */
export const OUTPUT_SELECTION = {
  '*': {
    '*': [
      'abi',
      'evm.bytecode.object',
      'evm.bytecode.linkReferences',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.linkReferences',
      'evm.deployedBytecode.immutableReferences',
      'metadata',
    ],
  },
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function text(body: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

function flag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** Parses JSON that may be Etherscan's double-braced form ('{{ … }}'); null when it is not a JSON object. */
function jsonObject(source: string): Record<string, unknown> | null {
  let t = source.trim();
  if (!t.startsWith('{')) return null;
  if (t.startsWith('{{') && t.endsWith('}}')) t = t.slice(1, -1);
  try {
    const value = JSON.parse(t) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A file map {path: content} or {path: {content}}; null when the value is not one. */
function fileMap(value: unknown): Record<string, { content: string }> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const files: Record<string, { content: string }> = {};
  for (const [path, entry] of Object.entries(value as Record<string, unknown>)) {
    const content = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? (entry as { content?: unknown }).content : undefined;
    if (typeof content !== 'string') return null;
    files[path] = { content };
  }
  return Object.keys(files).length > 0 ? files : null;
}

function isStandardJson(value: unknown): value is Record<string, unknown> & { sources: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v['sources'] === 'object' && v['sources'] !== null && ('language' in v || 'settings' in v);
}


/** Library addresses from {name: address} (entries without both a name and an address are dropped) or a JSON text of it. */
function libraries(value: unknown): Record<string, string> {
  const raw = typeof value === 'string' ? jsonObject(value) : value;
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [name, address] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof address === 'object' && address !== null) {
      // Standard JSON's {file: {Name: address}}.
      for (const [inner, addr] of Object.entries(address as Record<string, unknown>)) {
        if (typeof addr !== 'string' || !inner.trim() || !addr.trim()) continue;
        if (!ADDRESS.test(addr.trim())) throw new HttpError(400, `Library ${inner.trim()} has an invalid address`);
        out[`${name}:${inner.trim()}`] = addr.trim();
      }
    } else if (typeof address === 'string' && name.trim() && address.trim()) {
      if (!ADDRESS.test(address.trim())) throw new HttpError(400, `Library ${name.trim()} has an invalid address`);
      out[name.trim()] = address.trim();
    }
  }
  return out;
}

/** The request's fields under one name each (ours, the upstream indexer's, Etherscan's lowercase ones). */
function fields(b: Record<string, unknown>) {
  const rawSource = text(b, 'sourceCode', 'sourcecode', 'source');
  const standard = isStandardJson(b['standardJsonInput'])
    ? b['standardJsonInput']
    : typeof b['standardJsonInput'] === 'string'
      ? jsonObject(b['standardJsonInput'])
      : isStandardJson(jsonObject(rawSource))
        ? jsonObject(rawSource)
        : null;
  const files = fileMap(b['sourceFiles']) ?? (standard ? null : fileMap(jsonObject(rawSource)));
  const contractName = text(b, 'contractName', 'contractname').trim();
  // 'path:Name' names the contract's file as well.
  const colon = contractName.lastIndexOf(':');
  const runs = b['runs'];
  return {
    address: text(b, 'address', 'contractAddress', 'contractaddress').trim(),
    contractName,
    source: { standard, files, rawSource },
    compilerVersion: text(b, 'compilerVersion', 'compilerversion').trim(),
    name: colon > 0 ? contractName.slice(colon + 1) : contractName,
    contractPath: colon > 0 ? contractName.slice(0, colon) : null,
    evmVersion: text(b, 'evmVersion', 'evmversion').trim(),
    constructorArguments: text(b, 'constructorArguments', 'constructorArguements', 'constructorargs').trim().replace(/^0x/i, '').toLowerCase(),
    // Standard JSON input brings its own sources, optimizer settings and language.
    standardSources: standard ? fileMap(standard['sources']) : undefined,
    runs: standard ? null : runs === undefined || runs === null || runs === '' ? VERIFY_DEFAULTS.runs : Number(runs),
    language: standard && typeof standard['language'] === 'string' ? standard['language'] : 'Solidity',
    optimization: flag(b['optimizationUsed'] ?? b['optimizationused']),
    license: text(b, 'license', 'licenseType').trim() || VERIFY_DEFAULTS.license,
    libraries: b['libraries'],
  };
}

type Fields = ReturnType<typeof fields>;

const RUNS = 'Optimization runs must be a whole number from 1 to 10000';

/**
 * A verification request's body, checked field by field in the order of the spec's validation messages (the first
 * problem is the one reported). Sizes and library addresses are checked once the sources are assembled.
 */
export const VerificationRequest = z.preprocess(
  (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? fields(body as Record<string, unknown>) : body),
  z.object(
    {
      address: z.string().min(1, 'Contract address is required').regex(ADDRESS, 'Contract address is missing or invalid'),
      contractName: z.string().min(1, 'Contract name is required'),
      source: z.custom<Fields['source']>((s) => {
        const { standard, files, rawSource } = s as Fields['source'];
        return standard !== null || files !== null || rawSource.trim() !== '';
      }, 'Source code is required'),
      compilerVersion: z
        .string()
        .min(1, 'Compiler version is required')
        .refine((v) => v === '' || parseCompilerVersion(v) !== null, { error: (issue) => `Invalid compiler version: ${String(issue.input).slice(0, 60)}` }),
      name: z.string().regex(/^[A-Za-z_$][\w$]*$/, 'Contract name must be the name of a contract in the source (letters, digits, _ and $)'),
      contractPath: z.string().nullable(),
      evmVersion: z.string().refine((v) => v === '' || v === 'default' || (EVM_VERSIONS as readonly string[]).includes(v), {
        error: (issue) => `Unknown EVM version: ${String(issue.input).slice(0, 40)}. Known: ${EVM_VERSIONS.join(', ')}`,
      }),
      constructorArguments: z.string().regex(/^([0-9a-f]{2})*$/, 'Constructor arguments must be ABI-encoded hex'),
      standardSources: z.custom<Fields['standardSources']>((v) => v !== null, 'Standard JSON input has no sources'),
      runs: z.number({ error: RUNS }).int(RUNS).min(1, RUNS).max(10000, RUNS).nullable(),
      language: z.string().refine((v) => v === 'Solidity', { error: (issue) => `Only Solidity can be verified here, not ${String(issue.input).slice(0, 20)}` }),
      optimization: z.boolean().nullable(),
      license: z.string(),
      libraries: z.unknown(),
    },
    { error: 'Request body must be a JSON object' },
  ),
);

/** Reads and checks a verification request (POST /contracts/verify or the Etherscan-style API). */
export function parseVerificationRequest(body: unknown): VerificationInput {
  const f = parseBody(VerificationRequest, body);
  const { standard, files, rawSource } = f.source;
  let contractPath = f.contractPath;
  const evmVersion = f.evmVersion === '' || f.evmVersion === 'default' ? null : f.evmVersion;

  let input: StandardJsonInput;
  let format: VerificationInput['format'];
  if (standard) {
    const settings = typeof standard['settings'] === 'object' && standard['settings'] !== null ? { ...(standard['settings'] as Record<string, unknown>) } : {};
    input = { language: f.language, sources: f.standardSources as StandardJsonInput['sources'], settings };
    format = 'standard-json';
  } else {
    const sources = files ?? { [contractPath ?? `${f.name}.sol`]: { content: rawSource } };
    input = {
      language: 'Solidity',
      sources,
      settings: {
        optimizer: { enabled: f.optimization ?? false, runs: f.runs ?? VERIFY_DEFAULTS.runs },
        ...(evmVersion !== null ? { evmVersion } : {}),
      },
    };
    format = files ? 'multi' : 'single';
    if (!files) contractPath = Object.keys(sources)[0] ?? null;
  }
  const size = Object.values(input.sources).reduce((n, s) => n + Buffer.byteLength(s.content), 0);
  if (size > MAX_SOURCE_BYTES) throw new HttpError(413, `The sources are too large: ${Math.ceil(size / 1024)} KB (limit ${MAX_SOURCE_BYTES / 1024 / 1024} MB)`);
  input.settings.outputSelection = OUTPUT_SELECTION;
  return {
    address: f.address.toLowerCase(),
    compilerVersion: f.compilerVersion,
    contractName: f.name,
    contractPath,
    input,
    constructorArguments: f.constructorArguments,
    libraries: { ...libraries(f.libraries), ...libraries(input.settings.libraries) },
    license: f.license,
    format,
  };
}

/** A short description of the optimizer and EVM settings, for logs and messages. */
export function describeSettings(settings: StandardJsonInput['settings']): string {
  const opt = settings.optimizer?.enabled ? `optimizer enabled with ${settings.optimizer.runs ?? 200} runs` : 'optimizer disabled';
  return `${opt}, EVM version ${settings.evmVersion ?? 'compiler default'}`;
}

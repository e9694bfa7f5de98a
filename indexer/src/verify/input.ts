import { HttpError } from '../http/router.ts';
import { parseCompilerVersion } from './compilers.ts';

// What a verification request may look like, turned into one shape: the spec's single source, a map of source files
// (the upstream indexer's sourceFiles, Etherscan's multi-file JSON), or Solidity standard JSON input (what Hardhat,
// Foundry and Etherscan users already have), with the spec's defaults and validation messages (tokens §5, §9).

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

/** Spec defaults (tokens §9). */
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


/** Library addresses from {name: address} (entries without both are dropped, spec tokens §5) or a JSON text of it. */
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

/** Reads and checks a verification request (POST /contracts/verify or the Etherscan-style API). */
export function parseVerificationRequest(body: unknown): VerificationInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Request body must be a JSON object');
  const b = body as Record<string, unknown>;
  const address = text(b, 'address', 'contractAddress', 'contractaddress').trim();
  if (address === '') throw new HttpError(400, 'Contract address is required');
  if (!ADDRESS.test(address)) throw new HttpError(400, 'Contract address is missing or invalid');

  const compilerVersion = text(b, 'compilerVersion', 'compilerversion').trim();
  const rawSource = text(b, 'sourceCode', 'sourcecode', 'source');
  const standard = isStandardJson(b['standardJsonInput'])
    ? b['standardJsonInput']
    : typeof b['standardJsonInput'] === 'string'
      ? jsonObject(b['standardJsonInput'])
      : isStandardJson(jsonObject(rawSource))
        ? jsonObject(rawSource)
        : null;
  const files = fileMap(b['sourceFiles']) ?? (standard ? null : fileMap(jsonObject(rawSource)));

  let nameRaw = text(b, 'contractName', 'contractname').trim();
  if (nameRaw === '') throw new HttpError(400, 'Contract name is required');
  if (!standard && !files && rawSource.trim() === '') throw new HttpError(400, 'Source code is required');
  if (compilerVersion === '') throw new HttpError(400, 'Compiler version is required');
  if (!parseCompilerVersion(compilerVersion)) throw new HttpError(400, `Invalid compiler version: ${compilerVersion.slice(0, 60)}`);

  let contractPath: string | null = null;
  const colon = nameRaw.lastIndexOf(':');
  if (colon > 0) {
    contractPath = nameRaw.slice(0, colon);
    nameRaw = nameRaw.slice(colon + 1);
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(nameRaw)) throw new HttpError(400, 'Contract name must be the name of a contract in the source (letters, digits, _ and $)');

  const optimization = flag(b['optimizationUsed'] ?? b['optimizationused']);
  const runsValue = b['runs'];
  const runs = runsValue === undefined || runsValue === null || runsValue === '' ? VERIFY_DEFAULTS.runs : Number(runsValue);
  const evmRaw = text(b, 'evmVersion', 'evmversion').trim();
  const evmVersion = evmRaw === '' ? null : evmRaw;
  if (evmVersion !== null && evmVersion !== 'default' && !(EVM_VERSIONS as readonly string[]).includes(evmVersion)) {
    throw new HttpError(400, `Unknown EVM version: ${evmVersion.slice(0, 40)}. Known: ${EVM_VERSIONS.join(', ')}`);
  }
  const argsRaw = text(b, 'constructorArguments', 'constructorArguements', 'constructorargs').trim();
  const constructorArguments = argsRaw.replace(/^0x/i, '').toLowerCase();
  if (!/^([0-9a-f]{2})*$/.test(constructorArguments)) throw new HttpError(400, 'Constructor arguments must be ABI-encoded hex');
  const license = text(b, 'license', 'licenseType').trim() || VERIFY_DEFAULTS.license;

  let input: StandardJsonInput;
  let format: VerificationInput['format'];
  if (standard) {
    const sources = fileMap(standard['sources']);
    if (!sources) throw new HttpError(400, 'Standard JSON input has no sources');
    const settings = typeof standard['settings'] === 'object' && standard['settings'] !== null ? { ...(standard['settings'] as Record<string, unknown>) } : {};
    input = { language: typeof standard['language'] === 'string' ? standard['language'] : 'Solidity', sources, settings };
    format = 'standard-json';
  } else {
    if (!Number.isInteger(runs) || runs < 1 || runs > 10000) throw new HttpError(400, 'Optimization runs must be a whole number from 1 to 10000');
    const sources = files ?? { [contractPath ?? `${nameRaw}.sol`]: { content: rawSource } };
    input = {
      language: 'Solidity',
      sources,
      settings: {
        optimizer: { enabled: optimization ?? false, runs },
        ...(evmVersion !== null && evmVersion !== 'default' ? { evmVersion } : {}),
      },
    };
    format = files ? 'multi' : 'single';
    if (!files) contractPath = Object.keys(sources)[0] ?? null;
  }
  if (input.language !== 'Solidity') throw new HttpError(400, `Only Solidity can be verified here, not ${input.language.slice(0, 20)}`);
  const size = Object.values(input.sources).reduce((n, s) => n + Buffer.byteLength(s.content), 0);
  if (size > MAX_SOURCE_BYTES) throw new HttpError(413, `The sources are too large: ${Math.ceil(size / 1024)} KB (limit ${MAX_SOURCE_BYTES / 1024 / 1024} MB)`);
  input.settings.outputSelection = OUTPUT_SELECTION;
  return {
    address: address.toLowerCase(),
    compilerVersion,
    contractName: nameRaw,
    contractPath,
    input,
    constructorArguments,
    libraries: { ...libraries(b['libraries']), ...libraries(input.settings.libraries) },
    license,
    format,
  };
}

/** A short description of the optimizer and EVM settings, for logs and messages. */
export function describeSettings(settings: StandardJsonInput['settings']): string {
  const opt = settings.optimizer?.enabled ? `optimizer enabled with ${settings.optimizer.runs ?? 200} runs` : 'optimizer disabled';
  return `${opt}, EVM version ${settings.evmVersion ?? 'compiler default'}`;
}

import type {
  AbiEntry,
  AbiParam,
  ContractDetails,
  ContractEvent,
  ContractSource,
  ContractValue,
  InteractResult,
  ProxyInfo,
  TypedOutput,
  VerificationResult,
} from '../types.ts';
import { toBigInt, toCount, toTimestamp } from './bignum.ts';
import { isRecord, normalizeList, parseJsonText, pick, toAddress, toBool, toHash, toText, unwrapList } from './fields.ts';
import { toContractType } from './kinds.ts';
import { normalizeLog } from './receipt.ts';
import { paramText } from './transaction.ts';

/** Name shown for a contract without one (spec tokens §3). */
export const UNKNOWN_CONTRACT_NAME = 'Unknown Contract';

/** The minimal unverified contract a failed details read gives (spec tokens §7). */
export function minimalContract(address: string): ContractDetails {
  return {
    address,
    type: 'none',
    verified: false,
    name: UNKNOWN_CONTRACT_NAME,
    verifiedName: null,
    symbol: null,
    decimals: null,
    totalSupply: null,
    creatorAddress: null,
    ownerAddress: null,
    blockNumber: null,
    timestamp: null,
    transactionHash: null,
    balance: null,
  };
}

/** /contracts/{a} details (contractName or name, contractType or type); null without an address. */
export function normalizeContractDetails(raw: unknown): ContractDetails | null {
  if (!isRecord(raw)) return null;
  const address = toAddress(pick(raw, 'address', 'contractAddress'));
  if (address === null) return null;
  const decimals = toCount(raw['decimals']);
  return {
    address,
    type: toContractType(pick(raw, 'contractType', 'type')),
    verified: toBool(pick(raw, 'verified', 'isVerified')) ?? false,
    name: toText(pick(raw, 'contractName', 'name')) ?? UNKNOWN_CONTRACT_NAME,
    verifiedName: toText(raw['verifiedName']),
    symbol: toText(raw['symbol']),
    decimals: decimals !== null && decimals <= 255 ? decimals : null,
    totalSupply: toBigInt(raw['totalSupply']),
    creatorAddress: toAddress(pick(raw, 'creatorAddress', 'creator')),
    ownerAddress: toAddress(pick(raw, 'ownerAddress', 'owner')),
    blockNumber: toCount(raw['blockNumber']),
    timestamp: toTimestamp(raw['timestamp']),
    transactionHash: toHash(pick(raw, 'transactionHash', 'creationTransactionHash')),
    balance: toBigInt(raw['balance']),
  };
}

/** A list of contract records. */
export function normalizeContractList(raw: unknown): ContractDetails[] {
  return normalizeList(raw, normalizeContractDetails, 'contracts');
}

/** /contracts/{a}/verified: {verified: true} or a bare true is verified; anything else is not. */
export function normalizeVerified(raw: unknown): boolean {
  return (isRecord(raw) ? toBool(raw['verified']) : toBool(raw)) === true;
}

function normalizeAbiParam(raw: unknown): AbiParam | null {
  if (!isRecord(raw)) return null;
  const type = toText(raw['type']);
  if (type === null) return null;
  const param: AbiParam = { name: toText(raw['name']) ?? '', type };
  const internalType = toText(raw['internalType']);
  if (internalType !== null) param.internalType = internalType;
  const indexed = toBool(raw['indexed']);
  if (indexed !== null) param.indexed = indexed;
  if (Array.isArray(raw['components'])) param.components = normalizeList(raw['components'], normalizeAbiParam);
  return param;
}

function stateMutabilityOf(raw: Record<string, unknown>): string {
  const given = toText(raw['stateMutability']);
  if (given !== null) return given;
  if (raw['constant'] === true) return 'view';
  return raw['payable'] === true ? 'payable' : 'nonpayable';
}

function normalizeAbiEntry(raw: unknown): AbiEntry | null {
  if (!isRecord(raw)) return null;
  const stateMutability = stateMutabilityOf(raw);
  return {
    type: toText(raw['type']) ?? 'function',
    name: toText(raw['name']) ?? '',
    inputs: normalizeList(raw['inputs'], normalizeAbiParam),
    outputs: normalizeList(raw['outputs'], normalizeAbiParam),
    stateMutability,
    constant: raw['constant'] === true || stateMutability === 'view' || stateMutability === 'pure',
    anonymous: raw['anonymous'] === true,
  };
}

/** An ABI from an array, {abi: array}, or JSON text of either; null when there is none. */
export function normalizeAbi(raw: unknown): AbiEntry[] | null {
  const parsed = parseJsonText(raw);
  const inner = isRecord(parsed) ? parseJsonText(parsed['abi']) : parsed;
  if (!Array.isArray(inner)) return null;
  return normalizeList(inner, normalizeAbiEntry);
}

/** A name → address map from an object or JSON text (libraries); empty when absent. */
function stringMap(raw: unknown): Record<string, string> {
  const parsed = parseJsonText(raw);
  const result: Record<string, string> = {};
  if (!isRecord(parsed)) return result;
  for (const [key, value] of Object.entries(parsed)) {
    const text = toText(value);
    if (text !== null) result[key] = text;
  }
  return result;
}

/** A licence identifier; the upstream indexer sometimes stores the rest of the source after it, which is cut. */
function licenseOf(raw: unknown): string | null {
  const text = toText(raw);
  if (text === null) return null;
  return text.split(/\\n|\n/)[0]?.trim() || null;
}

/**
 * Verified source and metadata from /contracts/{a}/source or /verification (also name, optimization aliases).
 * Null for {success:false, error} answers and anything without source code or files.
 */
export function normalizeContractSource(raw: unknown): ContractSource | null {
  if (!isRecord(raw) || raw['success'] === false) return null;
  const files = parseJsonText(raw['sourceFiles']);
  const sourceFiles = isRecord(files) ? stringMap(files) : null;
  const sourceCode =
    toText(raw['sourceCode']) ??
    (sourceFiles ? Object.entries(sourceFiles).map(([path, text]) => `// File: ${path}\n${text}`).join('\n\n') : null);
  if (sourceCode === null) return null;
  const runs = toCount(raw['runs']);
  return {
    address: toAddress(raw['address']),
    verified: toBool(raw['verified']) ?? true,
    sourceCode,
    sourceFiles,
    contractName: toText(pick(raw, 'contractName', 'name')) ?? UNKNOWN_CONTRACT_NAME,
    compilerVersion: toText(raw['compilerVersion']),
    optimizationUsed: toBool(pick(raw, 'optimizationUsed', 'optimization')) ?? false,
    runs,
    evmVersion: toText(raw['evmVersion']),
    license: licenseOf(raw['license']),
    constructorArguments: toText(raw['constructorArguments']),
    creatorAddress: toAddress(pick(raw, 'creatorAddress', 'creator')),
    ownerAddress: toAddress(pick(raw, 'ownerAddress', 'owner')),
    metadataHash: toText(raw['metadataHash']),
    verifiedAt: toText(raw['verifiedAt']),
    libraries: stringMap(raw['libraries']),
    abi: normalizeAbi(raw['abi']),
    matchType: matchTypeOf(raw['matchType']),
    similarTo: toAddress(raw['similarTo']),
    mainFile: toText(pick(raw, 'mainFile', 'contractPath')),
  };
}

function matchTypeOf(value: unknown): 'full' | 'partial' | 'similar' | null {
  return value === 'full' || value === 'partial' || value === 'similar' ? value : null;
}

/** A contract event: a log plus the indexer's event name and decoded arguments when present. */
export function normalizeContractEvent(raw: unknown): ContractEvent | null {
  const log = normalizeLog(raw);
  if (log === null || !isRecord(raw)) return null;
  const argsRaw = raw['args'] ?? raw['returnValues'];
  let args: Record<string, string> | null = null;
  if (isRecord(argsRaw)) {
    args = {};
    for (const [key, value] of Object.entries(argsRaw)) args[key] = paramText(value);
  }
  return { ...log, eventName: toText(pick(raw, 'eventName', 'event', 'name')), args };
}

/** A list of contract events. */
export function normalizeContractEvents(raw: unknown): ContractEvent[] {
  return normalizeList(raw, normalizeContractEvent, 'events', 'logs');
}

/** A value returned by a contract call made plain: BigNumber objects become decimal strings, recursively. */
export function toContractValue(raw: unknown): ContractValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'bigint') return raw.toString();
  if (Array.isArray(raw)) return raw.map(toContractValue);
  if (isRecord(raw)) {
    const big = toBigInt(raw);
    if (big !== null) return big.toString();
    const result: { [key: string]: ContractValue } = {};
    for (const [key, value] of Object.entries(raw)) result[key] = toContractValue(value);
    return result;
  }
  return null;
}

/** POST /contracts/{a}/interact answer: {success, result} or {success:false, error}. */
export function normalizeInteractResult(raw: unknown): InteractResult {
  if (!isRecord(raw)) return { success: false, error: 'Invalid response' };
  if (raw['success'] === false || ('error' in raw && !('result' in raw))) {
    return { success: false, error: toText(pick(raw, 'error', 'message')) ?? 'Unknown error' };
  }
  const outputs = typedOutputs(raw['outputs']);
  return { success: true, result: toContractValue(raw['result']), ...(outputs ? { outputs } : {}) };
}

/** The typed outputs ({name, type, value}) of an interact answer; null when absent or malformed. */
function typedOutputs(raw: unknown): TypedOutput[] | null {
  if (!Array.isArray(raw)) return null;
  const out: TypedOutput[] = [];
  for (const o of raw as unknown[]) {
    if (!isRecord(o) || typeof o['type'] !== 'string') return null;
    out.push({ name: typeof o['name'] === 'string' ? o['name'] : '', type: o['type'], value: toContractValue(o['value']) });
  }
  return out;
}

/** Verification answer: logs from a logs array or compilationLogs text (split on newlines), abi, sourceCode, error. */
export function normalizeVerificationResult(raw: unknown): VerificationResult {
  if (!isRecord(raw)) {
    const text = toText(raw);
    return { success: false, error: text, message: null, matchType: null, logs: [], abi: null, sourceCode: null };
  }
  const logsList = unwrapList(raw['logs']);
  const logs = logsList
    ? logsList.map((entry) => (typeof entry === 'string' ? entry : paramText(entry)))
    : (toText(raw['compilationLogs'])?.split('\n') ?? []);
  const success = toBool(raw['success']) ?? (toBool(raw['verified']) ?? toText(raw['error']) === null);
  const error = success ? null : toText(pick(raw, 'error', 'message'));
  const matchType = raw['matchType'] === 'full' || raw['matchType'] === 'partial' ? raw['matchType'] : null;
  return {
    success,
    error,
    message: success ? toText(raw['message']) : null,
    matchType: success ? matchType : null,
    logs,
    abi: normalizeAbi(raw['abi']),
    sourceCode: toText(raw['sourceCode']),
  };
}


/** GET /contracts/compilers {compilers: [{version, offline}]}; null when the body has no list. */
export function normalizeCompilerList(raw: unknown): { version: string; offline: boolean }[] | null {
  const list = unwrapList(raw, 'compilers');
  if (list === null) return null;
  return list.flatMap((entry) => {
    const version = isRecord(entry) ? toText(entry['version']) : toText(entry);
    return version ? [{ version, offline: isRecord(entry) ? (toBool(entry['offline']) ?? false) : false }] : [];
  });
}

/** GET /contracts/{a}/proxy (bundled indexer): a proxy's kind and implementation; null for anything else. */
export function normalizeProxyInfo(raw: unknown): ProxyInfo | null {
  if (!isRecord(raw)) return null;
  const isProxy = toBool(raw['isProxy']);
  if (isProxy === null) return null;
  const implementation = toAddress(raw['implementation']);
  if (isProxy && implementation === null) return null;
  const kind = toText(raw['kind']);
  return { isProxy, kind: isProxy ? kind : null, implementation: isProxy ? implementation : null, implementationVerified: isProxy && toBool(raw['implementationVerified']) === true };
}

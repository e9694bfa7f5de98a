import type { ContractSource } from '../model/types.ts';
import { normalizeAbi } from './abi.ts';
import { toCount } from './bignum.ts';
import { UNKNOWN_CONTRACT_NAME } from './contract.ts';
import { isRecord, parseJsonText, pick, toAddress, toBool, toText } from './fields.ts';

// A verified contract's source and compiler settings (GET /contracts/{a}/source and /verification).

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

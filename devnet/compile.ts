import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Artifact {
  abi: unknown[];
  bytecode: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  version(): string;
  compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string;
}

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONTRACTS_DIR = join(ROOT, 'devnet', 'contracts');
const CACHE_FILE = join(ROOT, 'data', 'devnet-artifacts.json');
const OZ_DIR = dirname(require.resolve('@openzeppelin/contracts/package.json'));

/** Compiler settings used for every devnet contract (a verifier needs them to reproduce Playground's bytecode). */
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'prague',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

/** The solc-js version string that compiles the devnet contracts (from the installed `solc` package). */
export function compilerVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The devnet's own sources by source unit name ('Token.sol'). */
export function readSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = readFileSync(join(CONTRACTS_DIR, file), 'utf8');
  }
  return sources;
}

/** Resolves an @openzeppelin/contracts import as solc's import callback does. */
export function findImport(path: string): { contents: string } | { error: string } {
  const prefix = '@openzeppelin/contracts/';
  if (path.startsWith(prefix) && !path.includes('..')) {
    try {
      return { contents: readFileSync(join(OZ_DIR, path.slice(prefix.length)), 'utf8') };
    } catch {
      return { error: `not found in @openzeppelin/contracts: ${path}` };
    }
  }
  return { error: `unsupported import: ${path}` };
}

function sourcesHash(sources: Record<string, string>): string {
  const h = createHash('sha256');
  h.update(compilerVersion());
  h.update(JSON.stringify(COMPILER_SETTINGS));
  h.update(readFileSync(join(OZ_DIR, 'package.json')));
  for (const [name, text] of Object.entries(sources)) h.update(`\0${name}\0${text}`);
  return h.digest('hex');
}

function readCache(hash: string): Record<string, Artifact> | null {
  try {
    const cached = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { hash?: string; artifacts?: Record<string, Artifact> };
    return cached.hash === hash && cached.artifacts ? cached.artifacts : null;
  } catch {
    return null;
  }
}

function runSolc(sources: Record<string, string>): Record<string, Artifact> {
  // solc-js is CommonJS and slow to load (~1 s), so it is required only on a cache miss.
  const solc = require('solc') as Solc;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: COMPILER_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const artifacts: Record<string, Artifact> = {};
  for (const name of Object.keys(sources)) {
    for (const [contractName, c] of Object.entries(output.contracts?.[name] ?? {})) {
      artifacts[contractName] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    }
  }
  return artifacts;
}

let memo: { hash: string; artifacts: Record<string, Artifact> } | null = null;

/** Compiles devnet/contracts/*.sol (cached in data/devnet-artifacts.json by a hash of the sources) and returns artifacts by contract name. */
export function compileContracts(): Record<string, Artifact> {
  const sources = readSources();
  const hash = sourcesHash(sources);
  if (memo?.hash === hash) return memo.artifacts;
  let artifacts = readCache(hash);
  if (!artifacts) {
    artifacts = runSolc(sources);
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    // Write then rename, so a parallel start never reads half a file.
    const tmp = `${CACHE_FILE}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ hash, compiler: compilerVersion(), settings: COMPILER_SETTINGS, artifacts }));
    renameSync(tmp, CACHE_FILE);
  }
  memo = { hash, artifacts };
  return artifacts;
}

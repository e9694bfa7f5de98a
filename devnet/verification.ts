import { posix } from 'node:path';
import { COMPILER_SETTINGS, compilerVersion, findImport, readSources } from './compile.ts';
import type { ScenarioInfo } from './types.ts';

// What a developer would submit to verify the devnet's contracts: the Solidity standard JSON input of the devnet's
// own compilation (its sources, every file they import, the settings), and which deployed address is which contract.

/** Solidity standard JSON input. */
export interface StandardJsonInput {
  language: 'Solidity';
  sources: Record<string, { content: string }>;
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
}

const IMPORT = /\bimport\s+(?:[^'";]*?\bfrom\s+)?["']([^"']+)["']/g;

/** The source unit name an import resolves to, as solc resolves it (relative to the importing unit, else as written). */
function resolveImport(from: string, path: string): string {
  return path.startsWith('./') || path.startsWith('../') ? posix.normalize(posix.join(posix.dirname(from), path)) : path;
}

/** Every source the devnet compiles, with the files they import (transitively), by source unit name. */
export function devnetSources(): Record<string, string> {
  const sources: Record<string, string> = { ...readSources() };
  const queue = Object.keys(sources);
  while (queue.length > 0) {
    const unit = queue.pop() as string;
    for (const m of (sources[unit] as string).matchAll(IMPORT)) {
      const target = resolveImport(unit, m[1] as string);
      if (target in sources) continue;
      const found = findImport(target);
      if ('error' in found) throw new Error(`${unit}: ${found.error}`);
      sources[target] = found.contents;
      queue.push(target);
    }
  }
  return sources;
}

/** The standard JSON input that reproduces the devnet's bytecode. */
export function devnetStandardJsonInput(): StandardJsonInput {
  return {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(devnetSources()).map(([unit, content]) => [unit, { content }])),
    settings: { optimizer: { ...COMPILER_SETTINGS.optimizer }, evmVersion: COMPILER_SETTINGS.evmVersion },
  };
}

/** The compiler the devnet uses, as Etherscan writes it ('v0.8.30+commit.73712a01'), from the installed solc-js. */
export function devnetCompilerVersion(): string {
  return `v${compilerVersion()}`;
}

/** One deployed devnet contract: its address, source unit and contract name. */
export interface DeployedContract {
  address: string;
  sourceUnit: string;
  contractName: string;
}

/** Every contract the scenario deployed, with the source unit that defines it (a unit may define several). */
export function deployedContracts(info: ScenarioInfo): DeployedContract[] {
  const units = Object.entries(readSources());
  const unitOf = (name: string): string => units.find(([, text]) => new RegExp(`^(abstract\\s+)?contract\\s+${name}\\b`, 'm').test(text))?.[0] ?? `${name}.sol`;
  return info.contracts.map((c) => ({ address: c.address, sourceUnit: unitOf(c.contract), contractName: c.contract }));
}

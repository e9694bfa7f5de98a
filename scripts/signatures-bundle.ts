// Writes indexer/bundle/signatures.json, the signature database's bundled set: the function and event signatures (with
// parameter names and indexed markers) of every contract ABI that @openzeppelin/contracts ships in build/contracts,
// and of the well-known contracts listed by hand in indexer/bundle/signatures-extra.txt (Uniswap v2/v3, WETH9,
// Multicall3, the ERC-4337 EntryPoint). Run: node scripts/signatures-bundle.ts (then commit the data file).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventFragment, FunctionFragment } from 'ethers';
import { compactFragment, parseSignature } from '../indexer/src/signatures/text.ts';
import type { BundleFile } from '../indexer/src/signatures/store.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

// One fragment per canonical signature: the first source that names it (OpenZeppelin's names before the hand-kept list's).
const functions = new Map<string, string>();
const events = new Map<string, string>();
const add = (fragment: FunctionFragment | EventFragment): void => {
  const into = fragment instanceof FunctionFragment ? functions : events;
  const canonical = fragment.format('sighash');
  if (!into.has(canonical)) into.set(canonical, compactFragment(fragment));
};
const packages: BundleFile['packages'] = [];

const ozDir = dirname(require.resolve('@openzeppelin/contracts/package.json'));
const ozVersion = (JSON.parse(readFileSync(join(ozDir, 'package.json'), 'utf8')) as { version: string }).version;
const ozContracts: string[] = [];
for (const file of readdirSync(join(ozDir, 'build', 'contracts')).filter((f) => f.endsWith('.json')).sort()) {
  const { contractName, abi } = JSON.parse(readFileSync(join(ozDir, 'build', 'contracts', file), 'utf8')) as { contractName: string; abi: { type: string }[] };
  let used = false;
  for (const item of abi) {
    if (item.type === 'function') add(FunctionFragment.from(item));
    else if (item.type === 'event' && !EventFragment.from(item).anonymous) add(EventFragment.from(item));
    else continue;
    used = true;
  }
  if (used) ozContracts.push(contractName);
}
packages.push({ name: '@openzeppelin/contracts', version: ozVersion, contracts: ozContracts, count: ozContracts.length });

let current: BundleFile['packages'][number] | null = null;
const extraFile = join(ROOT, 'indexer', 'bundle', 'signatures-extra.txt');
for (const [i, raw] of readFileSync(extraFile, 'utf8').split('\n').entries()) {
  const line = raw.trim();
  if (line.startsWith('## ')) {
    current = { name: line.slice(3), version: 'hand-maintained (signatures-extra.txt)', contracts: [], count: 0 };
    packages.push(current);
    continue;
  }
  if (line === '' || line.startsWith('#')) continue;
  const entry = parseSignature(line);
  if (entry === null || current === null) throw new Error(`${extraFile}:${i + 1}: not a signature under a ## heading: ${line}`);
  const text = entry.fragment ?? `${entry.kind} ${entry.signature}`;
  add(entry.kind === 'function' ? FunctionFragment.from(text) : EventFragment.from(text));
  current.count++;
}

const bundle: BundleFile = { packages, functions: [...functions.values()].sort(), events: [...events.values()].sort() };
const out = join(ROOT, 'indexer', 'bundle', 'signatures.json');
writeFileSync(out, `${JSON.stringify(bundle)}\n`);
console.log(`${out}: ${bundle.functions.length} functions, ${bundle.events.length} events from ${packages.length} sources`);

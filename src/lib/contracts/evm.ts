/** EVM versions offered by the verification form (the spec's list), newest first. */
export const EVM_VERSIONS = [
  'cancun',
  'shanghai',
  'paris',
  'london',
  'berlin',
  'istanbul',
  'petersburg',
  'constantinople',
  'byzantium',
  'spuriousDragon',
  'tangerineWhistle',
  'homestead',
] as const;

/** One of the offered EVM versions. */
export type EvmVersion = (typeof EVM_VERSIONS)[number];

/** EVM versions that compilers newer than the spec's list target (solc 0.8.30 defaults to prague, 0.8.31 on to osaka). */
const NEWER_EVM_VERSIONS = ['osaka', 'prague'] as const;

/** What the verification form offers, newest first: the newer versions, then the spec's twelve. */
export const FORM_EVM_VERSIONS: readonly string[] = [...NEWER_EVM_VERSIONS, ...EVM_VERSIONS];

/** Licences offered by the verification form (the spec's list). */
export const LICENSES = ['None', 'MIT', 'GPL-2.0', 'GPL-3.0', 'LGPL-2.1', 'LGPL-3.0', 'BSD-2-Clause', 'BSD-3-Clause', 'MPL-2.0', 'OSL-3.0', 'Apache-2.0', 'AGPL-3.0'] as const;

/** One of the offered licences. */
export type License = (typeof LICENSES)[number];

/** Defaults and limits of a verification request, as the spec gives them. */
export const VERIFICATION_DEFAULTS = {
  runs: 200,
  minRuns: 1,
  maxRuns: 10000,
  evmVersion: 'cancun',
  license: 'MIT',
  optimizationUsed: false,
  constructorArguments: '',
} as const satisfies { evmVersion: EvmVersion; license: License } & Record<string, unknown>;

/** Message shown when the public compiler list cannot be fetched. */
export const COMPILER_LIST_FALLBACK_MESSAGE = 'Failed to load compiler versions. Using fallback list.';

// Every solc release from 0.4.11 to 0.8.20: [minor, first patch, last patch].
const RELEASE_RANGES: readonly (readonly [number, number, number])[] = [
  [8, 0, 20],
  [7, 0, 6],
  [6, 0, 12],
  [5, 0, 17],
  [4, 11, 26],
];

/** Built-in compiler versions, 0.8.20 down to 0.4.11, used when the release list cannot be fetched. */
export const FALLBACK_COMPILER_VERSIONS: readonly string[] = RELEASE_RANGES.flatMap(([minor, first, last]) =>
  Array.from({ length: last - first + 1 }, (_, i) => `0.${minor}.${last - i}`),
);

/** Major, minor and patch of a compiler version ('0.8.20', 'v0.8.20+commit.a1b79de6', 'soljson-v0.8.20+…'); null if unreadable. */
export function parseCompilerVersion(version: string | null | undefined): readonly [number, number, number] | null {
  const match = /^\s*(?:soljson-)?v?(\d+)\.(\d+)\.(\d+)(?![\d.])/.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * EVM version chosen automatically for a compiler version (the spec's rule): none or unreadable → cancun; below 0.5 →
 * homestead; 0.5 → byzantium; 0.6 → istanbul; 0.7 → london; 0.8.0–0.8.9 → london; 0.8.10–0.8.17 → paris;
 * 0.8.18 and later 0.8 → shanghai; anything else → cancun.
 */
export function evmVersionForCompiler(version: string | null | undefined): EvmVersion {
  const parsed = parseCompilerVersion(version);
  if (!parsed || parsed[0] !== 0) return 'cancun';
  const [, minor, patch] = parsed;
  if (minor < 5) return 'homestead';
  if (minor === 5) return 'byzantium';
  if (minor === 6) return 'istanbul';
  if (minor === 7) return 'london';
  if (minor === 8) return patch <= 9 ? 'london' : patch <= 17 ? 'paris' : 'shanghai';
  return 'cancun';
}

/** Whether an optimizer runs value is a whole number between 1 and 10000. */
export function isValidRuns(runs: number): boolean {
  return Number.isInteger(runs) && runs >= VERIFICATION_DEFAULTS.minRuns && runs <= VERIFICATION_DEFAULTS.maxRuns;
}

/**
 * The EVM version the form chooses for a compiler: the spec's rule (evmVersionForCompiler), except for compilers
 * newer than the spec's list, which take the version solc itself defaults to (0.8.25–0.8.29 cancun, 0.8.30 prague,
 * 0.8.31 and later osaka), so that the devnet's contracts (0.8.30, prague) verify with the form's choice.
 */
export function formEvmVersion(version: string | null | undefined): string {
  const parsed = parseCompilerVersion(version);
  if (parsed && parsed[0] === 0 && parsed[1] === 8) {
    const patch = parsed[2];
    if (patch >= 31) return 'osaka';
    if (patch === 30) return 'prague';
    if (patch >= 25) return 'cancun';
  }
  return evmVersionForCompiler(version);
}

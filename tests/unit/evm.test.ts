import { describe, expect, it } from 'vitest';
import {
  COMPILER_LIST_FALLBACK_MESSAGE,
  EVM_VERSIONS,
  FALLBACK_COMPILER_VERSIONS,
  LICENSES,
  VERIFICATION_DEFAULTS,
  evmVersionForCompiler,
  isValidRuns,
  parseCompilerVersion,
  type EvmVersion,
} from '../../src/lib/contracts/evm.ts';

describe('evmVersionForCompiler', () => {
  it.each<[string | null | undefined, EvmVersion]>([
    [undefined, 'cancun'],
    [null, 'cancun'],
    ['', 'cancun'],
    ['latest', 'cancun'],
    ['0.8', 'cancun'],
    ['0.3.6', 'homestead'],
    ['0.4.11', 'homestead'],
    ['0.4.26', 'homestead'],
    ['v0.4.24+commit.e67f0147', 'homestead'],
    ['0.5.0', 'byzantium'],
    ['0.5.17', 'byzantium'],
    ['0.6.0', 'istanbul'],
    ['0.6.12', 'istanbul'],
    ['0.7.0', 'london'],
    ['0.7.6', 'london'],
    ['0.8.0', 'london'],
    ['0.8.9', 'london'],
    ['0.8.10', 'paris'],
    ['0.8.17', 'paris'],
    ['0.8.18', 'shanghai'],
    ['0.8.20', 'shanghai'],
    ['v0.8.20+commit.a1b79de6', 'shanghai'],
    ['soljson-v0.8.19+commit.7dd6d404.js', 'shanghai'],
    ['0.8.30', 'shanghai'],
    ['0.9.0', 'cancun'],
    ['1.0.0', 'cancun'],
  ])('%s → %s', (version, expected) => {
    expect(evmVersionForCompiler(version)).toBe(expected);
  });
});

describe('parseCompilerVersion', () => {
  it.each<[string, readonly [number, number, number] | null]>([
    ['0.8.20', [0, 8, 20]],
    ['v0.8.20+commit.a1b79de6', [0, 8, 20]],
    ['0.8.20-nightly.2023.5.1', [0, 8, 20]],
    ['0.8.20.1', null],
    ['x0.8.20', null],
  ])('%s → %s', (version, expected) => {
    expect(parseCompilerVersion(version)).toEqual(expected);
  });
});

describe('verification lists and defaults', () => {
  it('offers the twelve EVM versions', () => {
    expect(EVM_VERSIONS).toEqual([
      'cancun', 'shanghai', 'paris', 'london', 'berlin', 'istanbul',
      'petersburg', 'constantinople', 'byzantium', 'spuriousDragon', 'tangerineWhistle', 'homestead',
    ]);
  });

  it('offers the twelve licences', () => {
    expect(LICENSES).toEqual([
      'None', 'MIT', 'GPL-2.0', 'GPL-3.0', 'LGPL-2.1', 'LGPL-3.0',
      'BSD-2-Clause', 'BSD-3-Clause', 'MPL-2.0', 'OSL-3.0', 'Apache-2.0', 'AGPL-3.0',
    ]);
  });

  it('has the spec defaults', () => {
    expect(VERIFICATION_DEFAULTS).toEqual({
      runs: 200,
      minRuns: 1,
      maxRuns: 10000,
      evmVersion: 'cancun',
      license: 'MIT',
      optimizationUsed: false,
      constructorArguments: '',
    });
    expect(COMPILER_LIST_FALLBACK_MESSAGE).toBe('Failed to load compiler versions. Using fallback list.');
  });

  it.each([
    [200, true],
    [1, true],
    [10000, true],
    [0, false],
    [10001, false],
    [1.5, false],
  ])('runs %s valid: %s', (runs, expected) => {
    expect(isValidRuns(runs)).toBe(expected);
  });
});

describe('FALLBACK_COMPILER_VERSIONS: every release 0.4.11 to 0.8.20', () => {
  it('runs from 0.8.20 down to 0.4.11 without duplicates', () => {
    expect(FALLBACK_COMPILER_VERSIONS[0]).toBe('0.8.20');
    expect(FALLBACK_COMPILER_VERSIONS.at(-1)).toBe('0.4.11');
    expect(new Set(FALLBACK_COMPILER_VERSIONS).size).toBe(FALLBACK_COMPILER_VERSIONS.length);
  });

  it.each([
    ['0.8', 21],
    ['0.7', 7],
    ['0.6', 13],
    ['0.5', 18],
    ['0.4', 16],
  ])('holds every %s release (%s)', (prefix, count) => {
    expect(FALLBACK_COMPILER_VERSIONS.filter((v) => v.startsWith(`${prefix}.`))).toHaveLength(count);
  });

  it.each(['0.4.11', '0.4.26', '0.5.0', '0.5.17', '0.6.0', '0.6.12', '0.7.0', '0.7.6', '0.8.0', '0.8.9', '0.8.10', '0.8.20'])('includes %s', (v) => {
    expect(FALLBACK_COMPILER_VERSIONS).toContain(v);
  });

  it.each(['0.4.10', '0.4.27', '0.5.18', '0.6.13', '0.7.7', '0.8.21'])('excludes %s', (v) => {
    expect(FALLBACK_COMPILER_VERSIONS).not.toContain(v);
  });

  it('is 75 versions long', () => {
    expect(FALLBACK_COMPILER_VERSIONS).toHaveLength(75);
  });
});

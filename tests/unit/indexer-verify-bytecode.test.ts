import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  compareCreation,
  compareRuntime,
  fillImmutables,
  findMetadata,
  linkedOnChain,
  linkLibraries,
  maskRanges,
  metadataCompiler,
  trailingMetadata,
  unlinkedLibraries,
  type ImmutableReferences,
  type LinkReferences,
} from '../../indexer/src/verify/bytecode.ts';

// Real compiler output: the contracts below are compiled at test time with the bundled solc-js packages, each package
// loaded once (a load takes a second or two) and each compilation kept.

const require = createRequire(import.meta.url);

interface Solc {
  compile?: (input: string) => string;
  compileStandardWrapper?: (input: string) => string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        evm: {
          bytecode: { object: string; linkReferences?: LinkReferences };
          deployedBytecode: { object: string; linkReferences?: LinkReferences; immutableReferences?: ImmutableReferences };
        };
      }
    >
  >;
}

/** One compiled contract, hex without 0x as solc gives it. */
interface Compiled {
  creation: string;
  runtime: string;
  /** Placeholders in the creation code, where the runtime code's are shifted by the constructor before it. */
  creationLinkReferences: LinkReferences;
  linkReferences: LinkReferences;
  immutableReferences: ImmutableReferences;
}

const compilers = new Map<string, Solc>();
const compilations = new Map<string, Record<string, Compiled>>();

/** Compiles sources with a bundled solc-js package (as the verifier's worker does); contracts by name. */
function compile(pkg: string, sources: Record<string, string>, settings: Record<string, unknown> = {}): Record<string, Compiled> {
  const key = JSON.stringify([pkg, sources, settings]);
  const done = compilations.get(key);
  if (done) return done;
  let solc = compilers.get(pkg);
  if (!solc) {
    solc = require(pkg) as Solc;
    compilers.set(pkg, solc);
  }
  // solc-js before 0.5 compiles standard JSON through compileStandardWrapper (indexer/src/verify/worker.ts).
  const run = solc.compileStandardWrapper ?? solc.compile;
  if (!run) throw new Error(`${pkg} cannot compile standard JSON`);
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: {
      ...settings,
      outputSelection: {
        '*': {
          '*': [
            'evm.bytecode.object',
            'evm.bytecode.linkReferences',
            'evm.deployedBytecode.object',
            'evm.deployedBytecode.linkReferences',
            'evm.deployedBytecode.immutableReferences',
          ],
        },
      },
    },
  };
  const output = JSON.parse(run.call(solc, JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const byName: Record<string, Compiled> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(contracts)) {
      byName[name] = {
        creation: c.evm.bytecode.object,
        runtime: c.evm.deployedBytecode.object,
        creationLinkReferences: c.evm.bytecode.linkReferences ?? {},
        linkReferences: c.evm.deployedBytecode.linkReferences ?? {},
        immutableReferences: c.evm.deployedBytecode.immutableReferences ?? {},
      };
    }
  }
  compilations.set(key, byName);
  return byName;
}

/** The named contract of a compilation. */
function contract(pkg: string, sources: Record<string, string>, name: string, settings: Record<string, unknown> = {}): Compiled {
  const c = compile(pkg, sources, settings)[name];
  if (!c) throw new Error(`${name} is not in the output of ${pkg}`);
  return c;
}

/** Sources every bundled version from 0.4.24 to 0.8 compiles; `comment` changes the text (and so the metadata) only. */
function legacySources(comment = ''): Record<string, string> {
  return {
    'Legacy.sol': `${comment ? `// ${comment}\n` : ''}pragma solidity >=0.4.24 <0.9.0;

contract Counter {
    uint256 public count;

    function inc() public {
        count += 1;
    }
}

contract Child {
    uint256 public born = 1;
}

contract Factory {
    Child public last;

    function make() public {
        last = new Child();
    }
}
`,
  };
}

/** 0.8 sources: a constructor argument, immutables, and an external library in a file of its own. */
function modernSources(comment = ''): Record<string, string> {
  const head = `${comment ? `// ${comment}\n` : ''}// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n`;
  return {
    'Box.sol': `${head}
contract Box {
    uint256 public value;

    constructor(uint256 v) {
        value = v;
    }
}

contract Seeded {
    uint256 public immutable seed;
    address public immutable owner;

    constructor(uint256 s) {
        seed = s;
        owner = msg.sender;
    }

    function twice() external view returns (uint256) {
        return seed * 2;
    }
}
`,
    'MathLib.sol': `${head}
library MathLib {
    function triple(uint256 a) external pure returns (uint256) {
        return a * 3;
    }
}
`,
    'UsesLib.sol': `${head}
import "MathLib.sol";

contract UsesLib {
    uint256 public total;

    constructor(uint256 start) {
        total = start;
    }

    function add(uint256 a) external returns (uint256) {
        total += MathLib.triple(a);
        return total;
    }
}
`,
  };
}

const OPTIMIZED = { optimizer: { enabled: true, runs: 200 } };
const NO_CBOR = { metadata: { appendCBOR: false } };

const counter = (pkg: string) => contract(pkg, legacySources(), 'Counter');
const factory = (pkg: string) => contract(pkg, legacySources(), 'Factory');
const box = (comment = '') => contract('solc', modernSources(comment), 'Box');
const usesLib = () => contract('solc', modernSources(), 'UsesLib');
const seeded = () => contract('solc', modernSources(), 'Seeded');

/** 2 KB of hex that is not code: sha256 of 0, 1, 2, … */
const NOISE = Array.from({ length: 64 }, (_, i) => createHash('sha256').update(String(i)).digest('hex')).join('');

const LIB_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER_ADDRESS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

describe('findMetadata and trailingMetadata', () => {
  // CBOR map head, first key, and the size of the section with its two length bytes.
  it.each([
    ['solc-0.4.26', 'bzzr0', 'a165627a7a7230', 43],
    ['solc-0.5.17', 'bzzr1', 'a265627a7a7231', 52],
    ['solc-0.8.20', 'ipfs', 'a26469706673', 53],
    ['solc', 'ipfs', 'a26469706673', 53],
  ])('%s runtime code has one %s section, at its end', (pkg, _format, head, size) => {
    const code = counter(pkg).runtime;
    const bytes = code.length / 2;
    expect(findMetadata(code)).toEqual([{ start: bytes - size, end: bytes }]);
    const meta = trailingMetadata(code);
    expect(meta).toBe(code.slice(-size * 2));
    expect(meta?.startsWith(head)).toBe(true);
    // The last two bytes give the CBOR's own length.
    expect(parseInt(code.slice(-4), 16)).toBe(size - 2);
  });

  it.each([['solc-0.4.26'], ['solc-0.5.17'], ['solc-0.8.20'], ['solc']])(
    '%s creation code of a contract that deploys another has two sections, the last at its end',
    (pkg) => {
      const { creation, runtime } = factory(pkg);
      const ranges = findMetadata(creation);
      expect(ranges).toHaveLength(2);
      expect(ranges[1]?.end).toBe(creation.length / 2);
      // Its runtime code carries the child's creation code, and with it the child's metadata.
      expect(findMetadata(runtime)).toHaveLength(2);
      expect(trailingMetadata(runtime)).toBe(trailingMetadata(creation));
    },
  );

  it.each([
    ['random bytes', () => NOISE],
    ['0.8.30 code compiled without CBOR metadata', () => contract('solc', legacySources(), 'Counter', NO_CBOR).runtime],
    ['0.8.30 factory compiled without CBOR metadata', () => contract('solc', legacySources(), 'Factory', NO_CBOR).creation],
    ['metadata whose length bytes are wrong', () => `${counter('solc').runtime.slice(0, -4)}0034`],
    ['empty code', () => ''],
  ])('%s has none', (_, code) => {
    expect(findMetadata(code())).toEqual([]);
    expect(trailingMetadata(code())).toBeNull();
  });

  it('reads 0x-prefixed and uppercase hex', () => {
    const code = counter('solc').runtime;
    expect(findMetadata(`0x${code.toUpperCase()}`)).toEqual(findMetadata(code));
    expect(trailingMetadata(`0X${code}`)).toBe(trailingMetadata(code));
  });

  it('gives no trailing metadata when bytes follow the section', () => {
    const code = `${counter('solc').runtime}00`;
    expect(findMetadata(code)).toHaveLength(1);
    expect(trailingMetadata(code)).toBeNull();
  });
});

describe('metadataCompiler', () => {
  it.each([
    ['0.8.30 code', () => counter('solc').runtime, '0.8.30'],
    ['0.8.20 code', () => counter('solc-0.8.20').runtime, '0.8.20'],
    ['0.5.17 code', () => counter('solc-0.5.17').runtime, '0.5.17'],
    ['0.4.26 code (its metadata has no solc key)', () => counter('solc-0.4.26').runtime, null],
    ['0.8.30 code without CBOR metadata', () => contract('solc', legacySources(), 'Counter', NO_CBOR).runtime, null],
    ['random bytes', () => NOISE, null],
  ])('%s → %s', (_, code, version) => {
    expect(metadataCompiler(code())).toBe(version);
  });
});

describe('maskRanges', () => {
  it.each([
    ['one range', 'aabbccdd', [{ start: 1, end: 3 }], 'aa0000dd'],
    ['two ranges', 'aabbccddeeff', [{ start: 0, end: 1 }, { start: 4, end: 6 }], '00bbccdd0000'],
    ['a range up to the end', 'aabbccdd', [{ start: 2, end: 4 }], 'aabb0000'],
    ['a range past the end is skipped', 'aabbccdd', [{ start: 2, end: 5 }], 'aabbccdd'],
    ['no ranges, 0x and uppercase', '0xAABBCCDD', [], 'aabbccdd'],
  ])('%s', (_, hex, ranges, masked) => {
    expect(maskRanges(hex, ranges)).toBe(masked);
  });

  it('zeroes exactly the metadata of real code', () => {
    const code = counter('solc').runtime;
    const ranges = findMetadata(code);
    const masked = maskRanges(code, ranges);
    const start = (ranges[0]?.start ?? 0) * 2;
    expect(masked.slice(0, start)).toBe(code.slice(0, start));
    expect(masked.slice(start)).toBe('00'.repeat(53));
  });
});

describe('compareRuntime', () => {
  it.each([
    ['identical code', () => counter('solc').runtime, () => counter('solc').runtime, 'full'],
    ['identical code, 0x and uppercase on the chain', () => counter('solc').runtime, () => `0x${counter('solc').runtime.toUpperCase()}`, 'full'],
    ['0.4.26 code with a changed comment', () => counter('solc-0.4.26').runtime, () => contract('solc-0.4.26', legacySources('v2'), 'Counter').runtime, 'partial'],
    ['0.5.17 code with a changed comment', () => counter('solc-0.5.17').runtime, () => contract('solc-0.5.17', legacySources('v2'), 'Counter').runtime, 'partial'],
    ['0.8.30 code with a changed comment', () => counter('solc').runtime, () => contract('solc', legacySources('v2'), 'Counter').runtime, 'partial'],
    // Both sections differ: the factory's own and the one of the child it deploys.
    ['a factory with a changed comment', () => factory('solc').runtime, () => contract('solc', legacySources('v2'), 'Factory').runtime, 'partial'],
    ['a different optimizer', () => counter('solc').runtime, () => contract('solc', legacySources(), 'Counter', OPTIMIZED).runtime, null],
    ['another compiler version', () => counter('solc').runtime, () => counter('solc-0.8.20').runtime, null],
    ['a different length', () => counter('solc').runtime, () => `${counter('solc').runtime}00`, null],
    ['one byte changed outside the metadata', () => counter('solc').runtime, () => `61${counter('solc').runtime.slice(2)}`, null],
    ['code without metadata and a changed byte', () => NOISE, () => `00${NOISE.slice(2)}`, null],
    ['empty compiled code', () => '', () => '', null],
  ])('%s → %s', (_, compiled, chain, match) => {
    expect(compareRuntime(compiled(), chain())).toBe(match);
  });
});

describe('compareCreation', () => {
  const args = AbiCoder.defaultAbiCoder().encode(['uint256'], [42n]).slice(2);

  it.each([
    ['creation code with its arguments', () => box().creation, () => `0x${box().creation}${args}`, { match: 'full', constructorArguments: args }],
    ['creation code without arguments', () => counter('solc').creation, () => counter('solc').creation, { match: 'full', constructorArguments: '' }],
    ['a changed comment', () => box().creation, () => `${box('v2').creation}${args}`, { match: 'partial', constructorArguments: args }],
    ['a 0.4.26 factory with a changed comment', () => factory('solc-0.4.26').creation, () => contract('solc-0.4.26', legacySources('v2'), 'Factory').creation, { match: 'partial', constructorArguments: '' }],
    ['a different optimizer', () => box().creation, () => `${contract('solc', modernSources(), 'Box', OPTIMIZED).creation}${args}`, null],
    ['an input shorter than the code', () => box().creation, () => box().creation.slice(0, -2), null],
    ['empty compiled code', () => '', () => args, null],
  ])('%s', (_, compiled, input, expected) => {
    expect(compareCreation(compiled(), input())).toEqual(expected);
  });
});

describe('libraries', () => {
  const refs = () => usesLib().linkReferences;

  it('finds the placeholders solc reports', () => {
    expect(Object.keys(refs())).toEqual(['MathLib.sol']);
    expect(Object.keys(refs()['MathLib.sol'] ?? {})).toEqual(['MathLib']);
    expect(usesLib().runtime).toContain('__$');
  });

  it.each([
    ['no libraries', {}, ['MathLib']],
    ['File.sol:Lib', { 'MathLib.sol:MathLib': LIB_ADDRESS }, []],
    ['bare Lib', { MathLib: LIB_ADDRESS }, []],
    ['address without 0x', { MathLib: LIB_ADDRESS.slice(2) }, []],
    ['another file', { 'Other.sol:MathLib': LIB_ADDRESS }, ['MathLib']],
    ['another library', { OtherLib: LIB_ADDRESS }, ['MathLib']],
    ['an invalid address', { MathLib: '0x1234' }, ['MathLib']],
    ['an empty address', { MathLib: '' }, ['MathLib']],
  ])('unlinkedLibraries with %s → %j', (_, libraries, missing) => {
    expect(unlinkedLibraries(refs(), libraries)).toEqual(missing);
  });

  it.each([
    ['File.sol:Lib', { 'MathLib.sol:MathLib': LIB_ADDRESS }],
    ['bare Lib', { MathLib: LIB_ADDRESS }],
    ['bare Lib with spaces', { MathLib: ` ${LIB_ADDRESS} ` }],
  ])('linkLibraries by %s writes the address as solc-js linker does', (_, libraries) => {
    const linker = require('solc/linker') as { linkBytecode(bytecode: string, libraries: Record<string, string>): string };
    const expected = linker.linkBytecode(usesLib().runtime, { 'MathLib.sol:MathLib': LIB_ADDRESS.toLowerCase() });
    const linked = linkLibraries(usesLib().runtime, refs(), libraries);
    expect(linked).toBe(expected);
    expect(linked).toMatch(/^[0-9a-f]+$/);
    for (const { start } of refs()['MathLib.sol']?.['MathLib'] ?? []) {
      expect(linked.slice(start * 2, start * 2 + 40)).toBe(LIB_ADDRESS.slice(2).toLowerCase());
    }
  });

  it('leaves the placeholders of a library it is not given', () => {
    expect(linkLibraries(usesLib().runtime, refs(), { 'Other.sol:MathLib': LIB_ADDRESS })).toBe(usesLib().runtime);
  });

  it('reads the linked address back from the chain, and matches only that address', () => {
    const chain = linkLibraries(usesLib().runtime, refs(), { MathLib: LIB_ADDRESS });
    expect(linkedOnChain(chain, refs())).toEqual({ MathLib: LIB_ADDRESS.toLowerCase() });
    expect(linkedOnChain(`0x${chain}`, refs())).toEqual({ MathLib: LIB_ADDRESS.toLowerCase() });
    expect(compareRuntime(linkLibraries(usesLib().runtime, refs(), linkedOnChain(chain, refs())), chain)).toBe('full');
    expect(compareRuntime(linkLibraries(usesLib().runtime, refs(), { MathLib: OTHER_ADDRESS }), chain)).toBeNull();
  });

  it('links creation code by its own references, then matches the creation input with its arguments', () => {
    const linker = require('solc/linker') as { linkBytecode(bytecode: string, libraries: Record<string, string>): string };
    const { creation, creationLinkReferences } = usesLib();
    const args = AbiCoder.defaultAbiCoder().encode(['uint256'], [7n]).slice(2);
    const input = `${linker.linkBytecode(creation, { 'MathLib.sol:MathLib': LIB_ADDRESS.toLowerCase() })}${args}`;
    expect(creationLinkReferences['MathLib.sol']?.['MathLib']?.[0]?.start).not.toBe(refs()['MathLib.sol']?.['MathLib']?.[0]?.start);
    expect(compareCreation(linkLibraries(creation, creationLinkReferences, { MathLib: LIB_ADDRESS }), input)).toEqual({ match: 'full', constructorArguments: args });
    expect(linkedOnChain(input, creationLinkReferences)).toEqual({ MathLib: LIB_ADDRESS.toLowerCase() });
  });

  it('reads nothing from code too short to hold the placeholder', () => {
    const first = refs()['MathLib.sol']?.['MathLib']?.[0]?.start ?? 0;
    expect(linkedOnChain(counter('solc').runtime.slice(0, first * 2 + 38), refs())).toEqual({});
    expect(linkedOnChain(counter('solc').runtime, {})).toEqual({});
  });
});

describe('fillImmutables', () => {
  const SEED = AbiCoder.defaultAbiCoder().encode(['uint256'], [0xc0ffeen]).slice(2);
  const OWNER = AbiCoder.defaultAbiCoder().encode(['address'], [OTHER_ADDRESS]).slice(2);

  /** The deployed code as the constructor leaves it: each immutable's slots hold its value. */
  function onChain(): string {
    const { runtime, immutableReferences } = seeded();
    const values = Object.values(immutableReferences);
    let code = runtime;
    values.forEach((positions, i) => {
      for (const { start, length } of positions) code = code.slice(0, start * 2) + (i === 0 ? SEED : OWNER) + code.slice((start + length) * 2);
    });
    return code;
  }

  it('compiled code has zeros where the chain has the values, and equals it once filled', () => {
    const { runtime, immutableReferences } = seeded();
    const slots = Object.values(immutableReferences).flat();
    expect(Object.keys(immutableReferences)).toHaveLength(2);
    expect(slots.length).toBeGreaterThan(2);
    for (const { start, length } of slots) expect(runtime.slice(start * 2, (start + length) * 2)).toBe('00'.repeat(length));
    const chain = onChain();
    expect(compareRuntime(runtime, chain)).toBeNull();
    const filled = fillImmutables(runtime, `0x${chain}`, immutableReferences);
    expect(filled).toBe(chain);
    expect(compareRuntime(filled, chain)).toBe('full');
  });

  it.each([
    ['no references', () => ({ chain: onChain(), refs: {} })],
    ['chain code of another length', () => ({ chain: `${onChain()}00`, refs: seeded().immutableReferences })],
  ])('leaves compiled code as it is with %s', (_, given) => {
    const { chain, refs } = given();
    expect(fillImmutables(seeded().runtime, chain, refs)).toBe(seeded().runtime);
  });
});

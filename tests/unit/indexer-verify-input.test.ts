import { describe, expect, it } from 'vitest';
import { HttpError } from '../../indexer/src/http/router.ts';
import { describeSettings, MAX_SOURCE_BYTES, OUTPUT_SELECTION, parseVerificationRequest, type VerificationInput } from '../../indexer/src/verify/input.ts';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const LIB = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const SOURCE = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n\ncontract Token {\n    uint256 public supply = 1;\n}\n';
const ARGS = '000000000000000000000000000000000000000000000000000000000000002a';

/** The spec's request: one source and its fields. */
const spec = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  address: ADDRESS,
  sourceCode: SOURCE,
  compilerVersion: 'v0.8.30+commit.73712a01',
  contractName: 'Token',
  ...extra,
});

/** Standard JSON input as Hardhat and Foundry write it. */
const STANDARD = {
  language: 'Solidity',
  sources: { 'src/Token.sol': { content: SOURCE }, 'src/Lib.sol': { content: 'library L {}' } },
  settings: {
    optimizer: { enabled: true, runs: 999 },
    evmVersion: 'paris',
    outputSelection: { '*': { '*': ['abi'] } },
    libraries: { 'src/Lib.sol': { L: LIB } },
  },
};

/** Etherscan's verifysourcecode fields. */
const etherscan = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  contractaddress: ADDRESS,
  sourceCode: SOURCE,
  compilerversion: 'v0.8.30+commit.73712a01',
  contractname: 'Token',
  ...extra,
});

/** A body without some of its fields. */
function omit(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
}

/** The HttpError a request is refused with. */
function refusal(body: unknown): HttpError {
  try {
    parseVerificationRequest(body);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('the request was accepted');
}

describe('parseVerificationRequest: accepted shapes', () => {
  it.each<[string, unknown, Partial<VerificationInput>]>([
    [
      'spec fields with a single source',
      spec(),
      { address: ADDRESS.toLowerCase(), contractName: 'Token', contractPath: 'Token.sol', format: 'single', input: { language: 'Solidity', sources: { 'Token.sol': { content: SOURCE } }, settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION } } },
    ],
    [
      "a single source named 'path:Name'",
      spec({ contractName: 'contracts/Token.sol:Token' }),
      { contractName: 'Token', contractPath: 'contracts/Token.sol', format: 'single', input: { language: 'Solidity', sources: { 'contracts/Token.sol': { content: SOURCE } }, settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION } } },
    ],
    [
      'a sourceFiles map of texts',
      spec({ sourceCode: undefined, sourceFiles: { 'a/Token.sol': SOURCE, 'a/B.sol': 'contract B {}' } }),
      { contractPath: null, format: 'multi', input: { language: 'Solidity', sources: { 'a/Token.sol': { content: SOURCE }, 'a/B.sol': { content: 'contract B {}' } }, settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION } } },
    ],
    [
      "a sourceFiles map of {content} with 'path:Name'",
      spec({ sourceCode: undefined, sourceFiles: { 'a/Token.sol': { content: SOURCE } }, contractName: 'a/Token.sol:Token' }),
      { contractName: 'Token', contractPath: 'a/Token.sol', format: 'multi', input: { language: 'Solidity', sources: { 'a/Token.sol': { content: SOURCE } }, settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION } } },
    ],
    [
      "Etherscan's multi-file JSON in sourceCode",
      spec({ sourceCode: JSON.stringify({ 'a/Token.sol': { content: SOURCE } }) }),
      { contractPath: null, format: 'multi', input: { language: 'Solidity', sources: { 'a/Token.sol': { content: SOURCE } }, settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION } } },
    ],
  ])('%s', (_, body, expected) => {
    expect(parseVerificationRequest(body)).toMatchObject(expected);
  });

  const standardInput = {
    language: 'Solidity',
    sources: STANDARD.sources,
    settings: { ...STANDARD.settings, outputSelection: OUTPUT_SELECTION },
  };

  it.each<[string, Record<string, unknown>]>([
    ['a standardJsonInput object', spec({ sourceCode: undefined, standardJsonInput: STANDARD, contractName: 'src/Token.sol:Token' })],
    ['a standardJsonInput text', spec({ sourceCode: undefined, standardJsonInput: JSON.stringify(STANDARD), contractName: 'src/Token.sol:Token' })],
    ['standard JSON as text in sourceCode', spec({ sourceCode: JSON.stringify(STANDARD), contractName: 'src/Token.sol:Token' })],
    ["Etherscan's double-braced standard JSON", etherscan({ sourceCode: `{${JSON.stringify(STANDARD, null, 2)}}`, contractname: 'src/Token.sol:Token' })],
    ["Etherscan's double-braced standard JSON with spaces around it", etherscan({ sourceCode: `  {${JSON.stringify(STANDARD)}}\n`, contractname: 'src/Token.sol:Token' })],
  ])('%s keeps its settings and forces outputSelection', (_, body) => {
    const request = parseVerificationRequest(body);
    expect(request).toEqual({
      address: ADDRESS.toLowerCase(),
      compilerVersion: 'v0.8.30+commit.73712a01',
      contractName: 'Token',
      contractPath: 'src/Token.sol',
      input: standardInput,
      constructorArguments: '',
      libraries: { 'src/Lib.sol:L': LIB },
      license: 'MIT',
      format: 'standard-json',
    });
  });

  it('standard JSON without language is Solidity, and a bare contract name has no path', () => {
    const request = parseVerificationRequest(spec({ sourceCode: undefined, standardJsonInput: omit(STANDARD, 'language') }));
    expect(request.input.language).toBe('Solidity');
    expect(request.contractPath).toBeNull();
    expect(request.format).toBe('standard-json');
  });

  it('does not change the standard JSON it was given', () => {
    const given = structuredClone(STANDARD);
    parseVerificationRequest(spec({ sourceCode: undefined, standardJsonInput: given }));
    expect(given).toEqual(STANDARD);
  });

  it("reads Etherscan's field names", () => {
    const request = parseVerificationRequest(
      etherscan({ optimizationused: '1', runs: '1000', evmversion: 'london', constructorArguements: ARGS, licenseType: 'GPL-3.0' }),
    );
    expect(request).toEqual({
      address: ADDRESS.toLowerCase(),
      compilerVersion: 'v0.8.30+commit.73712a01',
      contractName: 'Token',
      contractPath: 'Token.sol',
      input: { language: 'Solidity', sources: { 'Token.sol': { content: SOURCE } }, settings: { optimizer: { enabled: true, runs: 1000 }, evmVersion: 'london', outputSelection: OUTPUT_SELECTION } },
      constructorArguments: ARGS,
      libraries: {},
      license: 'GPL-3.0',
      format: 'single',
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['contractAddress', { contractAddress: ADDRESS }],
    ['contractaddress', { contractaddress: ADDRESS }],
  ])('takes the address from %s', (_, fields) => {
    expect(parseVerificationRequest({ ...omit(spec(), 'address'), ...fields }).address).toBe(ADDRESS.toLowerCase());
  });
});

describe('parseVerificationRequest: defaults and settings', () => {
  it.each<[string, Record<string, unknown>, { enabled: boolean; runs: number }]>([
    ['nothing given', {}, { enabled: false, runs: 200 }],
    ['optimizationUsed true', { optimizationUsed: true }, { enabled: true, runs: 200 }],
    ["optimizationUsed '1' and runs '1'", { optimizationUsed: '1', runs: '1' }, { enabled: true, runs: 1 }],
    ["optimizationused 'true' and runs 10000", { optimizationused: 'true', runs: 10000 }, { enabled: true, runs: 10000 }],
    ['optimizationUsed 0', { optimizationUsed: 0, runs: 500 }, { enabled: false, runs: 500 }],
    ["optimizationUsed 'false' and empty runs", { optimizationUsed: 'false', runs: '' }, { enabled: false, runs: 200 }],
    ['runs null', { runs: null }, { enabled: false, runs: 200 }],
  ])('optimizer with %s', (_, fields, optimizer) => {
    expect(parseVerificationRequest(spec(fields)).input.settings.optimizer).toEqual(optimizer);
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['not given', {}, undefined],
    ['empty', { evmVersion: '' }, undefined],
    ["'default'", { evmVersion: 'default' }, undefined],
    ['paris', { evmVersion: 'paris' }, 'paris'],
    ['homestead', { evmVersion: 'homestead' }, 'homestead'],
    ['osaka', { evmversion: 'osaka' }, 'osaka'],
  ])('EVM version %s', (_, fields, evmVersion) => {
    const { settings } = parseVerificationRequest(spec(fields)).input;
    expect(settings.evmVersion).toBe(evmVersion);
    expect('evmVersion' in settings).toBe(evmVersion !== undefined);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['not given', {}, 'MIT'],
    ['empty', { license: '  ' }, 'MIT'],
    ['license', { license: 'Apache-2.0' }, 'Apache-2.0'],
    ['licenseType', { licenseType: 'UNLICENSED' }, 'UNLICENSED'],
  ])('license %s', (_, fields, license) => {
    expect(parseVerificationRequest(spec(fields)).license).toBe(license);
  });

  it.each<[string, string, string]>([
    ['not given', '', ''],
    ['0x-prefixed', `0x${ARGS}`, ARGS],
    ['uppercase with 0X', `0X${ARGS.toUpperCase()}`, ARGS],
    ['with spaces around', ` ${ARGS} `, ARGS],
  ])('constructor arguments %s', (_, constructorArguments, expected) => {
    expect(parseVerificationRequest(spec({ constructorArguments })).constructorArguments).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a name → address map', { libraries: { L: LIB, 'src/M.sol:M': LIB } }, { L: LIB, 'src/M.sol:M': LIB }],
    ['a JSON text of it', { libraries: JSON.stringify({ L: LIB }) }, { L: LIB }],
    ['names and addresses with spaces', { libraries: { ' L ': ` ${LIB} ` } }, { L: LIB }],
    ['incomplete rows, dropped', { libraries: { '': LIB, L: '', '  ': '  ', M: LIB } }, { M: LIB }],
    ["standard JSON's {file: {Name: address}}", { libraries: { 'src/L.sol': { L: LIB, '': LIB, M: '' } } }, { 'src/L.sol:L': LIB }],
    ['something that is not a map', { libraries: 'none' }, {}],
  ])('libraries from %s', (_, fields, libraries) => {
    expect(parseVerificationRequest(spec(fields)).libraries).toEqual(libraries);
  });

  it("merges the request's libraries with the standard JSON's", () => {
    const request = parseVerificationRequest(spec({ sourceCode: undefined, standardJsonInput: STANDARD, libraries: { Other: ADDRESS } }));
    expect(request.libraries).toEqual({ Other: ADDRESS, 'src/Lib.sol:L': LIB });
  });

  it('forces outputSelection on standard JSON that chose its own', () => {
    const request = parseVerificationRequest(spec({ sourceCode: undefined, standardJsonInput: STANDARD }));
    expect(request.input.settings.outputSelection).toEqual(OUTPUT_SELECTION);
    expect(request.input.settings.optimizer).toEqual({ enabled: true, runs: 999 });
  });

  it('accepts sources of exactly 5 MB', () => {
    const request = parseVerificationRequest(spec({ sourceCode: 'a'.repeat(MAX_SOURCE_BYTES) }));
    expect(request.input.sources['Token.sol']?.content).toHaveLength(MAX_SOURCE_BYTES);
  });
});

describe('parseVerificationRequest: refusals', () => {
  const KNOWN = 'homestead, tangerineWhistle, spuriousDragon, byzantium, constantinople, petersburg, istanbul, berlin, london, paris, shanghai, cancun, prague, osaka';

  it.each<[string, unknown, number, string]>([
    ['a body that is null', null, 400, 'Request body must be a JSON object'],
    ['a body that is an array', [spec()], 400, 'Request body must be a JSON object'],
    ['a body that is text', 'address=0x', 400, 'Request body must be a JSON object'],
    ['no address', omit(spec(), 'address'), 400, 'Contract address is required'],
    ['a blank address', spec({ address: '   ' }), 400, 'Contract address is required'],
    ['a short address', spec({ address: '0x1234' }), 400, 'Contract address is missing or invalid'],
    ['an address without 0x', spec({ address: ADDRESS.slice(2) }), 400, 'Contract address is missing or invalid'],
    ['no contract name', omit(spec(), 'contractName'), 400, 'Contract name is required'],
    ['a blank contract name', spec({ contractName: ' ' }), 400, 'Contract name is required'],
    ['a contract name that is not an identifier', spec({ contractName: 'My Token' }), 400, 'Contract name must be the name of a contract in the source (letters, digits, _ and $)'],
    ["a 'path:' contract name without a name", spec({ contractName: 'Token.sol:' }), 400, 'Contract name must be the name of a contract in the source (letters, digits, _ and $)'],
    ['no source', omit(spec(), 'sourceCode'), 400, 'Source code is required'],
    ['a blank source', spec({ sourceCode: ' \n ' }), 400, 'Source code is required'],
    ['an empty sourceFiles map', spec({ sourceCode: undefined, sourceFiles: {} }), 400, 'Source code is required'],
    ['no compiler version', omit(spec(), 'compilerVersion'), 400, 'Compiler version is required'],
    ['a blank compiler version', spec({ compilerVersion: ' ' }), 400, 'Compiler version is required'],
    ['an invalid compiler version', spec({ compilerVersion: 'latest' }), 400, 'Invalid compiler version: latest'],
    ['a nightly compiler version', spec({ compilerVersion: 'v0.8.31-nightly.2025.1.1+commit.abcdef12' }), 400, 'Invalid compiler version: v0.8.31-nightly.2025.1.1+commit.abcdef12'],
    ['a long invalid compiler version, cut at 60', spec({ compilerVersion: 'x'.repeat(100) }), 400, `Invalid compiler version: ${'x'.repeat(60)}`],
    ['runs 0', spec({ runs: 0 }), 400, 'Optimization runs must be a whole number from 1 to 10000'],
    ['runs 10001', spec({ runs: '10001' }), 400, 'Optimization runs must be a whole number from 1 to 10000'],
    ['runs 1.5', spec({ runs: 1.5 }), 400, 'Optimization runs must be a whole number from 1 to 10000'],
    ['runs that are not a number', spec({ runs: 'many' }), 400, 'Optimization runs must be a whole number from 1 to 10000'],
    ['an unknown EVM version', spec({ evmVersion: 'frontier' }), 400, `Unknown EVM version: frontier. Known: ${KNOWN}`],
    ['an EVM version in the wrong case', spec({ evmversion: 'London' }), 400, `Unknown EVM version: London. Known: ${KNOWN}`],
    ['constructor arguments that are not hex', spec({ constructorArguments: '0xzz' }), 400, 'Constructor arguments must be ABI-encoded hex'],
    ['constructor arguments of odd length', spec({ constructorArguements: '0x123' }), 400, 'Constructor arguments must be ABI-encoded hex'],
    ['a library with an invalid address', spec({ libraries: { MathLib: '0x1234' } }), 400, 'Library MathLib has an invalid address'],
    ['a library address without 0x', spec({ libraries: { ' MathLib ': LIB.slice(2) } }), 400, 'Library MathLib has an invalid address'],
    ['standard JSON without sources', spec({ sourceCode: undefined, standardJsonInput: JSON.stringify({ language: 'Solidity', settings: {} }) }), 400, 'Standard JSON input has no sources'],
    ['standard JSON in Vyper', spec({ sourceCode: undefined, standardJsonInput: { ...STANDARD, language: 'Vyper' } }), 400, 'Only Solidity can be verified here, not Vyper'],
    ['a single source over 5 MB', spec({ sourceCode: 'a'.repeat(MAX_SOURCE_BYTES + 1) }), 413, 'The sources are too large: 5121 KB (limit 5 MB)'],
    [
      'sources over 5 MB together',
      spec({ sourceCode: undefined, sourceFiles: { 'A.sol': 'a'.repeat(3 * 1024 * 1024), 'B.sol': 'b'.repeat(3 * 1024 * 1024) } }),
      413,
      'The sources are too large: 6144 KB (limit 5 MB)',
    ],
    ['standard JSON over 5 MB, counted in UTF-8 bytes', spec({ sourceCode: undefined, standardJsonInput: { ...STANDARD, sources: { 'A.sol': { content: 'é'.repeat(MAX_SOURCE_BYTES / 2 + 1) } } } }), 413, 'The sources are too large: 5121 KB (limit 5 MB)'],
  ])('%s → %i', (_, body, status, message) => {
    const err = refusal(body);
    expect(err.status).toBe(status);
    expect(err.message).toBe(message);
  });

  it('checks the address before everything else', () => {
    expect(refusal({}).message).toBe('Contract address is required');
  });
});

describe('describeSettings', () => {
  it.each<[string, Parameters<typeof describeSettings>[0], string]>([
    ['nothing', {}, 'optimizer disabled, EVM version compiler default'],
    ['optimizer off with runs', { optimizer: { enabled: false, runs: 500 } }, 'optimizer disabled, EVM version compiler default'],
    ['optimizer on without runs', { optimizer: { enabled: true } }, 'optimizer enabled with 200 runs, EVM version compiler default'],
    ['optimizer on and an EVM version', { optimizer: { enabled: true, runs: 1000 }, evmVersion: 'paris' }, 'optimizer enabled with 1000 runs, EVM version paris'],
  ])('%s', (_, settings, text) => {
    expect(describeSettings(settings)).toBe(text);
  });

  it('describes what parseVerificationRequest gives', () => {
    expect(describeSettings(parseVerificationRequest(spec({ optimizationUsed: true, runs: 300, evmVersion: 'cancun' })).input.settings)).toBe(
      'optimizer enabled with 300 runs, EVM version cancun',
    );
  });
});

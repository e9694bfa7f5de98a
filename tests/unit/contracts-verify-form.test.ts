import { describe, expect, it } from 'vitest';
import { compilerChoices } from '../../src/lib/contracts/compilers.ts';
import { matchTypeText, optimizationText, sourceFilesOf } from '../../src/lib/contracts/source-view.ts';
import {
  VERIFY_MESSAGES,
  emptyVerifyForm,
  readVerifyForm,
  removeDisabled,
  toVerificationRequest,
  validateVerifyForm,
  type VerifyFormValues,
} from '../../src/lib/contracts/verify-form.ts';
import { FALLBACK_COMPILER_VERSIONS, formEvmVersion } from '../../src/lib/contracts/evm.ts';
import { normalizeCompilerList } from '../../src/lib/normalize/compilers.ts';
import { normalizeVerificationResult } from '../../src/lib/normalize/verification.ts';

const ADDRESS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

function form(entries: [string, string][]): URLSearchParams {
  return new URLSearchParams(entries);
}

const filled: VerifyFormValues = {
  ...emptyVerifyForm(ADDRESS, 'v0.8.30+commit.73712a01'),
  contractName: 'Playground',
  sourceCode: 'contract Playground {}',
};

describe("the form EVM choice (the spec's rule, and solc defaults past the spec's list)", () => {
  it.each([
    ['0.4.26', 'homestead'],
    ['0.5.17', 'byzantium'],
    ['0.6.12', 'istanbul'],
    ['0.7.6', 'london'],
    ['0.8.9', 'london'],
    ['0.8.17', 'paris'],
    ['0.8.20', 'shanghai'],
    ['0.8.24', 'shanghai'],
    ['0.8.25', 'cancun'],
    ['v0.8.30+commit.73712a01', 'prague'],
    ['0.8.37', 'osaka'],
    ['', 'cancun'],
  ])('%s → %s', (version, evm) => expect(formEvmVersion(version)).toBe(evm));

  it('an empty form takes the EVM version of its compiler and the spec defaults', () => {
    expect(emptyVerifyForm(ADDRESS, 'v0.8.30+commit.73712a01')).toMatchObject({ evmVersion: 'prague', runs: '200', license: 'MIT', optimizationUsed: false, libraries: [{ name: '', address: '' }] });
  });
});

describe('validation', () => {
  it.each<[string, Partial<VerifyFormValues>, string[]]>([
    ['complete', {}, []],
    ['no address', { address: '' }, [VERIFY_MESSAGES.addressRequired]],
    ['bad address', { address: '0x1234' }, [VERIFY_MESSAGES.addressInvalid]],
    ['no name', { contractName: '  ' }, [VERIFY_MESSAGES.nameRequired]],
    ['no source', { sourceCode: '' }, [VERIFY_MESSAGES.sourceRequired]],
    ['no compiler', { compilerVersion: '' }, [VERIFY_MESSAGES.compilerRequired]],
    ['runs 0 with the optimizer', { optimizationUsed: true, runs: '0' }, [VERIFY_MESSAGES.runs]],
    ['runs 10001 with the optimizer', { optimizationUsed: true, runs: '10001' }, [VERIFY_MESSAGES.runs]],
    ['runs ignored without the optimizer', { optimizationUsed: false, runs: 'x' }, []],
    ['odd hex arguments', { constructorArguments: '0x123' }, [VERIFY_MESSAGES.constructorArguments]],
    ['a library with a bad address', { libraries: [{ name: 'Math', address: '0x12' }] }, [VERIFY_MESSAGES.libraryAddress('Math')]],
  ])('%s', (_name, change, errors) => expect(validateVerifyForm({ ...filled, ...change })).toEqual(errors));

  it('the three required-field messages are the spec texts', () => {
    expect([VERIFY_MESSAGES.nameRequired, VERIFY_MESSAGES.sourceRequired, VERIFY_MESSAGES.compilerRequired]).toEqual([
      'Contract name is required',
      'Source code is required',
      'Compiler version is required',
    ]);
  });
});

describe('reading a posted form and building the request', () => {
  it('keeps what was typed, and sends only complete library rows', () => {
    const values = readVerifyForm(
      form([
        ['address', ` ${ADDRESS} `],
        ['contractName', 'Playground'],
        ['sourceCode', '  contract Playground {}\n'],
        ['compilerVersion', 'v0.8.30+commit.73712a01'],
        ['evmVersion', 'prague'],
        ['optimizationUsed', 'on'],
        ['runs', '1000'],
        ['libraryName', 'Math'],
        ['libraryAddress', '0x5FbDB2315678afecb367f032d93F642f64180aa3'],
        ['libraryName', 'Half'],
        ['libraryAddress', ''],
        ['license', 'GPL-3.0'],
      ]),
    );
    expect(values).toMatchObject({ address: ADDRESS, sourceCode: '  contract Playground {}\n', optimizationUsed: true, runs: '1000', license: 'GPL-3.0' });
    expect(values.libraries).toHaveLength(2);
    expect(toVerificationRequest(values)).toEqual({
      address: ADDRESS,
      sourceCode: '  contract Playground {}\n',
      compilerVersion: 'v0.8.30+commit.73712a01',
      contractName: 'Playground',
      optimizationUsed: true,
      runs: 1000,
      constructorArguments: '',
      libraries: { Math: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      evmVersion: 'prague',
      license: 'GPL-3.0',
    });
  });

  it('unknown EVM versions and licences fall back; no optimizer sends runs 200', () => {
    const values = readVerifyForm(form([['evmVersion', '<script>'], ['license', 'WTFPL'], ['compilerVersion', '0.8.20'], ['runs', '5']]));
    expect(values).toMatchObject({ evmVersion: 'shanghai', license: 'MIT', optimizationUsed: false });
    expect(toVerificationRequest(values).runs).toBe(200);
  });

  it.each([
    [[{ name: '', address: '' }], true],
    [[{ name: 'Math', address: '' }], false],
    [[{ name: '', address: '' }, { name: '', address: '' }], false],
  ])('Remove disabled for %j: %s', (rows, disabled) => expect(removeDisabled(rows)).toBe(disabled));
});

describe('compiler choices', () => {
  it('the indexer list: offline ones first as given, the newest offline one preferred', () => {
    const choices = compilerChoices([
      { version: 'v0.8.37+commit.f401782d', offline: true },
      { version: 'v0.8.30+commit.73712a01', offline: true },
      { version: 'v0.8.36+commit.aaaaaaaa', offline: false },
    ]);
    expect(choices.message).toBeNull();
    expect(choices.preferred).toBe('v0.8.37+commit.f401782d');
    expect(choices.options.map((o) => o.label)).toEqual(['v0.8.37+commit.f401782d', 'v0.8.30+commit.73712a01', 'v0.8.36+commit.aaaaaaaa (downloaded on first use)']);
  });

  it.each([[null], [[]]])('no list (%j): the fallback 0.8.20 … 0.4.11 with the spec message', (list) => {
    const choices = compilerChoices(list);
    expect(choices.message).toBe('Failed to load compiler versions. Using fallback list.');
    expect(choices.options.map((o) => o.value)).toEqual([...FALLBACK_COMPILER_VERSIONS]);
    expect(choices.options[0]?.value).toBe('0.8.20');
    expect(choices.options.at(-1)?.value).toBe('0.4.11');
  });

  it('normalizes the indexer answer', () => {
    expect(normalizeCompilerList({ compilers: [{ version: 'v0.8.30+commit.73712a01', offline: true }, { version: 7 }, 'v0.4.26+commit.4563c3fc'] })).toEqual([
      { version: 'v0.8.30+commit.73712a01', offline: true },
      { version: '7', offline: false },
      { version: 'v0.4.26+commit.4563c3fc', offline: false },
    ]);
    expect(normalizeCompilerList({ error: 'down' })).toBeNull();
  });
});

describe('verification answers', () => {
  it('success with match type and logs', () => {
    expect(normalizeVerificationResult({ success: true, message: 'Contract verified successfully (full match)', matchType: 'full', logs: ['a', 'b'] })).toMatchObject({
      success: true,
      error: null,
      message: 'Contract verified successfully (full match)',
      matchType: 'full',
      logs: ['a', 'b'],
    });
  });

  it('failure keeps the server error and logs', () => {
    expect(normalizeVerificationResult({ success: false, error: 'Verification failed: matches with optimizer enabled and runs 200', logs: ['x'] })).toMatchObject({
      success: false,
      error: 'Verification failed: matches with optimizer enabled and runs 200',
      message: null,
      matchType: null,
      logs: ['x'],
    });
  });
});

describe('the source view', () => {
  it('shows the contract file first, then the others by path', () => {
    const files = sourceFilesOf({ sourceFiles: { 'b.sol': 'B', 'Main.sol': 'M', 'a.sol': 'A' }, sourceCode: '', mainFile: 'Main.sol', contractName: 'Main' });
    expect(files.map((f) => f.path)).toEqual(['Main.sol', 'a.sol', 'b.sol']);
  });

  it('a single source without files is one file named after the contract', () => {
    expect(sourceFilesOf({ sourceFiles: null, sourceCode: 'contract X {}', mainFile: null, contractName: 'X' })).toEqual([{ path: 'X.sol', content: 'contract X {}' }]);
  });

  it.each([
    [{ optimizationUsed: true, runs: 200 }, 'Enabled (200 runs)'],
    [{ optimizationUsed: false, runs: 200 }, 'Disabled'],
  ])('optimization %j → %s', (source, text) => expect(optimizationText(source)).toBe(text));

  it.each([
    ['full', 'Full match'],
    ['partial', 'Partial match (only the metadata differs)'],
    ['similar', 'Similar match (identical code verified at another address)'],
    [null, null],
  ] as const)('match %s', (type, text) => expect(matchTypeText(type)).toBe(text));
});

import { describe, expect, it } from 'vitest';
import { normalizeAbi } from '../../src/lib/normalize/abi.ts';
import { minimalContract, normalizeContractDetails, normalizeContractList, normalizeVerified } from '../../src/lib/normalize/contract.ts';
import { normalizeContractEvents } from '../../src/lib/normalize/contract-event.ts';
import { normalizeContractSource } from '../../src/lib/normalize/contract-source.ts';
import { normalizeInteractResult, toContractValue } from '../../src/lib/normalize/interact.ts';
import { normalizeVerificationResult } from '../../src/lib/normalize/verification.ts';
import { fixtureJson as fixture } from '../upstream-fixtures.ts';

const SEED = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';

describe('contract details', () => {
  it('contracts_0x9fE46736.json', () => {
    expect(normalizeContractDetails(fixture('contracts_0x9fE46736.json'))).toEqual({
      address: SEED,
      type: 'ERC20',
      verified: false,
      name: 'Seed Token',
      verifiedName: null,
      symbol: 'SEED',
      decimals: 18,
      totalSupply: 1_000_000n * 10n ** 18n,
      creatorAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      ownerAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      blockNumber: 7,
      timestamp: 1795319483,
      transactionHash: '0x9b78d74d98748576636becb6ca03bacd0e6ca92d4b5aff260ecc1c789f1cc35b',
      balance: 0n,
    });
  });

  it('contracts_0xf39Fd6e5.json (an EOA, {error}) is no contract; the fallback is a minimal unverified contract', () => {
    expect(normalizeContractDetails(fixture('contracts_0xf39Fd6e5.json'))).toBeNull();
    expect(minimalContract(SEED)).toMatchObject({ address: SEED, verified: false, name: 'Unknown Contract', type: 'none' });
  });

  it('address_0xf39Fd6e5_contracts.json: contracts created by an address', () => {
    expect(normalizeContractList(fixture('address_0xf39Fd6e5_contracts.json'))).toHaveLength(3);
  });

  it.each([
    ['contracts_0x9fE46736_verified.json', true],
    ['contracts_0x71C95911_verified.json', false],
  ])('%s', (name, expected) => {
    expect(normalizeVerified(fixture(name))).toBe(expected);
  });

  it.each([[true, true], [{ verified: 'true' }, true], [{}, false], [null, false], ['yes', false]])('verified(%j) = %j', (raw, expected) => {
    expect(normalizeVerified(raw)).toBe(expected);
  });
});

describe('ABI', () => {
  it('contracts_0x9fE46736_abi.json: 25 entries in {address, abi}', () => {
    const abi = normalizeAbi(fixture('contracts_0x9fE46736_abi.json'));
    expect(abi).toHaveLength(25);
    expect(abi?.[0]).toMatchObject({ type: 'constructor', name: '', stateMutability: 'nonpayable', constant: false });
    const balanceOf = abi?.find((entry) => entry.name === 'balanceOf');
    expect(balanceOf).toEqual({
      type: 'function',
      name: 'balanceOf',
      inputs: [{ name: 'account', type: 'address', internalType: 'address' }],
      outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
      stateMutability: 'view',
      constant: true,
      anonymous: false,
    });
    const transfer = abi?.find((entry) => entry.type === 'event' && entry.name === 'Transfer');
    expect(transfer?.inputs.map((input) => input.indexed)).toEqual([true, true, false]);
  });

  it('contracts_0x71C95911_abi.json (unverified) has no ABI', () => {
    expect(normalizeAbi(fixture('contracts_0x71C95911_abi.json'))).toBeNull();
  });

  it.each([
    ['a bare array', [{ type: 'function', name: 'f', constant: true }]],
    ['JSON text', JSON.stringify([{ type: 'function', name: 'f', constant: true }])],
    ['an object with JSON text', { abi: JSON.stringify([{ type: 'function', name: 'f', constant: true }]) }],
  ])('%s', (_name, raw) => {
    expect(normalizeAbi(raw)).toEqual([{ type: 'function', name: 'f', inputs: [], outputs: [], stateMutability: 'view', constant: true, anonymous: false }]);
  });

  it('keeps tuple components and infers payable', () => {
    const [entry] = normalizeAbi([
      { type: 'function', name: 'g', payable: true, inputs: [{ name: 's', type: 'tuple', components: [{ name: 'a', type: 'uint256' }] }] },
    ]) ?? [];
    expect(entry?.stateMutability).toBe('payable');
    expect(entry?.inputs[0]?.components).toEqual([{ name: 'a', type: 'uint256' }]);
  });
});

describe('source and verification', () => {
  it('contracts_0x9fE46736_source.json', () => {
    const source = normalizeContractSource(fixture('contracts_0x9fE46736_source.json'));
    expect(source?.address).toBe(SEED);
    expect(source?.verified).toBe(true);
    expect(source?.sourceCode.includes('@openzeppelin/contracts/access/Ownable.sol')).toBe(true);
    expect(source?.contractName).toBe('Unknown Contract');
  });

  it.each([['contracts_0x71C95911_source.json'], ['contracts_0x71C95911_verification.json']])('%s (unverified) is no source', (name) => {
    expect(normalizeContractSource(fixture(name))).toBeNull();
  });

  it('contracts_0x9fE46736_verification__libraries-as-text.json: multi-file sources and metadata', () => {
    const source = normalizeContractSource(fixture('contracts_0x9fE46736_verification__libraries-as-text.json'));
    expect(source).toMatchObject({
      contractName: 'Seed Token',
      compilerVersion: 'v0.8.24+commit.e11b9ed9',
      optimizationUsed: true,
      runs: 200,
      evmVersion: 'cancun',
      license: 'MIT',
      constructorArguments: null,
      libraries: {},
      verifiedAt: '2026-11-22T03:52:17.754Z',
      metadataHash: 'e781564fbc694200794d112ae846a3dc68a9a1ac7668464a2edef158d70cf30664736f6c63430008180033',
      creatorAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    });
    expect(Object.keys(source?.sourceFiles ?? {})).toContain('@openzeppelin/contracts/access/Ownable.sol');
    expect(source?.sourceCode.startsWith('// File: ')).toBe(true);
  });

  it('api_v2 verification: single sourceCode', () => {
    const source = normalizeContractSource(fixture('api_v2_contracts_0x9fE46736_verification__libraries-as-text.json'));
    expect(source?.sourceFiles).toBeNull();
    expect(source?.sourceCode.length).toBeGreaterThan(100);
  });

  it('aliases name and optimization, libraries as JSON text', () => {
    expect(
      normalizeContractSource({ sourceCode: 'contract A {}', name: 'A', optimization: true, runs: '500', libraries: '{"Math":"0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"}' }),
    ).toMatchObject({ contractName: 'A', optimizationUsed: true, runs: 500, libraries: { Math: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' } });
  });
});

describe('interaction and verification answers', () => {
  it('POST_contracts_0x9fE46736_interact__name.json', () => {
    expect(normalizeInteractResult(fixture('POST_contracts_0x9fE46736_interact__name.json'))).toEqual({ success: true, result: 'Seed Token' });
  });

  it('POST_contracts_0x9fE46736_interact__balanceOf__balanceOf.json: a BigNumber result becomes decimal text', () => {
    expect(normalizeInteractResult(fixture('POST_contracts_0x9fE46736_interact__balanceOf__balanceOf.json'))).toEqual({
      success: true,
      result: '948000000000000000000',
    });
  });

  it('POST_contracts_0x71C95911_interact__name__unverified.json', () => {
    expect(normalizeInteractResult(fixture('POST_contracts_0x71C95911_interact__name__unverified.json'))).toEqual({
      success: false,
      error: 'Contract is not verified',
    });
  });

  it('toContractValue makes nested values plain', () => {
    expect(toContractValue({ a: [{ _hex: '0x02' }, true], b: 5n, c: undefined })).toEqual({ a: ['2', true], b: '5', c: null });
  });

  it.each([
    ['POST_contracts_verify.json'],
    ['POST_contracts_verify__missing-fields.json'],
  ])('%s is a failed verification with its error', (name) => {
    const result = normalizeVerificationResult(fixture(name));
    expect(result.success).toBe(false);
    expect(result.error).toBeTruthy();
  });

  it.each([
    ['a logs array', { success: true, logs: ['a', 'b'] }, ['a', 'b']],
    ['compilationLogs text', { success: true, compilationLogs: 'a\nb' }, ['a', 'b']],
    ['no logs', { success: true }, []],
  ])('logs from %s', (_name, raw, logs) => {
    expect(normalizeVerificationResult(raw)).toMatchObject({ success: true, error: null, logs });
  });

  it('contract events: logs with names and args', () => {
    expect(
      normalizeContractEvents([{ address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', topics: [], data: '0x', event: 'Transfer', args: { value: { _hex: '0x05' } } }]),
    ).toEqual([
      { address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', topics: [], data: '0x', logIndex: null, transactionHash: null, blockNumber: null, eventName: 'Transfer', args: { value: '5' } },
    ]);
  });
});

describe('contract details: the verified name and the proxy answer of the bundled indexer', () => {
  it('verifiedName is read when present, null otherwise', async () => {
    const { normalizeContractDetails: details } = await import('../../src/lib/normalize/contract.ts');
    const { normalizeProxyInfo } = await import('../../src/lib/normalize/proxy.ts');
    const base = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', contractType: 'none' };
    expect(details({ ...base, verifiedName: 'Playground' })?.verifiedName).toBe('Playground');
    expect(details(base)?.verifiedName).toBeNull();
    const impl = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    expect(normalizeProxyInfo({ isProxy: true, kind: 'eip1967', implementation: impl, implementationVerified: true })).toEqual({ isProxy: true, kind: 'eip1967', implementation: impl, implementationVerified: true });
    expect(normalizeProxyInfo({ isProxy: false, kind: null, implementation: null, implementationVerified: false })).toEqual({ isProxy: false, kind: null, implementation: null, implementationVerified: false });
    // A proxy without an implementation, or an answer that is not the proxy shape, is nothing.
    expect(normalizeProxyInfo({ isProxy: true, kind: 'eip1967', implementation: null })).toBeNull();
    expect(normalizeProxyInfo({ error: 'Not found' })).toBeNull();
  });
});

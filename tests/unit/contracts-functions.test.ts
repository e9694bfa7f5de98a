import { describe, expect, it } from 'vitest';
import { formatResult } from '../../src/lib/contracts/abi-output.ts';
import { canonicalType, contractFunctions, groupFunctions, methodOf, outputLabel, typeLabel } from '../../src/lib/contracts/functions.ts';
import type { AbiEntry, AbiParam, ContractValue } from '../../src/lib/model/types.ts';

// The function list of the interaction view and how a read's result is shown.

function param(type: string, name = '', extra: Partial<AbiParam> = {}): AbiParam {
  return { name, type, ...extra };
}

function entry(type: string, name: string, inputs: AbiParam[], outputs: AbiParam[], stateMutability: string, extra: Partial<AbiEntry> = {}): AbiEntry {
  return { type, name, inputs, outputs, stateMutability, constant: false, anonymous: false, ...extra };
}

const INFO_COMPONENTS = [param('address', 'owner'), param('uint256', 'value'), param('string', 'message'), param('uint256', 'balance')];
const INFO_OUT = param('tuple', '', { internalType: 'struct Playground.Info', components: INFO_COMPONENTS });

/** A Playground-like ABI: an event, a constructor and receive entry (ignored), an overloaded pair and a duplicate entry. */
const ABI: AbiEntry[] = [
  entry('constructor', '', [param('uint256', 'initialValue'), param('string', 'initialMessage')], [], 'nonpayable'),
  entry('function', 'add', [param('uint256', 'a'), param('uint256', 'b')], [param('uint256')], 'pure'),
  entry('function', 'getValue', [], [param('uint256')], 'view'),
  entry('function', 'getInfo', [], [INFO_OUT], 'view'),
  entry('function', 'setValue', [param('uint256', 'newValue')], [], 'nonpayable'),
  entry('function', 'deposit', [], [], 'payable'),
  entry('function', 'f', [param('uint256', 'x')], [param('uint256')], 'view'),
  entry('function', 'f', [param('address', 'who')], [param('uint256')], 'view'),
  entry('event', 'ValueChanged', [param('address', 'by', { indexed: true }), param('uint256', 'oldValue'), param('uint256', 'newValue')], [], ''),
  entry('function', 'getValue', [], [param('uint256')], 'view'),
  entry('receive', '', [], [], 'payable'),
  entry('error', 'Unauthorized', [param('address', 'caller')], [], ''),
];

const FUNCTIONS = contractFunctions(ABI);
const bySignature = (signature: string) => {
  const found = FUNCTIONS.find((f) => f.signature === signature);
  if (!found) throw new Error(`no ${signature}`);
  return found;
};

describe('contractFunctions', () => {
  it('lists only functions, in ABI order, each signature once', () => {
    expect(FUNCTIONS.map((f) => f.signature)).toEqual(['add(uint256,uint256)', 'getValue()', 'getInfo()', 'setValue(uint256)', 'deposit()', 'f(uint256)', 'f(address)']);
  });

  it('gives each function its name, parameters, mutability and kind', () => {
    expect(FUNCTIONS.map((f) => [f.name, f.mutability, f.kind, f.payable])).toEqual([
      ['add', 'pure', 'read', false],
      ['getValue', 'view', 'read', false],
      ['getInfo', 'view', 'read', false],
      ['setValue', 'nonpayable', 'write', false],
      ['deposit', 'payable', 'write', true],
      ['f', 'view', 'read', false],
      ['f', 'view', 'read', false],
    ]);
    expect(bySignature('add(uint256,uint256)').inputs).toEqual([param('uint256', 'a'), param('uint256', 'b')]);
    expect(bySignature('getInfo()').outputs).toEqual([INFO_OUT]);
  });

  it('marks only names shared by different functions as overloaded', () => {
    expect(bySignature('f(uint256)').overloaded).toBe(true);
    expect(bySignature('f(address)').overloaded).toBe(true);
    expect(bySignature('add(uint256,uint256)').overloaded).toBe(false);
    expect(bySignature('setValue(uint256)').overloaded).toBe(false);
  });

  it('a duplicate identical entry is one function, not an overload', () => {
    const getValue = FUNCTIONS.filter((f) => f.name === 'getValue');
    expect(getValue).toHaveLength(1);
    expect(getValue[0]?.overloaded).toBe(false);
    expect(methodOf(bySignature('getValue()'))).toBe('getValue');
  });

  it('old ABIs without stateMutability use the constant flag', () => {
    const old = contractFunctions([
      entry('function', 'balance', [], [param('uint256')], '', { constant: true }),
      entry('function', 'poke', [], [], '', { constant: false }),
    ]);
    expect(old.map((f) => [f.signature, f.mutability, f.kind])).toEqual([
      ['balance()', 'view', 'read'],
      ['poke()', 'nonpayable', 'write'],
    ]);
  });

  it('struct parameters appear as canonical tuples in the signature', () => {
    const info = param('tuple', 'info', { internalType: 'struct Playground.Info', components: INFO_COMPONENTS });
    const [fn] = contractFunctions([entry('function', 'setInfo', [info, param('tuple[]', 'more', { components: [param('uint8'), param('bytes32')] })], [], 'nonpayable')]);
    expect(fn?.signature).toBe('setInfo((address,uint256,string,uint256),(uint8,bytes32)[])');
  });

  it('an ABI without functions gives an empty list', () => {
    expect(contractFunctions([])).toEqual([]);
    expect(contractFunctions(ABI.filter((e) => e.type !== 'function'))).toEqual([]);
  });
});

describe('groupFunctions', () => {
  it('read functions: view then pure, alphabetical by signature within', () => {
    expect(groupFunctions(FUNCTIONS, 'read').map((g) => [g.mutability, g.label, g.functions.map((f) => f.signature)])).toEqual([
      ['view', 'view: reads state', ['f(address)', 'f(uint256)', 'getInfo()', 'getValue()']],
      ['pure', 'pure: computes from its inputs', ['add(uint256,uint256)']],
    ]);
  });

  it('write functions: nonpayable then payable', () => {
    expect(groupFunctions(FUNCTIONS, 'write').map((g) => [g.mutability, g.label, g.functions.map((f) => f.signature)])).toEqual([
      ['nonpayable', 'nonpayable: changes state', ['setValue(uint256)']],
      ['payable', 'payable: changes state and accepts STO', ['deposit()']],
    ]);
  });

  it('empty groups are left out', () => {
    const onlyPure = FUNCTIONS.filter((f) => f.mutability === 'pure');
    expect(groupFunctions(onlyPure, 'read').map((g) => g.mutability)).toEqual(['pure']);
    expect(groupFunctions(onlyPure, 'write')).toEqual([]);
    expect(groupFunctions([], 'read')).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const before = FUNCTIONS.map((f) => f.signature);
    groupFunctions(FUNCTIONS, 'read');
    expect(FUNCTIONS.map((f) => f.signature)).toEqual(before);
  });
});

describe('types and labels', () => {
  it.each<[string, AbiParam, string]>([
    ['a plain type', param('uint256', 'x'), 'uint256'],
    ['an array', param('address[]', 'xs'), 'address[]'],
    ['a tuple', param('tuple', '', { components: INFO_COMPONENTS }), '(address,uint256,string,uint256)'],
    ['a tuple array', param('tuple[]', '', { components: [param('uint8'), param('bool')] }), '(uint8,bool)[]'],
    ['a fixed array of tuple arrays', param('tuple[2][]', '', { components: [param('uint8')] }), '(uint8)[2][]'],
    ['a nested tuple', param('tuple', '', { components: [param('tuple', 'in', { components: [param('uint256'), param('bool')] }), param('address')] }), '((uint256,bool),address)'],
    ['a tuple without components', param('tuple', ''), '()'],
  ])('canonicalType of %s', (_name, p, expected) => {
    expect(canonicalType(p)).toBe(expected);
  });

  it.each<[string, AbiParam, string]>([
    ['a struct by its name', INFO_OUT, 'Playground.Info'],
    ['a struct array by its name', param('tuple[]', 'infos', { internalType: 'struct Playground.Info[]', components: INFO_COMPONENTS }), 'Playground.Info[]'],
    ['a tuple without internalType canonically', param('tuple', '', { components: [param('uint8'), param('bool')] }), '(uint8,bool)'],
    ['a contract-typed address as address', param('address', 'token', { internalType: 'contract IERC20' }), 'address'],
    ['an enum as its ABI type', param('uint8', 'kind', { internalType: 'enum Playground.Kind' }), 'uint8'],
    ['a plain type', param('bytes32', 'h'), 'bytes32'],
  ])('typeLabel shows %s', (_name, p, expected) => {
    expect(typeLabel(p)).toBe(expected);
  });

  it('methodOf names a plain function by name and an overload by signature', () => {
    expect(methodOf(bySignature('add(uint256,uint256)'))).toBe('add');
    expect(methodOf(bySignature('setValue(uint256)'))).toBe('setValue');
    expect(methodOf(bySignature('f(uint256)'))).toBe('f(uint256)');
    expect(methodOf(bySignature('f(address)'))).toBe('f(address)');
  });

  it.each<[string, AbiParam, string]>([
    ['a named output', param('uint256', 'total'), 'uint256 total'],
    ['an unnamed output', param('uint256'), 'uint256'],
    ['a named struct', { ...INFO_OUT, name: 'info' }, 'Playground.Info info'],
    ['an unnamed struct', INFO_OUT, 'Playground.Info'],
  ])('outputLabel of %s → %s', (_name, p, expected) => {
    expect(outputLabel(p)).toBe(expected);
  });
});

describe('formatResult (JSON or a string)', () => {
  it.each<[string, ContractValue, { kind: 'string' | 'json'; text: string }]>([
    ['a string as itself', 'hello world', { kind: 'string', text: 'hello world' }],
    ['an empty string', '', { kind: 'string', text: '' }],
    ['a uint as decimal text, unchanged', '42', { kind: 'string', text: '42' }],
    ['a big uint as decimal text, unchanged', '115792089237316195423570985008687907853269984665640564039457584007913129639935', { kind: 'string', text: '115792089237316195423570985008687907853269984665640564039457584007913129639935' }],
    ['an address', '0x0165878A594ca255338adfa4d48449f69242Eb8F', { kind: 'string', text: '0x0165878A594ca255338adfa4d48449f69242Eb8F' }],
    ['a number', 42, { kind: 'string', text: '42' }],
    ['true', true, { kind: 'string', text: 'true' }],
    ['false', false, { kind: 'string', text: 'false' }],
    ['null', null, { kind: 'json', text: 'null' }],
    ['an array', ['1', '2'], { kind: 'json', text: '[\n  "1",\n  "2"\n]' }],
    ['an empty array', [], { kind: 'json', text: '[]' }],
    ['an object', { owner: '0x01', value: '5', ok: true }, { kind: 'json', text: '{\n  "owner": "0x01",\n  "value": "5",\n  "ok": true\n}' }],
  ])('%s', (_name, value, expected) => {
    expect(formatResult(value)).toEqual(expected);
  });

  it('structured values are JSON.stringify(value, null, 2)', () => {
    const value: ContractValue = [{ owner: '0x01', tags: ['a', 'b'] }, ['1', ['2']], null];
    expect(formatResult(value)).toEqual({ kind: 'json', text: JSON.stringify(value, null, 2) });
  });
});

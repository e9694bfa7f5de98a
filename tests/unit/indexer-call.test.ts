import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { CallInputError, chooseFunction, decodeResult, decodeRevert, encodeCall, plain } from '../../indexer/src/verify/call.ts';

const abi = new Interface([
  'function get(uint256 id) view returns (uint256)',
  'function get(string key) view returns (uint256)',
  'function pair() view returns (uint256 a, bool b)',
  'function pairAnon() view returns (uint256, bool)',
  'function info() view returns (tuple(address owner, uint8 level) info)',
  'function list(uint256[] items, tuple(uint256 x, string y) p) view returns (uint256)',
  'function flag(bool on) view returns (bool)',
  'error TooLow(uint256 got, uint256 min)',
]);

const coder = AbiCoder.defaultAbiCoder();

describe('choosing the function', () => {
  it('an overloaded name must be given by signature', () => {
    expect(() => chooseFunction(abi, 'get')).toThrow('Function get is overloaded: name one of get(string), get(uint256)');
    expect(chooseFunction(abi, 'get(string)').format('sighash')).toBe('get(string)');
    expect(chooseFunction(abi, 'get( uint256 )').format('sighash')).toBe('get(uint256)');
  });

  it.each([['', 'Function name is missing'], ['missing', "Function missing is not in the contract's ABI"]])('%j → %s', (name, message) => {
    expect(() => chooseFunction(abi, name)).toThrow(new CallInputError(message));
  });
});

describe('encoding arguments', () => {
  it.each<[string, unknown[], unknown[]]>([
    ['list(uint256[],(uint256,string))', ['[1,2]', '{"x":3,"y":"z"}'], [[1n, 2n], [3n, 'z']]],
    ['list(uint256[],(uint256,string))', [[1, 2], [3, 'z']], [[1n, 2n], [3n, 'z']]],
    ['flag(bool)', ['true'], [true]],
    ['flag(bool)', ['0'], [false]],
  ])('%s with %j', (sig, params, decoded) => {
    const fn = chooseFunction(abi, sig);
    const data = encodeCall(abi, fn, params);
    expect(abi.decodeFunctionData(fn, data).toArray(true)).toEqual(decoded);
  });

  it.each<[string, unknown[], string]>([
    ['flag(bool)', [], 'flag takes 1 argument(s), 0 given'],
    ['list(uint256[],(uint256,string))', ['not json [', '{}'], 'Parameter items (uint256[]) must be an array'],
    ['list(uint256[],(uint256,string))', ['[1', '{}'], 'Parameter items (uint256[]) is not valid JSON'],
    ['get(uint256)', ['-1'], 'Invalid arguments for get(uint256)'],
  ])('%s with %j is refused', (sig, params, message) => {
    expect(() => encodeCall(abi, chooseFunction(abi, sig), params)).toThrow(message);
  });
});

describe('results as plain JSON', () => {
  it('one output is the value itself; named outputs an object; unnamed ones a list', () => {
    expect(decodeResult(abi, chooseFunction(abi, 'pair'), coder.encode(['uint256', 'bool'], [7n, true])).result).toEqual({ a: '7', b: true });
    expect(decodeResult(abi, chooseFunction(abi, 'pairAnon'), coder.encode(['uint256', 'bool'], [7n, true])).result).toEqual(['7', true]);
    const info = decodeResult(abi, chooseFunction(abi, 'info'), coder.encode(['tuple(address,uint8)'], [['0x00000000000000000000000000000000000000aa', 3]]));
    expect(info.result).toEqual({ owner: '0x00000000000000000000000000000000000000AA', level: '3' });
    expect(info.outputs).toEqual([{ name: 'info', type: '(address,uint8)', value: info.result }]);
  });

  it('bigints as decimal text at any depth', () => {
    expect(plain([1n, [2n, -3n]])).toEqual(['1', ['2', '-3']]);
  });
});

describe('revert reasons', () => {
  it.each([
    ['Error(string)', `0x08c379a0${coder.encode(['string'], ['nope']).slice(2)}`, 'error', 'nope'],
    ['Panic(0x11)', `0x4e487b71${coder.encode(['uint256'], [0x11]).slice(2)}`, 'panic', 'Panic(0x11): arithmetic overflow or underflow'],
    ['Panic(0x32)', `0x4e487b71${coder.encode(['uint256'], [0x32]).slice(2)}`, 'panic', 'Panic(0x32): array index out of bounds'],
    ['a custom error', abi.encodeErrorResult('TooLow', [1n, 5n]), 'custom', 'TooLow(got: "1", min: "5")'],
    ['no data', '0x', 'empty', 'reverted without a reason'],
    ['nothing at all', undefined, 'empty', 'reverted without a reason'],
    ['an unknown selector', '0xdeadbeef', 'unknown', 'reverted with unknown data 0xdeadbeef…'],
  ])('%s', (_name, data, kind, reason) => {
    expect(decodeRevert(abi, data)).toMatchObject({ kind, reason });
  });

  it('without an ABI a custom error stays unknown', () => {
    expect(decodeRevert(null, abi.encodeErrorResult('TooLow', [1n, 5n])).kind).toBe('unknown');
  });
});

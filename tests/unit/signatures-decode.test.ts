import { AbiCoder, EventFragment, FunctionFragment, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { callCandidates, decodeEvent, eventCandidates, functionFragmentOf, guessCall, MAX_GUESS_BYTES, MAX_GUESS_WORDS, strictDecode } from '../../indexer/src/signatures/decode.ts';
import { abiSignatures, parseSignature } from '../../indexer/src/signatures/text.ts';
import type { StoredSignature } from '../../indexer/src/signatures/store.ts';

const coder = AbiCoder.defaultAbiCoder();
const word = (hex: string): string => hex.replace(/^0x/, '').padStart(64, '0');
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const stored = (signature: string, fragment: string | null = null, kind: 'function' | 'event' = 'function'): StoredSignature => {
  const parsed = parseSignature(fragment ?? signature, kind);
  if (!parsed) throw new Error(`bad test signature ${signature}`);
  return { ...parsed, fragment, source: 'imported' };
};
const candidatesOf = (signatures: string[], input: string): string[] =>
  callCandidates(
    signatures.map((s) => ({ fragment: functionFragmentOf(stored(s)) as FunctionFragment, source: 'signature' as const })),
    input,
  ).map((c) => c.functionSignature);

describe('signature lines', () => {
  it.each<[string, string, string | null]>([
    ['4byte text', 'transfer(address,uint256)', 'transfer(address,uint256)'],
    ['spaces are normalised', ' transfer( address , uint256 ) ', 'transfer(address,uint256)'],
    ['tuples and arrays', 'aggregate((address,bytes)[])', 'aggregate((address,bytes)[])'],
    ['named with keyword', 'function approve(address spender, uint256 value)', 'approve(address,uint256)'],
    ['no parameters', 'deposit()', 'deposit()'],
    ['HTML in the name', '<script>alert(1)</script>(uint256)', null],
    ['HTML in a type', 'foo(<img src=x onerror=alert(1)>)', null],
    ['HTML after a valid signature', 'foo(uint256)<b>bold</b>', null],
    ['SQL after a valid signature', "foo(uint256)'; DROP TABLE signatures; --", null],
    ['unknown type', 'foo(uint257)', null],
    ['unclosed', 'foo(uint256', null],
    ['no parentheses', 'transfer', null],
    ['digit first', '1foo(uint256)', null],
    ['two signatures', 'a(uint256) b(uint256)', null],
    ['empty', '', null],
    ['too long', `f(${Array.from({ length: 200 }, () => 'uint256').join(',')})`, null],
  ])('%s: %s', (_what, line, canonical) => {
    expect(parseSignature(line)?.signature ?? null).toBe(canonical);
  });

  it('hashes: a function by its selector, an event by its topic; named fragments keep names and indexed markers', () => {
    expect(parseSignature('transfer(address,uint256)')).toEqual({ kind: 'function', hash: '0xa9059cbb', signature: 'transfer(address,uint256)', fragment: null });
    expect(parseSignature('event Transfer(address indexed from, address indexed to, uint256 value)')).toEqual({
      kind: 'event',
      hash: id('Transfer(address,address,uint256)'),
      signature: 'Transfer(address,address,uint256)',
      fragment: 'event Transfer(address indexed from, address indexed to, uint256 value)',
    });
  });

  it('an ABI gives its functions and named events; constructors, errors, anonymous events and junk are skipped', () => {
    const abi = [
      { type: 'constructor', inputs: [] },
      { type: 'function', name: 'grantRole', inputs: [{ name: 'role', type: 'bytes32' }, { name: 'account', type: 'address' }], outputs: [], stateMutability: 'nonpayable' },
      { type: 'event', name: 'Ping', anonymous: false, inputs: [{ name: 'who', type: 'address', indexed: true }] },
      { type: 'event', name: 'Anon', anonymous: true, inputs: [] },
      { type: 'error', name: 'Nope', inputs: [] },
      { type: 'function', name: '<b>x</b>', inputs: [] },
      'junk',
    ];
    expect(abiSignatures(abi).map((s) => [s.kind, s.signature, s.fragment])).toEqual([
      ['function', 'grantRole(bytes32,address)', 'function grantRole(bytes32 role, address account)'],
      ['event', 'Ping(address)', 'event Ping(address indexed who)'],
    ]);
    expect(abiSignatures('not an abi')).toEqual([]);
  });
});

describe('selector collisions: every signature that decodes the input cleanly, and only those', () => {
  // burn(uint256) and collate_propagate_storage(bytes16) share 0x42966c68; transfer(address,uint256) and
  // many_msg_babbage(bytes1) share 0xa9059cbb (both pairs are in 4byte's database).
  const BURN = ['burn(uint256)', 'collate_propagate_storage(bytes16)'];
  const TRANSFER = ['transfer(address,uint256)', 'many_msg_babbage(bytes1)'];
  it.each<[string, string[], string, string[]]>([
    ['a small amount is no bytes16 (non-zero low bytes)', BURN, `0x42966c68${word('05')}`, ['burn(uint256)']],
    ['left-aligned bytes fit both', BURN, `0x42966c68${'ab'.repeat(16)}${'00'.repeat(16)}`, ['burn(uint256)', 'collate_propagate_storage(bytes16)']],
    ['a transfer has a second word: bytes1 leaves data over', TRANSFER, `0xa9059cbb${word(ALICE)}${word('64')}`, ['transfer(address,uint256)']],
    ['one left-aligned byte is no transfer (too short)', TRANSFER, `0xa9059cbb${'ab'}${'00'.repeat(31)}`, ['many_msg_babbage(bytes1)']],
    ['dirty address padding fits neither', TRANSFER, `0xa9059cbb${'ff'.repeat(12)}${ALICE.slice(2)}${word('64')}`, []],
    ['trailing bytes fit neither', BURN, `0x42966c68${word('05')}00`, []],
    ['another selector fits none', BURN, `0xdeadbeef${word('05')}`, []],
    ['the same signature twice counts once', ['burn(uint256)', 'burn(uint256 amount)'], `0x42966c68${word('05')}`, ['burn(uint256)']],
  ])('%s', (_what, signatures, input, expected) => {
    expect(candidatesOf(signatures, input)).toEqual(expected);
  });

  it('decoded values: integers as decimal strings, arrays and tuples as arrays, parameter names kept when known', () => {
    const fragment = FunctionFragment.from('function aggregate((address target, bytes callData)[] calls)');
    const input = fragment.selector + coder.encode(fragment.inputs, [[[ALICE, '0x1234']]]).slice(2);
    const [call] = callCandidates([{ fragment, source: 'signature' }], input);
    expect(call?.params).toEqual([{ name: 'calls', type: '(address,bytes)[]', value: [[expect.stringMatching(new RegExp(ALICE, 'i')), '0x1234']] }]);
    expect(strictDecode([FunctionFragment.from('function f(uint8 x)').inputs[0] as never], `0x${word('0100')}`)).toBeNull();
  });
});

describe('event logs', () => {
  const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
  const topics = [TRANSFER_TOPIC, `0x${word(ALICE)}`, `0x${word('01')}`];
  const data = `0x${word('2a')}`;
  it.each<[string, StoredSignature, string[], string, [string, boolean][] | null]>([
    ['named: indexed markers from the fragment', stored('Transfer(address,address,uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)', 'event'), topics, data,
      [['from', true], ['to', true], ['value', false]]],
    ['bare text: the first parameters are the indexed ones', stored('Transfer(address,address,uint256)', null, 'event'), topics, data, [['', true], ['', true], ['', false]]],
    ['ERC-721 shape (three indexed) does not fit a two-indexed fragment', stored('Transfer(address,address,uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)', 'event'),
      [...topics, `0x${word('07')}`], '0x', null],
    ['data left over', stored('Transfer(address,address,uint256)', null, 'event'), topics, `${data}00`, null],
    ['a dirty address topic', stored('Transfer(address,address,uint256)', null, 'event'), [TRANSFER_TOPIC, `0x${'ff'.repeat(12)}${ALICE.slice(2)}`, `0x${word('01')}`], data, null],
  ])('%s', (_what, signature, logTopics, logData, expected) => {
    const [decoded] = eventCandidates([signature], logTopics, logData);
    expect(decoded ? decoded.params.map((p) => [p.name, p.indexed]) : null).toEqual(expected);
  });

  it('an indexed dynamic value is shown as its hash', () => {
    const fragment = EventFragment.from('event Named(string indexed name, uint256 n)');
    const hash = id('hello');
    const decoded = decodeEvent(fragment, [fragment.topicHash, hash], `0x${word('03')}`, 'verified');
    expect(decoded?.params).toEqual([{ name: 'name', type: 'string', value: hash, indexed: true }, { name: 'n', type: 'uint256', value: '3', indexed: false }]);
  });
});

describe('unknown selectors: words and guessed types', () => {
  it('splits the arguments into 32-byte words and guesses (uint256, address, bytes)', () => {
    const input = `0x94bb1e8e${coder.encode(['uint256', 'address', 'bytes'], [1_234_567n, ALICE, '0xc0ffee']).slice(2)}`;
    const guess = guessCall(input);
    expect(guess?.selector).toBe('0x94bb1e8e');
    expect(guess?.words).toHaveLength(5);
    expect(guess?.words[0]).toBe(`0x${word('12d687')}`);
    expect(guess?.types).toEqual(['uint256', 'address', 'bytes']);
    expect(guess?.params?.map((p) => String(p.value).toLowerCase())).toEqual(['1234567', ALICE, '0xc0ffee']);
  });

  it.each<[string, string, number]>([
    ['a bare selector', '0x12345678', 0],
    ['a partial last word', `0x12345678${'ab'.repeat(40)}`, 2],
  ])('%s', (_what, input, words) => {
    expect(guessCall(input)?.words).toHaveLength(words);
  });

  it('long arguments: words up to the cap, no types guessed (the guesser\'s time grows faster than its input)', () => {
    const guess = guessCall(`0x12345678${word('01').repeat(MAX_GUESS_WORDS + 10)}`);
    expect([guess?.words.length, guess?.types]).toEqual([MAX_GUESS_WORDS, null]);
    expect(guessCall(`0x12345678${word('01').repeat(MAX_GUESS_BYTES / 32)}`)?.types).not.toBeNull();
  });

  it('no selector, no guess', () => {
    expect(guessCall('0x1234')).toBeNull();
  });
});

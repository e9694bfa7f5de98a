import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  CALL_MESSAGES,
  isIntegerType,
  parseCoinValue,
  parseValue,
  prepareArguments,
  splitList,
  toJsonArguments,
  type AbiValue,
} from '../../src/lib/contracts/abi-input.ts';
import type { AbiParam } from '../../src/lib/model/types.ts';

// Typed inputs of the read/write interface: every Solidity type family and its malformed inputs.

const CHECKSUMMED = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const LOWER = '0x0165878a594ca255338adfa4d48449f69242eb8f';
const UPPER = '0x0165878A594CA255338ADFA4D48449F69242EB8F';
/** The checksummed address with its first letter's case flipped ('A' → 'a'): mixed case, wrong checksum. */
const BAD_CHECKSUM = '0x0165878a594ca255338adfa4d48449f69242Eb8F';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

const UINT256_MAX = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
const INT256_MIN = '-57896044618658097711785492504343953926634992332820282019728792003956564819968';
const INT256_MAX = '57896044618658097711785492504343953926634992332820282019728792003956564819967';

function param(type: string, name = '', extra: Partial<AbiParam> = {}): AbiParam {
  return { name, type, ...extra };
}

const INFO: AbiParam = param('tuple', 'info', {
  internalType: 'struct Playground.Info',
  components: [param('address', 'owner'), param('uint256', 'value'), param('string', 'message'), param('uint256', 'balance')],
});

/** The message of the ArgumentError parseValue throws for text; fails the test when the text is accepted. */
function refusal(p: AbiParam, text: string): string {
  try {
    const value = parseValue(p, text);
    return expect.unreachable(`${p.type} accepted ${JSON.stringify(text)} as ${String(value)}`);
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).name).toBe('ArgumentError');
    return (error as Error).message;
  }
}

const notANumber = (t: string, type: string) => `"${t}" is not a number (${type} takes a whole number, decimal or 0x hex)`;

describe('integers', () => {
  it.each<[string, string, bigint]>([
    ['uint8', '0', 0n],
    ['uint8', '255', 255n],
    ['uint8', '0xff', 255n],
    ['uint8', '0xFF', 255n],
    ['uint8', ' 42 ', 42n],
    ['uint8', '-0', 0n],
    ['uint256', '1_000_000', 1_000_000n],
    ['uint256', '0x_ff_ff', 65535n],
    ['uint256', UINT256_MAX, BigInt(UINT256_MAX)],
    ['uint256', `0x${'f'.repeat(64)}`, BigInt(UINT256_MAX)],
    ['uint256', '123456789012345678901234567890', 123456789012345678901234567890n],
    ['uint', '7', 7n],
    ['int8', '-128', -128n],
    ['int8', '127', 127n],
    ['int8', '-0x80', -128n],
    ['int8', '0x7f', 127n],
    ['int8', '-1_0', -10n],
    ['int256', INT256_MIN, BigInt(INT256_MIN)],
    ['int256', INT256_MAX, BigInt(INT256_MAX)],
    ['int256', '-0x01', -1n],
    ['int', '-5', -5n],
  ])('%s accepts %j as %s', (type, text, value) => {
    expect(parseValue(param(type), text)).toBe(value);
  });

  it.each<[string, string, string]>([
    ['uint8', '256', '256 is out of range for uint8 (0 to 255)'],
    ['uint8', '0x100', '0x100 is out of range for uint8 (0 to 255)'],
    ['uint8', '2_56', '256 is out of range for uint8 (0 to 255)'],
    ['uint8', '-1', 'uint8 cannot be negative'],
    ['uint256', '-1', 'uint256 cannot be negative'],
    ['uint256', '-0x1', 'uint256 cannot be negative'],
    ['uint256', '115792089237316195423570985008687907853269984665640564039457584007913129639936', `115792089237316195423570985008687907853269984665640564039457584007913129639936 is out of range for uint256 (0 to ${UINT256_MAX})`],
    ['uint256', `0x1${'0'.repeat(64)}`, `0x1${'0'.repeat(64)} is out of range for uint256 (0 to ${UINT256_MAX})`],
    ['int8', '-129', '-129 is out of range for int8 (-128 to 127)'],
    ['int8', '128', '128 is out of range for int8 (-128 to 127)'],
    ['int8', '0x80', '0x80 is out of range for int8 (-128 to 127)'],
    ['int8', '-0x81', '-0x81 is out of range for int8 (-128 to 127)'],
    ['int256', '-57896044618658097711785492504343953926634992332820282019728792003956564819969', `-57896044618658097711785492504343953926634992332820282019728792003956564819969 is out of range for int256 (${INT256_MIN} to ${INT256_MAX})`],
    ['int256', '57896044618658097711785492504343953926634992332820282019728792003956564819968', `57896044618658097711785492504343953926634992332820282019728792003956564819968 is out of range for int256 (${INT256_MIN} to ${INT256_MAX})`],
    ['uint256', '1.5', '1.5 is not a whole number (uint256 has no decimals: multiply by 10^decimals)'],
    ['uint256', '.5', '.5 is not a whole number (uint256 has no decimals: multiply by 10^decimals)'],
    ['int8', '-1.5', '-1.5 is not a whole number (int8 has no decimals: multiply by 10^decimals)'],
    ['uint256', '1e18', 'write 1e18 as a whole number without an exponent (uint256 has no decimals)'],
    ['uint256', '1.5E3', 'write 1.5E3 as a whole number without an exponent (uint256 has no decimals)'],
    ['uint256', 'abc', notANumber('abc', 'uint256')],
    ['uint256', '', notANumber('', 'uint256')],
    ['uint256', '0x', notANumber('0x', 'uint256')],
    ['uint256', '0xg1', notANumber('0xg1', 'uint256')],
    ['uint256', '1 2', notANumber('1 2', 'uint256')],
    ['uint256', '12abc', notANumber('12abc', 'uint256')],
    ['int8', 'ten', notANumber('ten', 'int8')],
  ])('%s refuses %j: %s', (type, text, message) => {
    expect(refusal(param(type), text)).toBe(message);
  });

  it('a long non-number is quoted only up to 40 characters', () => {
    expect(refusal(param('uint256'), 'x'.repeat(100))).toBe(notANumber('x'.repeat(40), 'uint256'));
  });

  it.each([
    ['uint8', true],
    ['uint256', true],
    ['uint', true],
    ['int8', true],
    ['int256', true],
    ['int', true],
    ['uint256[]', false],
    ['int8[2]', false],
    ['address', false],
    ['bool', false],
    ['bytes32', false],
    ['string', false],
    ['tuple', false],
  ])('isIntegerType(%s) is %s', (type, expected) => {
    expect(isIntegerType(type)).toBe(expected);
  });
});

describe('addresses', () => {
  it.each([
    ['lower case, returned checksummed', LOWER, CHECKSUMMED],
    ['a valid checksum', CHECKSUMMED, CHECKSUMMED],
    ['upper case, returned checksummed', UPPER, CHECKSUMMED],
    ['surrounding spaces', `  ${LOWER}\n`, CHECKSUMMED],
    ['another valid checksum', VITALIK, VITALIK],
  ])('accepts %s', (_name, text, expected) => {
    expect(parseValue(param('address'), text)).toBe(expected);
  });

  it('refuses a mixed-case address whose checksum is wrong, saying so', () => {
    const message = refusal(param('address'), BAD_CHECKSUM);
    expect(message).toBe(`${BAD_CHECKSUM} has a wrong checksum (its mix of upper- and lower-case letters): check for a typo, or write it all in lower case`);
    expect(message).toContain('checksum');
  });

  it.each([
    ['short', '0x1234'],
    ['long', `${LOWER}00`],
    ['39 hex characters', LOWER.slice(0, -1)],
    ['non-hex', `0x${'g'.repeat(40)}`],
    ['no 0x', LOWER.slice(2)],
    ['0X prefix', `0X${LOWER.slice(2)}`],
    ['empty', ''],
    ['a name', 'vitalik.eth'],
  ])('refuses %s input', (_name, text) => {
    expect(refusal(param('address'), text)).toBe(`"${text.trim()}" is not an address (0x followed by 40 hex characters)`);
  });
});

describe('booleans', () => {
  it.each<[string, boolean]>([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['TRUE', true],
    [' False ', false],
  ])('%j → %s', (text, value) => {
    expect(parseValue(param('bool'), text)).toBe(value);
  });

  it.each(['yes', 'no', '2', '', 'truthy'])('refuses %j', (text) => {
    expect(refusal(param('bool'), text)).toBe(`"${text}" is not a boolean (write true or false)`);
  });
});

describe('strings', () => {
  it.each([
    ['plain text', 'hello'],
    ['quotes', '"quoted"'],
    ['commas and brackets at the top level', '[1, 2], "a,b", (c)'],
    ['surrounding spaces', '  padded  '],
    ['empty', ''],
    ['unicode', 'héllo ✓'],
  ])('keeps %s verbatim', (_name, text) => {
    expect(parseValue(param('string'), text)).toBe(text);
  });
});

describe('bytes', () => {
  it.each([
    ['0x', '0x'],
    ['0x00', '0x00'],
    ['0xABcd', '0xabcd'],
    [' 0xdeadbeef ', '0xdeadbeef'],
  ])('bytes accepts %j as %j', (text, value) => {
    expect(parseValue(param('bytes'), text)).toBe(value);
  });

  it.each([
    ['0x123', 'bytes needs an even number of hex digits (two per byte), got 3'],
    ['0x1', 'bytes needs an even number of hex digits (two per byte), got 1'],
    ['0xzz', '"0xzz" is not hex bytes (bytes is written 0x followed by hex digits)'],
    ['abcd', '"abcd" is not hex bytes (bytes is written 0x followed by hex digits)'],
    ['hello', '"hello" is not hex bytes (bytes is written 0x followed by hex digits)'],
    ['', '"" is not hex bytes (bytes is written 0x followed by hex digits)'],
  ])('bytes refuses %j', (text, message) => {
    expect(refusal(param('bytes'), text)).toBe(message);
  });

  it.each([
    ['bytes1', '0x01', '0x01'],
    ['bytes1', '0xFF', '0xff'],
    ['bytes4', '0x12345678', '0x12345678'],
    ['bytes32', `0x${'Ab'.repeat(32)}`, `0x${'ab'.repeat(32)}`],
  ])('%s accepts %j', (type, text, value) => {
    expect(parseValue(param(type), text)).toBe(value);
  });

  it.each([
    ['bytes1', '0x', 'bytes1 is exactly 1 byte(s): 0x and 2 hex digits, got 0'],
    ['bytes1', '0x0102', 'bytes1 is exactly 1 byte(s): 0x and 2 hex digits, got 4'],
    ['bytes32', '0x1234', 'bytes32 is exactly 32 byte(s): 0x and 64 hex digits, got 4'],
    ['bytes32', `0x${'ab'.repeat(33)}`, 'bytes32 is exactly 32 byte(s): 0x and 64 hex digits, got 66'],
    ['bytes32', `0x${'ab'.repeat(31)}`, 'bytes32 is exactly 32 byte(s): 0x and 64 hex digits, got 62'],
    // An odd count names the length a bytes32 needs, which says more than 'even'.
    ['bytes32', '0x123', 'bytes32 is exactly 32 byte(s): 0x and 64 hex digits, got 3'],
    ['bytes32', 'hash', '"hash" is not hex bytes (bytes32 is written 0x followed by hex digits)'],
  ])('%s refuses %j', (type, text, message) => {
    expect(refusal(param(type), text)).toBe(message);
  });
});

describe('splitList', () => {
  it.each<[string, string[] | null]>([
    ['[1,2,3]', ['1', '2', '3']],
    ['[ 1 , 2 ]', ['1', '2']],
    ['[]', []],
    ['[   ]', []],
    ['(1, 2)', ['1', '2']],
    ['[a, "b,c", [d, e]]', ['a', '"b,c"', '[d, e]']],
    ["['x,y', z]", ["'x,y'", 'z']],
    ['["a\\"b", c]', ['"a\\"b"', 'c']],
    ['["[not nested]", 1]', ['"[not nested]"', '1']],
    ['[[1,2],[3]]', ['[1,2]', '[3]']],
    // A quote inside a bare item is a character (an apostrophe), not the start of a quoted item.
    ["[it's, ok]", ["it's", 'ok']],
    ["[don't, 'a,b']", ["don't", "'a,b'"]],
    ['[1,2,]', ['1', '2', '']],
    ['1,2,3', null],
    ['[1,2', null],
    ['1,2]', null],
    ['[1,2)', null],
    ['[1]]', null],
    ['[[1]', null],
    ['["open]', null],
    ['', null],
  ])('%j → %j', (text, items) => {
    expect(splitList(text)).toEqual(items);
  });
});

describe('arrays', () => {
  it.each<[string, string, AbiValue]>([
    ['uint256[]', '[1,2,3]', [1n, 2n, 3n]],
    ['uint256[]', '[]', []],
    ['uint256[]', ' [ 1 , 0x10 ] ', [1n, 16n]],
    ['uint256[]', '["1", \'2\', 3]', [1n, 2n, 3n]],
    ['uint256[]', '[123456789012345678901234567890]', [123456789012345678901234567890n]],
    ['uint256[]', '["123456789012345678901234567890"]', [123456789012345678901234567890n]],
    ['uint256[2]', '[1,2]', [1n, 2n]],
    ['uint256[][]', '[[1,2],[3]]', [[1n, 2n], [3n]]],
    ['uint256[][]', '[[], [4]]', [[], [4n]]],
    ['uint256[2][]', '[[1,2],[3,4]]', [[1n, 2n], [3n, 4n]]],
    ['int8[]', '[-128, 127, -0x1]', [-128n, 127n, -1n]],
    ['string[]', '["a,b", "c]d", \'e\', plain text, ""]', ['a,b', 'c]d', 'e', 'plain text', '']],
    ['string[]', '["say \\"hi\\""]', ['say "hi"']],
    ['address[]', `[${LOWER}, ${VITALIK}]`, [CHECKSUMMED, VITALIK]],
    ['address[]', `["${LOWER}"]`, [CHECKSUMMED]],
    ['bool[]', '[true, 0, FALSE]', [true, false, false]],
    ['bytes32[]', `[0x${'00'.repeat(32)}]`, [`0x${'00'.repeat(32)}`]],
  ])('%s accepts %j', (type, text, value) => {
    expect(parseValue(param(type), text)).toEqual(value);
  });

  it.each([
    ['uint256[]', '1,2,3', 'uint256[] is written as a list in brackets: [value1, value2]'],
    ['uint256[]', '[1,2', 'uint256[] is written as a list in brackets: [value1, value2]'],
    ['uint256[]', '', 'uint256[] is written as a list in brackets: [value1, value2]'],
    ['string[]', '["open]', 'string[] is written as a list in brackets: [value1, value2]'],
    ['uint256[2]', '[1]', 'uint256[2] takes exactly 2 item(s), got 1'],
    ['uint256[2]', '[1,2,3]', 'uint256[2] takes exactly 2 item(s), got 3'],
    ['uint256[2]', '[]', 'uint256[2] takes exactly 2 item(s), got 0'],
    ['uint256[]', '[1, x]', `item 2: ${notANumber('x', 'uint256')}`],
    ['uint256[]', '[1, 2,]', `item 3: ${notANumber('', 'uint256')}`],
    ['uint8[]', '[1, 256]', 'item 2: 256 is out of range for uint8 (0 to 255)'],
    ['uint256[]', '[-1]', 'item 1: uint256 cannot be negative'],
    ['address[]', `[${LOWER}, 0x12]`, 'item 2: "0x12" is not an address (0x followed by 40 hex characters)'],
    ['address[]', `[${BAD_CHECKSUM}]`, `item 1: ${BAD_CHECKSUM} has a wrong checksum (its mix of upper- and lower-case letters): check for a typo, or write it all in lower case`],
    ['bool[]', '[true, yes]', 'item 2: "yes" is not a boolean (write true or false)'],
    ['uint256[][]', '[[1,2],[x]]', `item 2: item 1: ${notANumber('x', 'uint256')}`],
    ['uint256[][]', '[1]', 'item 1: uint256[] is written as a list in brackets: [value1, value2]'],
    ['uint256[2][]', '[[1,2],[3]]', 'item 2: uint256[2] takes exactly 2 item(s), got 1'],
  ])('%s refuses %j', (type, text, message) => {
    expect(refusal(param(type), text)).toBe(message);
  });
});

describe('tuples (structs)', () => {
  it('accepts the array form, field by field', () => {
    expect(parseValue(INFO, `[${LOWER}, 5, "hi, there", 0x10]`)).toEqual([CHECKSUMMED, 5n, 'hi, there', 16n]);
  });

  it('accepts bare strings and parentheses', () => {
    expect(parseValue(INFO, `(${LOWER}, 5, hi, 0)`)).toEqual([CHECKSUMMED, 5n, 'hi', 0n]);
  });

  it('a wrong field count is refused, listing the fields', () => {
    expect(refusal(INFO, `[${LOWER}, 5]`)).toBe('the struct has 4 field(s) (address owner, uint256 value, string message, uint256 balance), got 2');
    expect(refusal(INFO, `[${LOWER}, 5, "a", 1, 2]`)).toBe('the struct has 4 field(s) (address owner, uint256 value, string message, uint256 balance), got 5');
  });

  it('text without brackets is refused, showing the expected shape', () => {
    expect(refusal(INFO, 'hello')).toBe('a struct is written as a list of its 4 field(s) in brackets: [owner, value, message, balance]');
  });

  it('a bad field is named', () => {
    expect(refusal(INFO, `[${LOWER}, x, "hi", 0]`)).toBe(`value: ${notANumber('x', 'uint256')}`);
    expect(refusal(INFO, '[0x12, 1, "hi", 0]')).toBe('owner: "0x12" is not an address (0x followed by 40 hex characters)');
  });

  it('an unnamed field is named by its position', () => {
    const pair = param('tuple', 'pair', { components: [param('uint256'), param('bool')] });
    expect(parseValue(pair, '[1, true]')).toEqual([1n, true]);
    expect(refusal(pair, '[1, maybe]')).toBe('field 2: "maybe" is not a boolean (write true or false)');
    expect(refusal(pair, '[1]')).toBe('the struct has 2 field(s) (uint256, bool), got 1');
  });

  it('nested structs and arrays inside a struct', () => {
    const outer = param('tuple', 'outer', {
      components: [param('tuple', 'inner', { components: [param('uint256', 'a'), param('string[]', 'tags')] }), param('address', 'who')],
    });
    expect(parseValue(outer, `[[1, ["x,y", z]], ${LOWER}]`)).toEqual([[1n, ['x,y', 'z']], CHECKSUMMED]);
    expect(refusal(outer, `[[1, "x"], ${LOWER}]`)).toBe('inner: tags: string[] is written as a list in brackets: [value1, value2]');
  });

  it('tuple[]: a list of structs, errors naming the item and the field', () => {
    const infos: AbiParam = { ...INFO, type: 'tuple[]', internalType: 'struct Playground.Info[]' };
    expect(parseValue(infos, `[[${LOWER}, 1, "a", 0], [${VITALIK}, 2, "b, c", 3]]`)).toEqual([
      [CHECKSUMMED, 1n, 'a', 0n],
      [VITALIK, 2n, 'b, c', 3n],
    ]);
    expect(parseValue(infos, '[]')).toEqual([]);
    expect(refusal(infos, `[[${LOWER}, 1, "a", 0], [${VITALIK}, -2, "b", 3]]`)).toBe('item 2: value: uint256 cannot be negative');
    expect(refusal(infos, `[[${LOWER}, 1, "a"]]`)).toBe('item 1: the struct has 4 field(s) (address owner, uint256 value, string message, uint256 balance), got 3');
  });

  it('an unsupported type is refused by name', () => {
    expect(refusal(param('fixed128x18'), '1.5')).toBe('the type fixed128x18 is not supported');
  });
});

describe('prepareArguments', () => {
  const read = (inputs: AbiParam[]) => ({ inputs, kind: 'read' as const });
  const write = (inputs: AbiParam[]) => ({ inputs, kind: 'write' as const });

  it('a read turns empty integer inputs into 0 and other empty inputs into an empty string', () => {
    expect(prepareArguments(read([param('uint256', 'a'), param('int8', 'b'), param('string', 'text')]), ['', '  ', ''])).toEqual({ ok: true, values: [0n, 0n, ''] });
  });

  it('a read with fewer texts than inputs treats the missing ones as empty', () => {
    expect(prepareArguments(read([param('uint256', 'a'), param('uint256', 'b')]), ['5'])).toEqual({ ok: true, values: [5n, 0n] });
  });

  it("a read's empty address input gets a clear error naming the parameter", () => {
    expect(prepareArguments(read([param('address', 'account')]), [''])).toEqual({
      ok: false,
      errors: ['account (address): "" is not an address (0x followed by 40 hex characters)'],
    });
  });

  it('a write refuses an empty input with the spec message', () => {
    expect(prepareArguments(write([param('uint256', 'newValue')]), [''])).toEqual({ ok: false, errors: ['Parameter newValue (uint256) is required'] });
    expect(prepareArguments(write([param('string', 'note')]), ['   '])).toEqual({ ok: false, errors: ['Parameter note (string) is required'] });
    expect(CALL_MESSAGES.required('newValue', 'uint256')).toBe('Parameter newValue (uint256) is required');
  });

  it('an unnamed parameter is named by its 1-based position', () => {
    expect(prepareArguments(write([param('uint256')]), [''])).toEqual({ ok: false, errors: ['Parameter 1 (uint256) is required'] });
    expect(prepareArguments(write([param('address', 'to'), param('uint256')]), [LOWER, ''])).toEqual({ ok: false, errors: ['Parameter 2 (uint256) is required'] });
  });

  it('a struct parameter is labelled with its struct name', () => {
    expect(prepareArguments(write([INFO]), [''])).toEqual({ ok: false, errors: ['Parameter info (Playground.Info) is required'] });
  });

  it('several bad inputs give one line each, in parameter order', () => {
    expect(prepareArguments(read([param('uint256', 'a'), param('uint256', 'b')]), ['x', '1.5'])).toEqual({
      ok: false,
      errors: [`a (uint256): ${notANumber('x', 'uint256')}`, 'b (uint256): 1.5 is not a whole number (uint256 has no decimals: multiply by 10^decimals)'],
    });
    expect(prepareArguments(write([param('uint256', 'a'), param('address', 'b'), param('bool', 'c'), param('uint256[]')]), ['', '0x12', 'true', '[1, x]'])).toEqual({
      ok: false,
      errors: ['Parameter a (uint256) is required', 'b (address): "0x12" is not an address (0x followed by 40 hex characters)', `4 (uint256[]): item 2: ${notANumber('x', 'uint256')}`],
    });
  });

  it('good inputs come out ready for the ABI coder', () => {
    expect(prepareArguments(write([param('address', 'to'), param('uint256', 'amount'), param('bytes', 'data'), param('bool', 'flag')]), [LOWER, '1_000', '0xAB', 'TRUE'])).toEqual({
      ok: true,
      values: [CHECKSUMMED, 1000n, '0xab', true],
    });
    expect(prepareArguments(read([]), ['ignored'])).toEqual({ ok: true, values: [] });
  });
});

describe('toJsonArguments', () => {
  it('integers become decimal text, exact past 2^53; everything else keeps its value and nesting', () => {
    expect(toJsonArguments([1n, -5n, 2n ** 200n, 'a', true, CHECKSUMMED, [2n, [3n, 'x']], []])).toEqual([
      '1',
      '-5',
      '1606938044258990275541962092341162602522202993782792835301376',
      'a',
      true,
      CHECKSUMMED,
      ['2', ['3', 'x']],
      [],
    ]);
  });
});

describe('parseCoinValue (the value field of a payable function)', () => {
  const WEI = 10n ** 18n;
  it.each<[string, bigint]>([
    ['', 0n],
    ['   ', 0n],
    ['0', 0n],
    ['1', WEI],
    [' 2 ', 2n * WEI],
    ['0.5', WEI / 2n],
    ['.5', WEI / 2n],
    ['1.', WEI],
    ['1.25', 1_250_000_000_000_000_000n],
    ['0.000000000000000001', 1n],
    ['123456789.123456789123456789', 123456789123456789123456789n],
  ])('%j → %s wei', (text, wei) => {
    expect(parseCoinValue(text)).toBe(wei);
  });

  it.each([
    ['0.0000000000000000001', 'an amount has at most 18 decimals'],
    ['1.1234567890123456789', 'an amount has at most 18 decimals'],
    ['-1', '"-1" is not an amount (write it like 0.5)'],
    ['abc', '"abc" is not an amount (write it like 0.5)'],
    ['.', '"." is not an amount (write it like 0.5)'],
    ['1e18', '"1e18" is not an amount (write it like 0.5)'],
    ['1,5', '"1,5" is not an amount (write it like 0.5)'],
    ['0x10', '"0x10" is not an amount (write it like 0.5)'],
  ])('refuses %j', (text, message) => {
    try {
      parseCoinValue(text);
      expect.unreachable(`accepted ${text}`);
    } catch (error) {
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toBe(message);
    }
  });
});

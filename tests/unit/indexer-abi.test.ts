import { AbiCoder, encodeBytes32String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeAddress, decodeBool, decodeString, decodeUint, encodeCall, safeText } from '../../indexer/src/chain/abi.ts';

const abi = AbiCoder.defaultAbiCoder();
const word = (hex: string): string => hex.padStart(64, '0');

describe('decodeString', () => {
  it.each([
    ['an ABI string', abi.encode(['string'], ['Sto Governance']), 'Sto Governance'],
    ['a bytes32 name (old tokens)', encodeBytes32String('MKR'), 'MKR'],
    ['unicode', abi.encode(['string'], ['Société ✓']), 'Société ✓'],
    ['an empty string', abi.encode(['string'], ['']), ''],
    ['control characters removed, bidi kept', abi.encode(['string'], ['a\u0000b\u0007c\u202Ed']), 'abc\u202Ed'],
    ['invalid UTF-8 replaced, not thrown', '0x' + word('20') + word('3') + 'ff61fe'.padEnd(64, '0'), '\uFFFDa\uFFFD'],
  ])('decodes %s', (_, hex, expected) => {
    expect(decodeString(hex)).toBe(expected);
  });

  it.each([
    ['no answer', '0x'],
    ['null', null],
    ['not hex', '0xzz'],
    ['odd length', '0x123'],
    ['too short', '0x1234'],
    ['offset beyond the data', '0x' + word('ffff') + word('3') + word('')],
    ['length beyond the data', '0x' + word('20') + word('ffffffff') + word('')],
    ['three words of garbage', '0x' + word('1') + word('2') + word('3').slice(0, 62) + '33'],
  ])('returns null for %s', (_, hex) => {
    expect(decodeString(hex)).toBeNull();
  });

  it('bounds the length of hostile names', () => {
    const long = 'x'.repeat(10_000);
    expect(decodeString(abi.encode(['string'], [long]))?.length).toBe(1000);
  });
});

describe('word decoders', () => {
  it.each([
    ['0x' + word('12'), 18n],
    ['0x' + word('12') + word('99'), 18n],
    ['0x12', null],
    ['0x', null],
  ])('decodeUint(%s) = %s', (hex, expected) => {
    expect(decodeUint(hex)).toBe(expected);
  });

  it.each([
    ['0x' + word('1'), true],
    ['0x' + word('0'), false],
    ['0x' + word('2'), null],
    ['0x', null],
  ])('decodeBool(%s) = %s', (hex, expected) => {
    expect(decodeBool(hex)).toBe(expected);
  });

  it.each([
    ['0x000000000000000000000000F39FD6E51AAD88F6F4CE6AB8827279CFFFB92266', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['0x' + 'ff'.repeat(32), null],
  ])('decodeAddress(%s) = %s', (hex, expected) => {
    expect(decodeAddress(hex)).toBe(expected);
  });
});

describe('encodeCall', () => {
  it.each([
    ['0x06fdde03', undefined, '0x06fdde03'],
    ['0x01ffc9a7', '0x80ac58cd', '0x01ffc9a780ac58cd' + '0'.repeat(56)],
    ['0x70a08231', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x70a08231' + word('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')],
    ['0xc87b56dd', 5n, '0xc87b56dd' + word('5')],
  ] as const)('encodes %s(%s)', (selector, arg, expected) => {
    expect(encodeCall(selector, arg)).toBe(expected);
  });
});

describe('safeText', () => {
  it('keeps printable text and trims', () => {
    expect(safeText(new TextEncoder().encode('  Hello <b>\n'))).toBe('Hello <b>');
  });
});

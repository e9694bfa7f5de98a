import { describe, expect, it } from 'vitest';
import { parseUnits, tidyDecimal, toBigInt, toCount, toDecimals, toNumber, toTimestamp } from '../../src/lib/normalize/bignum.ts';
import { formatUnits } from '../../common/units.ts';
import { normalizeList, parseJsonText, toAddress, toBool, toHexData, toImageUrl, unwrapList } from '../../src/lib/normalize/fields.ts';

describe('toBigInt reads every big-number encoding', () => {
  it.each([
    ['BigNumber object', { type: 'BigNumber', hex: '0x14d1120d7b160000' }, 1_500_000_000_000_000_000n],
    ['ethers v5 _hex object', { _hex: '0x5208', _isBigNumber: true }, 21_000n],
    ['0x hex string', '0x01c9c380', 30_000_000n],
    ['empty quantity 0x', '0x', 0n],
    ['decimal string', '998749500000000000000000', 998_749_500_000_000_000_000_000n],
    ['decimal string with spaces', ' 42 ', 42n],
    ['negative decimal', '-5', -5n],
    ['integer number', 21000, 21_000n],
    ['bigint', 7n, 7n],
  ])('%s', (_name, input, expected) => {
    expect(toBigInt(input)).toBe(expected);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['fraction number', 1.5],
    ['fraction string', '1.5'],
    ['garbage', 'abc'],
    ['empty string', ''],
    ['object without hex', { type: 'BigNumber' }],
    ['boolean', true],
  ])('%s gives null', (_name, input) => {
    expect(toBigInt(input)).toBeNull();
  });
});

describe('toNumber, toCount, toDecimals', () => {
  it.each([
    ['12.5', 12.5],
    [7, 7],
    ['0x10', 16],
    [{ type: 'BigNumber', hex: '0x0a' }, 10],
    ['', null],
    ['x', null],
    [Number.NaN, null],
  ] as const)('toNumber(%j) = %j', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([
    ['4', 4],
    [61, 61],
    ['0x3f', 63],
    [-1, null],
    ['1.5', null],
    [null, null],
  ] as const)('toCount(%j) = %j', (input, expected) => {
    expect(toCount(input)).toBe(expected);
  });

  it.each([
    [6, 6],
    ['18', 18],
    [null, 18],
    [300, 18],
    [-1, 18],
  ] as const)('toDecimals(%j) = %j', (input, expected) => {
    expect(toDecimals(input)).toBe(expected);
  });
});

describe('toTimestamp gives unix seconds', () => {
  it.each([
    ['seconds', 1795319477, 1795319477],
    ['decimal string', '1795319477', 1795319477],
    ['milliseconds', 1795319477123, 1795319477],
    ['ISO date', '2026-11-22T03:53:21.628Z', 1795319601],
    ['hex', '0x6b0dd3b5', 0x6b0dd3b5],
    ['null', null, null],
    ['garbage', 'yesterday', null],
    ['negative', -5, null],
  ])('%s', (_name, input, expected) => {
    expect(toTimestamp(input)).toBe(expected);
  });
});

describe('parseUnits turns whole units into raw units', () => {
  it.each([
    ['float ether', 9998.245320884977, 18, 9_998_245_320_884_977_000_000n],
    ['exponent number', 7e-18, 18, 7n],
    ['decimal string', '1.5', 6, 1_500_000n],
    ['integer string', '1000', 18, 1000n * 10n ** 18n],
    ['digits beyond decimals are truncated', '0.0000019', 6, 1n],
    ['large exponent', 1e21, 0, 10n ** 21n],
    ['negative', '-2.5', 1, -25n],
    ['bigint', 3n, 2, 300n],
  ])('%s', (_name, input, decimals, expected) => {
    expect(parseUnits(input, decimals)).toBe(expected);
  });

  it.each([['abc'], [''], [null], ['.'], [Number.POSITIVE_INFINITY]])('%j gives null', (input) => {
    expect(parseUnits(input, 18)).toBeNull();
  });
});

describe('formatUnits', () => {
  it.each([
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [1000n * 10n ** 18n, 18, '1000'],
    [7n, 18, '0.000000000000000007'],
    [0n, 18, '0'],
    [-15n, 1, '-1.5'],
    [5n, 0, '5'],
    [1_234_560_000n, 6, '1234.56'],
  ])('%s with %i decimals is %s', (raw, decimals, expected) => {
    expect(formatUnits(raw, decimals)).toBe(expected);
  });
});

describe('tidyDecimal', () => {
  it.each([
    ['1.0', '1'],
    ['100.0', '100'],
    ['2.50', '2.5'],
    ['0.0', '0'],
    ['998749.5', '998749.5'],
    ['10', '10'],
    ['abc', 'abc'],
  ])('%s → %s', (input, expected) => {
    expect(tidyDecimal(input)).toBe(expected);
  });
});

describe('field readers', () => {
  it.each([
    ['0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'],
    ['0x9fe4', null],
    [null, null],
    ['<script>', null],
  ])('toAddress(%j) = %j keeps the checksum', (input, expected) => {
    expect(toAddress(input)).toBe(expected);
  });

  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['ipfs://bafy/1.png', 'ipfs://bafy/1.png'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['/token-logos/0xabc.png', '/token-logos/0xabc.png'],
    ['javascript:alert(1)', null],
    ['//evil.example/x.png', null],
    ['data:text/html,<script>', null],
    ['', null],
  ])('toImageUrl(%j) = %j', (input, expected) => {
    expect(toImageUrl(input)).toBe(expected);
  });

  it.each([
    [true, true],
    ['true', true],
    [1, true],
    ['0', false],
    [false, false],
    ['yes', null],
    [null, null],
  ] as const)('toBool(%j) = %j', (input, expected) => {
    expect(toBool(input)).toBe(expected);
  });

  it('toHexData falls back to 0x', () => {
    expect(toHexData('0xa9059cbb')).toBe('0xa9059cbb');
    expect(toHexData('hello')).toBe('0x');
    expect(toHexData(undefined)).toBe('0x');
  });

  it('unwrapList reads bare arrays and wrappers, normalizeList drops unreadable items', () => {
    expect(unwrapList([1, 2])).toEqual([1, 2]);
    expect(unwrapList({ holders: [3] }, 'holders')).toEqual([3]);
    expect(unwrapList({ items: [4] })).toEqual([4]);
    expect(unwrapList({ error: 'x' })).toBeNull();
    expect(normalizeList([1, 'x', 2], (v) => (typeof v === 'number' ? v * 2 : null))).toEqual([2, 4]);
    expect(normalizeList('not a list', () => 1)).toEqual([]);
  });

  it('parseJsonText parses JSON text and leaves other values alone', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonText('[1]')).toEqual([1]);
    expect(parseJsonText('{broken')).toBe('{broken');
    expect(parseJsonText('plain')).toBe('plain');
  });
});

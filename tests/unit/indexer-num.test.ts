import { describe, expect, it } from 'vitest';
import { pad, PADDED_ZERO, percentage, unpad } from '../../indexer/src/chain/num.ts';
import { formatUnits } from '../../common/units.ts';

describe('padded amounts', () => {
  const values = [0n, 1n, 9n, 10n, 999n, 10n ** 18n, 2n ** 256n - 1n, -5n];
  it('sort as text like numbers', () => {
    const sorted = [...values].map(pad).sort();
    expect(sorted.map(unpad)).toEqual(['-5', '0', '1', '9', '10', '999', String(10n ** 18n), String(2n ** 256n - 1n)]);
  });

  it.each(values)('round-trips %s', (v) => {
    expect(unpad(pad(v))).toBe(v.toString());
  });

  it('puts positive values above PADDED_ZERO and others not', () => {
    expect(pad(1n) > PADDED_ZERO).toBe(true);
    expect(pad(0n) > PADDED_ZERO).toBe(false);
    expect(pad(-1n) > PADDED_ZERO).toBe(false);
  });
});

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [10n ** 18n, 18, '1'],
    [15n * 10n ** 17n, 18, '1.5'],
    [1n, 18, '0.000000000000000001'],
    [1234560000n, 6, '1234.56'],
    [42n, 0, '42'],
    [-15n, 1, '-1.5'],
  ])('formats %s with %s decimals as %s', (v, d, s) => {
    expect(formatUnits(v, d)).toBe(s);
  });
});

describe('percentage', () => {
  it.each([
    [1n, 4n, 25],
    [0n, 10n, 0],
    [5n, 0n, 0],
    [1n, 3n, 33.333333333333],
  ])('%s of %s is %s%', (part, total, expected) => {
    expect(percentage(part, total)).toBeCloseTo(expected, 9);
  });
});

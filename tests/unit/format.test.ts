import { describe, expect, it } from 'vitest';
import {
  formatGasUsedPercent,
  formatGwei,
  formatHolderPercentage,
  formatSto,
  formatTokenAmount,
  formatTxValue,
  formatUsd,
  normalizeDecimals,
  toBigInt,
  type RawAmount,
} from '../../src/lib/format/index.ts';

const STO = 10n ** 18n;
const GWEI = 10n ** 9n;

describe('toBigInt', () => {
  it.each<[RawAmount | null, bigint | null]>([
    [5n, 5n],
    ['1000000000000000000', STO],
    ['0x0de0b6b3a7640000', STO],
    [42, 42n],
    [' 7 ', 7n],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [1.5, null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(toBigInt(input)).toBe(expected);
  });
});

describe('formatSto: 2 decimals ≥ 1000, 4 ≥ 1, 6 ≥ 0.0001, 8 below, truncated', () => {
  it.each<[RawAmount | null, string]>([
    [0n, '0'],
    ['0', '0'],
    [null, '0'],
    ['garbage', '0'],
    [1234n * STO, '1,234.00'],
    [1_234_567n * STO, '1,234,567.00'],
    [1000n * STO, '1,000.00'],
    [1_234_567_891_234_567_891_234n, '1,234.56'],
    [999_999_999_999_999_999_999n, '999.9999'],
    [STO, '1.0000'],
    ['1000000000000000000', '1.0000'],
    ['0x0de0b6b3a7640000', '1.0000'],
    [15n * 10n ** 17n, '1.5000'],
    [10n ** 14n, '0.000100'],
    [999_999_999_999_999n, '0.000999'],
    [10n ** 14n - 1n, '0.00009999'],
    [12_345_678_900n, '0.00000001'],
    [10n ** 10n, '0.00000001'],
    [10n ** 10n - 1n, '< 0.00000001'],
    [1n, '< 0.00000001'],
  ])('%s wei → %s', (wei, expected) => {
    expect(formatSto(wei)).toBe(expected);
  });
});

describe('formatTxValue: up to 6 decimals on lists, 8 on cards, 12 on detail', () => {
  it.each<[RawAmount, 'list' | 'card' | 'detail', string]>([
    [0n, 'list', '0'],
    [0n, 'detail', '0'],
    [1_234_567_890_000_000_000n, 'list', '1.234567'],
    [1_234_567_890_000_000_000n, 'card', '1.23456789'],
    [1_234_567_890_000_000_000n, 'detail', '1.23456789'],
    [STO + 10n ** 6n, 'list', '1'],
    [STO + 10n ** 6n, 'card', '1'],
    [STO + 10n ** 6n, 'detail', '1.000000000001'],
    [12_345n * 10n ** 17n, 'list', '1,234.5'],
    [10n ** 6n, 'detail', '0.000000000001'],
    [1n, 'list', '< 0.000001'],
    [1n, 'card', '< 0.00000001'],
    [1n, 'detail', '< 0.000000000001'],
  ])('%s wei on %s → %s', (wei, screen, expected) => {
    expect(formatTxValue(wei, screen)).toBe(expected);
  });
});

describe('normalizeDecimals', () => {
  it.each<[unknown, number]>([
    [6, 6],
    ['6', 6],
    [0, 0],
    [null, 18],
    [undefined, 18],
    [-1, 18],
    [1.5, 18],
    ['abc', 18],
    ['', 18],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDecimals(input)).toBe(expected);
  });
});

describe('formatTokenAmount: up to 4 decimals, < 0.0001 for tiny holdings', () => {
  it.each<[RawAmount, unknown, string]>([
    [1000n * STO, 18, '1,000'],
    ['0x3635c9adc5dea00000', 18, '1,000'],
    [123_456_789n, 6, '123.4567'],
    [1n, 18, '< 0.0001'],
    [10n ** 14n - 1n, 18, '< 0.0001'],
    [10n ** 14n, 18, '0.0001'],
    [0n, 18, '0'],
    [5n, 0, '5'],
    [15n, 1, '1.5'],
    [STO, null, '1'],
    [1_500_000n, '6', '1.5'],
  ])('%s with %s decimals → %s', (raw, decimals, expected) => {
    expect(formatTokenAmount(raw, decimals)).toBe(expected);
  });

  it('takes a smaller maximum of decimals', () => {
    expect(formatTokenAmount(1_234_567n, 4, 2)).toBe('123.45');
  });
});

describe('formatHolderPercentage: 2 decimals, < 0.01% below 0.01', () => {
  it.each<[number | string | null, string]>([
    [12.3456, '12.35%'],
    [100, '100.00%'],
    ['45.5', '45.50%'],
    [0.01, '0.01%'],
    [0.005, '< 0.01%'],
    [0.0099, '< 0.01%'],
    [0, '0.00%'],
    ['0.00', '0.00%'],
    ['abc', '0.00%'],
    ['', '0.00%'],
    [null, '0.00%'],
  ])('%s → %s', (input, expected) => {
    expect(formatHolderPercentage(input)).toBe(expected);
  });
});

describe('formatGwei: K and M suffixes', () => {
  it.each<[RawAmount, string]>([
    [0n, '0'],
    [GWEI, '1'],
    [1_500_000_000n, '1.5'],
    [GWEI / 2n, '0.5'],
    [999n * GWEI, '999'],
    [1000n * GWEI, '1K'],
    [1500n * GWEI, '1.5K'],
    [1_234_567_800_000n, '1.23K'],
    [999_999n * GWEI, '999.99K'],
    [1_000_000n * GWEI, '1M'],
    [2_300_000n * GWEI, '2.3M'],
    [2_300_000_000n * GWEI, '2,300M'],
    [123_456n, '0.000123'],
    [1n, '0.000000001'],
    ['0x3b9aca00', '1'],
  ])('%s wei → %s', (wei, expected) => {
    expect(formatGwei(wei)).toBe(expected);
  });
});

describe('formatUsd: 2 decimals with thousands separators', () => {
  it.each<[number | string | null, string]>([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    ['1234567.891', '$1,234,567.89'],
    [0.1, '$0.10'],
    [-5, '-$5.00'],
    [Number.NaN, '$0.00'],
    ['abc', '$0.00'],
    [null, '$0.00'],
  ])('%s → %s', (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });
});

describe('formatGasUsedPercent: percent of the limit to 2 decimals', () => {
  it.each<[RawAmount | null, RawAmount | null, string]>([
    [15_000_000n, 30_000_000n, '50.00%'],
    [21_000n, 30_000_000n, '0.07%'],
    [12_345n, 100_000n, '12.35%'],
    [1n, 3n, '33.33%'],
    [2n, 3n, '66.67%'],
    ['0xc994', '0x1c9c380', '0.17%'],
    [30_000_000n, 30_000_000n, '100.00%'],
    [0n, 30_000_000n, '0.00%'],
    [100n, 0n, '0.00%'],
    [null, 30_000_000n, '0.00%'],
  ])('%s of %s → %s', (used, limit, expected) => {
    expect(formatGasUsedPercent(used, limit)).toBe(expected);
  });
});

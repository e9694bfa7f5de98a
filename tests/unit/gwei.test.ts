import { describe, expect, it } from 'vitest';
import { formatGwei } from '../../src/lib/gwei.ts';

describe('formatGwei', () => {
  it.each([
    [0n, '0'],
    [1_000_000_000n, '1'],
    [1_500_000_000n, '1.5'],
    [123_456_789n, '0.12'],
    [999_000_000_000n, '999'],
    [1_500_000_000_000n, '1.5K'],
    [25_000_000_000_000n, '25K'],
    [2_000_000_000_000_000n, '2M'],
    [3_456_000_000_000_000n, '3.46M'],
  ])('%s wei is %s gwei', (wei, text) => {
    expect(formatGwei(wei)).toBe(text);
  });
});

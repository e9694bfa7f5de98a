import { describe, expect, it } from 'vitest';
import { barRects, sparklinePath } from '../../src/lib/charts/sparkline.ts';

describe('sparklinePath', () => {
  it('draws the highest value at the top and the lowest at the bottom, evenly spaced', () => {
    expect(sparklinePath([0, 10, 5], 104, 24, 2)).toBe('M2 22L52 2L102 12');
  });

  it('breaks the line at a gap and starts again after it', () => {
    expect(sparklinePath([1, null, 3, 2], 34, 14, 2)).toBe('M2 12M22 2L32 7');
  });

  it('draws a flat series across the middle, and nothing without values', () => {
    expect(sparklinePath([4, 4], 100, 20, 0)).toBe('M0 10L100 10');
    expect(sparklinePath([7], 100, 20)).toBe('M50 10');
    expect(sparklinePath([], 100, 20)).toBe('');
    expect(sparklinePath([null, Number.NaN], 100, 20)).toBe('');
  });
});

describe('barRects', () => {
  it('gives the tallest bar the whole height and others their share', () => {
    expect(barRects([2, 4, null, 0], 40, 10, 2)).toEqual([
      { x: 1, y: 5, width: 8, height: 5 },
      { x: 11, y: 0, width: 8, height: 10 },
      { x: 21, y: 10, width: 8, height: 0 },
      { x: 31, y: 10, width: 8, height: 0 },
    ]);
  });

  it('draws no height when every value is empty', () => {
    expect(barRects([0, null], 20, 10).every((b) => b.height === 0)).toBe(true);
    expect(barRects([], 20, 10)).toEqual([]);
  });
});

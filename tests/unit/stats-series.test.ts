import { describe, expect, it } from 'vitest';
import { CHAIN_SERIES, dayOf, formatDay, parseDay, STATS_MESSAGES, TOKEN_SERIES } from '../../common/stats-series.ts';

describe('UTC days of the statistics', () => {
  it.each([
    ['1970-01-01', 0],
    ['2024-02-29', 19_782],
    ['2026-11-26', 20_783],
  ])('%s is day %i, and back', (text, day) => {
    expect(parseDay(text)).toBe(day);
    expect(formatDay(day)).toBe(text);
  });

  it.each(['', '2026-11-31', '2025-02-29', '2026-13-01', '26-11-26', '2026-1-5', '0050-01-01', '2026-11-26T00:00', ' 2026-11-26', null, undefined])(
    '%j is not a day',
    (text) => expect(parseDay(text)).toBeNull(),
  );

  it.each([
    [0, '1970-01-01'],
    [86_399, '1970-01-01'],
    [86_400, '1970-01-02'],
    [1_764_115_199, '2025-11-25'],
  ])('timestamp %i falls on %s', (ts, day) => expect(dayOf(ts)).toBe(day));
});

describe('series names and messages', () => {
  it('names are URL-safe and titles unique', () => {
    for (const name of [...Object.keys(CHAIN_SERIES), ...Object.keys(TOKEN_SERIES)]) expect(name).toMatch(/^[a-z0-9-]+$/);
    const titles = Object.values(CHAIN_SERIES).map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('an unknown series names the known ones', () => {
    expect(STATS_MESSAGES.unknownSeries(['a', 'b'])).toBe('Unknown series: expected one of a, b');
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeSeries, normalizeSeriesPoint, normalizeSummary } from '../../src/lib/normalize/series.ts';

const TOKEN = '0x71C95911E9a5D330f4D621842EC243EE1343292e';

describe('normalizeSeriesPoint', () => {
  it.each([
    [{ day: '2026-01-02', value: '12' }, 'count', { day: '2026-01-02', value: '12' }],
    [{ day: '2026-01-02', value: 12 }, 'count', { day: '2026-01-02', value: '12' }],
    [{ day: '2026-01-02', value: null }, 'wei', { day: '2026-01-02', value: null }],
    [{ day: '2026-01-02', value: '3.125' }, 'seconds', { day: '2026-01-02', value: '3.125' }],
    [{ day: '2026-01-02', value: '123456789012345678901234' }, 'wei', { day: '2026-01-02', value: '123456789012345678901234' }],
    // A fraction is no count, a negative no figure, a day must be real.
    [{ day: '2026-01-02', value: '3.5' }, 'count', null],
    [{ day: '2026-01-02', value: '-1' }, 'count', null],
    [{ day: '2026-02-30', value: '1' }, 'count', null],
    [{ day: '2026-1-2', value: '1' }, 'count', null],
    [{ day: '2026-01-02' }, 'count', null],
    [{ day: '2026-01-02', value: '<b>1</b>' }, 'count', null],
    ['2026-01-02', 'count', null],
  ] as const)('%j as %s → %j', (raw, unit, expected) => {
    expect(normalizeSeriesPoint(raw, unit)).toEqual(expected);
  });
});

describe('normalizeSeries', () => {
  it('reads a series, drops unreadable points and repeated days, and orders the days', () => {
    const raw = {
      name: 'transactions',
      unit: 'count',
      from: '2026-01-01',
      to: '2026-01-03',
      points: [
        { day: '2026-01-03', value: '7' },
        { day: '2026-01-01', value: '5' },
        { day: '2026-01-02', value: 'x' },
        { day: '2026-01-01', value: '9' },
      ],
    };
    expect(normalizeSeries(raw)).toEqual({
      name: 'transactions',
      unit: 'count',
      from: '2026-01-01',
      to: '2026-01-03',
      points: [{ day: '2026-01-01', value: '5' }, { day: '2026-01-03', value: '7' }],
    });
  });

  it('keeps a token series its token, and takes from/to from the points when they are missing', () => {
    expect(normalizeSeries({ name: 'holders', unit: 'count', token: TOKEN, points: [{ day: '2026-03-01', value: '2' }] })).toEqual({
      name: 'holders',
      unit: 'count',
      token: TOKEN,
      from: '2026-03-01',
      to: '2026-03-01',
      points: [{ day: '2026-03-01', value: '2' }],
    });
  });

  it.each([[null], [[]], [{ name: 'transactions', unit: 'furlongs', points: [] }], [{ name: 'transactions', unit: 'count' }], [{ unit: 'count', points: [] }], ['<html>404</html>']])(
    'is null for %j',
    (raw) => {
      expect(normalizeSeries(raw)).toBeNull();
    },
  );
});

describe('normalizeSummary', () => {
  it('reads every known series, leaves out unknown and repeated ones, and falls back to the contract unit', () => {
    const raw = {
      firstDay: '2026-01-01',
      lastDay: '2026-01-31',
      series: [
        { name: 'transactions', unit: 'count', latest: { day: '2026-01-31', value: '4' }, recent: [{ day: '2026-01-30', value: '3' }, { day: '2026-01-31', value: '4' }] },
        { name: 'fees', latest: { day: '2026-01-31', value: '21000000000000' }, recent: [] },
        { name: 'no-such-series', unit: 'count', latest: null, recent: [] },
        { name: 'transactions', unit: 'count', latest: { day: '2026-01-31', value: '99' }, recent: [] },
        { name: 'average-block-time', unit: 'seconds', latest: { day: '2026-01-31', value: null }, recent: 'garbage' },
      ],
    };
    expect(normalizeSummary(raw)).toEqual({
      firstDay: '2026-01-01',
      lastDay: '2026-01-31',
      series: [
        { name: 'transactions', unit: 'count', latest: { day: '2026-01-31', value: '4' }, recent: [{ day: '2026-01-30', value: '3' }, { day: '2026-01-31', value: '4' }] },
        { name: 'fees', unit: 'wei', latest: { day: '2026-01-31', value: '21000000000000' }, recent: [] },
        { name: 'average-block-time', unit: 'seconds', latest: { day: '2026-01-31', value: null }, recent: [] },
      ],
    });
  });

  it('reads an empty database (no days yet) and refuses what is not a summary', () => {
    expect(normalizeSummary({ firstDay: null, lastDay: null, series: [] })).toEqual({ firstDay: null, lastDay: null, series: [] });
    expect(normalizeSummary({ firstDay: '2026-01-01' })).toBeNull();
    expect(normalizeSummary([])).toBeNull();
  });

  it('does not take a prototype key for a series name', () => {
    expect(normalizeSummary({ firstDay: null, lastDay: null, series: [{ name: 'constructor', unit: 'count', latest: null, recent: [] }] })?.series).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatActivityTime, formatRelativeTime, formatUtcDate, formatUtcDateTime, parseUnixSeconds } from '../../src/lib/format/index.ts';

const NOW_MS = Date.UTC(2026, 10, 22, 4, 1, 0);
const NOW = NOW_MS / 1000;
const DAY = 86_400;

describe('parseUnixSeconds', () => {
  it.each<[unknown, number | null]>([
    [1795319487, 1795319487],
    ['1795319487', 1795319487],
    [1795319487n, 1795319487],
    ['2026-11-22T03:53:24.288Z', 1795319604],
    [0, 0],
    [-5, null],
    ['abc', null],
    ['', null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    [{}, null],
  ])('%s → %s', (input, expected) => {
    expect(parseUnixSeconds(input)).toBe(expected);
  });
});

describe('formatRelativeTime: secs, mins, hours, days, then a date after 30 days', () => {
  it.each<[unknown, string]>([
    [NOW, '0 secs ago'],
    [NOW + 100, '0 secs ago'],
    [NOW - 1, '1 sec ago'],
    [NOW - 59, '59 secs ago'],
    [NOW - 60, '1 min ago'],
    [NOW - 119, '1 min ago'],
    [NOW - 120, '2 mins ago'],
    [String(NOW - 120), '2 mins ago'],
    ['2026-11-22T03:59:00Z', '2 mins ago'],
    [NOW - 3599, '59 mins ago'],
    [NOW - 3600, '1 hour ago'],
    [NOW - 7200, '2 hours ago'],
    [NOW - DAY + 1, '23 hours ago'],
    [NOW - DAY, '1 day ago'],
    [NOW - 2 * DAY, '2 days ago'],
    [NOW - 30 * DAY, '30 days ago'],
    [NOW - 30 * DAY - 1, 'Oct 23, 2026'],
    [NOW - 365 * DAY, 'Nov 22, 2025'],
    [null, 'Unknown time'],
    [undefined, 'Unknown time'],
    ['abc', 'Unknown time'],
    [Number.NaN, 'Unknown time'],
    [-5, 'Unknown time'],
  ])('%s → %s', (timestamp, expected) => {
    expect(formatRelativeTime(timestamp, NOW_MS)).toBe(expected);
  });
});

describe('UTC date formatting', () => {
  it.each<[unknown, string]>([
    [1795319487, 'Nov 22, 2026, 03:51:27 UTC'],
    ['1795319487', 'Nov 22, 2026, 03:51:27 UTC'],
    [NOW, 'Nov 22, 2026, 04:01:00 UTC'],
    [Date.UTC(2026, 0, 1, 0, 0, 5) / 1000, 'Jan 1, 2026, 00:00:05 UTC'],
    [0, 'Jan 1, 1970, 00:00:00 UTC'],
    ['x', 'Unknown time'],
    [null, 'Unknown time'],
  ])('date-time of %s → %s', (timestamp, expected) => {
    expect(formatUtcDateTime(timestamp)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [1795319487, 'Nov 22, 2026'],
    [Date.UTC(2026, 11, 31, 23, 59, 59) / 1000, 'Dec 31, 2026'],
    ['nope', 'Unknown time'],
  ])('date of %s → %s', (timestamp, expected) => {
    expect(formatUtcDate(timestamp)).toBe(expected);
  });
});

describe('formatActivityTime: the AI activity feed', () => {
  it.each<[Date | number | string | null, string]>([
    [NOW_MS, 'just now'],
    [NOW_MS + 5_000, 'just now'],
    [NOW_MS - 59_000, 'just now'],
    [NOW_MS - 60_000, '1 minute ago'],
    [NOW_MS - 119_000, '1 minute ago'],
    [NOW_MS - 120_000, '2 minutes ago'],
    [NOW_MS - 3_599_000, '59 minutes ago'],
    [NOW_MS - 3_600_000, '1 hour ago'],
    [NOW_MS - 7_199_000, '1 hour ago'],
    [NOW_MS - 7_200_000, '2 hours ago'],
    [NOW_MS - 30 * 3_600_000, '30 hours ago'],
    [new Date(NOW_MS - 300_000), '5 minutes ago'],
    ['2026-11-22T03:56:00Z', '5 minutes ago'],
    ['garbage', 'Unknown time'],
    [null, 'Unknown time'],
  ])('%s → %s', (time, expected) => {
    expect(formatActivityTime(time, NOW_MS)).toBe(expected);
  });
});

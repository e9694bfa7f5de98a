import { describe, expect, it } from 'vitest';
import { AI_TEST_LOG_LIMIT, LOG_TYPE_CLASS, LOG_TYPES, appendLog, logClock, type DebugLogEntry } from '../../src/lib/ai/debug-log.ts';

function entry(id: number): DebugLogEntry {
  return { id, message: `m${id}`, type: 'info', time: '2026-11-22T04:01:02.345Z' };
}

describe('appendLog: at most 100 entries, the oldest dropped first', () => {
  it('holds 100 entries', () => {
    expect(AI_TEST_LOG_LIMIT).toBe(100);
  });

  it.each([
    [0, 1, 1],
    [99, 100, 1],
    [100, 100, 2],
    [150, 100, 52],
  ])('%i entries + 1 → %i entries, the first with id %i', (before, length, firstId) => {
    let log: DebugLogEntry[] = [];
    for (let id = 1; id <= before; id++) log = appendLog(log, entry(id));
    const next = appendLog(log, entry(before + 1));
    expect(next).toHaveLength(length);
    expect(next[0]?.id).toBe(firstId);
    expect(next.at(-1)?.id).toBe(before + 1);
  });

  it('does not change the log it was given', () => {
    const log = [entry(1)];
    appendLog(log, entry(2));
    expect(log).toEqual([entry(1)]);
  });

  it('honours another limit', () => {
    expect(appendLog([entry(1), entry(2)], entry(3), 2).map((e) => e.id)).toEqual([2, 3]);
  });
});

describe('logClock', () => {
  it.each([
    ['2026-11-22T04:01:02.345Z', '04:01:02'],
    ['2026-11-22T23:59:59Z', '23:59:59'],
    ['garbage', '--:--:--'],
  ])('%s → %s', (time, text) => {
    expect(logClock(time)).toBe(text);
  });
});

it('every entry type has its own colour', () => {
  expect(new Set(LOG_TYPES.map((type) => LOG_TYPE_CLASS[type])).size).toBe(LOG_TYPES.length);
});

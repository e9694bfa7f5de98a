// The bulk helpers' SQL shapes: COPY's text format (fields that would end a field or a row are escaped, so a value
// from the chain cannot add a column or a row) and the IN lists padded to a few fixed lengths, single or row-valued.
import { describe, expect, it } from 'vitest';
import { runIn, selectIn } from '../../indexer/src/store/bulk.ts';
import { copyText } from '../../indexer/src/store/postgres-bulk.ts';
import type { Queryable, SqlParam } from '../../indexer/src/store/types.ts';

describe('copyText', () => {
  it.each([
    { rows: [[1, '0xab', null]], text: '1\t0xab\t\\N\n' },
    { rows: [['a\tb', 'c\nd', 'e\rf', 'g\\h']], text: 'a\\tb\tc\\nd\te\\rf\tg\\\\h\n' },
    { rows: [[12345678901234567890n, new Uint8Array([1, 255])]], text: '12345678901234567890\t\\\\x01ff\n' },
    { rows: [[1], [2]], text: '1\n2\n' },
  ] as { rows: SqlParam[][]; text: string }[])('writes $rows as COPY text', ({ rows, text }) => {
    expect(copyText(rows).toString()).toBe(text);
  });
});

/** A queryable that records the statements it is given. */
function recorder(): { q: Queryable; calls: { sql: string; params: SqlParam[] }[] } {
  const calls: { sql: string; params: SqlParam[] }[] = [];
  const record = async (sql: string, ...params: SqlParam[]) => {
    calls.push({ sql, params });
    return [];
  };
  return { q: { one: async () => undefined, all: record, run: async (sql, ...params) => (await record(sql, ...params)).length }, calls };
}

describe('IN lists', () => {
  it.each([
    { keys: ['a'], sql: 'x IN (?)', params: ['a'] },
    { keys: ['a', 'b'], sql: 'x IN (?, ?, ?, ?, ?, ?, ?, ?)', params: ['a', 'b', 'b', 'b', 'b', 'b', 'b', 'b'] },
    { keys: [['t', 'h']], sql: 'x IN (VALUES (?, ?))', params: ['t', 'h'] },
    { keys: [['t', 'h'], ['u', 'i']], sql: `x IN (VALUES ${Array.from({ length: 8 }, () => '(?, ?)').join(', ')})`, params: ['t', 'h', ...Array.from({ length: 7 }, () => ['u', 'i']).flat()] },
  ] as { keys: (string | SqlParam[])[]; sql: string; params: SqlParam[] }[])('selects $keys', async ({ keys, sql, params }) => {
    const { q, calls } = recorder();
    await selectIn(q, 'SELECT 1 WHERE x IN (?)', [], keys);
    expect(calls).toEqual([{ sql: `SELECT 1 WHERE ${sql}`, params }]);
  });

  it('splits long lists into chunks of at most 256 keys, leading parameters first', async () => {
    const { q, calls } = recorder();
    const keys = Array.from({ length: 300 }, (_, i) => `k${i}`);
    await runIn(q, 'DELETE FROM t WHERE y = ? AND x IN (?)', ['y'], keys);
    expect(calls.map((c) => c.params.length)).toEqual([257, 65]);
    expect(calls[1]?.params.slice(0, 2)).toEqual(['y', 'k256']);
  });

  it('runs nothing for no keys', async () => {
    const { q, calls } = recorder();
    await runIn(q, 'DELETE FROM t WHERE x IN (?)', [], []);
    expect(calls).toEqual([]);
  });
});

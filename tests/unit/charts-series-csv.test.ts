import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/lib/export/stream.ts';
import { seriesCsv, seriesCsvHeader, seriesCsvName, seriesCsvRecords } from '../../src/lib/charts/series-csv.ts';

const POINTS = [
  { day: '2026-01-01', value: '123456789012345678901' },
  { day: '2026-01-02', value: null },
];

describe('series CSV', () => {
  it('has a row per day with its unix time and the exact value in the unit the header names', () => {
    expect(seriesCsvHeader('wei')).toEqual(['Date(UTC)', 'UnixTimeStamp', 'Value (wei)']);
    expect(seriesCsvRecords(POINTS)).toEqual([
      ['2026-01-01', '1767225600', '123456789012345678901'],
      ['2026-01-02', '1767312000', ''],
    ]);
  });

  it('writes every cell quoted, one line per record', () => {
    expect(csvText(seriesCsv(POINTS, 'wei'))).toBe(
      '"Date(UTC)","UnixTimeStamp","Value (wei)"\n"2026-01-01","1767225600","123456789012345678901"\n"2026-01-02","1767312000",""\n',
    );
  });

  it('names the file by series, token and days', () => {
    expect(seriesCsvName('transactions', POINTS)).toBe('transactions-2026-01-01-2026-01-02.csv');
    expect(seriesCsvName('holders', POINTS, '0xAbC0000000000000000000000000000000000001')).toBe('0xabc0000000000000000000000000000000000001-holders-2026-01-01-2026-01-02.csv');
    expect(seriesCsvName('blocks', [])).toBe('blocks.csv');
  });
});

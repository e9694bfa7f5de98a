// "Download CSV" of a daily series: a row per day, as Etherscan's chart downloads lay them out (Date(UTC),
// UnixTimeStamp, Value), the value exact in the series' own unit (wei stay wei), so a spreadsheet sums it without loss.
import { DAY_MS, parseDay, type SeriesPoint, type SeriesUnit } from '../../../common/stats-series.ts';

/** One CSV record (export/csv-rows.ts's shape; the file is written by export/stream.ts's csvText, in the route). */
type CsvRecord = string[];

/** The header of a series file: the value column names its unit. */
export function seriesCsvHeader(unit: SeriesUnit): CsvRecord {
  return ['Date(UTC)', 'UnixTimeStamp', `Value (${unit})`];
}

/** One row per day, oldest first; a day without a value has an empty value cell. */
export function seriesCsvRecords(points: readonly SeriesPoint[]): CsvRecord[] {
  return points.map((p) => [p.day, String(((parseDay(p.day) ?? 0) * DAY_MS) / 1000), p.value ?? '']);
}

/** The whole file's records: the header, then the days. */
export function seriesCsv(points: readonly SeriesPoint[], unit: SeriesUnit): CsvRecord[] {
  return [seriesCsvHeader(unit), ...seriesCsvRecords(points)];
}

/** The file name: the series (and token) and the days it covers, e.g. transactions-2026-01-01-2026-02-01.csv. */
export function seriesCsvName(name: string, points: readonly SeriesPoint[], token?: string): string {
  const days = points.length > 0 ? `-${points[0]?.day}-${points.at(-1)?.day}` : '';
  return `${token ? `${token.toLowerCase()}-` : ''}${name}${days}.csv`;
}

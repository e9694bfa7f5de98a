// The daily series of the bundled indexer (common/stats-series.ts) read into its shapes: a point whose day
// is not a real UTC day or whose value is not a decimal of its unit is dropped, never shown as a wrong figure.
import { CHAIN_SERIES, parseDay, type SeriesPoint, type SeriesResponse, type SeriesUnit, type SummaryResponse } from '../../../common/stats-series.ts';
import { isRecord, toAddress } from './fields.ts';

const UNITS: readonly SeriesUnit[] = ['count', 'gas', 'wei', 'seconds', 'bytes'];
/** Integers for counts, gas, wei and bytes; seconds may carry decimals. */
const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** A unit name, or null. */
export function toSeriesUnit(value: unknown): SeriesUnit | null {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value) ? (value as SeriesUnit) : null;
}

/** A series value as a decimal string of its unit (numbers accepted when exact), null for a day without one. */
function toValue(value: unknown, unit: SeriesUnit): string | null | undefined {
  if (value === null) return null;
  const text = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) return undefined;
  return (unit === 'seconds' ? DECIMAL : INTEGER).test(text) ? text : undefined;
}

/** One point {day, value}; null when the day or the value is unreadable. */
export function normalizeSeriesPoint(raw: unknown, unit: SeriesUnit): SeriesPoint | null {
  if (!isRecord(raw) || typeof raw['day'] !== 'string' || parseDay(raw['day']) === null) return null;
  const value = toValue(raw['value'], unit);
  return value === undefined ? null : { day: raw['day'], value };
}

/** Points oldest first, one per day (the first of a repeated day kept). */
function normalizePoints(raw: unknown, unit: SeriesUnit): SeriesPoint[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const points: SeriesPoint[] = [];
  for (const item of raw) {
    const point = normalizeSeriesPoint(item, unit);
    if (point === null || seen.has(point.day)) continue;
    seen.add(point.day);
    points.push(point);
  }
  return points.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** GET /stats/series/{name} or /tokens/{a}/series/{name}; null when it is not a series of a known unit. */
export function normalizeSeries(raw: unknown): SeriesResponse | null {
  if (!isRecord(raw) || typeof raw['name'] !== 'string') return null;
  const unit = toSeriesUnit(raw['unit']);
  if (unit === null || !Array.isArray(raw['points'])) return null;
  const points = normalizePoints(raw['points'], unit);
  const from = typeof raw['from'] === 'string' && parseDay(raw['from']) !== null ? raw['from'] : (points[0]?.day ?? '');
  const to = typeof raw['to'] === 'string' && parseDay(raw['to']) !== null ? raw['to'] : (points.at(-1)?.day ?? '');
  const token = toAddress(raw['token']);
  return { name: raw['name'], unit, ...(token ? { token } : {}), from, to, points };
}

/** GET /stats/summary; entries of unknown series are left out. Null when it is not a summary. */
export function normalizeSummary(raw: unknown): SummaryResponse | null {
  if (!isRecord(raw) || !Array.isArray(raw['series'])) return null;
  const day = (value: unknown): string | null => (typeof value === 'string' && parseDay(value) !== null ? value : null);
  const series: SummaryResponse['series'] = [];
  for (const entry of raw['series']) {
    if (!isRecord(entry) || typeof entry['name'] !== 'string' || !Object.hasOwn(CHAIN_SERIES, entry['name'])) continue;
    const name = entry['name'] as keyof typeof CHAIN_SERIES;
    const unit = toSeriesUnit(entry['unit']) ?? CHAIN_SERIES[name].unit;
    if (series.some((s) => s.name === name)) continue;
    series.push({ name, unit, latest: normalizeSeriesPoint(entry['latest'], unit), recent: normalizePoints(entry['recent'], unit) });
  }
  return { firstDay: day(raw['firstDay']), lastDay: day(raw['lastDay']), series };
}

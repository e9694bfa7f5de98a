import { lazy } from './lazy.ts';
/** Text shown wherever a time cannot be read. */
const UNKNOWN_TIME = 'Unknown time';

/** Relative times switch to a full date after this many days. */
const RELATIVE_TIME_MAX_DAYS = 30;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Unix seconds from a number, bigint, decimal string or ISO date string; null when unreadable or negative. */
export function parseUnixSeconds(value: unknown): number | null {
  let seconds: number;
  if (typeof value === 'number') seconds = value;
  else if (typeof value === 'bigint') seconds = Number(value);
  else if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) seconds = Number(value);
  else if (typeof value === 'string' && value.trim() !== '') seconds = Date.parse(value) / 1000;
  else return null;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.floor(seconds) : null;
}

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

const utcDate = lazy(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }));

// Always UTC: pages render on the server and hydrate in the browser, and both must print the same text.
const utcDateTime = lazy(() => new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
}));

/** Calendar date in UTC from unix seconds: 'Nov 22, 2026'; unreadable gives 'Unknown time'. */
export function formatUtcDate(timestamp: unknown): string {
  const seconds = parseUnixSeconds(timestamp);
  return seconds === null ? UNKNOWN_TIME : utcDate().format(seconds * 1000);
}

/** Date and time in UTC from unix seconds for detail pages: 'Nov 22, 2026, 04:01:00 UTC'; unreadable gives 'Unknown time'. */
export function formatUtcDateTime(timestamp: unknown): string {
  const seconds = parseUnixSeconds(timestamp);
  return seconds === null ? UNKNOWN_TIME : utcDateTime().format(seconds * 1000);
}

/**
 * Age of a unix-seconds timestamp: '1 sec ago', 'N secs ago', 'N mins ago', 'N hours ago', 'N days ago' (up to 30 days),
 * then the UTC date ('Oct 1, 2026'). Future times count as '0 secs ago'; unreadable gives 'Unknown time'.
 */
export function formatRelativeTime(timestamp: unknown, nowMs: number = Date.now()): string {
  const seconds = parseUnixSeconds(timestamp);
  if (seconds === null) return UNKNOWN_TIME;
  const diff = Math.max(0, Math.floor(nowMs / 1000) - seconds);
  if (diff < MINUTE) return ago(diff, 'sec');
  if (diff < HOUR) return ago(Math.floor(diff / MINUTE), 'min');
  if (diff < DAY) return ago(Math.floor(diff / HOUR), 'hour');
  if (diff <= RELATIVE_TIME_MAX_DAYS * DAY) return ago(Math.floor(diff / DAY), 'day');
  return utcDate().format(seconds * 1000);
}

/** Milliseconds since the epoch from a Date, a millisecond number or an ISO string; null when unreadable. */
function toEpochMs(time: Date | number | string | null | undefined): number | null {
  if (time === null || time === undefined) return null;
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Age of an AI activity-feed item ('just now', '1 minute ago', 'N minutes ago', '1 hour ago', 'N hours ago').
 * `time` is a Date, epoch milliseconds or an ISO string (not unix seconds); unreadable gives 'Unknown time'.
 */
export function formatActivityTime(time: Date | number | string | null | undefined, nowMs: number = Date.now()): string {
  const ms = toEpochMs(time);
  if (ms === null) return UNKNOWN_TIME;
  const diff = Math.max(0, Math.floor((nowMs - ms) / 1000));
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) {
    const minutes = Math.floor(diff / MINUTE);
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  const hours = Math.floor(diff / HOUR);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

// The AI test page's debug log: timestamped entries typed info, success, warning or error,
// at most 100, the oldest dropped first.

/** Entries the debug log holds. */
export const AI_TEST_LOG_LIMIT = 100;

/** Kinds of log entry, each with its own colour. */
export const LOG_TYPES = ['info', 'success', 'warning', 'error'] as const;

/** One kind of log entry. */
export type LogType = (typeof LOG_TYPES)[number];

/** A debug log entry: id, message, type and time (ISO 8601, UTC). */
export interface DebugLogEntry {
  id: number;
  message: string;
  type: LogType;
  time: string;
}

/** Text colour of each entry type on the log's dark panel (whole class names, for the page's CSS). */
export const LOG_TYPE_CLASS: Readonly<Record<LogType, string>> = {
  info: 'text-sky-300',
  success: 'text-emerald-300',
  warning: 'text-amber-300',
  error: 'text-red-300',
};

/** The log with one entry added at the end, keeping the newest `limit` entries. */
export function appendLog(log: readonly DebugLogEntry[], entry: DebugLogEntry, limit: number = AI_TEST_LOG_LIMIT): DebugLogEntry[] {
  const next = [...log, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** An entry's clock time as shown: 'HH:MM:SS' in UTC. */
export function logClock(time: string): string {
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(11, 19) : '--:--:--';
}

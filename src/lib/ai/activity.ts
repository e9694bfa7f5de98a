import type { AiActivityItem } from '../model/types.ts';

// The rules of the AI activity feeds, shared by the dashboard's and the AI test page's
// islands and the server render: the empty text, how long a new newest item is highlighted, how often relative times
// are recomputed, and the stat cards' pulse.

/** Empty activity feed text. */
export const NO_ACTIVITY = 'No activity data available';
/** How long a new newest feed item stays highlighted. */
export const ACTIVITY_HIGHLIGHT_MS = 3_000;
/** How often the feed's relative times are recomputed. */
export const ACTIVITY_TIME_REFRESH_MS = 60_000;
/** How long a stat card whose figure changed between refreshes pulses. */
export const STAT_PULSE_MS = 1_000;

/** What a feed row shows (the island's props carry only these fields: the text of its time is computed). */
export type AiActivityRow = Pick<AiActivityItem, 'id' | 'type' | 'message' | 'originalTime'>;

/** The feed as rows. */
export function activityRows(feed: readonly AiActivityItem[]): AiActivityRow[] {
  return feed.map(({ id, type, message, originalTime }) => ({ id, type, message, originalTime }));
}

/** The clock the feed's times are measured against: the data's own time, or the page's clock once it is later. */
export function activityNow(dataTime: number, clock: number | undefined): number {
  return clock !== undefined && clock > dataTime ? clock : dataTime;
}

import { ACTIVITY_HIGHLIGHT_MS, activityNow, activityRows, type AiActivityRow } from '../../lib/ai/activity.ts';
import type { AiDashboardLive } from '../../lib/ai/store.ts';
import { useAiClock } from './use-ai-dashboard.ts';
import { useFlash } from './use-flash.ts';

/** What a feed island shows: its rows, the clock their times are measured against, and the highlighted row's id. */
export interface ActivityView {
  rows: AiActivityRow[];
  now: number;
  /** The newest row's id while it is highlighted (3 s after it became the newest), else null. */
  highlighted: string | null;
}

/**
 * A feed from the store's data, else the server's rows: relative times at the later of the data's time and the 60 s
 * clock, and a new newest item highlighted for 3 s.
 */
export function useActivity(state: AiDashboardLive, rows: AiActivityRow[], renderedAt: number): ActivityView {
  const clock = useAiClock();
  const shown = state.data ? activityRows(state.data.activityFeed) : rows;
  const newest = shown[0]?.id ?? null;
  const flashing = useFlash(newest, ACTIVITY_HIGHLIGHT_MS);
  return { rows: shown, now: activityNow(state.data?.updatedAt ?? renderedAt, clock), highlighted: flashing ? newest : null };
}

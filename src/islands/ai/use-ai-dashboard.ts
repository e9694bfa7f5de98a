import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $aiClock, $aiDashboard, startAiDashboard, type AiDashboardLive, type AiLiveConfig } from '../../lib/ai/store.ts';

/**
 * The AI pages' shared live data, for an island: hydrates with the store's initial value, so the first render in the
 * browser is the server's HTML. With `live` (the dashboard's islands) the store's refreshes start (the first island
 * to hydrate wins; the others find them started); without it (the AI test page) the page's test flow publishes.
 * Every AI island reads this one store; none fetches or polls on its own.
 */
export function useAiDashboard(live?: AiLiveConfig): AiDashboardLive {
  const state = useStore($aiDashboard, { ssr: 'initial' });
  useEffect(() => {
    if (live) startAiDashboard(live);
  }, [live]);
  return state;
}

/** The feeds' clock: undefined until its first 60 s tick (the times are then measured against the data's time). */
export function useAiClock(): number | undefined {
  return useStore($aiClock, { ssr: 'initial' });
}

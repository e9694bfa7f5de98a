import { atom } from 'nanostores';
import type { GasHour, GasTrackerLive } from '../model/gas-tracker.ts';

// The gas tracker's live figures, the one source the page's parts read: the figures island (levels, base
// fee, last block, fullness and bars: src/islands/GasTrackerLive.tsx) and the chart islands (src/islands/GasChart.tsx).
// Fed by the tab's stream (`gas` events, through whenLive/onLive) and, while there is no stream, by the page's
// /stats/gas poll, both published by the page's script (lib/gastracker/live.ts); no island reads the indexer or the
// stream on its own. null until the first event or poll: the parts show what the server rendered.

/** What the page shows live: a `gas` event's figures, and the hours when a poll brought them (events carry none). */
export interface GasTrackerShown extends GasTrackerLive {
  hourly: GasHour[] | null;
}

export const $gasTracker = atom<GasTrackerShown | null>(null);

/**
 * Publishes figures: an older answer (a poll overtaken by an event) never replaces a newer one, unless after a reorg
 * (`force`: the fee history may then end lower than what is shown). The hours stay until new ones come.
 */
export function publishGasTracker(live: GasTrackerLive & { hourly?: GasHour[] }, force = false): boolean {
  const shown = $gasTracker.get();
  if (!force && shown && live.lastBlock < shown.lastBlock) return false;
  const { lastBlock, baseFee, levels, blocks } = live;
  $gasTracker.set({ lastBlock, baseFee, levels, blocks, hourly: live.hourly ?? shown?.hourly ?? null });
  return true;
}

import { atom, map, onMount } from 'nanostores';
import type { AiDashboardData } from '../model/types.ts';
import { pollWhileNoStream, whenLive } from '../stores/when-live.ts';
import { ACTIVITY_TIME_REFRESH_MS } from './activity.ts';
import { AI_REFRESH_INTERVAL_MS } from './fallback.ts';

// The AI pages' live data, shared by their islands: one store of the dashboard data, which is the only
// thing that refreshes. On the dashboard it refreshes when the tab's stream brings a block (or a reload or reorg),
// no sooner than 30 s after the last refresh; every 30 s while there is no stream (before it opens, or when it cannot
// be opened); and on Refresh Data or Retry. A refresh reads the indexer through the transport and computes the data
// in the browser with data.ts, as the server did (loaded with import() when the first refresh is due, so the page's
// first JavaScript carries none of it). On the AI test page the test flow publishes what each run computed.
// `data` stays undefined until the browser has data of its own: islands show their server props until then, and
// hydrate with the store's initial value (useStore's ssr: 'initial'), so the HTML and the first render agree.

/** What the islands read. */
export interface AiDashboardLive {
  /** The browser's latest dashboard data; undefined until its first refresh (the islands show the server's). */
  data?: AiDashboardData;
  refreshing: boolean;
  /** The last refresh's failure (the spec's message), shown with Retry; null after a success. */
  error: string | null;
}

/** The AI pages' one shared store of the dashboard's live data. */
export const $aiDashboard = map<AiDashboardLive>({ refreshing: false, error: null });

/**
 * The clock of the feeds' relative times: undefined on the server and in the first render (the server's HTML), then
 * the time when the first island read it (a feed hydrated late shows its times as of then) and of every 60 s after.
 * The times are measured against the data's own time until the clock is later.
 */
export const $aiClock = atom<number | undefined>(undefined);

onMount($aiClock, () => {
  // Server renders read the store too (useStore calls get(), which mounts it): they start no timer.
  if (typeof document === 'undefined') return;
  const tick = (): void => $aiClock.set(Date.now());
  // After the mount (the island that mounted it subscribes right after, and hears it).
  queueMicrotask(tick);
  const timer = setInterval(tick, ACTIVITY_TIME_REFRESH_MS);
  return () => clearInterval(timer);
});

/** What the dashboard's islands hand the store (the same object from each: the first to hydrate starts it). */
export interface AiLiveConfig {
  /** The indexer's URL as the browser reaches it. */
  indexerUrl: string;
}

let config: AiLiveConfig | null = null;
/** Epoch ms of the last refresh that succeeded (the server render's at the start). */
let refreshedAt = 0;
let stops: Array<() => void> = [];

/** Publishes dashboard data the page computed (the AI test page's runs); a refresh's error is cleared. */
export function publishAiData(data: AiDashboardData): void {
  $aiDashboard.set({ ...$aiDashboard.get(), data, error: null });
}

/** Refreshes the dashboard data from the indexer; a failure keeps what is shown and is kept in the store. */
export async function refreshAiDashboard(): Promise<void> {
  if (!config || $aiDashboard.get().refreshing) return;
  const { indexerUrl } = config;
  $aiDashboard.setKey('refreshing', true);
  try {
    // The computation and the reads it makes (the transport too) load with the first refresh.
    const [{ loadAiDashboardData }, { feedSource }, { browserTransport }] = await Promise.all([
      import('./data.ts'),
      import('../indexer-api/feed-source.ts'),
      import('../indexer-api/transport.ts'),
    ]);
    const failures: unknown[] = [];
    const data = await loadAiDashboardData(feedSource(browserTransport(indexerUrl)), { onError: (error) => failures.push(error) });
    // The simulated set stands in for data the chain could not give: here the last data stays, with the error.
    if (failures.length > 0) return failed(failures[0]);
    refreshedAt = Date.now();
    $aiDashboard.set({ data, refreshing: false, error: null });
  } catch (error) {
    failed(error);
  }
}

/** A refresh failed: what is shown stays, with the error (the transport's typed errors carry the spec's messages). */
function failed(error: unknown): void {
  $aiDashboard.set({ ...$aiDashboard.get(), refreshing: false, error: error instanceof Error && error.message ? error.message : 'Unknown error' });
}

/**
 * Starts the dashboard's refreshes (first call wins; every dashboard island calls it): every 30 s as before the
 * stream, until the tab's stream opens (when-live.ts); then a new block, a replay that missed too much or a
 * reorganisation refreshes it, no sooner than 30 s after the last refresh: one timer per burst of blocks, none while
 * nothing happens.
 */
export function startAiDashboard(initial: AiLiveConfig): void {
  if (config || typeof document === 'undefined') return;
  config = initial;
  refreshedAt = Date.now();
  const refresh = (): void => void refreshAiDashboard();
  const poll = pollWhileNoStream(refresh, AI_REFRESH_INTERVAL_MS);
  let due: ReturnType<typeof setTimeout> | undefined;
  let lastTry = refreshedAt;
  const refreshSoon = (): void => {
    if (due !== undefined) return;
    due = setTimeout(
      () => {
        due = undefined;
        lastTry = Date.now();
        refresh();
      },
      Math.max(0, Math.max(lastTry, refreshedAt) + AI_REFRESH_INTERVAL_MS - Date.now()),
    );
  };
  stops.push(poll.stop, () => clearTimeout(due));
  whenLive(({ onLive }) => {
    if (!config) return;
    stops.push(...['block', 'reload', 'reorg'].map((name) => onLive(name, refreshSoon)));
  });
}

/** Stops the refreshes and forgets the data (component tests start each case afresh). */
export function stopAiDashboard(): void {
  for (const stop of stops) stop();
  stops = [];
  config = null;
  $aiDashboard.set({ refreshing: false, error: null });
}

import { atom } from 'nanostores';
import { formatActivityTime } from '../format/time.ts';
import { swapRegions } from '../page/styles.ts';
import { whenLive } from '../stores/when-live.ts';
import { AI_REFRESH_INTERVAL_MS } from './fallback.ts';

// The AI dashboard's live part (spec core §2, §7): when the tab's stream brings a new block (at most once per 30 s),
// or every 30 s while there is no stream, and on 'Refresh Data', the page is fetched again and its regions
// swapped for the fresh ones, which the server computed from the chain as it did the first time (so
// the browser carries no second copy of the dashboard's rendering). One shared store says when the page was last
// refreshed and whether it is refreshing; figures that changed pulse for 1 s, a new newest activity is highlighted
// for 3 s, and the feed's relative times are recomputed every 60 s.

/** Pulse of a changed stat card. */
const PULSE_MS = 1_000;
/** Highlight of a new newest activity. */
const HIGHLIGHT_MS = 3_000;
/** Relative times of the feed are recomputed this often. */
const RELATIVE_TIME_MS = 60_000;

const PULSE_CLASSES = ['motion-safe:animate-pulse', 'text-indigo-700'];
const HIGHLIGHT_CLASSES = ['bg-indigo-50', 'ring-1', 'ring-indigo-200'];

export interface AiLiveState {
  refreshing: boolean;
  /** Epoch ms of the last successful refresh (the server render at first). */
  refreshedAt: number;
  /** The last refresh's failure, shown with Retry; null after a success. */
  error: string | null;
}

/** The dashboard's one shared store. */
export const $aiLive = atom<AiLiveState>({ refreshing: false, refreshedAt: Date.now(), error: null });

const STAT_TESTS = ['stat-learning-cycles', 'stat-blocks-processed', 'stat-prediction-accuracy', 'stat-gas-optimization'];

function statTexts(doc: ParentNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const test of STAT_TESTS) {
    const el = doc.querySelector(`[data-test="${test}"]`);
    if (el) out.set(test, el.textContent ?? '');
  }
  return out;
}

function newestActivity(doc: ParentNode): string | null {
  return doc.querySelector('[data-test="activity-item"]')?.getAttribute('data-id') ?? null;
}

/** Rewrites the feed's relative times for now. */
function refreshActivityTimes(doc: ParentNode, now: number = Date.now()): void {
  for (const el of doc.querySelectorAll<HTMLElement>('time[data-activity-time]')) {
    el.textContent = formatActivityTime(Number(el.dataset['activityTime']), now);
  }
}

/** Marks an element for a while: its classes, and data-{name}="on" (what tests and styles read). */
function mark(el: HTMLElement, name: string, classes: readonly string[], ms: number): void {
  el.classList.add(...classes);
  el.dataset[name] = 'on';
  setTimeout(() => {
    el.classList.remove(...classes);
    delete el.dataset[name];
  }, ms);
}

/** Swaps the page's regions for those of a freshly fetched page; pulses changed figures, highlights new activity. */
function applyFreshPage(fresh: Document, doc: Document = document): void {
  const before = statTexts(doc);
  const newestBefore = newestActivity(doc);
  swapRegions(fresh, 'data-ai-region', doc);
  for (const [test, text] of statTexts(doc)) {
    if (before.get(test) === text) continue;
    const el = doc.querySelector<HTMLElement>(`[data-test="${test}"]`);
    if (el) mark(el, 'pulse', PULSE_CLASSES, PULSE_MS);
  }
  const newest = newestActivity(doc);
  if (newest !== null && newest !== newestBefore) {
    const item = doc.querySelector<HTMLElement>('[data-test="activity-item"]');
    if (item) mark(item, 'highlight', HIGHLIGHT_CLASSES, HIGHLIGHT_MS);
  }
}

/** Fetches the page again (or the page at `href`: another chart range) and applies it; a failure is kept in the store. */
async function refreshDashboard(doc: Document = document, href?: string): Promise<void> {
  if ($aiLive.get().refreshing) return;
  $aiLive.set({ ...$aiLive.get(), refreshing: true });
  try {
    const url = href ?? doc.location.href;
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    applyFreshPage(new DOMParser().parseFromString(await res.text(), 'text/html'), doc);
    if (href !== undefined) doc.defaultView?.history.replaceState(null, '', href);
    $aiLive.set({ refreshing: false, refreshedAt: Date.now(), error: null });
    doc.dispatchEvent(new Event('ai-dashboard:refreshed'));
  } catch (error) {
    $aiLive.set({ ...$aiLive.get(), refreshing: false, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Starts the live dashboard: the 30 s refresh, the button, the error box, the feed's clock. */
export function startAiDashboard(doc: Document = document): void {
  const root = doc.querySelector('[data-ai-dashboard]');
  if (!root) return;
  doc.addEventListener('click', (event) => {
    const element = event.target instanceof Element ? event.target : null;
    const range = element?.closest<HTMLAnchorElement>('a[data-ai-range]');
    if (range && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      // A chart's range: the page for it is fetched and its regions swapped in place (the link works without
      // JavaScript as a plain navigation).
      event.preventDefault();
      void refreshDashboard(doc, range.href);
      return;
    }
    if (!element?.closest('[data-ai-refresh]')) return;
    event.preventDefault();
    void refreshDashboard(doc);
  });
  $aiLive.subscribe((state) => {
    for (const button of doc.querySelectorAll<HTMLElement>('[data-ai-refresh][data-test="refresh-data"]')) {
      button.textContent = state.refreshing ? 'Refreshing...' : 'Refresh Data';
      button.setAttribute('aria-busy', String(state.refreshing));
    }
    const box = doc.querySelector<HTMLElement>('[data-ai-live-error]');
    const text = box?.querySelector<HTMLElement>('[data-ai-live-error-text]');
    if (box && text) {
      box.hidden = state.error === null;
      text.textContent = state.error === null ? '' : `The dashboard could not be refreshed (${state.error}): the figures below are from the last refresh.`;
    }
  });
  // Every 30 s as before the stream, until the tab's stream opens (when-live.ts). Then a new block (or a replay that
  // missed too much, or a reorganisation) refreshes it, no sooner than 30 s after the last refresh: one timer per burst
  // of blocks, none while nothing happens.
  const refresh = (): void => void refreshDashboard(doc);
  let timer: ReturnType<typeof setInterval> | undefined = setInterval(refresh, AI_REFRESH_INTERVAL_MS);
  let due: ReturnType<typeof setTimeout> | undefined;
  let lastTry = $aiLive.get().refreshedAt;
  const refreshSoon = (): void => {
    if (due !== undefined) return;
    due = setTimeout(() => {
      due = undefined;
      lastTry = Date.now();
      refresh();
    }, Math.max(0, Math.max(lastTry, $aiLive.get().refreshedAt) + AI_REFRESH_INTERVAL_MS - Date.now()));
  };
  whenLive(({ onLive, pollUnlessLive }) => {
    pollUnlessLive(
      () => {
        timer ??= setInterval(refresh, AI_REFRESH_INTERVAL_MS);
      },
      () => {
        clearInterval(timer);
        timer = undefined;
      },
    );
    for (const name of ['block', 'reload', 'reorg']) onLive(name, refreshSoon);
  });
  setInterval(() => refreshActivityTimes(doc), RELATIVE_TIME_MS);
}

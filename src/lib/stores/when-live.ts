// What a live part loads with its page to use the tab's stream (issue 28): one function. The stream's code
// (live.ts, live-stream.ts, nanostores) is imported a few seconds after the page has loaded, when the browser is idle,
// so it is no part of what a page loads before it can be used (tests/e2e/budget.spec.ts). Parts start their polling
// as before and hand it to the stream's pollUnlessLive when it arrives; should the code never load, they simply keep
// polling.

/** How long after the load event (then the browser's next idle moment) the stream's code is loaded and opened. */
export const STREAM_OPEN_DELAY_MS = 3_000;

type Live = typeof import('./live.ts');

let loaded: Promise<Live> | null = null;

/** Runs `fn` with the stream's module once it is loaded (after load, STREAM_OPEN_DELAY_MS and an idle moment). */
export function whenLive(fn: (live: Live) => void): void {
  // Server renders (and tests without a browser) load nothing.
  if (typeof window === 'undefined') return;
  loaded ??= new Promise<void>((resolve) => {
    const later = (): void => void setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : resolve()), STREAM_OPEN_DELAY_MS);
    if (document.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
  }).then(() => import('./live.ts'));
  loaded.then(fn, () => {});
}

import type { LiveApi } from './live.ts';

// How a live part reaches the tab's stream (issue 28) without loading its code: the header opens the stream late
// (live-boot.ts), and its module announces itself on window ('sto:live'). Parts start their polling as before and
// hand it to the stream's pollUnlessLive when it arrives; should it never arrive, they simply keep polling.

/** The window as the stream's module leaves it. */
export type LiveWindow = Window & { stoLive?: LiveApi };

/** Runs `fn` with the stream's functions once its module has loaded (at once if it has). */
export function whenLive(fn: (live: LiveApi) => void): void {
  if (typeof window === 'undefined') return;
  const w = window as LiveWindow;
  if (w.stoLive) fn(w.stoLive);
  else w.addEventListener('sto:live', () => w.stoLive && fn(w.stoLive), { once: true });
}

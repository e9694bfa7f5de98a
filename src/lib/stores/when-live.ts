import type { LiveApi } from './live.ts';

// How a live part reaches the tab's stream without loading its code: the header opens the stream late
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

/** A part's polling as before the stream, handed to it once it arrives (pollWhileNoStream). */
export interface StreamlessPoll {
  /** Whether the part polls now (the stream has not opened, or was given up). */
  polling: () => boolean;
  /** Stops the polling for good (the part unmounted). */
  stop: () => void;
}

/**
 * Calls `tick` every `ms` from now, as a live part did before the stream, until the tab's stream opens; again should
 * the stream be given up (its pollUnlessLive, reached through whenLive). Without a stream it simply keeps polling.
 */
export function pollWhileNoStream(tick: () => void, ms: number): StreamlessPoll {
  let timer: ReturnType<typeof setInterval> | undefined = setInterval(tick, ms);
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const halt = (): void => {
    clearInterval(timer);
    timer = undefined;
  };
  whenLive(({ pollUnlessLive }) => {
    if (stopped) return;
    unsubscribe = pollUnlessLive(() => {
      timer ??= setInterval(tick, ms);
    }, halt);
  });
  return {
    polling: () => timer !== undefined,
    stop: () => {
      stopped = true;
      unsubscribe?.();
      halt();
    },
  };
}

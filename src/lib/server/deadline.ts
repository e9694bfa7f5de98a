// One deadline per page request for all of its indexer reads (every page answers within its time-out plus
// 1 s). Each read has its own time-out, but a page that makes a few reads one after another would add them
// up behind a slow indexer; under the deadline, a read still waiting when the page's time is up ends with the
// time-out error, and reads started after it fail at once, so the page renders its failure in time.
import { AsyncLocalStorage } from 'node:async_hooks';
import { timeoutError } from '../indexer-api/errors.ts';
import type { FetchLike } from '../indexer-api/transport.ts';

const current = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` (a page's render) under a deadline of `ms`: the indexer reads it makes through deadlineFetch end by then.
 * The deadline ends with `work`'s promise.
 */
export async function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError('', ms)), ms);
  try {
    return await current.run(controller.signal, work);
  } finally {
    clearTimeout(timer);
  }
}

/** The platform's fetch, for the server's indexer reads that no page deadline ends (the CSV export, the token admin). */
export const platformFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/**
 * The fetch of the server's indexer transport: `base` (the platform's fetch) that also ends when the current page's
 * deadline passes (as it is, outside any deadline).
 */
export function deadlineFetch(base: FetchLike = platformFetch): FetchLike {
  return (input, init) => {
    const deadline = current.getStore();
    if (!deadline) return base(input, init);
    if (deadline.aborted) return Promise.reject(deadline.reason as Error);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return base(input, { ...init, signal });
  };
}

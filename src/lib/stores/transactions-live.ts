import type { WritableAtom } from 'nanostores';
import { normalizeTransactionHashes } from '../normalize/transaction.ts';
import type { LiveApi } from './live.ts';

// The transaction list's "new transactions" count on the tab's stream, loaded when the stream's module
// arrives: one read when the stream opens (what arrived between the page and the stream), then each `transactions`
// event; `reload` reads once; a `reorg` reloads the list (the banner's island, src/islands/NewTxBanner.tsx, does as its
// Refresh does when $transactionsReplaced grows). The 30 s poll stops while
// the stream is open.

/** Newest hashes kept, as a poll reads them: more new ones than this count as this many. */
const LIMIT = 100;

/**
 * The latest hashes after a `transactions` event: its items' hashes (the normalizer of GET /transactions), then one
 * stand-in per transaction of the block the event did not list, ahead of the hashes known (once each).
 */
export function withTransactionsEvent(latest: readonly string[] | null, shown: readonly string[], data: unknown): readonly string[] | null {
  const event = (data ?? {}) as { block?: unknown; count?: unknown; items?: unknown };
  const hashes = normalizeTransactionHashes(event.items);
  const count = typeof event.count === 'number' && event.count > hashes.length ? event.count : hashes.length;
  const unlisted = Array.from({ length: Math.min(count, LIMIT) - hashes.length }, (_, i) => `block:${String(event.block)}:${i}`);
  if (hashes.length + unlisted.length === 0) return null;
  const fresh = new Set([...hashes, ...unlisted]);
  // Before any event or read, "latest" is what the page shows: the event's rows count as new against it.
  const before = (latest ?? shown).filter((hash) => !fresh.has(hash));
  return [...hashes, ...unlisted, ...before].slice(0, LIMIT);
}

/**
 * Follows the stream for the transaction list (its store hands over the indexer URL, the latest and the shown hashes,
 * the replaced-list counter, the one-off read and its poll's start and stop); returns the unsubscribe.
 */
export function followTransactions(
  live: LiveApi,
  indexerUrl: string,
  latest: WritableAtom<readonly string[] | null>,
  shown: WritableAtom<readonly string[]>,
  replaced: WritableAtom<number>,
  read: () => Promise<void>,
  start: () => void,
  stop: () => void,
): () => void {
  live.startLive(indexerUrl);
  let caughtUp = false;
  const stops = [
    live.pollUnlessLive(start, stop),
    live.$liveStatus.subscribe((status) => {
      if (status !== 'open' || caughtUp) return;
      caughtUp = true;
      void read();
    }),
    live.onLive('transactions', (data) => {
      const next = withTransactionsEvent(latest.get(), shown.get(), data);
      if (next) latest.set(next);
    }),
    live.onLive('reload', () => void read()),
    // Listed transactions may have been replaced: the list reloads (as its Refresh does).
    live.onLive('reorg', () => replaced.set(replaced.get() + 1)),
  ];
  return () => {
    for (const off of stops) off();
  };
}

import type { WritableAtom } from 'nanostores';
import type { LiveApi } from './live.ts';

// The block list's Latest Block on the tab's stream, loaded when the stream's module arrives: `block` events
// raise it, `reload` reads the head once, and a `reorg` below the newest block known is kept in the store (the list's
// island, src/islands/LatestBlockLive.tsx, says that rows may be replaced blocks). The 30 s poll stops while the stream
// is open.

/** The number of a `block` event's block (GET /blocks' shape); null when it has none. */
export function blockNumberOf(data: unknown): number | null {
  const number = (data as { number?: unknown } | null)?.number;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/**
 * Follows the stream for the block list (its store hands over the indexer URL, Latest Block, the reorganisation's store,
 * the one-off head read and its poll's start and stop); returns the unsubscribe.
 */
export function followBlocks(
  live: LiveApi,
  indexerUrl: string | null,
  latest: WritableAtom<number | null>,
  reorg: WritableAtom<number | null>,
  refresh: () => Promise<void>,
  start: () => void,
  stop: () => void,
): () => void {
  if (indexerUrl !== null) live.startLive(indexerUrl);
  // Followed once the stream was already open: one read of the head covers the events before.
  if (live.$liveStatus.get() === 'open') void refresh();
  const stops = [
    live.pollUnlessLive(start, stop),
    live.onLive('block', (data) => {
      const number = blockNumberOf(data);
      const known = latest.get();
      if (number !== null && (known === null || number > known)) latest.set(number);
    }),
    live.onLive('reload', () => void refresh()),
    live.onLive('reorg', (data) => {
      const fork = (data as { fork?: unknown } | null)?.fork;
      const known = latest.get();
      if (typeof fork !== 'number' || known === null || fork >= known) return;
      reorg.set(fork);
    }),
  ];
  return () => {
    for (const off of stops) off();
  };
}

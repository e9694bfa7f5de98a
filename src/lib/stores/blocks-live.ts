import type { WritableAtom } from 'nanostores';
import type { LiveApi } from './live.ts';

// The block list's Latest Block on the tab's stream (issue 28), loaded when the stream's module arrives: `block` events
// raise it, `reload` reads the head once, and a `reorg` below the newest block the page listed says that rows may be
// replaced blocks (in the new-blocks badge, which outranks the count from then on). The 30 s poll stops while the
// stream is open.

let reorgFork: number | null = null;

/** The last reorganisation's fork (the last block kept) that was below the newest block known; null before any. */
export function blocksReorg(): number | null {
  return reorgFork;
}

/** The number of a `block` event's block (GET /blocks' shape); null when it has none. */
export function blockNumberOf(data: unknown): number | null {
  const number = (data as { number?: unknown } | null)?.number;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** Writes the reorganisation into the page's new-blocks badge (LatestBlockLive.astro), when the page listed it. */
function showReorg(fork: number, doc: Document | undefined): void {
  const root = doc?.querySelector<HTMLElement>('[data-blocks-live]');
  const badge = root?.querySelector<HTMLElement>('[data-test="new-blocks"]');
  const text = root?.querySelector<HTMLElement>('[data-new-blocks-text]');
  const listed = Number(root?.dataset['latest']);
  if (!root || !badge || !text || root.dataset['announce'] !== '1' || !(fork < listed)) return;
  root.dataset['reorg'] = String(fork);
  text.textContent = `The chain was reorganised after block ${fork.toLocaleString('en-US')}: blocks listed above it were replaced`;
  badge.hidden = false;
}

/**
 * Follows the stream for the block list (its store hands over the indexer URL, Latest Block, the one-off head read and
 * its poll's start and stop); returns the unsubscribe.
 */
export function followBlocks(
  live: LiveApi,
  indexerUrl: string | null,
  latest: WritableAtom<number | null>,
  refresh: () => Promise<void>,
  start: () => void,
  stop: () => void,
  doc: Document | undefined = globalThis.document,
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
      reorgFork = fork;
      showReorg(fork, doc);
    }),
  ];
  return () => {
    for (const off of stops) off();
  };
}

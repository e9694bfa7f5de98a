import { atom, type WritableAtom } from 'nanostores';
import type { LiveApi } from './live.ts';

// The block list's Latest Block on the tab's stream (issue 28), loaded when the stream's module arrives: `block` events
// raise it, `reload` reads the head once, and a `reorg` below the newest block the page listed says that rows may be
// replaced blocks (in the new-blocks badge, which outranks the count from then on). The 30 s poll stops while the
// stream is open.

/** What the block list's store hands over. */
export interface BlocksFeed {
  indexerUrl: string | null;
  latest: WritableAtom<number | null>;
  refresh: () => Promise<void>;
  start: () => void;
  stop: () => void;
}

/** The last reorganisation's fork (the last block kept) when it was below the newest block known; null otherwise. */
export const $blocksReorg = atom<number | null>(null);

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

/** Follows the stream for the block list; returns the unsubscribe. */
export function followBlocks(live: LiveApi, feed: BlocksFeed, doc: Document | undefined = globalThis.document): () => void {
  if (feed.indexerUrl !== null) live.startLive(feed.indexerUrl);
  const stops = [
    live.pollUnlessLive(feed.start, feed.stop),
    live.onLive('block', (data) => {
      const number = blockNumberOf(data);
      const known = feed.latest.get();
      if (number !== null && (known === null || number > known)) feed.latest.set(number);
    }),
    live.onLive('reload', () => void feed.refresh()),
    live.onLive('reorg', (data) => {
      const fork = (data as { fork?: unknown } | null)?.fork;
      const known = feed.latest.get();
      if (typeof fork !== 'number' || known === null || fork >= known) return;
      $blocksReorg.set(fork);
      showReorg(fork, doc);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

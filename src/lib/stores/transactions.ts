import { atom, computed, onMount } from 'nanostores';
import { SECOND_CLIENT_TIMEOUT_MS } from '../indexer-api/timeouts.ts';
import type { FetchLike } from '../indexer-api/transport.ts';
import { normalizeTransactionHashes } from '../normalize/transaction.ts';
import type { LiveWindow } from './when-live.ts';

// The transaction list's "new transactions" feed: page 1 counts the transactions newer than the ones it shows, from the
// tab's stream (`transactions` events), or, while there is no stream, by polling the indexer every 30 s. Lazy:
// it runs only while something listens to $newTransactionCount.

/** Poll interval of the transaction list (every 30 s on page 1). */
export const TX_LIST_POLL_MS = 30_000;
/** Newest transactions read per poll (the largest page size): more than this many new ones count as this many. */
const TX_LIST_POLL_LIMIT = 100;
/** Time-out of a browser poll (the second client's). */
const TX_LIST_POLL_TIMEOUT_MS = SECOND_CLIENT_TIMEOUT_MS;

/** The indexer base URL the feed polls; null until a page sets it. */
export const $txFeedIndexer = atom<string | null>(null);
/** Hashes of the transactions the page shows, lowercased. */
export const $shownTransactions = atom<readonly string[]>([]);
/** Hashes of the newest transactions at the last poll, newest first; null before the first poll. */
export const $latestTransactions = atom<readonly string[] | null>(null);

/** Grows each time the listed transactions may have been replaced (a reorganisation): the list reloads itself. */
export const $transactionsReplaced = atom(0);

/** Number of transactions in `latest` that are newer than every shown one (all of them when none is shown). */
export function countNewTransactions(latest: readonly string[] | null, shown: readonly string[]): number {
  if (latest === null) return 0;
  const known = new Set(shown.map((hash) => hash.toLowerCase()));
  const firstKnown = latest.findIndex((hash) => known.has(hash.toLowerCase()));
  return firstKnown === -1 ? latest.length : firstKnown;
}

/** How many new transactions arrived since the page was rendered or last refreshed. */
export const $newTransactionCount = computed([$latestTransactions, $shownTransactions], countNewTransactions);

/** Transaction hashes of a /transactions answer (bare array or wrapped), lowercased; unreadable items are skipped. */
export const transactionHashes = normalizeTransactionHashes;

/** Reads the newest transactions once; a failed poll leaves the last answer in place. */
export async function pollLatestTransactions(fetchImpl?: FetchLike): Promise<void> {
  const base = $txFeedIndexer.get();
  if (base === null) return;
  if (typeof document !== 'undefined' && document.hidden) return;
  try {
    // Loaded on the first poll, 30 s after the page: the page itself needs none of the transport.
    const { readTransactionHashes } = await import('./polls.ts');
    const hashes = await readTransactionHashes(base, TX_LIST_POLL_LIMIT, TX_LIST_POLL_TIMEOUT_MS, fetchImpl);
    // An empty answer from a struggling indexer would otherwise count as "everything is new".
    if (hashes.length > 0) $latestTransactions.set(hashes);
  } catch {
    // The next tick tries again.
  }
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Starts the 30 s poll (as before the stream; again should the stream be given up). */
export function startTransactionsPolling(): void {
  timer ??= setInterval(() => void pollLatestTransactions(), TX_LIST_POLL_MS);
}

/** Stops it (the stream is open). */
export function stopTransactionsPolling(): void {
  clearInterval(timer);
  timer = undefined;
}

// While someone listens: polls every 30 s as before the stream, until the tab's stream arrives (when-live.ts):
// transactions-live.ts, loaded then, counts from its events.
onMount($latestTransactions, () => {
  // A server render reads the store too (an island's useStore): it must not start a timer or follow anything.
  if (typeof document === 'undefined') return;
  startTransactionsPolling();
  // The tab's stream arrives late (when-live.ts, written out here: a file of its own would weigh on the list's first
  // load); the list follows it from a module loaded then.
  let unfollow: (() => void) | undefined;
  let mounted = true;
  // when-live.ts's whenLive, written out: as a module of its own it would be one more chunk on the list pages, which are
  // within a few bytes of their script budget. globalThis: the window in a browser (a server render or a test without
  // one has no addEventListener).
  const w = globalThis as unknown as Partial<LiveWindow>;
  const follow = (): void =>
    void import('./transactions-live.ts').then((m) => {
      const base = $txFeedIndexer.get();
      if (mounted && w.stoLive && base !== null) unfollow = m.followTransactions(w.stoLive, base, $latestTransactions, $shownTransactions, $transactionsReplaced, pollLatestTransactions, startTransactionsPolling, stopTransactionsPolling);
    });
  if (w.stoLive) follow();
  else w.addEventListener?.('sto:live', follow, { once: true });
  return () => {
    mounted = false;
    unfollow?.();
    stopTransactionsPolling();
  };
});

/** Starts counting against the transactions a page shows (the feed polls once something subscribes). */
export function trackTransactions(indexerUrl: string, shownHashes: readonly string[]): void {
  $txFeedIndexer.set(indexerUrl.replace(/\/+$/, ''));
  $shownTransactions.set(shownHashes.map((hash) => hash.toLowerCase()));
}

/** After a refresh: the page now shows `shownHashes`, and the counter starts again from zero. */
export function acknowledgeTransactions(shownHashes: readonly string[]): void {
  $shownTransactions.set(shownHashes.map((hash) => hash.toLowerCase()));
  $latestTransactions.set(null);
}

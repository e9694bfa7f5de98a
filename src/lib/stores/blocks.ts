import { atom, onMount } from 'nanostores';
import { HEALTH_TIMEOUT_MS } from '../indexer-api/timeouts.ts';
import type { FetchLike } from '../indexer-api/transport.ts';
import { normalizeHealth } from '../normalize/health.ts';
import type { LiveWindow } from './when-live.ts';

/** Without the stream, the block list polls the head every 30 s. */
export const BLOCKS_POLL_MS = 30_000;

/** Time-out of one poll: the health call's 2 s. */
const BLOCKS_POLL_TIMEOUT_MS = HEALTH_TIMEOUT_MS;

/** The newest block number the page knows of; seeded from the server's render, raised by the stream (or polling), never lowered. */
export const $latestBlock = atom<number | null>(null);

/**
 * The fork (last block kept) of the latest reorganisation below the newest block known, from the tab's stream
 * (blocks-live.ts); null before any. The block list says that rows above it may have been replaced.
 */
export const $blocksReorg = atom<number | null>(null);

let indexerBase: string | null = null;

/** Seeds the store with the server's latest block and the indexer URL to poll; call before subscribing. */
export function seedLatestBlock(indexerUrl: string, latest: number | null): void {
  indexerBase = indexerUrl.replace(/\/+$/, '');
  const known = $latestBlock.get();
  if (latest !== null && (known === null || latest > known)) $latestBlock.set(latest);
}

/** The lastBlock of a /health body; null when it has none. */
export function parseLastBlock(body: unknown): number | null {
  return normalizeHealth(body)?.lastBlock ?? null;
}

/** Asks the indexer's /health once and raises $latestBlock; failures keep the last value. */
export async function refreshLatestBlock(fetchImpl?: FetchLike): Promise<void> {
  if (indexerBase === null) return;
  try {
    // Loaded on the first poll, 30 s after the page: the page itself needs none of the transport.
    const { readLastBlock } = await import('./polls.ts');
    const latest = await readLastBlock(indexerBase, BLOCKS_POLL_TIMEOUT_MS, fetchImpl);
    const known = $latestBlock.get();
    if (latest !== null && (known === null || latest > known)) $latestBlock.set(latest);
  } catch {
    // A missed poll is retried on the next tick.
  }
}

const isHidden = (): boolean => typeof document !== 'undefined' && document.hidden;

let timer: ReturnType<typeof setInterval> | undefined;
let lastPoll = 0;
const tick = (): void => {
  if (isHidden()) return;
  lastPoll = Date.now();
  void refreshLatestBlock();
};

/** Starts the 30 s poll of the head (as before the stream; again should the stream be given up). */
export function startBlocksPolling(): void {
  timer ??= setInterval(tick, BLOCKS_POLL_MS);
}

/** Stops it (the stream is open). */
export function stopBlocksPolling(): void {
  clearInterval(timer);
  timer = undefined;
}

// While someone listens here: polls every 30 s (skipping ticks while the tab is hidden and catching up when it shows
// again) as before the stream, until the tab's stream arrives (when-live.ts): blocks-live.ts, loaded then, follows it.
onMount($latestBlock, () => {
  // A server render reads the store too (an island's useStore): it must not start a timer or follow anything.
  if (typeof document === 'undefined') return;
  lastPoll = Date.now();
  startBlocksPolling();
  const onVisibility = (): void => {
    if (timer !== undefined && !isHidden() && Date.now() - lastPoll >= BLOCKS_POLL_MS) tick();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  // The tab's stream arrives late (when-live.ts, written out here: a file of its own would weigh on the list's first
  // load); the list follows it from a module loaded then.
  let unfollow: (() => void) | undefined;
  let mounted = true;
  // when-live.ts's whenLive, written out: as a module of its own it would be one more chunk on the list pages, which are
  // within a few bytes of their script budget. globalThis: the window in a browser (a server render or a test without
  // one has no addEventListener).
  const w = globalThis as unknown as Partial<LiveWindow>;
  const follow = (): void =>
    void import('./blocks-live.ts').then((m) => {
      if (mounted && w.stoLive) unfollow = m.followBlocks(w.stoLive, indexerBase, $latestBlock, $blocksReorg, refreshLatestBlock, startBlocksPolling, stopBlocksPolling);
    });
  if (w.stoLive) follow();
  else w.addEventListener?.('sto:live', follow, { once: true });
  return () => {
    mounted = false;
    unfollow?.();
    stopBlocksPolling();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
});

import { atom, onMount } from 'nanostores';
import { HEALTH_TIMEOUT_MS } from '../indexer-api/timeouts.ts';
import type { FetchLike } from '../indexer-api/transport.ts';
import { normalizeHealth } from '../normalize/health.ts';
import { whenLive } from './when-live.ts';

/** Without the stream, the block list polls the head every 30 s (spec core §7). */
export const BLOCKS_POLL_MS = 30_000;

/** Time-out of one poll: the health call's 2 s (spec core §9). */
const BLOCKS_POLL_TIMEOUT_MS = HEALTH_TIMEOUT_MS;

/** The newest block number the page knows of; seeded from the server's render, raised by the stream (or polling), never lowered. */
export const $latestBlock = atom<number | null>(null);

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

/** Raises $latestBlock to a `block` event's number (the stream's block, as GET /blocks lists it). */
export function applyBlockEvent(data: unknown): void {
  const number = (data as { number?: unknown } | null)?.number;
  const known = $latestBlock.get();
  if (typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 && (known === null || number > known)) $latestBlock.set(number);
}

/** The stream's last reorg, while the page shows blocks it replaced (its fork: the last block kept); null otherwise. */
export const $blocksReorg = atom<number | null>(null);

// While someone listens here: polls every 30 s (skipping ticks while the tab is hidden and catching up when it shows
// again) as before the stream, until the tab's stream opens (when-live.ts); from then on its `block` events raise the
// number, `reload` reads the head once, and a `reorg` below the newest block known is noted.
onMount($latestBlock, () => {
  let lastPoll = Date.now();
  const tick = (): void => {
    if (isHidden()) return;
    lastPoll = Date.now();
    void refreshLatestBlock();
  };
  let timer: ReturnType<typeof setInterval> | undefined = setInterval(tick, BLOCKS_POLL_MS);
  const onVisibility = (): void => {
    if (timer !== undefined && !isHidden() && Date.now() - lastPoll >= BLOCKS_POLL_MS) tick();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  const stops: Array<() => void> = [];
  let mounted = true;
  whenLive(({ onLive, pollUnlessLive, startLive }) => {
    if (!mounted) return;
    if (indexerBase !== null) startLive(indexerBase);
    stops.push(
      pollUnlessLive(
        () => {
          timer ??= setInterval(tick, BLOCKS_POLL_MS);
        },
        () => {
          clearInterval(timer);
          timer = undefined;
        },
      ),
      onLive('block', applyBlockEvent),
      onLive('reload', () => void refreshLatestBlock()),
      onLive('reorg', (data) => {
        const fork = (data as { fork?: unknown } | null)?.fork;
        const known = $latestBlock.get();
        if (typeof fork === 'number' && known !== null && fork < known) $blocksReorg.set(fork);
      }),
    );
  });
  return () => {
    mounted = false;
    for (const stop of stops) stop();
    clearInterval(timer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
});

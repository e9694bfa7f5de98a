import { getGasTracker } from '../indexer-api/gas-tracker.ts';
import { browserTransport } from '../indexer-api/transport.ts';
import { normalizeGasTrackerLive } from '../normalize/gas-tracker.ts';
import { $gasTracker, publishGasTracker } from '../stores/gas-tracker.ts';

// The page's live part, loaded by its script on the first `gas` event or poll: it publishes the event's
// `tracker` (or /stats/gas while there is no stream) into the gas tracker's store (stores/gas-tracker.ts), which the
// page's islands read and render (src/islands/GasTrackerLive.tsx for the figures, GasChart.tsx for the charts). It
// writes nothing into the page; the consumers stay as rendered.

/** A `gas` event's data: its `tracker` is published when it reads (null when the node did not answer). */
export function showTracker(root: HTMLElement, data: unknown): void {
  const live = normalizeGasTrackerLive((data as { tracker?: unknown } | null)?.tracker);
  if (live) publish(root, live);
}

/** Reads /stats/gas (the fallback while there is no stream) and publishes it; on failure the figures shown stay. */
export async function pollTracker(root: HTMLElement): Promise<void> {
  const indexer = root.dataset['indexer'];
  if (!indexer) return;
  try {
    const tracker = await getGasTracker(browserTransport(indexer));
    if (tracker) publish(root, tracker);
  } catch {
    // The next poll tries again.
  }
}

let forceNext = false;

/**
 * Publishes figures unless older than those shown (the store guards its own; before it has any, the server's are the
 * page's data-last-block); but after a reorg.
 */
function publish(root: HTMLElement, live: Parameters<typeof publishGasTracker>[0]): void {
  if (!forceNext && $gasTracker.get() === null && live.lastBlock < Number(root.dataset['lastBlock'] ?? '-1')) return;
  if (publishGasTracker(live, forceNext)) forceNext = false;
}

/** After a rollback the fee history may end lower than what is shown: the next figures are published whatever their block. */
export function afterReorg(): void {
  forceNext = true;
}

// The start of the tab's live stream, in the header's script (every page): a few lines that load the
// stream's module (live.ts) late, STREAM_OPEN_DELAY_MS after the page has loaded.
// By then what a page loads before it can be used is loaded (tests/e2e/budget.spec.ts), and the parts, which poll
// as before until then, are handed the stream (when-live.ts). Nothing is lost meanwhile: the parts count from block
// numbers, or read once what the stream could not have told them (stores/transactions.ts).

/** How long after the load event the stream's code is loaded and the stream opened (the home page's first poll). */
export const STREAM_OPEN_DELAY_MS = 10_000;

/** Opens the tab's stream on `indexerUrl` late (see above); nothing happens where the code cannot be loaded. */
export function bootLive(indexerUrl: string): void {
  const later = (): void => void setTimeout(() => void import('./live.ts').then((live) => live.openTabStream(indexerUrl), () => {}), STREAM_OPEN_DELAY_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

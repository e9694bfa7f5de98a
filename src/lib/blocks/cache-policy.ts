// Cache-Control of the block pages: a block deeper than the reorg window never changes, so a CDN may keep its page;
// anything that can still change (recent blocks, lists) or that reports a failure is not stored.

/** Blocks this far behind the head are treated as final. */
export const REORG_WINDOW = 12;

/** Pages of final blocks: browsers keep them 5 minutes, shared caches a day. */
export const FINAL_BLOCK_CACHE = 'public, max-age=300, s-maxage=86400';

/** Lists change with every block: browsers revalidate (so 'Show new blocks' is fresh), shared caches may serve 5 s. */
export const LIST_CACHE = 'public, max-age=0, s-maxage=5';

/** Recent blocks (a reorg may replace them), errors and not-found answers. */
export const NO_STORE = 'no-store';

/** Whether a block is older than the reorg window of the head; false when the head is unknown. */
export function isFinalBlock(blockNumber: number, latestBlock: number | null): boolean {
  return latestBlock !== null && latestBlock - blockNumber > REORG_WINDOW;
}

/** Cache-Control for a found block's page. */
export function blockCacheControl(blockNumber: number, latestBlock: number | null): string {
  return isFinalBlock(blockNumber, latestBlock) ? FINAL_BLOCK_CACHE : NO_STORE;
}

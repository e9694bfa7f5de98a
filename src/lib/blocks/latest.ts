import { safe, type IndexerClient } from '../indexer-api/client.ts';

/** The indexer's head: its latest block, and its count of rollbacks when it says. */
export interface HeadMark {
  block: number | null;
  reorgs: number | null;
  /** The indexer's NFT metadata writes so far (null when it does not say: NFT pages are then not kept per head). */
  metadataUpdates: number | null;
}

/** The indexer's head: /health's lastBlock (and reorgs), else the newest listed block; a null block when neither answers. */
export async function fetchHeadMark(client: Pick<IndexerClient, 'getHealth' | 'getBlocks'>): Promise<HeadMark> {
  const health = await safe(client.getHealth(), null);
  if (health?.lastBlock !== null && health?.lastBlock !== undefined) return { block: health.lastBlock, reorgs: health.reorgs, metadataUpdates: health.metadataUpdates };
  const newest = await safe(client.getBlocks({ limit: 1 }), []);
  return { block: newest[0]?.number ?? null, reorgs: null, metadataUpdates: null };
}

/** The indexer's latest block: /health's lastBlock, else the newest listed block; null when neither answers. */
export async function fetchLatestBlock(client: Pick<IndexerClient, 'getHealth' | 'getBlocks'>): Promise<number | null> {
  return (await fetchHeadMark(client)).block;
}

/** The head moves every few seconds; concurrent renders may share one answer for this long. */
export const LATEST_TTL_MS = 2_000;

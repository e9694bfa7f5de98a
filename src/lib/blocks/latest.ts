import { safe, type IndexerClient } from '../indexer/client.ts';

/** The indexer's latest block: /health's lastBlock, else the newest listed block; null when neither answers. */
export async function fetchLatestBlock(client: Pick<IndexerClient, 'getHealth' | 'getBlocks'>): Promise<number | null> {
  const health = await safe(client.getHealth(), null);
  if (health?.lastBlock !== null && health?.lastBlock !== undefined) return health.lastBlock;
  const newest = await safe(client.getBlocks({ limit: 1 }), []);
  return newest[0]?.number ?? null;
}

/** The head moves every few seconds; concurrent renders may share one answer for this long. */
export const LATEST_TTL_MS = 2_000;

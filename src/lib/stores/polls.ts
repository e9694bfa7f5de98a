import { getHealth } from '../indexer-api/health.ts';
import { getTransactionHashes } from '../indexer-api/transactions.ts';
import { createTransport, type FetchLike } from '../indexer-api/transport.ts';

// The indexer reads of the list pages' 30 s polls, in a module of their own: the stores import it on their first
// tick, so the transport and the normalizers load when the first poll is due, not with the page.

/** The indexer's last block from /health; throws when it cannot be read. */
export async function readLastBlock(indexerUrl: string, timeoutMs: number, fetchImpl?: FetchLike): Promise<number | null> {
  const transport = createTransport(indexerUrl, fetchImpl ? { fetch: fetchImpl } : {});
  return (await getHealth(transport, { timeoutMs })).lastBlock;
}

/** Hashes of the newest transactions, newest first, lowercased; throws when they cannot be read. */
export function readTransactionHashes(indexerUrl: string, limit: number, timeoutMs: number, fetchImpl?: FetchLike): Promise<string[]> {
  const transport = createTransport(indexerUrl, { timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  return getTransactionHashes(transport, { limit, offset: 0 });
}

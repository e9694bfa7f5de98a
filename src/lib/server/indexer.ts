import { createIndexerClient, type IndexerClient } from '../indexer/client.ts';
import { readConfig } from '../config.ts';

let client: { base: string; client: IndexerClient } | undefined;

/** The server's indexer client, for the configured INDEXER_URL (rebuilt if the setting changes). */
export function indexer(): IndexerClient {
  const base = readConfig().indexerUrl;
  if (client?.base !== base) client = { base, client: createIndexerClient(base) };
  return client.client;
}

import { createIndexerClient, type IndexerClient } from '../indexer/client.ts';
import { readConfig } from '../config.ts';

let client: { base: string; client: IndexerClient } | undefined;

/** Whether an indexer URL is on this machine (compressing what never leaves it would only cost CPU on both sides). */
export function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** The server's indexer client, for the configured INDEXER_URL (rebuilt if the setting changes). */
export function indexer(): IndexerClient {
  const base = readConfig().indexerUrl;
  if (client?.base !== base) client = { base, client: createIndexerClient(base, isLoopback(base) ? { headers: { 'accept-encoding': 'identity' } } : {}) };
  return client.client;
}

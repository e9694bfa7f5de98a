// Keeps this server's list of uploaded logos (src/lib/tokens/logo-index.ts) fresh: read from the indexer at most every
// 5 s, shared by concurrent requests, and at once after this server accepted an upload. Another site instance sees
// a new logo within those 5 s. A failed read keeps the last list (the bundled logos never depend on it).
import { setUploadedLogos } from '../tokens/logo-index.ts';
import { indexerClient } from './indexer-client.ts';

/** How long a read list is used before it is read again. */
const LOGO_INDEX_TTL_MS = 5_000;
/** A page never waits longer than this for the list. */
const LOGO_INDEX_TIMEOUT_MS = 1_500;

let readAt = Number.NEGATIVE_INFINITY;
let reading: Promise<void> | null = null;

async function read(): Promise<void> {
  try {
    setUploadedLogos(await indexerClient().getTokenLogos({ timeoutMs: LOGO_INDEX_TIMEOUT_MS }));
  } catch {
    // The upstream indexer has no logo list (404), or the indexer is down: keep what is known.
  } finally {
    readAt = Date.now();
  }
}

/** Makes sure the list is at most LOGO_INDEX_TTL_MS old (waits for one read when it is older). */
export async function freshLogoIndex(now = Date.now()): Promise<void> {
  if (now - readAt < LOGO_INDEX_TTL_MS) return;
  reading ??= read().finally(() => {
    reading = null;
  });
  await reading;
}

/** Reads the list again now (after an upload through this server). */
export async function reloadLogoIndex(): Promise<void> {
  readAt = Number.NEGATIVE_INFINITY;
  await reading;
  await freshLogoIndex();
}

import { serverCache } from './shared-cache.ts';
import { fetchHeadMark, fetchLatestBlock, LATEST_TTL_MS, type HeadMark } from '../blocks/latest.ts';
import { indexerClient } from './indexer-client.ts';

/** The chain head as the indexer knows it, shared by every render within 2 s; null when the indexer does not say. */
export function latestHead(): Promise<number | null> {
  return serverCache.get('blocks:latest', LATEST_TTL_MS, () => fetchLatestBlock(indexerClient()));
}

/** The indexer's head read under way, and the one that follows it (shared by every caller who came meanwhile). */
let reading: Promise<HeadMark> | null = null;
let following: Promise<HeadMark> | null = null;

function readHead(load: () => Promise<HeadMark>): Promise<HeadMark> {
  const read = load().finally(() => {
    if (reading === read) reading = null;
  });
  reading = read;
  // Renders that follow use this answer (latestHead) instead of asking again within 2 s: once it is in, never the
  // read under way, which a render would then wait for under another request's deadline.
  read.then(
    (mark) => {
      if (mark.block !== null) serverCache.set('blocks:latest', LATEST_TTL_MS, mark.block);
    },
    () => {},
  );
  return read;
}

/**
 * The indexer's head as it is now: from a read that began after this call, so that a page kept per head block is never
 * older than what the indexer had stored when its request came (a visitor who saw block N elsewhere never gets a page
 * without it). Concurrent callers share reads: one under way when a call comes may have been sent before it, so the
 * call waits for the next one, which all calls made meanwhile share. Under load this is one `/health` per round trip
 * to the indexer, whatever the number of requests. The mark has a null block when the indexer does not say.
 */
export function freshHead(load: () => Promise<HeadMark> = () => fetchHeadMark(indexerClient())): Promise<HeadMark> {
  if (!reading) return readHead(load);
  following ??= reading
    .catch(() => undefined)
    .then(() => {
      following = null;
      return readHead(load);
    });
  return following;
}

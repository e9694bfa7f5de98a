// The server's series reads (issue 30): the indexer client's transport settings (loopback answers uncompressed, the
// shared secret, the page deadline) on a transport of their own, until the client binds src/lib/indexer-api/series.ts.
// Not cached: the indexer keeps every series up to date as blocks arrive and reads a few indexed rows per request, and
// a cached copy would show a day's figure behind the chain.
import { createSeriesReads, type SeriesReads } from '../../lib/indexer-api/series.ts';
import { readConfig } from '../../lib/server/config.ts';
import { deadlineFetch } from '../../lib/server/deadline.ts';
import { serverHeaders } from '../../lib/server/indexer-client.ts';

let reads: { key: string; reads: SeriesReads } | undefined;

/** The series reads of the configured INDEXER_URL (rebuilt if the setting or the secret changes). */
export function seriesReads(): SeriesReads {
  const base = readConfig().indexerUrl;
  const key = `${base} ${process.env['INDEXER_ADMIN_TOKEN'] ?? ''}`;
  if (reads?.key !== key) reads = { key, reads: createSeriesReads(base, { headers: serverHeaders(base), fetch: deadlineFetch() }) };
  return reads.reads;
}

// How many event streams may be open: per client address and in all (INDEXER_MAX_STREAMS_PER_CLIENT,
// INDEXER_MAX_STREAMS), and how much one may have waiting in its socket before its reader is taken as gone.

/** The limits of the event stream. */
export interface StreamLimits {
  /** Streams per client address (INDEXER_MAX_STREAMS_PER_CLIENT); clients exempt from the rate limits are not counted. */
  maxPerClient: number;
  /** Streams in all (INDEXER_MAX_STREAMS). */
  maxTotal: number;
  /** Bytes waiting to be sent past which a stream is dropped (its reader does not keep up). */
  maxBuffer: number;
}

/**
 * The limits unless the settings say otherwise: a visitor has a stream per tab (6 is the browsers' own cap of
 * connections per host over HTTP/1.1); 10,000 streams take well under a gigabyte; a reader 1 MB behind is gone.
 */
export const DEFAULT_STREAM_LIMITS: Readonly<StreamLimits> = { maxPerClient: 6, maxTotal: 10_000, maxBuffer: 1024 * 1024 };

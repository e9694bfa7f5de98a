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

/** The variables of the limits an operator sets. */
export const STREAM_LIMIT_VARIABLES = { maxPerClient: 'INDEXER_MAX_STREAMS_PER_CLIENT', maxTotal: 'INDEXER_MAX_STREAMS' } as const;

/** The stream limits an environment sets (unset ones left out); throws an Error naming a variable that is not a whole number of at least 1. */
export function streamLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<StreamLimits> {
  const out: Partial<StreamLimits> = {};
  for (const [field, name] of Object.entries(STREAM_LIMIT_VARIABLES) as [keyof typeof STREAM_LIMIT_VARIABLES, string][]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${raw}`);
    out[field] = n;
  }
  return out;
}

// The CSV export's rate limit: the site has no limiter of its own, and one export can make a thousand indexer reads,
// so each client gets a small token bucket for downloads (the form's pages are not counted).

/** Downloads a client may start at once, and seconds until one more is allowed. */
export const EXPORT_BURST = 3;
export const EXPORT_REFILL_SECONDS = 20;
/** Clients remembered at most (the oldest are forgotten first: a flood of addresses cannot grow the map). */
const MAX_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** A per-client token bucket: take() answers 0 when a download may start, else the seconds to wait. */
export function createExportLimiter(burst = EXPORT_BURST, refillSeconds = EXPORT_REFILL_SECONDS) {
  const buckets = new Map<string, Bucket>();
  return {
    take(client: string, nowMs: number = Date.now()): number {
      const kept = buckets.get(client);
      const bucket = kept ? { tokens: Math.min(burst, kept.tokens + (nowMs - kept.at) / 1000 / refillSeconds), at: nowMs } : { tokens: burst, at: nowMs };
      buckets.delete(client);
      if (buckets.size >= MAX_CLIENTS) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens < 1) {
        buckets.set(client, bucket);
        return Math.ceil((1 - bucket.tokens) * refillSeconds);
      }
      buckets.set(client, { tokens: bucket.tokens - 1, at: nowMs });
      return 0;
    },
  };
}

/** The server's export limiter. */
export const exportLimiter = createExportLimiter();

/** Exports one server streams at once, across clients: each keeps the indexer busy for the length of its file. */
export const EXPORT_MAX_RUNNING = 8;

/** A count of running exports: enter() answers the release of a slot, or null when all are taken. */
export function createExportSlots(max = EXPORT_MAX_RUNNING) {
  let running = 0;
  return {
    enter(): (() => void) | null {
      if (running >= max) return null;
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
    get running(): number {
      return running;
    },
  };
}

/** The server's running exports. */
export const exportSlots = createExportSlots();

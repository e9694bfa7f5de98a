// The CSV export's rate limit: the site has no limiter of its own, and one export can make a thousand indexer reads,
// so each client gets a small token bucket for downloads (the form's pages are not counted). The buckets are the
// indexer's rate limits' own (common/token-bucket.ts).
import { retryAfterSeconds, TokenBuckets } from '../../../../common/token-bucket.ts';

/** Downloads a client may start at once, and seconds until one more is allowed. */
export const EXPORT_BURST = 3;
export const EXPORT_REFILL_SECONDS = 20;
/** Clients remembered at most (the least recently seen are forgotten first: a flood of addresses cannot grow them). */
const MAX_CLIENTS = 10_000;

/** A per-client token bucket: take() answers 0 when a download may start, else the seconds to wait. */
export function createExportLimiter(burst = EXPORT_BURST, refillSeconds = EXPORT_REFILL_SECONDS) {
  const buckets = new TokenBuckets({ rate: 1 / refillSeconds, burst }, MAX_CLIENTS);
  return {
    take(client: string, nowMs: number = Date.now()): number {
      const waitMs = buckets.take(client, nowMs);
      return waitMs > 0 ? retryAfterSeconds(waitMs) : 0;
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

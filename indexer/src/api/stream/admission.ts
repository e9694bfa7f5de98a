import { STREAM_LIMIT_MESSAGES } from '../../../../common/live-events.ts';
import { HttpError } from '../../http/router.ts';
import type { StreamLimits } from './limits.ts';

/** A count per key that forgets a key once its count is back to 0. */
export class RefCounts {
  private readonly counts = new Map<string, number>();

  /** The count of `key` (0 when absent). */
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** The keys counted now. */
  keys(): IterableIterator<string> {
    return this.counts.keys();
  }

  /** Adds one to `key`. */
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Takes one from `key`, forgetting it at 0. */
  remove(key: string): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }
}

/** The stream limits: at most maxPerClient streams per counted client, and maxTotal in all. */
export class Admission {
  private readonly limits: StreamLimits;
  private readonly perClient = new RefCounts();

  constructor(limits: StreamLimits) {
    this.limits = limits;
  }

  /** Refuses a new stream (an HttpError) when the hub is closed or past a limit, `open` streams being open now. */
  check(key: string | null, open: number, closed: boolean): void {
    if (closed) throw new HttpError(503, STREAM_LIMIT_MESSAGES.total);
    if (key !== null && this.perClient.get(key) >= this.limits.maxPerClient) throw new HttpError(429, STREAM_LIMIT_MESSAGES.perClient);
    if (open >= this.limits.maxTotal) {
      throw new HttpError(503, STREAM_LIMIT_MESSAGES.total, { 'retry-after': '30', 'access-control-expose-headers': 'Retry-After, X-Request-Id' });
    }
  }

  /** Counts an admitted stream of client `key` (null: not counted). */
  enter(key: string | null): void {
    if (key !== null) this.perClient.add(key);
  }

  /** Stops counting a closed stream of client `key`. */
  leave(key: string | null): void {
    if (key !== null) this.perClient.remove(key);
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIndexerClient, type FetchLike } from '../../src/lib/indexer-api/client.ts';
import { failureStatus } from '../../src/lib/indexer-api/errors.ts';
import { deadlineFetch, withDeadline } from '../../src/lib/server/deadline.ts';

/** A fetch that answers only when its signal aborts (an indexer that holds every request). */
const hanging: FetchLike = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error), { once: true });
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('one deadline per page for all its indexer reads', () => {
  it('reads made one after another end together when the page’s time is up, as a time-out (504)', async () => {
    vi.useFakeTimers();
    const client = createIndexerClient('http://indexer.test', { fetch: deadlineFetch(hanging), timeoutMs: 10_000 });
    const page = withDeadline(15_000, async () => {
      const failures: unknown[] = [];
      for (const read of [() => client.getBlock(1), () => client.getTransactions(), () => client.getHealth()]) {
        await read().catch((error: unknown) => failures.push(error));
      }
      return failures;
    });
    // Alone, three reads of 10 s each would take 30 s: under the deadline the page is done at 15 s.
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(5_000);
    const failures = await page;
    expect(failures).toHaveLength(3);
    expect(failures.map(failureStatus)).toEqual([504, 504, 504]);
  });

  it('answers as they come before the deadline, and is not there outside a page', async () => {
    const ok: FetchLike = async () => new Response('{"status":"ok","lastBlock":7}', { status: 200 });
    const client = createIndexerClient('http://indexer.test', { fetch: deadlineFetch(ok) });
    expect((await withDeadline(1_000, () => client.getHealth())).lastBlock).toBe(7);
    expect((await client.getHealth()).lastBlock).toBe(7);
  });

  it("keeps the caller's own signal", async () => {
    const seen: Array<AbortSignal | null | undefined> = [];
    const spy: FetchLike = async (_input, init) => {
      seen.push(init?.signal);
      return new Response('{}', { status: 200 });
    };
    const own = new AbortController();
    await withDeadline(1_000, () => deadlineFetch(spy)('http://x.test/', { signal: own.signal }));
    own.abort(new Error('mine'));
    expect(seen[0]?.aborted).toBe(true);
    expect(seen[0]?.reason).toEqual(new Error('mine'));
  });
});

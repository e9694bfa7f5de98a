import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/indexer-api/errors.ts';
import { createIndexerClient } from '../../src/lib/indexer-api/client.ts';
import type { FetchLike } from '../../src/lib/indexer-api/transport.ts';
import { loadChart } from '../../src/lib/charts/load.ts';

const BASE = 'http://indexer.test';
const TOKEN = '0x71C95911E9a5D330f4D621842EC243EE1343292e';

/** A fake fetch answering every request with one recorded status and body; it keeps the URLs asked. */
function answering(status: number, body: unknown): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fake = async (input: string): Promise<Response> => {
    urls.push(input);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' } });
  };
  return Object.assign(fake, { urls });
}

const SERIES = { name: 'transactions', unit: 'count', from: '2026-01-01', to: '2026-01-02', points: [{ day: '2026-01-01', value: '3' }, { day: '2026-01-02', value: '4' }] };

describe('series reads', () => {
  it('ask the contract routes, with from and to when given', async () => {
    const fetch = answering(200, SERIES);
    const reads = createIndexerClient(BASE, { fetch });
    await reads.getChainSeries('transactions', { from: '2026-01-01', to: '2026-01-02' });
    await reads.getTokenSeries(TOKEN, 'holders');
    expect(fetch.urls).toEqual([`${BASE}/stats/series/transactions?from=2026-01-01&to=2026-01-02`, `${BASE}/tokens/${TOKEN}/series/holders`]);
  });

  it('answer the normalized series', async () => {
    const result = await createIndexerClient(BASE, { fetch: answering(200, SERIES) }).getChainSeries('transactions');
    expect(result).toEqual({ kind: 'ok', value: SERIES });
  });

  it("say 'unavailable' on the chain operator's indexer (an HTML 404 for a route it does not have)", async () => {
    const reads = createIndexerClient(BASE, { fetch: answering(404, '<!DOCTYPE html><pre>Cannot GET /stats/summary</pre>') });
    expect(await reads.getSeriesSummary()).toEqual({ kind: 'unavailable' });
    expect(await loadChart(() => reads.getSeriesSummary())).toEqual({ kind: 'unavailable' });
  });

  it('throw a bad gateway answer for a 200 that is not a series', async () => {
    const read = createIndexerClient(BASE, { fetch: answering(200, { hello: 'world' }) }).getSeriesSummary();
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ status: 502 });
  });
});

describe('loadChart', () => {
  it("shows the indexer's own 400 message", async () => {
    const reads = createIndexerClient(BASE, { fetch: answering(400, { error: 'Invalid range: statistics start on 2026-01-01' }) });
    expect(await loadChart(() => reads.getChainSeries('transactions', { from: '2025-01-01' }))).toEqual({
      kind: 'error',
      status: 400,
      message: 'Invalid range: statistics start on 2026-01-01',
    });
  });

  it('answers 502 with its own text for a failing indexer, never a 500', async () => {
    const reads = createIndexerClient(BASE, { fetch: answering(500, { error: 'boom' }) });
    expect(await loadChart(() => reads.getSeriesSummary())).toEqual({ kind: 'error', status: 502, message: 'Failed to load the statistics. Please try again later.' });
  });
});

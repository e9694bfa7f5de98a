import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, MemoryLog } from '../../common/log.ts';
import { startIndexer, type Indexer } from '../../indexer/src/main.ts';

// GET /metrics on a started indexer: the token rule, the metrics port, and the label sets staying bounded
// under 10,000 distinct request paths. No node is needed: the RPC URL leads nowhere, the sync retries meanwhile.

const DEAD_RPC = 'http://127.0.0.1:9';
const TOKEN = 'metrics-admin-token';

function quietLogger() {
  return createLogger('indexer', { destination: new MemoryLog(), level: 'warn', tty: false });
}

/** The series (name and labels) of an exposition, without those that come and go on their own. */
function seriesOf(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.slice(0, l.lastIndexOf(' ')))
    // Garbage collections of a new kind and the sync's failed node calls appear whenever they first happen.
    .filter((s) => !s.startsWith('explorer_indexer_nodejs_gc_') && !s.startsWith('explorer_indexer_rpc_'));
}

describe('/metrics on the API port', { timeout: 120_000 }, () => {
  let indexer: Indexer;
  beforeAll(async () => {
    indexer = await startIndexer({ rpcUrl: DEAD_RPC, dbFile: ':memory:', port: 0, log: () => {}, logger: quietLogger(), progress: false, adminToken: TOKEN, metadata: false, traceInternal: false });
  });
  afterAll(() => indexer.stop());

  it('is served there, and refuses a scrape without the admin token', async () => {
    expect(indexer.metricsUrl).toBe(`${indexer.url}/metrics`);
    const refused = await fetch(indexer.metricsUrl);
    expect(refused.status).toBe(401);
    expect(await fetch(indexer.metricsUrl, { headers: { authorization: 'Bearer wrong' } }).then((r) => r.status)).toBe(401);
    const ok = await fetch(indexer.metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    expect(await ok.text()).toContain('explorer_indexer_http_requests_total');
  });

  it('keeps the series count flat across 10,000 distinct request paths', async () => {
    const scrape = async (): Promise<string[]> => seriesOf(await (await fetch(indexer.metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).text());
    const ask = async (i: number): Promise<number> => {
      const path = i % 2 === 0 ? `/blocks/${1_000_000 + i}` : `/no-such-route/${i}/x${i}`;
      const res = await fetch(`${indexer.url}${path}?q=${i}`);
      await res.arrayBuffer();
      return res.status;
    };
    for (let i = 0; i < 20; i++) await ask(i);
    const before = await scrape();
    expect(before.some((s) => s.includes('route="/blocks/{number}"'))).toBe(true);
    expect(before.some((s) => s.includes('route="unmatched"'))).toBe(true);
    const statuses = new Set<number>();
    for (let start = 20; start < 10_020; start += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, k) => ask(start + k)));
      for (const status of answers) statuses.add(status);
    }
    const after = await scrape();
    expect(after).toEqual(before);
    expect(after.join('\n')).not.toMatch(/no-such-route|1000\d\d\d/);
    // The requests were answered as the router answers them (a block not stored; no such route), not refused.
    expect([...statuses].sort()).toEqual([404]);
    const http = after.filter((s) => s.startsWith('explorer_indexer_http_requests_total'));
    expect(http.length).toBeLessThan(10);
  });
});

describe('/metrics on a port of its own', { timeout: 60_000 }, () => {
  let indexer: Indexer;
  beforeAll(async () => {
    indexer = await startIndexer({ rpcUrl: DEAD_RPC, dbFile: ':memory:', port: 0, log: () => {}, logger: quietLogger(), progress: false, adminToken: TOKEN, metrics: { port: 0, token: null }, metadata: false, traceInternal: false });
  });
  afterAll(() => indexer.stop());

  it('is served there (token null: open), and the API port answers 404 for it', async () => {
    expect(indexer.metricsUrl).not.toBe(`${indexer.url}/metrics`);
    expect(new URL(indexer.metricsUrl).pathname).toBe('/metrics');
    const ok = await fetch(indexer.metricsUrl);
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).toContain('# TYPE explorer_indexer_event_streams_open gauge');
    expect((await fetch(`${indexer.url}/metrics`)).status).toBe(404);
    expect((await fetch(new URL('/health', indexer.metricsUrl))).status).toBe(404);
  });

  it('closes with the indexer', async () => {
    const other = await startIndexer({ rpcUrl: DEAD_RPC, dbFile: ':memory:', port: 0, log: () => {}, logger: quietLogger(), progress: false, metrics: { port: 0, token: 'own-token' }, metadata: false, traceInternal: false });
    expect((await fetch(other.metricsUrl)).status).toBe(401);
    expect((await fetch(other.metricsUrl, { headers: { authorization: 'Bearer own-token' } })).status).toBe(200);
    await other.stop();
    await expect(fetch(other.metricsUrl)).rejects.toThrow();
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, MemoryLog, type Logger } from '../../common/log.ts';
import { siteRequestListener } from '../../src/lib/server/site-server.ts';
import { observedFetch } from '../../src/lib/server/indexer-client.ts';
import { createSiteMetrics, metricsToken, siteRouteLabel, type SiteMetrics } from '../../src/lib/server/metrics.ts';
import { siteSettingsFrom } from '../../src/lib/server/settings.ts';
import { requestContexts } from '../../src/lib/server/request-context.ts';

// The site server's metrics and request ids through its real request listener, with a stand-in for
// Astro's handler that does what the built middleware does: name the route it matched in the request's context.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(listener: Handler): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

function memoryLogger(): { logger: Logger; log: MemoryLog } {
  const log = new MemoryLog();
  return { logger: createLogger('site', { format: 'json', level: 'debug', destination: log, tty: false }), log };
}

/** A site with the stand-in handler: /blocks/N is the block route, anything else Astro's 404 page (its pattern /404). */
async function site(metrics: SiteMetrics, logger: Logger, token: string | null = null, handler?: Handler): Promise<string> {
  const astro: Handler =
    handler ??
    ((req, res) => {
      const context = requestContexts().getStore();
      const block = /^\/blocks\/\d+$/.test((req.url ?? '').split('?')[0] ?? '');
      if (context) context.route = block ? '/blocks/[n]' : '/404';
      res.writeHead(block ? 200 : 404, { 'content-type': 'text/plain' });
      res.end(block ? 'block' : 'not found');
    });
  return listen(siteRequestListener(astro, { compression: false, metricsToken: token, metrics, logger }));
}

async function seriesCount(metrics: SiteMetrics, name: string): Promise<number> {
  const all = await metrics.registry.getMetricsAsJSON();
  return all.find((m) => m.name === name)?.values.length ?? 0;
}

describe('route labels', () => {
  it.each([
    [{ pattern: '/blocks/[n]' }, '/blocks/[n]'],
    [{ pattern: '/' }, '/'],
    [{ pattern: '/404' }, 'unmatched'],
    [{ pattern: null }, 'unmatched'],
    [{ pattern: 'blocks/7' }, 'unmatched'],
    [{ pattern: null, kind: 'static' as const }, 'static'],
    [{ pattern: '/transactions/[hash]', kind: 'cached' as const }, '/transactions/[hash]'],
    [{ pattern: null, kind: 'cached' as const }, 'cached'],
    [{ pattern: null, kind: 'metrics' as const }, '/metrics'],
  ])('%j is %s', (answer, label) => {
    expect(siteRouteLabel(answer)).toBe(label);
  });
});

describe('the HTTP series stay flat whatever the paths', () => {
  it('10,000 distinct paths add no series after the first of each route and status', async () => {
    const metrics = createSiteMetrics();
    const { logger, log } = memoryLogger();
    const base = await site(metrics, logger);
    const get = async (path: string): Promise<number> => {
      const answer = await fetch(base + path);
      await answer.arrayBuffer();
      return answer.status;
    };
    // One of each kind first: the block route (200) and a path no route matches (404).
    expect(await get('/blocks/1')).toBe(200);
    expect(await get('/nothing/1')).toBe(404);
    const before = await seriesCount(metrics, 'explorer_site_http_requests_total');
    expect(before).toBe(2);
    const paths = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? `/blocks/${i + 2}?q=${i}` : `/nothing/${i}/${i * 7919}`));
    for (let i = 0; i < paths.length; i += 64) await Promise.all(paths.slice(i, i + 64).map(get));
    expect(await seriesCount(metrics, 'explorer_site_http_requests_total')).toBe(before);
    const counts = (await metrics.registry.getSingleMetric('explorer_site_http_requests_total')?.get())?.values ?? [];
    expect(counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labels: { route: '/blocks/[n]', method: 'GET', status: '200' }, value: 5_001 }),
        expect.objectContaining({ labels: { route: 'unmatched', method: 'GET', status: '404' }, value: 5_001 }),
      ]),
    );
    // Every request has its log line, with the path (no query) and its route template.
    const requests = log.lines.filter((line) => line['msg'] === 'request');
    expect(requests).toHaveLength(10_002);
    expect(requests.every((line) => typeof line['url'] === 'string' && !String(line['url']).includes('?'))).toBe(true);
  });
});

describe('GET /metrics', () => {
  it('asks for the configured token (401 without it, 200 with it), never cached', async () => {
    const metrics = createSiteMetrics();
    const base = await site(metrics, memoryLogger().logger, 'scrape-secret');
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${base}/blocks/4`)).status).toBe(200);
    const scrape = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('cache-control')).toBe('no-store');
    const text = await scrape.text();
    expect(text).toContain('explorer_site_http_requests_total{route="/blocks/[n]",method="GET",status="200"} 1');
    expect(text).toContain('explorer_site_http_requests_total{route="/metrics",method="GET",status="401"} 2');
    expect(text).toContain('explorer_site_process_cpu_user_seconds_total');
    expect(text).toContain('explorer_site_render_cache_requests_total');
    expect(text).toContain('explorer_site_indexer_request_duration_seconds_bucket');
  });

  it('is open when no token is configured', async () => {
    const base = await site(createSiteMetrics(), memoryLogger().logger, null);
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it.each([
    [{}, null],
    [{ INDEXER_ADMIN_TOKEN: 'admin' }, 'admin'],
    [{ METRICS_TOKEN: 'own', INDEXER_ADMIN_TOKEN: 'admin' }, 'own'],
    [{ METRICS_TOKEN: '  ', INDEXER_ADMIN_TOKEN: 'admin' }, 'admin'],
  ])('its token from %j is %s', (env, token) => {
    expect(metricsToken(siteSettingsFrom(env))).toBe(token);
  });
});

describe('the request id reaches the indexer', () => {
  it("is sent on the indexer requests made while answering, echoed to the visitor, and a failed read is logged with it", async () => {
    const seen: { path: string; id: string | undefined }[] = [];
    const indexer = await listen((req, res) => {
      seen.push({ path: req.url ?? '', id: req.headers['x-request-id'] as string | undefined });
      res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const metrics = createSiteMetrics();
    const { logger, log } = memoryLogger();
    const read = observedFetch((input, init) => fetch(input, init), { metrics, logger });
    const base = await site(metrics, logger, null, (_req, res) => {
      void (async () => {
        await read(`${indexer}/blocks/1`);
        await read(`${indexer}/missing/0xabc?apikey=hidden`, { headers: { accept: 'application/json' } });
        res.end('page');
      })();
    });
    const answer = await fetch(`${base}/page`, { headers: { 'x-request-id': 'unit-42' } });
    expect(answer.headers.get('x-request-id')).toBe('unit-42');
    expect(seen).toEqual([
      { path: '/blocks/1', id: 'unit-42' },
      { path: '/missing/0xabc?apikey=hidden', id: 'unit-42' },
    ]);
    const warn = log.lines.find((line) => line['msg'] === 'indexer request failed');
    expect(warn).toMatchObject({ level: 'warn', reqId: 'unit-42', indexerPath: '/missing/0xabc', status: 404 });
    expect(log.text.join('\n')).not.toContain('hidden');
    expect(log.lines.find((line) => line['msg'] === 'request')).toMatchObject({ reqId: 'unit-42', url: '/page', status: 200 });
    const outcomes = (await metrics.indexerRequests.get()).values.map((v) => [v.labels['outcome'], v.value]);
    expect(outcomes).toEqual(expect.arrayContaining([['ok', 1], ['error', 1]]));

    // A malformed id is replaced by a new one, which the indexer then receives.
    const other = await fetch(`${base}/page`, { headers: { 'x-request-id': 'bad id with spaces' } });
    const id = other.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.slice(2).map((s) => s.id)).toEqual([id, id]);
  });

  it('sends no id outside a request (a background read)', async () => {
    let sent: string | null = 'unset';
    const read = observedFetch(
      (_input, init) => {
        sent = new Headers(init?.headers).get('x-request-id');
        return Promise.resolve(new Response('{}'));
      },
      { metrics: createSiteMetrics(), logger: memoryLogger().logger },
    );
    await read('http://indexer.invalid/blocks/latest');
    expect(sent).toBeNull();
  });
});

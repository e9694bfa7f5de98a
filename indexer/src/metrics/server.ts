import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_ID_HEADER, requestIdOf, type Logger } from '../../../common/log.ts';
import { serveMetrics } from '../../../common/metrics.ts';
import type { IndexerMetrics } from './index.ts';

// INDEXER_METRICS_PORT: /metrics on a port of its own (same host), for deployments that keep the scrape off the
// public API's port. Nothing else is answered there; the token rule is the same as on the API's port.

/** A listening metrics server. */
export interface MetricsServer {
  /** The URL of its /metrics. */
  url: string;
  /** Stops accepting and closes its connections (the indexer's stop() calls it). */
  close(): Promise<void>;
}

/** Starts the metrics server on `host`:`port` (0: any free port); rejects when the port cannot be bound. */
export async function startMetricsServer(
  metrics: IndexerMetrics,
  opts: { host: string; port: number; token: string | null; logger: Logger },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const began = performance.now();
    const reqId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('x-request-id', reqId);
    const path = (req.url ?? '/').split('?', 1)[0] as string;
    const route = path === '/metrics' ? '/metrics' : 'unmatched';
    res.once('finish', () => {
      const seconds = (performance.now() - began) / 1000;
      metrics.http.observe(route, req.method, res.statusCode, seconds);
      const line = { reqId, method: req.method ?? 'GET', route, url: route, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10 };
      if (res.statusCode >= 500) opts.logger.error(line, 'request');
      else opts.logger.debug(line, 'request');
    });
    if (route === '/metrics') {
      serveMetrics(metrics.registry, req, res, opts.token).catch((err: unknown) => {
        opts.logger.error({ reqId, err }, 'metrics: the scrape failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end();
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found: this port serves /metrics only\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// A small fault-injecting HTTP proxy in front of the real indexer (the indexer failing). It forwards every
// request as it is, or fails it the way a broken indexer does:
// - 'down': the indexer is stopped (the port refuses connections);
// - 'slow': it accepts the request and answers nothing until the proxy is set back (beyond every time-out);
// - 'error': it answers 500 with a JSON error body;
// - 'malformed': it answers 200 with JSON that does not parse.
// A fault can be limited to some paths (the rest passes), so a test can fail one call of a page.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type Fault = 'pass' | 'down' | 'slow' | 'error' | 'malformed';

export interface FaultProxy {
  /** The proxy's base URL (the site's INDEXER_URL and the browsers' PUBLIC_INDEXER_URL). */
  readonly url: string;
  /** The fault now in force, for the paths `only` matches (all paths when absent; 'down' stops the whole port). */
  set(fault: Fault, only?: RegExp): Promise<void>;
  /** Requests seen since start, by path, with the fault they got (for tests that check what was asked). */
  readonly seen: Array<{ path: string; fault: Fault }>;
  stop(): Promise<void>;
}

/** The body the 'malformed' fault answers: JSON cut short. */
export const MALFORMED_BODY = '{"number": 12, "hash": "0x';

/** Starts a proxy to `target` (an http:// base URL) on a free loopback port. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let fault: Fault = 'pass';
  let only: RegExp | undefined;
  const held = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const seen: Array<{ path: string; fault: Fault }> = [];

  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = req.url ?? '/';
    const now: Fault = only && !only.test(path) ? 'pass' : fault;
    seen.push({ path, fault: now });
    // Browsers call the indexer from the site's origin: answer their preflights like the indexer does.
    res.setHeader('access-control-allow-origin', '*');
    switch (now) {
      case 'pass':
      case 'down':
        forward(req, res);
        return;
      case 'slow':
        held.add(res);
        res.on('close', () => held.delete(res));
        req.resume();
        return;
      case 'error':
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal error' }));
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(MALFORMED_BODY);
        return;
    }
  };

  let server: Server = createServer(handle);
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server = createServer(handle);
      server.keepAliveTimeout = 1_000;
      server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async set(next: Fault, paths?: RegExp) {
      if (next === 'down' && server.listening) await close();
      if (next !== 'down' && !server.listening) await listen(port);
      // Requests held by 'slow' are cut when the fault changes (their clients gave up on them long ago).
      if (next !== 'slow') for (const res of held) res.destroy();
      fault = next;
      only = paths;
    },
    async stop() {
      for (const res of held) res.destroy();
      await close();
    },
  };
}

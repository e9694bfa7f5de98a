// Graceful shutdown of the site server and the indexer (SIGTERM from an orchestrator, Ctrl-C in a terminal): stop
// accepting, let the requests in flight finish within a bound, then cut what is left. One helper for both servers.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { errorMessage } from './errors.ts';

/** Default of SHUTDOWN_TIMEOUT_MS: how long requests in flight may take to finish once a stop is asked. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** What a drain ended with: the connections still busy at the bound, closed mid-request (0 when all finished). */
export interface DrainResult {
  cut: number;
}

// How often idle keep-alive connections are closed while draining: a connection whose request finishes goes back to
// idle keep-alive (Node neither closes it nor tells the server), and server.close() waits for every connection.
const IDLE_SWEEP_MS = 20;

/**
 * Stops a server gracefully: no new connection is accepted, idle keep-alive connections are closed at once, a
 * request arriving on a kept-alive connection is answered with `Connection: close`, and the requests in flight may
 * finish for at most timeoutMs; what is left then is cut. Resolves once the server is closed.
 */
export async function drainServer(server: Server, timeoutMs: number): Promise<DrainResult> {
  if (!server.listening) {
    server.closeAllConnections();
    return { cut: 0 };
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A client that reuses its connection gets this answer and no other on it.
  const lastOnConnection = (_req: IncomingMessage, res: ServerResponse): void => {
    res.shouldKeepAlive = false;
  };
  server.on('request', lastOnConnection);
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const outcome = await Promise.race([closed.then(() => 'closed' as const), bound]);
    if (outcome === 'closed') return { cut: 0 };
    server.closeIdleConnections();
    const cut = await new Promise<number>((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
    server.closeAllConnections();
    await closed;
    return { cut };
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
    server.off('request', lastOnConnection);
  }
}

/** How a process reacts to its stop signals. */
export interface ShutdownSignals {
  /** Stops the process's work; resolving lets it exit 0. */
  stop: () => Promise<void>;
  /** One line per event (the stop asked, a stop that failed). */
  log: (level: 'info' | 'error', message: string) => void;
  /** process.exit, replaced in tests. */
  exit?: (code: number) => void;
  /** The process to listen on (default: this one). */
  target?: Pick<NodeJS.Process, 'on'>;
}

/**
 * On the first SIGTERM or SIGINT runs stop() and exits 0 (1 if it throws); a second signal exits 1 at once, for an
 * operator who does not want to wait for the drain.
 */
export function exitOnSignals({ stop, log, exit = (code) => process.exit(code), target = process }: ShutdownSignals): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    target.on(signal, () => {
      if (stopping) {
        log('error', `${signal} again: exiting at once`);
        exit(1);
        return;
      }
      stopping = true;
      log('info', `${signal}: stopping (a second signal exits at once)`);
      stop().then(
        () => exit(0),
        (err: unknown) => {
          log('error', `stop failed: ${errorMessage(err)}`);
          exit(1);
        },
      );
    });
  }
}

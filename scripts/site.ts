import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../common/shutdown.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SITE_ENTRY = `${root}dist/server/entry.mjs`;
/** The server that runs the built site: Astro's handler behind the precompressed static files. */
export const SITE_SERVER = `${root}src/lib/server/site-server.ts`;

/** A free TCP port on loopback. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls a URL until it answers (any HTTP status) or the deadline passes. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(error)}`, { cause: error });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Builds the site with `astro build`. */
export function buildSite(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${root}node_modules/astro/bin/astro.mjs`, 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
  });
}

/** Whether a built site exists. */
export function siteIsBuilt(): boolean {
  return existsSync(SITE_ENTRY);
}

export interface RunningSite {
  url: string;
  /** What the server wrote to its standard output (its log lines), when started with `capture`; empty otherwise. */
  readonly output: string[];
  stop(): Promise<void>;
}

/** Options of startSite. */
export interface SiteOptions {
  indexerUrl: string;
  publicIndexerUrl?: string;
  port?: number;
  host?: string;
  /** No output at all (the server's standard output is dropped). */
  quiet?: boolean;
  /** Keep the server's standard output, line by line, in RunningSite.output (tests read its log); wins over quiet. */
  capture?: boolean;
  /** Variables added to (or, as undefined, removed from) the environment the server inherits. */
  env?: Record<string, string | undefined>;
}

/**
 * The port a server started with an IPC channel and port 0 says it listens on (src/lib/server/site-server.ts and
 * indexer/index.ts send it once listening): the system's pick, which no other process can take in between as it could
 * a port picked first. Then the channel is closed: it was only for the port, and the server must not stay tied to this
 * process through it. Rejected with `failure(exit code)` when the process exits before saying it.
 */
export function announcedPort(child: ChildProcess, failure = (code: number | null): string => `the server exited (${code}) before it listened`): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const exited = (code: number | null): void => reject(new Error(failure(code)));
    const told = (message: unknown): void => {
      const port = (message as { listening?: unknown } | null)?.listening;
      if (typeof port !== 'number') return;
      child.off('message', told).off('exit', exited);
      if (child.connected) child.disconnect();
      resolve(port);
    };
    child.on('message', told).once('exit', exited);
  });
}

/** Starts the built site (src/lib/server/site-server.ts: Astro's Node handler, compressed answers) against an indexer. */
export async function startSite(opts: SiteOptions): Promise<RunningSite> {
  const host = opts.host ?? '127.0.0.1';
  // Without a given port the server listens on one the system picks (PORT=0) and says which over the IPC channel: a
  // port picked here first could be taken by another process (a test's indexer on port 0) before the server binds it,
  // and the start-up check would then be answered by that process.
  const siteEnv: Record<string, string | undefined> = {
    ...process.env,
    HOST: host,
    PORT: String(opts.port || 0),
    INDEXER_URL: opts.indexerUrl,
    PUBLIC_INDEXER_URL: opts.publicIndexerUrl ?? opts.indexerUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, [SITE_SERVER], {
    cwd: root,
    stdio: ['ignore', opts.capture ? 'pipe' : opts.quiet ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    env: siteEnv,
  });
  const listening = announcedPort(child, () => 'the site server exited during start-up');
  const output: string[] = [];
  if (child.stdout) {
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      output.push(...lines.filter((line) => line !== ''));
    });
    child.stdout.once('end', () => {
      if (partial !== '') output.push(partial);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await listening;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // The server lets its requests in flight finish for SHUTDOWN_TIMEOUT_MS, then exits by itself: it is killed
        // only if it has not 2 s after that (checked at its start, the variable is a whole number or unset).
        const drainMs = Number(siteEnv['SHUTDOWN_TIMEOUT_MS'] || DEFAULT_SHUTDOWN_TIMEOUT_MS);
        await Promise.race([exited, new Promise((r) => setTimeout(r, drainMs + 2_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await exited;
    },
  };
}

// The indexer CLI (indexer/index.ts, spawned as an operator runs it) on SIGTERM: a request in flight finishes with its
// whole answer while new connections are refused, and the process exits 0; a request that never completes is cut at
// SHUTDOWN_TIMEOUT_MS (exit 0, a line saying how many were cut); a bad configuration refuses the start (exit 1, every
// problem listed, nothing listens). On PostgreSQL the sync lock is released: a waiting process takes over at once.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '../../devnet/anvil.ts';
import { waitFor } from '../indexer-testing/verify.ts';
import { captureOutput, postInFlight, refused } from '../in-flight.ts';
import { BACKEND, freshStorage, type Storage } from './backend.ts';
import { tempDirs } from './temp-dirs.ts';

const CLI = join(import.meta.dirname, '..', '..', 'indexer', 'index.ts');
const { make: tempDir, removeAll: removeTempDirs } = tempDirs('indexer-shutdown-');

/** A CLI process: what it printed (both streams, line by line), its URL once it serves, its exit code. */
interface Cli {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  url: Promise<string>;
  exit: Promise<number | null>;
}

let anvil: AnvilHandle;
const started: Cli[] = [];

function startCli(env: Record<string, string>): Cli {
  const child = spawn(process.execPath, [CLI], {
    env: { PATH: process.env['PATH'] ?? '', RPC_URL: anvil.url, INDEXER_PORT: '0', SOLC_DOWNLOAD: '0', LOG_FORMAT: 'json', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let ready: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (ready = resolve));
  const output = captureOutput(child, (line) => {
    const m = /indexer: serving (http:\/\/\S+)/.exec(line);
    if (m) ready(m[1] as string);
  });
  const cli = { child, url, ...output };
  started.push(cli);
  return cli;
}

function storageEnv(storage: Storage): Record<string, string> {
  return { DATA_DIR: storage.dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}) };
}

const RPC_BODY = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });

/** A POST /proxy/rpc in flight (postInFlight): `finish` sends the rest of its body. */
function rpcPostInFlight(url: string): ReturnType<typeof postInFlight> {
  return postInFlight(url, '/proxy/rpc', RPC_BODY, { 'Content-Type': 'application/json' });
}

beforeAll(async () => {
  anvil = await startAnvil();
});

afterAll(async () => {
  for (const cli of started) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  await Promise.all(started.map((c) => c.exit));
  await anvil?.stop();
  removeTempDirs();
});

describe('the indexer CLI on SIGTERM', () => {
  it('finishes a request in flight with its whole answer, refuses new connections meanwhile, and exits 0', async () => {
    const cli = startCli(storageEnv(await freshStorage(tempDir())));
    const url = await cli.url;
    const post = await rpcPostInFlight(url);
    cli.child.kill('SIGTERM');
    await waitFor(async () => refused(url), 30_000, 'the indexer to stop accepting connections');
    post.finish();
    await post.answer.closed;
    expect(post.answer.text()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    const chainId = Number(await anvilChainId());
    expect(post.answer.text()).toContain(`"result":"0x${chainId.toString(16)}"`);
    expect(await cli.exit).toBe(0);
  });

  it('cuts a request that never completes at SHUTDOWN_TIMEOUT_MS, says so, and still exits 0', async () => {
    const cli = startCli({ ...storageEnv(await freshStorage(tempDir())), SHUTDOWN_TIMEOUT_MS: '300' });
    const post = await rpcPostInFlight(await cli.url);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    await post.answer.closed;
    expect(post.answer.text()).not.toContain('200 OK');
    expect(cli.lines.some((l) => l.includes('1 connection(s) still busy after 300 ms (SHUTDOWN_TIMEOUT_MS) were cut'))).toBe(true);
  });

  it('exits 1 at once on a second signal while draining', async () => {
    const cli = startCli(storageEnv(await freshStorage(tempDir())));
    await rpcPostInFlight(await cli.url);
    cli.child.kill('SIGTERM');
    await waitFor(() => cli.lines.some((l) => l.includes('SIGTERM: stopping')), 30_000, 'the indexer to start stopping');
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(1);
  });
});

describe('the indexer CLI with a bad configuration', () => {
  it('refuses to start, listing every problem, before it listens', async () => {
    const cli = startCli({ DATA_DIR: tempDir(), INDEXER_PORT: 'abc', LOG_LEVEL: 'loud', INDEXER_RATE_LIMIT: '5 a second' });
    expect(await cli.exit).toBe(1);
    expect(cli.lines).toEqual([
      'indexer: the configuration has 3 problems, not starting:',
      '  - INDEXER_PORT must be a port number (0-65535), got "abc"',
      "  - INDEXER_RATE_LIMIT: '5 a second' is not a rate limit: write {count}/{period}[,{burst}] such as 50/s,100 or 1/10s,5, or off",
      '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ]);
  });
});

describe('the next process on the same database', () => {
  // On PostgreSQL the second process waits for the sync lock beside the first; on SQLite it starts once the first has
  // closed its database. Either way it syncs as soon as the first has exited 0.
  it(`takes over the sync at once (${BACKEND}: ${BACKEND === 'postgres' ? 'the sync lock is released' : 'the database is closed'})`, async () => {
    const storage = await freshStorage(tempDir());
    const first = startCli(storageEnv(storage));
    await first.url;
    let second: Cli | null = null;
    if (BACKEND === 'postgres') {
      await waitFor(() => first.lines.some((l) => l.includes('this process syncs')), 60_000, 'the first process to take the sync lock');
      second = startCli(storageEnv(storage));
      await second.url;
      expect(second.lines.some((l) => l.includes('this process syncs'))).toBe(false);
    }
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    second ??= startCli(storageEnv(storage));
    const next = second;
    await next.url;
    if (BACKEND === 'postgres') await waitFor(() => next.lines.some((l) => l.includes('this process syncs')), 30_000, 'the second process to take the sync lock');
    const health = await waitFor(async () => {
      const body = (await (await fetch(`${await next.url}/health`)).json()) as { lastBlock?: number; syncing?: boolean };
      return typeof body.lastBlock === 'number' && body.lastBlock >= 0 ? body : null;
    }, 30_000, 'the second process to report the indexed head');
    expect(health.lastBlock).toBeGreaterThanOrEqual(0);
    next.child.kill('SIGTERM');
    expect(await next.exit).toBe(0);
  });
});

async function anvilChainId(): Promise<string> {
  const res = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: RPC_BODY });
  return ((await res.json()) as { result: string }).result;
}

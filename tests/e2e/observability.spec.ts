import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { announcedPort, startSite, waitForHttp, type RunningSite } from '../../scripts/site.ts';
import { rpc, scenario } from './fixtures.ts';
import { sample, samples } from '../prometheus-text.ts';

// Observability, on a site server and an indexer of this file's own (the stack's are shared with every other
// test, whose requests would move their counters): after a sync and some page requests, the /metrics of both servers
// show the named series with the values those requests make; a page whose indexer read fails, asked with a request
// id, leaves a line with that id in both logs, and no line of either log holds a secret of the run.

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = randomBytes(24).toString('base64url');
const SESSION_PROBE = randomBytes(16).toString('hex');

let indexer: { url: string; child: ChildProcess; output: string[]; exited: Promise<void> };
let site: RunningSite;
let dataDir: string;

/** Keeps a child's standard output, line by line. */
function keepLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line !== ''));
  });
  return lines;
}

/** The JSON log lines among a process's output (a line that is not JSON is kept out). */
function logLines(output: readonly string[]): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const text of output) {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object') lines.push(value as Record<string, unknown>);
    } catch {
      // Not a log line (a message printed before the logger existed).
    }
  }
  return lines;
}

async function scrape(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, `${base}/metrics with the token`).toBe(200);
  return res.text();
}

async function health(): Promise<{ lastBlock: number | null }> {
  return (await (await fetch(`${indexer.url}/health`)).json()) as { lastBlock: number | null };
}

/** /metrics answers 401 without the token and with another one. */
async function refusesWithoutToken(base: string): Promise<void> {
  for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }]) {
    const refused = await fetch(`${base}/metrics`, { headers });
    expect(refused.status, `${base}/metrics with ${JSON.stringify(Object.keys(headers))}`).toBe(401);
    await refused.arrayBuffer();
  }
}

/** Waits for the indexer to reach the chain's head as read now (other tests may add blocks meanwhile); that head. */
async function caughtUp(): Promise<number> {
  const head = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16);
  await expect.poll(async () => (await health()).lastBlock ?? -1, { timeout: 20_000 }).toBeGreaterThanOrEqual(head);
  return head;
}

test.beforeAll(async () => {
  const rpcUrl = process.env['E2E_RPC_URL'];
  if (!rpcUrl) throw new Error('E2E_RPC_URL is not set: the stack of the global setup did not start a devnet');
  dataDir = mkdtempSync(join(tmpdir(), 'sto-obs-indexer-'));
  // Port 0: the indexer says which port it got over the IPC channel (a port picked here could be taken meanwhile).
  const child = spawn(process.execPath, [join(root, 'indexer', 'index.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      RPC_URL: rpcUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      HOST: '127.0.0.1',
      INDEXER_PORT: '0',
      INDEXER_ADMIN_TOKEN: TOKEN,
      METRICS_TOKEN: undefined,
      INDEXER_METRICS_PORT: undefined,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      SOLC_DOWNLOAD: '0',
    },
  });
  const output = keepLines(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await announcedPort(child, () => `the indexer exited during start-up:\n${output.join('\n')}`);
  indexer = { url: `http://127.0.0.1:${port}`, child, output, exited };
  await waitForHttp(`${indexer.url}/health`);
  site = await startSite({ indexerUrl: indexer.url, capture: true, env: { INDEXER_ADMIN_TOKEN: TOKEN, METRICS_TOKEN: undefined, LOG_FORMAT: 'json', LOG_LEVEL: 'info' } });
});

test.afterAll(async () => {
  await site?.stop();
  if (indexer && indexer.child.exitCode === null && indexer.child.signalCode === null) {
    indexer.child.kill('SIGTERM');
    await Promise.race([indexer.exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (indexer.child.exitCode === null && indexer.child.signalCode === null) indexer.child.kill('SIGKILL');
    await indexer.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("the site's /metrics: the token, its requests by route template, the render cache and its indexer reads", async () => {
  await caughtUp();
  await refusesWithoutToken(site.url);

  // Block pages: three final blocks, then the first again (a final block's page is kept by the render cache).
  const final = scenario().busyBlock.number;
  const visits = [final, Math.max(1, final - 1), Math.max(1, final - 2), final];
  const cacheStates: (string | undefined)[] = [];
  const before = await scrape(site.url);
  for (const n of visits) {
    const res = await fetch(`${site.url}/blocks/${n}`);
    expect(res.status, `/blocks/${n}`).toBe(200);
    await res.arrayBuffer();
    cacheStates.push(res.headers.get('x-render-cache') ?? undefined);
  }
  // The repeat of a final block's page comes from memory.
  expect(cacheStates.at(-1)).toBe('hit');
  const siteText = await scrape(site.url);
  const blockRoute = { route: '/blocks/[n]', method: 'GET', status: '200' };
  expect(sample(siteText, 'explorer_site_http_requests_total', blockRoute)).toBe(visits.length);
  expect(sample(siteText, 'explorer_site_http_request_duration_seconds_count', blockRoute)).toBe(visits.length);
  // Every page request was looked up in the render cache once: hits are the answers that say so, the rest rendered.
  const hits = cacheStates.filter((state) => state === 'hit').length;
  const moved = (outcome: string): number =>
    (sample(siteText, 'explorer_site_render_cache_requests_total', { outcome }) ?? 0) - (sample(before, 'explorer_site_render_cache_requests_total', { outcome }) ?? 0);
  expect(moved('hit')).toBe(hits);
  expect(moved('miss')).toBe(visits.length - hits);
  const indexerOk = sample(siteText, 'explorer_site_indexer_requests_total', { outcome: 'ok' }) ?? 0;
  expect(indexerOk).toBeGreaterThan(0);
  expect(sample(siteText, 'explorer_site_indexer_request_duration_seconds_count')).toBeGreaterThanOrEqual(indexerOk);
  // The scrapes themselves, refused and answered.
  expect(sample(siteText, 'explorer_site_http_requests_total', { route: '/metrics', method: 'GET', status: '401' })).toBe(3);
  // Node's own process metrics, under the site's prefix.
  expect(siteText).toMatch(/^explorer_site_process_resident_memory_bytes \d/m);
  expect(siteText).toMatch(/^explorer_site_nodejs_eventloop_lag_seconds \d/m);
  // No raw path is a label: only route templates and the fixed names.
  for (const s of samples(siteText, 'explorer_site_http_requests_total')) expect(s.labels['route']).toMatch(/^(\/[^0-9]*|static|cached|unmatched)$/);
});

test("a failed indexer read through the site leaves one request id in both logs, and no secret in either", async () => {
  const password = process.env['E2E_ADMIN_PASSWORD'] ?? '';
  const user = process.env['E2E_ADMIN_USER'] ?? '';
  expect(password).not.toBe('');
  // A login through the site's form (the password and a session id then pass through it), then pages with cookies.
  const login = await fetch(`${site.url}/token-admin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'login', username: user, password }).toString(),
  });
  await login.arrayBuffer();
  const session = /session_id=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  expect(session, 'the login gives a session cookie').not.toBe('');

  const reqId = `e2e-${randomBytes(8).toString('hex')}`;
  const unknownTx = `0x${randomBytes(32).toString('hex')}`;
  const page = await fetch(`${site.url}/transactions/${unknownTx}`, {
    headers: { 'x-request-id': reqId, cookie: `theme_preference=dark; session_id=${session}; probe=${SESSION_PROBE}` },
  });
  expect(page.status).toBe(404);
  expect(page.headers.get('x-request-id')).toBe(reqId);
  await page.arrayBuffer();

  // The site's line of that request, and its warning of the failed read (the indexer's 404 for the hash).
  await expect
    .poll(() => logLines(site.output).some((l) => l['reqId'] === reqId && l['msg'] === 'request'), { timeout: 10_000 })
    .toBe(true);
  const siteLines = logLines(site.output).filter((l) => l['reqId'] === reqId);
  expect(siteLines).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'site', level: 'info', msg: 'request', route: '/transactions/[hash]', url: `/transactions/${unknownTx}`, status: 404 }),
      expect.objectContaining({ name: 'site', level: 'warn', indexerPath: `/transactions/${unknownTx}`, status: 404 }),
    ]),
  );
  // No secret of the run in any line of either process.
  const everything = [...site.output, ...indexer.output];
  expect(everything.length).toBeGreaterThan(0);
  for (const secret of [TOKEN, password, session, SESSION_PROBE, process.env['INDEXER_ADMIN_TOKEN'] ?? TOKEN]) {
    expect(everything.filter((line) => line.includes(secret))).toEqual([]);
  }
  // The indexer's line of the same read, under the same id.
  await expect
    .poll(() => logLines(indexer.output).filter((l) => l['reqId'] === reqId && l['msg'] === 'request').map((l) => [l['url'], l['status']]), { timeout: 10_000 })
    .toContainEqual([`/transactions/${unknownTx}`, 404]);
  // That read's own line: the page may make other reads under the same id first (the token logos' list, when the copy
  // the site holds is older than its 5 s), so the line is found by its path, not as the id's first.
  expect(logLines(indexer.output).find((l) => l['reqId'] === reqId && l['url'] === `/transactions/${unknownTx}`)).toMatchObject({ name: 'indexer', route: '/transactions/{hash}' });
});

test("the indexer's /metrics: the token, its head as /health says, and the block reads of the site's renders", async () => {
  const head = await caughtUp();
  await refusesWithoutToken(indexer.url);
  // Block pages the site renders (a query of their own: not in the render cache), each reading its block.
  const final = scenario().busyBlock.number;
  const rendered = [final, Math.max(1, final - 1)];
  for (const n of rendered) {
    const res = await fetch(`${site.url}/blocks/${n}?probe=${randomBytes(6).toString('hex')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-render-cache')).not.toBe('hit');
    await res.arrayBuffer();
  }
  const indexerText = await scrape(indexer.url);
  const lastBlock = (await health()).lastBlock ?? -1;
  const indexedHead = sample(indexerText, 'explorer_indexer_indexed_head_block') ?? -1;
  expect(indexedHead).toBeGreaterThanOrEqual(head);
  expect(indexedHead).toBeLessThanOrEqual(lastBlock);
  expect(sample(indexerText, 'explorer_indexer_chain_head_block') ?? -1).toBeGreaterThanOrEqual(head);
  expect(sample(indexerText, 'explorer_indexer_lag_blocks')).toBeGreaterThanOrEqual(0);
  expect(sample(indexerText, 'explorer_indexer_blocks_indexed_total') ?? 0).toBeGreaterThan(0);
  // Each block page the site rendered read its block (a page answered from memory asks nothing).
  const blockReads = samples(indexerText, 'explorer_indexer_http_requests_total')
    .filter((s) => s.labels['route'] === '/blocks/{number}' && s.labels['method'] === 'GET')
    .reduce((sum, s) => sum + s.value, 0);
  expect(blockReads).toBeGreaterThanOrEqual(rendered.length);
  expect(samples(indexerText, 'explorer_indexer_rpc_requests_total').length).toBeGreaterThan(0);
  expect(indexerText).toMatch(/^explorer_indexer_process_resident_memory_bytes \d/m);
});

// The site server (src/lib/server/site-server.ts, the built site in dist/) on SIGTERM, in a process of its own against
// this run's indexer: a form POST in flight (the theme form, its body sent in two parts) gets its whole answer while
// new connections are refused, and the process exits 0; a request that never completes is cut at SHUTDOWN_TIMEOUT_MS
// (exit 0, a line saying so); a bad configuration refuses the start (exit 1, every problem listed) before it listens.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { announcedPort, freePort, SITE_SERVER, waitForHttp } from '../../scripts/site.ts';
import { captureOutput, postInFlight, refused } from '../in-flight.ts';
import { indexerUrl } from './fixtures.ts';

interface SiteProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  port: number;
  exit: Promise<number | null>;
}

const started: SiteProcess[] = [];

test.afterAll(async () => {
  for (const site of started) if (site.child.exitCode === null) site.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exit));
});

/**
 * A site server process. One that is to serve listens on the port the system gives it (PORT=0, said over the IPC
 * channel: a port picked first could be taken by another process before the server binds it); one that must refuse to
 * start is given a picked port, so that the test can check nothing listens there.
 */
async function startSiteProcess(env: Record<string, string> = {}, serves = true): Promise<SiteProcess> {
  const picked = serves ? 0 : await freePort();
  const child = spawn(process.execPath, [SITE_SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(picked), INDEXER_URL: indexerUrl(), PUBLIC_INDEXER_URL: indexerUrl(), ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  }) as ChildProcessWithoutNullStreams;
  const output = captureOutput(child);
  const port = serves ? await announcedPort(child, (code) => `the site server exited (${code}) before listening: ${output.lines.join(' | ')}`) : picked;
  const site = { child, port, ...output };
  started.push(site);
  return site;
}

const FORM = 'theme=dark&return=%2Fblocks';

/** The theme form's POST in flight (postInFlight): `finish` sends the rest of its body. */
function themePostInFlight(port: number): ReturnType<typeof postInFlight> {
  const origin = `http://127.0.0.1:${port}`;
  return postInFlight(origin, '/theme', FORM, { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' });
}

const refusedPort = (port: number): Promise<boolean> => refused(`http://127.0.0.1:${port}`);

test.describe('the site server on SIGTERM', () => {
  test('finishes a form POST in flight with its whole answer, refuses new connections meanwhile, and exits 0', async () => {
    const site = await startSiteProcess();
    await waitForHttp(`http://127.0.0.1:${site.port}/`);
    const post = await themePostInFlight(site.port);
    site.child.kill('SIGTERM');
    await expect.poll(() => refusedPort(site.port)).toBe(true);
    post.finish();
    await post.answer.closed;
    const text = post.answer.text();
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 303 See Other\r\n/);
    expect(text).toMatch(/\r\nlocation: \/blocks\r\n/i);
    expect(text).toMatch(/\r\nset-cookie: theme_preference=dark;/i);
    expect(await site.exit).toBe(0);
  });

  test('cuts a request that never completes at SHUTDOWN_TIMEOUT_MS, says so, and still exits 0', async () => {
    const site = await startSiteProcess({ SHUTDOWN_TIMEOUT_MS: '300' });
    await waitForHttp(`http://127.0.0.1:${site.port}/`);
    const post = await themePostInFlight(site.port);
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
    await post.answer.closed;
    expect(post.answer.text()).not.toContain('303');
    // A warning of the site's logger (JSON lines: the output is not a terminal).
    const warnings = site.lines.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { level?: string; msg?: string; cut?: number }] : []));
    expect(warnings).toContainEqual(expect.objectContaining({ level: 'warn', cut: 1, msg: 'site: 1 connection(s) still busy after 300 ms (SHUTDOWN_TIMEOUT_MS) were cut' }));
  });
});

test('the site server refuses a bad configuration before it listens, listing every problem', async () => {
  const site = await startSiteProcess({ SHUTDOWN_TIMEOUT_MS: 'soon', INDEXER_URL: 'indexer:3300' }, false);
  expect(await site.exit).toBe(1);
  expect(site.lines).toEqual([
    'site: the configuration has 2 problems, not starting:',
    '  - INDEXER_URL must be an http:// or https:// URL, got "indexer:3300"',
    '  - SHUTDOWN_TIMEOUT_MS must be a whole number from 100 to 600000, got "soon"',
  ]);
  expect(await refusedPort(site.port)).toBe(true);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { readComposeFile, serviceEnvironment, type ComposeFile } from '../compose-file.ts';
import { startPostgres } from '../indexer-testing/postgres.ts';
// The services name each other's addresses, so their ports are picked before any of them starts.
import { freePort } from '../../scripts/site.ts';
import { errorMessage } from '../../common/errors.ts';

// compose.yaml's processes started as Compose starts them, where no container runtime runs. Each explorer
// service runs the image's entry point (node) with its command from the file, in the image's working directory (the
// repository, with the built dist/), with the image's ENV and the service's environment after interpolation from an
// operator's environment; service hostnames become 127.0.0.1 and their ports free ones. PostgreSQL is a throw-away
// cluster given the user and database the official image makes from its variables; nginx runs deploy/nginx.conf with
// its upstream hosts, listen port, pid and log paths rewritten. Then everything is read through the proxy.

const root = fileURLToPath(new URL('../..', import.meta.url));
const EXPLORER = ['indexer-sync', 'indexer-api', 'site-1', 'site-2'] as const;

/** The runtime stage's ENV of the Dockerfile (what every container starts with). */
function imageEnv(): Record<string, string> {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[m[1] ?? ''] = m[2] ?? '';
  }
  return env;
}

/** A started process with its output kept for the failure message. */
interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function run(name: string, cmd: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, output, exited };
}

/** Sends SIGTERM and waits for the exit (SIGKILL after 15 s: the exit code is not asserted yet, see the brief of "run"). */
async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const killed = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(killed);
}

interface Stack {
  compose: ComposeFile;
  /** service name -> its loopback port. */
  ports: Map<string, number>;
  proxy: string;
  procs: Proc[];
  accessLog: string;
  stop(): Promise<void>;
}

let stack: Stack | null = null;

/** Polls a URL until it answers 200 (or the process behind it exits, or the deadline passes). */
async function until200(url: string, proc: Proc | null, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited ${proc.child.exitCode}:\n${proc.output.join('').slice(-3000)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (err) {
      last = errorMessage(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered 200 (last: ${last})${proc ? `\n${proc.name}:\n${proc.output.join('').slice(-3000)}` : ''}`);
}

async function startComposeStack(rpcUrl: string): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'compose-e2e-'));
  const procs: Proc[] = [];
  const postgres = await startPostgres();
  const stopAll = async (): Promise<void> => {
    await Promise.all([...procs].reverse().map(stop));
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const proxyPort = await freePort();
    // The operator's environment: what compose.yaml requires, and the published address.
    const operator = {
      RPC_URL: rpcUrl,
      POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
      INDEXER_ADMIN_TOKEN: randomBytes(32).toString('base64url'),
      ASTRO_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      PROXY_PORT: String(proxyPort),
    };
    const compose = readComposeFile(join(root, 'compose.yaml'), operator);
    const service = (name: string) => {
      const s = compose.services[name];
      if (!s) throw new Error(`compose.yaml has no service ${name}`);
      return s;
    };
    const image = imageEnv();

    // Hostname:port inside the compose network -> 127.0.0.1:free port here.
    const ports = new Map<string, number>();
    const hosts = new Map<string, string>();
    const pgUrl = new URL(postgres.url);
    ports.set('postgres', Number(pgUrl.port));
    hosts.set('postgres:5432', `127.0.0.1:${pgUrl.port}`);
    for (const name of EXPLORER) {
      const env = { ...image, ...serviceEnvironment(service(name)) };
      const inside = name.startsWith('site') ? env['PORT'] : env['INDEXER_PORT'];
      const port = await freePort();
      ports.set(name, port);
      hosts.set(`${name}:${inside}`, `127.0.0.1:${port}`);
    }
    const local = (value: string): string => [...hosts].reduce((v, [from, to]) => v.replaceAll(from, to), value);

    // PostgreSQL: the official image makes POSTGRES_USER with POSTGRES_PASSWORD and POSTGRES_DB owned by it.
    const pgEnv = serviceEnvironment(service('postgres'));
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${pgEnv['POSTGRES_USER']} LOGIN PASSWORD '${pgEnv['POSTGRES_PASSWORD']}'`);
      await admin.query(`CREATE DATABASE ${pgEnv['POSTGRES_DB']} OWNER ${pgEnv['POSTGRES_USER']}`);
    } finally {
      await admin.end();
    }

    const start = (name: (typeof EXPLORER)[number]): Proc => {
      const s = service(name);
      const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
      for (const [k, v] of Object.entries({ ...image, ...serviceEnvironment(s) })) env[k] = local(v);
      // Loopback instead of every interface, the free port instead of the container's, a folder for the volume.
      env['HOST'] = '127.0.0.1';
      env[name.startsWith('site') ? 'PORT' : 'INDEXER_PORT'] = String(ports.get(name));
      if (env['DATA_DIR']) env['DATA_DIR'] = join(dir, name);
      // The image's ENTRYPOINT ["node"] with the service's command.
      const proc = run(name, process.execPath, s.command ?? [], env);
      procs.push(proc);
      return proc;
    };
    const base = (name: string): string => `http://127.0.0.1:${ports.get(name)}`;

    // depends_on: the syncing indexer once PostgreSQL is up, the others once it is healthy.
    const sync = start('indexer-sync');
    await until200(`${base('indexer-sync')}/readyz`, sync);
    const others = (['indexer-api', 'site-1', 'site-2'] as const).map((name) => ({ name, proc: start(name) }));

    // nginx with deploy/nginx.conf as the proxy service mounts it.
    const mounted = (service('proxy').volumes ?? []).find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'))?.split(':')[0] ?? '';
    const inside = (service('proxy').ports ?? [])[0]?.split(':').at(-1) ?? '80';
    const accessLog = join(dir, 'access.log');
    for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub));
    const conf = local(readFileSync(join(root, mounted), 'utf8'))
      .replace(new RegExp(`listen ${inside};`), `listen 127.0.0.1:${proxyPort};`)
      .replace(/^pid .*;$/m, `pid ${join(dir, 'nginx.pid')};`)
      .replace(/^error_log \S+/m, `error_log ${join(dir, 'error.log')}`)
      .replace(/access_log \/dev\/stdout/, `access_log ${accessLog}`)
      .replace(/^http \{$/m, `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, 'temp', t)};`).join('\n')}`);
    // As root, nginx's workers would switch to nobody, who cannot enter this folder; the current user runs them all.
    const confFile = join(dir, 'nginx.conf');
    writeFileSync(confFile, process.getuid?.() === 0 ? `user root;\n${conf}` : conf);
    chmodSync(dir, 0o755);
    const nginx = run('proxy', 'nginx', ['-p', dir, '-c', confFile, '-g', 'daemon off;'], { PATH: `${process.env['PATH'] ?? ''}:/usr/sbin` });
    procs.push(nginx);

    for (const { name, proc } of others) await until200(`${base(name)}/readyz`, proc);
    const proxy = `http://127.0.0.1:${proxyPort}`;
    await until200(`${proxy}/livez`, nginx);
    return { compose, ports, proxy, procs, accessLog, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

test.describe('compose.yaml, started as Compose starts it', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const rpcUrl = process.env['E2E_RPC_URL'];
    if (!rpcUrl) throw new Error('E2E_RPC_URL is not set: the global setup starts the devnet');
    stack = await startComposeStack(rpcUrl);
  });

  test.afterAll(async () => {
    await stack?.stop();
    stack = null;
  });

  const the = (): Stack => {
    if (!stack) throw new Error('the stack did not start');
    return stack;
  };

  test('every service is ready, directly and through the proxy', async () => {
    const s = the();
    for (const name of EXPLORER) {
      const res = await fetch(`http://127.0.0.1:${s.ports.get(name)}/readyz`);
      expect(res.status, name).toBe(200);
    }
    expect((await fetch(`${s.proxy}/readyz`)).status).toBe(200);
    const indexer = await fetch(`${s.proxy}/indexer/readyz`);
    expect(indexer.status).toBe(200);
    expect(await indexer.json()).toMatchObject({ status: expect.any(String) });
  });

  test('a block page renders with the data the API indexer serves, through the proxy', async () => {
    const s = the();
    // The API-only indexer reads what the syncing one wrote; block 1 is there once the sync passed it.
    await expect
      .poll(async () => ((await (await fetch(`${s.proxy}/indexer/health`)).json()) as { lastBlock: number | null }).lastBlock ?? -1, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const block = (await (await fetch(`${s.proxy}/indexer/blocks/1`)).json()) as { hash: string; number: number };
    expect(block.number).toBe(1);
    const page = await fetch(`${s.proxy}/blocks/1`, { headers: { 'x-request-id': 'compose-e2e-block-1' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(block.hash);
    // The browser's indexer address is the proxy's /indexer path (PUBLIC_INDEXER_URL).
    expect(html).toContain(`${s.proxy}/indexer`);
    expect(readFileSync(s.accessLog, 'utf8')).toMatch(/"GET \/blocks\/1 HTTP\/1\.1" 200 .* reqid=compose-e2e-block-1$/m);
  });

  test('the proxy balances over both site instances', async () => {
    const s = the();
    for (let i = 0; i < 6; i++) expect((await fetch(`${s.proxy}/livez`)).status).toBe(200);
    const upstreams = new Set([...readFileSync(s.accessLog, 'utf8').matchAll(/"GET \/livez HTTP\/1\.1" 200 .* upstream=(\S+)/g)].map((m) => m[1]));
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${s.ports.get('site-1')}`, `127.0.0.1:${s.ports.get('site-2')}`].sort());
  });

  test('the indexer API answers through the proxy with a request id of its own when none is sent', async () => {
    const s = the();
    const res = await fetch(`${s.proxy}/indexer/blocks?limit=1`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as unknown[];
    expect(Array.isArray(list) ? list.length : Object.keys(list).length).toBeGreaterThan(0);
    const line = readFileSync(s.accessLog, 'utf8').split('\n').find((l) => l.includes('"GET /indexer/blocks?limit=1 '));
    expect(line).toMatch(new RegExp(`upstream=127\\.0\\.0\\.1:${s.ports.get('indexer-api')} .*reqid=[0-9a-f]{32}$`));
  });

  test('the event stream passes through the proxy as it is written', async () => {
    const s = the();
    const controller = new AbortController();
    try {
      const res = await fetch(`${s.proxy}/indexer/events`, { signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      const decoder = new TextDecoder();
      let text = '';
      // The first frame (retry:) comes at once, a block's events with the next block the sync indexes.
      while (!/^event: /m.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(/^retry: \d+/);
      expect(text).toMatch(/^event: \S+\ndata: \{/m);
    } finally {
      controller.abort();
    }
  });
});

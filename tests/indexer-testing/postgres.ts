// A throw-away PostgreSQL cluster for tests: initdb in a fresh temporary folder, started on a free local port
// with durability off, removed by stop(). initdb and postgres refuse to run as root, so as root the binaries run
// through runuser as the `postgres` system user (else `nobody`), which owns the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { errorMessage } from '../../common/errors.ts';

/** Where the binaries are and whom they run as. */
interface Install {
  bin: string;
  user: { name: string; uid: number; gid: number } | null;
}

/** The folder holding initdb and pg_ctl: on PATH, else the highest /usr/lib/postgresql/<version>/bin. */
function findBin(): string | null {
  const hasBoth = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  const onPath = (process.env['PATH'] ?? '').split(delimiter).find((dir) => dir !== '' && hasBoth(dir));
  if (onPath !== undefined) return onPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find(hasBoth) ?? null;
}

/** The uid and gid of a system user, or null when there is none. */
function systemUser(name: string): Install['user'] {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The binaries and, when running as root, the non-root user to run them as; null when either is missing. */
function install(): Install | null {
  const bin = findBin();
  if (bin === null) return null;
  if (process.getuid?.() !== 0) return { bin, user: null };
  if (spawnSync('runuser', ['--help']).error !== undefined) return null;
  const user = systemUser('postgres') ?? systemUser('nobody');
  return user === null ? null : { bin, user };
}

/** Whether startPostgres can work here: the binaries exist (and, as root, runuser and a user to run them as). */
export function postgresInstalled(): boolean {
  return install() !== null;
}

/** Runs a PostgreSQL binary, as the install's user if any; throws with its output when it fails. */
function runBin(inst: Install, cwd: string, tool: string, args: string[]): void {
  const exe = join(inst.bin, tool);
  const [cmd, argv] = inst.user === null ? [exe, args] : ['runuser', ['-u', inst.user.name, '--', exe, ...args]];
  execFileSync(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Clusters started and not yet stopped, stopped when the process exits so none outlives it. */
const running = new Set<() => void>();
process.once('exit', () => {
  for (const stop of running) stop();
});

/** Starts a fresh PostgreSQL cluster with an empty database `test`; stop() kills it and deletes its files. */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const inst = install();
  if (inst === null) throw new Error('PostgreSQL is not installed (no initdb/pg_ctl), or no postgres user to run it as root');
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  if (inst.user !== null) chownSync(dir, inst.user.uid, inst.user.gid);
  const kill = () => {
    running.delete(kill);
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        runBin(inst, dir, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // Not running after all: nothing to stop.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  running.add(kill);
  try {
    runBin(inst, dir, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    const port = await freePort();
    // Tests trade durability for speed; a benchmark keeps PostgreSQL's defaults (fsync on, synchronous commits).
    const fast = opts.durable === true ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const options = `-p ${port} -k '${dir}' -c listen_addresses=127.0.0.1${fast}`;
    runBin(inst, dir, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE test');
    } finally {
      await admin.end();
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/test`,
      stop: () => Promise.try(kill),
    };
  } catch (err) {
    // The server's log says why it did not start; read it before the folder goes.
    const log = join(dir, 'log');
    const detail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    kill();
    throw detail === '' ? err : new Error(`${errorMessage(err)}\n${detail}`, { cause: err });
  }
}

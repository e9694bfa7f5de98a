import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface AnvilOptions {
  port?: number;
  host?: string;
  timestamp?: number;
  chainId?: number;
  silent?: boolean;
}

export interface AnvilHandle {
  url: string;
  port: number;
  chainId: number;
  /** Process id of the anvil binary (setpriv execs it, so this is anvil itself). */
  pid: number;
  /** The home folder anvil runs with, where it keeps older blocks' states; removed when it exits. */
  home: string;
  stop(): Promise<void>;
}

/** Seconds the default genesis lies in the past: 30 days plus an hour of slack for the scenario. */
export const GENESIS_AGE_SECONDS = 30 * 86_400 + 3_600;

const require = createRequire(import.meta.url);
const SETPRIV_PATHS = ['/usr/bin/setpriv', '/bin/setpriv'];
/** Running anvils, with the home folder each was given (see startAnvil). */
const live = new Map<ChildProcess, string>();
let handlersInstalled = false;

/** Absolute path of the anvil binary shipped by @foundry-rs/anvil-linux-amd64. */
export function anvilBinary(): string {
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
}

function killAll(signal: NodeJS.Signals): void {
  for (const child of live.keys()) {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Removes an anvil's home folder (its state files); never throws. */
function removeHome(home: string): void {
  try {
    rmSync(home, { recursive: true, force: true });
  } catch {
    // Still written by an anvil that has not died yet: the system's temporary folder is cleaned in the end.
  }
}

function onSignal(signal: NodeJS.Signals): void {
  // Another listener means the application shuts down itself (and calls stop()); the 'exit' handler is the backstop.
  if (process.listenerCount(signal) > 1) return;
  killAll('SIGKILL');
  // Our listener disabled Node's default exit on this signal: remove it and re-raise.
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    killAll('SIGKILL');
    for (const home of live.values()) removeHome(home);
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
}

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as { error?: { message?: string } };
  if (body.error) throw new Error(`anvil ${method}: ${body.error.message ?? 'failed'}`);
}

/**
 * Starts anvil on loopback (free port by default, genesis 30 days back, base fee 0, chain id 31337) and resolves
 * once its RPC answers; stop() ends it and waits for it to exit. Its log is dropped, and stopped once it has told its port,
 * unless `silent: false`.
 */
export async function startAnvil(opts: AnvilOptions = {}): Promise<AnvilHandle> {
  const host = opts.host ?? '127.0.0.1';
  const chainId = opts.chainId ?? 31337;
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000) - GENESIS_AGE_SECONDS;
  const args = [
    '--host', host,
    '--port', String(opts.port ?? 0),
    '--chain-id', String(chainId),
    '--timestamp', String(timestamp),
    // Base fee 0 admits zero-gas-price transactions; the scenario sets every other fee explicitly.
    '--base-fee', '0',
    '--gas-price', '0',
    '--color', 'never',
  ];
  // setpriv's --pdeathsig makes the kernel kill anvil if this process dies without running its exit handlers (SIGKILL, crash).
  const setpriv = SETPRIV_PATHS.find((p) => existsSync(p));
  const [command, commandArgs] = setpriv
    ? [setpriv, ['--pdeathsig', 'SIGKILL', '--', anvilBinary(), ...args]]
    : [anvilBinary(), args];
  // Anvil keeps the states of older blocks in files under ~/.foundry/anvil/tmp and leaves them there when it is killed:
  // 7 GB for the indexer bench's 20,000 blocks, run after run, until the disk was full. Each anvil gets a home folder
  // of its own, removed when it exits.
  const home = mkdtempSync(join(tmpdir(), 'sto-anvil-'));
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: home } });
  installExitHandlers();
  live.set(child, home);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      live.delete(child);
      removeHome(home);
      resolve();
    });
  });

  const recent: string[] = [];
  const listening = new Promise<{ host: string; port: number }>((resolve, reject) => {
    let buffered = '';
    const onLine = (line: string): void => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (opts.silent === false) process.stdout.write(`[anvil] ${line}\n`);
      const m = /Listening on (\S+):(\d+)/.exec(line);
      if (m?.[1] && m[2]) resolve({ host: m[1], port: Number(m[2]) });
    };
    // Always drain the pipes: anvil logs every call and blocks once a full pipe is left unread.
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`anvil exited before listening (code ${code}, signal ${signal}):\n${recent.join('\n')}`)),
    );
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const where = await listening;
    const url = `http://${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}`;
    const deadline = Date.now() + 20_000;
    while (!(await rpcAnswers(url))) {
      if (Date.now() > deadline) throw new Error(`anvil at ${url} did not answer within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // A silent anvil stops logging once it has told its port: it writes a line for every call otherwise, which costs
    // it CPU and this process more (reading the pipe: about 3 % of the indexer's own CPU during a catch-up).
    if (opts.silent !== false) await rpcCall(url, 'anvil_setLoggingEnabled', [false]);
    return { url, port: where.port, chainId, pid: child.pid ?? -1, home, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

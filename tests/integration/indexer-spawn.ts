// An indexer in a process of its own (tests/integration/indexer-process.ts), for the tests that kill one or run several
// on one database: what it printed is kept line by line, and `url` rejects if it exits before serving.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { IndexerOptions } from '../../indexer/src/main.ts';

/** A started indexer process and what it said. */
export interface IndexerProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  url: Promise<string>;
  exited: Promise<void>;
  /**
   * The first line (said already, or later) that `test` accepts; rejects if the process exits before saying one. No
   * polling: it is checked as each line arrives.
   */
  said(test: (line: string) => boolean, what: string): Promise<string>;
  /** Starts a process spawned with `standby`, with these options added. */
  go(more?: Partial<IndexerOptions> & ProcessOptions): void;
}

/** Options of the process beside startIndexer's (indexer-process.ts). */
export interface ProcessOptions {
  /** Stops the process (SIGSTOP) once it has committed this block, after it says `paused <block>`. */
  pauseAt?: number;
  /** Says `committed <block>` after each committed batch. */
  reportCommits?: boolean;
  /**
   * Loads its modules, says `standing by` and starts only at go(): spawned ahead of its turn, a restart then begins
   * with its start-up half done.
   */
  standby?: boolean;
}

/**
 * Where the processes keep their compiled modules (Node's module compile cache, in Node's own default folder unless
 * NODE_COMPILE_CACHE names another; entries are checked against each file's content): a restart then skips most of
 * the TypeScript stripping and compiling, about half of the CPU its start-up takes.
 */
const COMPILE_CACHE = process.env['NODE_COMPILE_CACHE'] ?? join(tmpdir(), 'node-compile-cache');

/** Starts an indexer process with these startIndexer options; it is added to `started` (for the tests' clean-up). */
export function spawnIndexerProcess(opts: Partial<IndexerOptions> & ProcessOptions, started: IndexerProcess[]): IndexerProcess {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'indexer-process.ts'), JSON.stringify(opts)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE },
  });
  const lines: string[] = [];
  const waiters = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void; reject: (err: Error) => void }>();
  let ready: (url: string) => void = () => {};
  let failed: (err: Error) => void = () => {};
  const url = new Promise<string>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  url.catch(() => undefined);
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('ready ')) ready(line.slice(6));
    for (const w of waiters) {
      if (!w.test(line)) continue;
      waiters.delete(w);
      w.resolve(line);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => lines.push(`stderr ${chunk.toString()}`));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failed(new Error(`the indexer process exited (code ${code}, signal ${signal}) before serving: ${lines.slice(-8).join(' | ')}`));
      resolve();
    }),
  );
  // Once its output has ended (after it exited, every line it wrote has been read): no line comes any more.
  let gone = false;
  child.once('close', (code, signal) => {
    gone = true;
    for (const w of waiters) w.reject(new Error(`the indexer process exited (code ${code}, signal ${signal}): ${lines.slice(-8).join(' | ')}`));
    waiters.clear();
  });
  const said = (test: (line: string) => boolean, what: string): Promise<string> => {
    const line = lines.find(test);
    if (line !== undefined) return Promise.resolve(line);
    if (gone) return Promise.reject(new Error(`the indexer process exited before ${what}: ${lines.slice(-8).join(' | ')}`));
    return new Promise((resolve, reject) => waiters.add({ test, resolve, reject: (err) => reject(new Error(`waiting for ${what}: ${err.message}`)) }));
  };
  const go = (more: Partial<IndexerOptions> & ProcessOptions = {}): void => {
    child.stdin.write(`${JSON.stringify(more)}\n`);
  };
  const proc = { child, lines, url, exited, said, go };
  started.push(proc);
  return proc;
}

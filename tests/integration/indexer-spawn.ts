// An indexer in a process of its own (tests/integration/indexer-process.ts), for the tests that kill one or run several
// on one database: what it printed is kept line by line, and `url` rejects if it exits before serving.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { IndexerOptions } from '../../indexer/src/main.ts';

/** A started indexer process and what it said. */
export interface IndexerProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  url: Promise<string>;
  exited: Promise<void>;
}

/**
 * Starts an indexer process with these startIndexer options; it is added to `started` (for the tests' clean-up).
 * `pauseAt` stops the process (SIGSTOP) once it has committed that block, after it says `paused <block>`.
 */
export function spawnIndexerProcess(opts: Partial<IndexerOptions> & { pauseAt?: number }, started: IndexerProcess[]): IndexerProcess {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'indexer-process.ts'), JSON.stringify(opts)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
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
  });
  child.stderr.on('data', (chunk: Buffer) => lines.push(`stderr ${chunk.toString()}`));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failed(new Error(`the indexer process exited (code ${code}, signal ${signal}) before serving: ${lines.slice(-8).join(' | ')}`));
      resolve();
    }),
  );
  const proc = { child, lines, url, exited };
  started.push(proc);
  return proc;
}

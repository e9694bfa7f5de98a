// An indexer in a process of its own, for tests that kill one (the waiting process takes over the sync).
// argv[2] is a JSON object of startIndexer options. Writes one line per event on stdout: `ready <url>` once it
// serves, `syncing` once it holds the sync lock, and `log <line>` for its log. Exits when its parent is gone.
// With `pauseAt: N` beside the options, the process stops itself (SIGSTOP) as soon as a batch ending at block N or
// later has committed, after saying `paused <block>`: a kill then lands mid-sync however fast the sync runs.
// With `reportCommits: true`, it says `committed <block>` once each batch has committed (when /health reports it), so
// a test can wait for a block without polling. With `standby: true`, it loads its modules, says `standing by` and
// waits for a line on stdin, a JSON object of more options, before it starts: a restart spawned ahead of its turn.
import { flushCompileCache } from 'node:module';
import { createInterface } from 'node:readline';
import { startIndexer, type IndexerOptions } from '../../indexer/src/main.ts';

type Options = IndexerOptions & { pauseAt?: number; reportCommits?: boolean; standby?: boolean };
const given = JSON.parse(process.argv[2] ?? '{}') as Options;
const say = (line: string) => process.stdout.write(`${line}\n`);
const { pauseAt, reportCommits, standby, ...opts } = { ...given, ...(given.standby === true ? await standBy() : {}) };
// Not an indexer option: said above.
void standby;

/** Waits for the go: the first line on stdin, options to add. */
async function standBy(): Promise<Partial<Options>> {
  say('standing by');
  const input = createInterface({ input: process.stdin });
  const line = await new Promise<string>((resolve) => input.once('line', resolve));
  input.close();
  return JSON.parse(line) as Partial<Options>;
}
const onCommit = (last: number) => {
  // stdout is a pipe: written synchronously on Linux, so the line is out before anything after it happens.
  if (reportCommits === true) say(`committed ${last}`);
  if (pauseAt === undefined || last < pauseAt) return;
  say(`paused ${last}`);
  process.kill(process.pid, 'SIGSTOP');
};
const indexer = await startIndexer({
  ...opts,
  sync: { ...opts.sync, onCommit },
  log: (line) => say(`log ${line}`),
  progress: false,
  metadata: false,
  verify: { download: false },
});
// The spawner sets NODE_COMPILE_CACHE: the modules' compiled code is written now, since a process that is killed never
// writes it at exit (a no-op without the cache).
flushCompileCache();
say(`ready ${indexer.url}`);
void indexer.syncing().then(() => say('syncing'));

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 500).unref();
process.on('SIGTERM', () => void indexer.stop().then(() => process.exit(0)));
// Keeps the process alive while it waits for the lock (the pool's sockets alone may be unreferenced).
setInterval(() => {}, 60_000);

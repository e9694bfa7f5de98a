// An indexer in a process of its own, for tests that kill one (the waiting process takes over the sync).
// argv[2] is a JSON object of startIndexer options. Writes one line per event on stdout: `ready <url>` once it
// serves, `syncing` once it holds the sync lock, and `log <line>` for its log. Exits when its parent is gone.
// With `pauseAt: N` beside the options, the process stops itself (SIGSTOP) as soon as a batch ending at block N or
// later has committed, after saying `paused <block>`: a kill then lands mid-sync however fast the sync runs.
import { startIndexer, type IndexerOptions } from '../../indexer/src/main.ts';

const { pauseAt, ...opts } = JSON.parse(process.argv[2] ?? '{}') as IndexerOptions & { pauseAt?: number };
const say = (line: string) => process.stdout.write(`${line}\n`);
const onCommit = (last: number) => {
  if (pauseAt === undefined || last < pauseAt) return;
  // stdout is a pipe: written synchronously on Linux, so the line is out before the process stops.
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
say(`ready ${indexer.url}`);
void indexer.syncing().then(() => say('syncing'));

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 500).unref();
process.on('SIGTERM', () => void indexer.stop().then(() => process.exit(0)));
// Keeps the process alive while it waits for the lock (the pool's sockets alone may be unreferenced).
setInterval(() => {}, 60_000);

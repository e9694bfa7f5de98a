// The indexer of `npm run bench stream`, in a process of its own so that its memory and CPU are its own: started with
// argv[2]'s settings ({rpcUrl, dataDir}), it says `ready` over IPC once caught up, reports each block's emission (when
// the hub was told the block was stored), and answers `usage` with its memory (after a full collection: run it with
// --expose-gc), its CPU time and its streams' figures.
import { startIndexer } from '../indexer/src/main.ts';

const { rpcUrl, dataDir } = JSON.parse(process.argv[2] ?? '{}') as { rpcUrl: string; dataDir: string };
const send = (message: unknown): void => void process.send?.(message);
const indexer = await startIndexer({
  rpcUrl,
  dataDir,
  port: 0,
  log: () => {},
  progress: false,
  metadata: false,
  traceInternal: false,
  verify: { download: false },
  streams: { onEmit: (block, signalledAt) => send({ type: 'emit', block, signalledAt, writtenAt: performance.timeOrigin + performance.now() }) },
});
await indexer.caughtUp();
send({ type: 'ready', url: indexer.url });

process.on('message', (message: { type: string }) => {
  if (message.type === 'usage') {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    send({ type: 'usage', rss: memory.rss, heap: memory.heapUsed, cpu: process.cpuUsage(), streams: indexer.streams() });
  }
  if (message.type === 'stop') void indexer.stop().then(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));

// Event stream benchmark: BENCH_STREAMS (default 2,000) concurrent GET /events streams on loopback for
// BENCH_SECONDS (default 60) while the devnet mines a block with a transaction every second. Prints whether every
// stream received every block, the delay from the block being stored (the moment the syncer told the stream hub) to
// its delivery to a stream (median and p99 over every stream and block), the indexer's resident memory and heap per
// 1,000 streams (after a full collection, idle, against the same process without streams), its CPU per 1,000
// streams (against a spell of mining without streams), and the errors (refused or broken streams, missed blocks),
// which must be 0. Run with `npm run bench stream`.
//
// The indexer (SQLite) runs in a child process (bench/stream-indexer.ts), so that its memory and CPU are its own; the
// readers run in this process, each on a socket of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '../devnet/anvil.ts';
import { RpcClient } from '../indexer/src/chain/rpc.ts';
import { SseReader } from '../tests/indexer-testing/sse.ts';
import { waitFor } from '../tests/indexer-testing/verify.ts';

/** Settings of a run. */
export interface StreamBenchOptions {
  streams?: number;
  seconds?: number;
  log?: (line: string) => void;
}

/** What a run measured. */
export interface StreamBenchResult {
  streams: number;
  blocks: number;
  /** Streams that received the `block` event of every block mined while they were open. */
  complete: number;
  delayMs: { p50: number; p99: number; max: number };
  /** Of which the hub's reads and writes (told → every stream written), per block. */
  hubMs: { p50: number; max: number };
  perThousand: { rssMB: number; heapMB: number; cpuPercent: number };
  cpuPercent: { without: number; with: number };
  errors: number;
}

interface Usage {
  rss: number;
  heap: number;
  cpu: { user: number; system: number };
  streams: { open: number; dropped: number; emitted: number; head: number | null };
}

/** Opens streams in bursts, so that the listen backlog is never the limit. */
const OPEN_AT_ONCE = 200;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Runs the benchmark and prints its figures. */
export async function runStreamBench(opts: StreamBenchOptions = {}): Promise<StreamBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const count = opts.streams ?? Number(process.env['BENCH_STREAMS'] ?? 2000);
  const seconds = opts.seconds ?? Number(process.env['BENCH_SECONDS'] ?? 60);
  const baselineSeconds = Math.max(3, Math.min(15, Math.round(seconds / 4)));
  const anvil = await startAnvil({ silent: true });
  const dir = mkdtempSync(join(tmpdir(), 'bench-stream-'));
  let child: ChildProcess | null = null;
  const readers: SseReader[] = [];
  try {
    const rpc = new RpcClient(anvil.url);
    const [from, to] = (await rpc.call<string[]>('eth_accounts')) as [string, string];
    const storedAt = new Map<number, number>();
    /** Per block, the time the hub took from being told to having written every stream (its reads included). */
    const hubMs = new Map<number, number>();
    let ready: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => (ready = resolve));
    let answer: ((u: Usage) => void) | null = null;
    child = spawn(process.execPath, ['--expose-gc', join(import.meta.dirname, 'stream-indexer.ts'), JSON.stringify({ rpcUrl: anvil.url, dataDir: dir })], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Its output is the bench's: the 2,000 streams' request lines (info) would bury the figures; LOG_LEVEL given to
      // the bench still reaches it.
      env: { ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' },
    });
    child.on('message', (m: { type: string; url?: string; block?: number; signalledAt?: number; writtenAt?: number } & Partial<Usage>) => {
      if (m.type === 'ready') ready(m.url as string);
      else if (m.type === 'emit') {
        storedAt.set(m.block as number, m.signalledAt as number);
        hubMs.set(m.block as number, (m.writtenAt as number) - (m.signalledAt as number));
      }
      else if (m.type === 'usage') answer?.(m as Usage);
    });
    const c = child;
    const usage = (): Promise<Usage> =>
      new Promise((resolve) => {
        answer = resolve;
        c.send({ type: 'usage' });
      });
    const base = await url;
    // A block with one transaction every second, as a busy chain makes them.
    const mine = async (ms: number): Promise<number[]> => {
      const mined: number[] = [];
      const end = performance.now() + ms;
      while (performance.now() < end) {
        const next = performance.now() + 1000;
        const hash = await rpc.call<string>('eth_sendTransaction', [{ from, to, value: '0x1', gasPrice: '0x0' }]);
        // The receipt's block (eth_blockNumber may still answer the one before while anvil mines).
        const receipt = await waitFor(() => rpc.call<{ blockNumber: string } | null>('eth_getTransactionReceipt', [hash]), 10_000, 'a receipt');
        mined.push(Number(receipt.blockNumber));
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
      return mined;
    };

    log(`stream bench: ${count} streams, ${seconds} s of blocks (one a second), indexer ${base} (SQLite, own process)`);
    const u0 = await usage();
    const t0 = performance.now();
    await mine(baselineSeconds * 1000);
    const u1 = await usage();
    const withoutCpu = (u1.cpu.user + u1.cpu.system - u0.cpu.user - u0.cpu.system) / 10 / (performance.now() - t0);

    // Every stream records when each block's `block` event reached it.
    const arrivals: Map<number, number>[] = [];
    let refused = 0;
    for (let i = 0; i < count; i += OPEN_AT_ONCE) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(OPEN_AT_ONCE, count - i) }, async () => {
          const reader = await SseReader.open(`${base}/events`, {}, { keep: false });
          const got = new Map<number, number>();
          reader.onEvent = (e) => {
            if (e.event === 'block') got.set((JSON.parse(e.data) as { number: number }).number, performance.timeOrigin + e.at);
          };
          if (reader.status !== 200) refused++;
          arrivals.push(got);
          return reader;
        }),
      );
      readers.push(...batch);
    }
    await waitFor(async () => (await usage()).streams.open === count, 30_000, `${count} open streams`);
    const u2 = await usage();
    const t2 = performance.now();
    const mined = await mine(seconds * 1000);
    const last = mined.at(-1) as number;
    await waitFor(() => arrivals.every((a) => a.has(last)) || readers.some((r) => r.closed), 15_000, 'the last block on every stream').catch(() => {});
    const u3 = await usage();
    const withCpu = (u3.cpu.user + u3.cpu.system - u2.cpu.user - u2.cpu.system) / 10 / (performance.now() - t2);

    const delays: number[] = [];
    let complete = 0;
    let missed = 0;
    const missedBlocks = new Set<number>();
    for (const got of arrivals) {
      let all = true;
      for (const n of mined) {
        const at = got.get(n);
        const stored = storedAt.get(n);
        if (at === undefined) {
          all = false;
          missed++;
          missedBlocks.add(n);
        } else if (stored !== undefined) delays.push(at - stored);
      }
      if (all) complete++;
    }
    delays.sort((a, b) => a - b);
    const inHub = mined.map((n) => hubMs.get(n)).filter((ms): ms is number => ms !== undefined).sort((a, b) => a - b);
    const broken = readers.filter((r) => r.closed).length;
    const errors = refused + broken + missed + u3.streams.dropped;
    const perThousand = {
      rssMB: ((u2.rss - u1.rss) / count) * 1000 / 2 ** 20,
      heapMB: ((u2.heap - u1.heap) / count) * 1000 / 2 ** 20,
      cpuPercent: ((withCpu - withoutCpu) / count) * 1000,
    };
    const result: StreamBenchResult = {
      streams: count,
      blocks: mined.length,
      complete,
      delayMs: { p50: quantile(delays, 0.5), p99: quantile(delays, 0.99), max: delays.at(-1) ?? NaN },
      hubMs: { p50: quantile(inHub, 0.5), max: inHub.at(-1) ?? NaN },
      perThousand,
      cpuPercent: { without: withoutCpu, with: withCpu },
      errors,
    };
    const f = (n: number, d = 1) => n.toFixed(d);
    log(`  blocks mined while open: ${mined.length} (${mined[0]}…${last}); streams that received every block: ${complete} of ${count}`);
    log(`  delay from stored to delivered: median ${f(result.delayMs.p50)} ms, p99 ${f(result.delayMs.p99)} ms, max ${f(result.delayMs.max)} ms (${delays.length} deliveries); of which the hub's reads and writes per block: median ${f(result.hubMs.p50)} ms, max ${f(result.hubMs.max)} ms`);
    log(`  indexer memory: RSS ${f(u1.rss / 2 ** 20)} MB without streams, ${f(u2.rss / 2 ** 20)} MB with ${count} (${f(perThousand.rssMB)} MB per 1,000); heap ${f(u1.heap / 2 ** 20)} → ${f(u2.heap / 2 ** 20)} MB (${f(perThousand.heapMB)} MB per 1,000); after the run RSS ${f(u3.rss / 2 ** 20)} MB, heap ${f(u3.heap / 2 ** 20)} MB`);
    log(`  indexer CPU: ${f(withoutCpu)} % of a core without streams, ${f(withCpu)} % with ${count} (${f(perThousand.cpuPercent, 2)} % per 1,000 streams)`);
    log(`  errors: ${errors} (refused ${refused}, closed ${broken}, blocks missed ${missed}${missedBlocks.size > 0 ? ` (of blocks ${[...missedBlocks].slice(0, 10).join(', ')})` : ''}, dropped as slow ${u3.streams.dropped})`);
    if (errors > 0) process.exitCode = 1;
    return result;
  } finally {
    for (const r of readers) r.close();
    if (child) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
    }
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runStreamBench();

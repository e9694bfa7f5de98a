import { errorMessage } from '../../../common/errors.ts';
import { BackgroundLoop } from '../background/loop.ts';
import { flattenCalls, involvedAddresses, isInternalTransaction, mayCall, tracingUnavailable, type CallFrame, type InternalCall, type TracedTx } from '../chain/calls.ts';
import { RpcError, type RpcClient, type RpcOutcome } from '../chain/rpc.ts';
import { blockHashesBetween, blockHashesFrom } from '../store/queries/blocks.ts';
import { recordCreatedContract } from '../store/queries/contracts.ts';
import { insertAddressInternal, insertKeptCalls, setTraceCursor, traceCursor, tracedTransactionsInRange } from '../store/queries/internal-calls.ts';
import { ROW_ID_BLOCK } from '../store/row-ids.ts';
import type { Queryable, SqlParam, Store } from '../store/types.ts';

// The trailing tracer: once the syncer has caught up, it walks the indexed blocks from where it stopped to
// the indexed head, traces each block that holds a transaction which may run code (debug_traceBlockByHash with
// callTracer, several blocks per JSON-RPC batch), and in one database transaction per step keeps every transaction's
// calls (internal_calls, which the transaction page then reads instead of tracing), writes the index of internal
// transactions by address (address_internal) and moves its cursor (internal_trace). The write first checks that every
// block of the step still has the hash it was traced under and that the cursor has not moved (a reorg's rollback
// rewinds it): otherwise nothing is written and the step starts again from the stored cursor.

/** Settings of the trailing tracer. */
export interface TracerOptions {
  /** Pause when there is nothing to trace, in ms. */
  pollMs?: number;
  log?: (line: string) => void;
  /** Resolves once the syncer first caught up: no tracing before. */
  caughtUp?: () => Promise<void>;
  /** True while the syncer catches up: the tracer waits, leaving it the node and the CPU. */
  busy?: () => boolean;
  /** Runs first in the step's transaction (the sync lock's fence on PostgreSQL); throwing refuses the write. */
  fence?: (tx: Queryable) => Promise<void>;
  /** Most blocks per step (default 200). */
  maxBlocks?: number;
  /** Transactions aimed at per step (default 1,000; a single block holding more is one step). */
  maxTxs?: number;
  /** Most blocks traced per JSON-RPC batch (default 4). */
  blocksPerBatch?: number;
  /**
   * Transactions aimed at per JSON-RPC batch (default 50; a block holding more is a batch alone): a node answers a
   * batch as a whole, and other callers wait meanwhile (anvil serves an eth_call only after a trace batch).
   */
  txsPerBatch?: number;
  /** Runs between a step's traces and its write (first and last block), to let tests replace a block meanwhile. */
  beforeWrite?: (first: number, last: number) => Promise<void>;
}

/** How the tracer stands. */
export type TracerState = 'waiting' | 'tracing' | 'unavailable';

interface StepBlock {
  number: number;
  hash: string;
}

/** What one step did. */
type StepOutcome = 'done' | 'idle' | 'stale' | 'unavailable';

/** A traced block's answer: one frame per transaction, in block order (txHash where the node names it). */
type BlockTrace = { txHash?: string; result?: CallFrame; error?: string }[];

/** Traces indexed blocks behind the syncer and keeps the index of internal transactions by address. */
export class InternalTracer {
  private readonly db: Store;
  private readonly rpc: RpcClient;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  private readonly caughtUp: () => Promise<void>;
  private readonly busy: () => boolean;
  private readonly fence: (tx: Queryable) => Promise<void>;
  private readonly maxBlocks: number;
  private readonly maxTxs: number;
  private readonly blocksPerBatch: number;
  private readonly txsPerBatch: number;
  private readonly beforeWrite: (first: number, last: number) => Promise<void>;
  private readonly loop = new BackgroundLoop(() => this.run());
  private traced: number | null = null;
  /** How long the node took to answer the last batch of traces. */
  private lastBatchMs = 0;
  private current: TracerState = 'waiting';

  constructor(db: Store, rpc: RpcClient, opts: TracerOptions = {}) {
    this.db = db;
    this.rpc = rpc;
    this.pollMs = opts.pollMs ?? 1000;
    this.log = opts.log ?? (() => {});
    this.caughtUp = opts.caughtUp ?? (() => Promise.resolve());
    this.busy = opts.busy ?? (() => false);
    this.fence = opts.fence ?? (async () => {});
    this.maxBlocks = opts.maxBlocks ?? 200;
    this.maxTxs = opts.maxTxs ?? 1000;
    this.blocksPerBatch = opts.blocksPerBatch ?? 4;
    this.txsPerBatch = opts.txsPerBatch ?? 50;
    this.beforeWrite = opts.beforeWrite ?? (async () => {});
  }

  /** The last block traced (the stored cursor as this process last wrote or read it); null before any. */
  tracedBlock(): number | null {
    return this.traced;
  }

  /** Whether it waits, traces, or stopped for good on a node without a call tracer. */
  state(): TracerState {
    return this.current;
  }

  start(): void {
    this.loop.start();
  }

  /** Stops after the step being written. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async run(): Promise<void> {
    // The first catch-up comes first.
    let ready = false;
    void this.caughtUp().then(() => (ready = true));
    while (this.loop.running && !ready) await this.loop.sleep(Math.min(this.pollMs, 250));
    let failures = 0;
    while (this.loop.running) {
      if (this.busy()) {
        this.current = 'waiting';
        await this.loop.sleep(this.pollMs);
        continue;
      }
      try {
        const outcome = await this.step();
        failures = 0;
        if (outcome === 'unavailable') {
          this.current = 'unavailable';
          this.log('tracer: the node has no call tracer (debug_traceBlockByHash with callTracer): internal transactions by address are traced per request instead');
          return;
        }
        this.current = outcome === 'idle' ? 'waiting' : 'tracing';
        if (outcome === 'idle') await this.loop.sleep(this.pollMs);
        // A block replaced meanwhile: the syncer's rollback rewinds the cursor; give it a moment.
        else if (outcome === 'stale') await this.loop.sleep(Math.max(this.pollMs, 250));
        // The pause after a step, as between batches.
        else await this.loop.sleep(Math.min(2000, this.lastBatchMs));
      } catch (err) {
        failures++;
        if (failures === 1 || failures % 30 === 0) this.log(`tracer: ${errorMessage(err)} (retrying)`);
        await this.loop.sleep(Math.min(10_000, 500 * failures));
      }
    }
  }

  /** Traces and writes the blocks after the cursor, at most one step of them. */
  async step(): Promise<StepOutcome> {
    const cursor = (await traceCursor(this.db)) ?? {
      block_number: null,
      block_hash: null,
    };
    this.traced = cursor.block_number === null ? null : Number(cursor.block_number);
    const from = this.traced === null ? 0 : this.traced + 1;
    let blocks: StepBlock[] = await blockHashesFrom(this.db, from, this.maxBlocks);
    if (blocks.length === 0) return 'idle';
    let last = (blocks[blocks.length - 1] as StepBlock).number;
    const range = (a: number, b: number): [number, number] => [a * ROW_ID_BLOCK, b * ROW_ID_BLOCK + ROW_ID_BLOCK - 1];
    let txs = await tracedTransactionsInRange(this.db, ...range(from, last), undefined, this.maxTxs + 1);
    if (txs.length > this.maxTxs) {
      // Whole blocks only: up to the block before the first one that does not fit, or that one block alone.
      const over = (txs[this.maxTxs] as TracedTx).block_number;
      last = over > (blocks[0] as StepBlock).number ? over - 1 : over;
      blocks = blocks.filter((b) => b.number <= last);
      txs = over > last ? txs.filter((t) => t.block_number <= last) : await tracedTransactionsInRange(this.db, ...range(last, last));
    }
    const byBlock = new Map<number, TracedTx[]>();
    for (const t of txs) {
      const list = byBlock.get(t.block_number);
      if (list) list.push(t);
      else byBlock.set(t.block_number, [t]);
    }
    const toTrace = blocks.filter((b) => (byBlock.get(b.number) ?? []).some((t) => mayCall(t)));

    const calls = new Map<number, InternalCall[]>();
    this.lastBatchMs = 0;
    for (const [k, chunk] of this.batches(toTrace, byBlock).entries()) {
      // Background work: after each batch the node gets as long again for everyone else (a node answers a batch as a
      // whole, and anvil mines and answers calls at old blocks only between traces).
      if (k > 0) await this.loop.sleep(Math.min(2000, this.lastBatchMs));
      if (!this.loop.running) return 'idle';
      const began = performance.now();
      const answers = await this.rpc.batch<BlockTrace>(chunk.map((b) => ({ method: 'debug_traceBlockByHash', params: [b.hash, { tracer: 'callTracer' }] })));
      this.lastBatchMs = performance.now() - began;
      for (const [j, b] of chunk.entries()) {
        const answer = answers[j] as RpcOutcome<BlockTrace>;
        if (!answer.ok) return this.failed(b, new RpcError(answer.error));
        const own = byBlock.get(b.number) ?? [];
        const traces = answer.result;
        // A node answers every transaction of the block, in order; anything else is not this block as indexed.
        if (!Array.isArray(traces) || traces.length !== own.length) return this.failed(b, new Error(`block ${b.number}: the trace holds ${Array.isArray(traces) ? traces.length : 'no'} transaction(s), the index ${own.length}`));
        for (const [i, t] of own.entries()) {
          const item = traces[i];
          if (!item?.result || (item.txHash !== undefined && item.txHash.toLowerCase() !== t.hash)) return this.failed(b, new Error(`block ${b.number}: no trace of transaction ${t.hash}${item?.error ? `: ${item.error}` : ''}`));
          calls.set(t.id, flattenCalls(item.result));
        }
      }
    }
    await this.beforeWrite(from, last);
    const written = await this.write(cursor, from, blocks, txs, calls);
    if (written) this.traced = last;
    else this.log(`tracer: blocks ${from}-${last} changed while they were traced; nothing written, tracing again from the stored cursor`);
    return written ? 'done' : 'stale';
  }

  /** The blocks to trace in JSON-RPC batches: at most blocksPerBatch blocks and about txsPerBatch transactions each. */
  private batches(blocks: readonly StepBlock[], byBlock: ReadonlyMap<number, readonly TracedTx[]>): StepBlock[][] {
    const out: StepBlock[][] = [];
    let current: StepBlock[] = [];
    let txs = 0;
    for (const b of blocks) {
      const n = byBlock.get(b.number)?.length ?? 0;
      if (current.length > 0 && (current.length >= this.blocksPerBatch || txs + n > this.txsPerBatch)) {
        out.push(current);
        current = [];
        txs = 0;
      }
      current.push(b);
      txs += n;
    }
    if (current.length > 0) out.push(current);
    return out;
  }

  /** A block's trace failed: stale when the node no longer has the block, unavailable when it cannot trace, else thrown. */
  private async failed(block: StepBlock, err: Error): Promise<StepOutcome> {
    const still = await this.rpc.call<{ hash: string } | null>('eth_getBlockByHash', [block.hash, false]).catch(() => null);
    if (still === null) return 'stale';
    if (tracingUnavailable(err)) return 'unavailable';
    throw err;
  }

  /** Writes one step, unless a block of it was replaced or the cursor moved meanwhile; false then. */
  private async write(
    cursor: { block_number: number | null; block_hash: string | null },
    from: number,
    blocks: readonly StepBlock[],
    txs: readonly TracedTx[],
    calls: ReadonlyMap<number, InternalCall[]>,
  ): Promise<boolean> {
    const last = blocks[blocks.length - 1] as StepBlock;
    const keptCalls: SqlParam[][] = [];
    const index: SqlParam[][] = [];
    const created: { address: string; creator: string; txHash: string; block: number; timestamp: number }[] = [];
    for (const t of txs) {
      const frames = calls.get(t.id);
      if (frames === undefined) continue;
      keptCalls.push([t.hash, t.block_number, JSON.stringify(frames)]);
      for (const [i, c] of frames.entries()) {
        if (isInternalTransaction(c)) for (const a of involvedAddresses(c)) index.push([a, t.id, i]);
        if (c.depth > 0 && c.type.startsWith('CREATE') && c.to && !c.error) created.push({ address: c.to, creator: c.from, txHash: t.hash, block: t.block_number, timestamp: t.timestamp });
      }
    }
    return this.db.transaction(async (tx) => {
      await this.fence(tx);
      const now = await traceCursor(tx);
      if (now?.block_number !== cursor.block_number || now.block_hash !== cursor.block_hash) return false;
      const stored = await blockHashesBetween(tx, from, last.number);
      if (stored.length !== blocks.length || stored.some((b, i) => b.hash !== blocks[i]?.hash || Number(b.number) !== blocks[i]?.number)) return false;
      await insertKeptCalls(tx, keptCalls);
      await insertAddressInternal(tx, index);
      // Contracts created by contracts have no creation transaction of their own: the trace names their creator.
      for (const c of created) await recordCreatedContract(tx, c.address, c.creator, c.txHash, c.block, c.timestamp);
      await setTraceCursor(tx, last.number, last.hash);
      return true;
    }, { relaxed: true });
  }
}

import { asError, errorMessage } from '../../../common/errors.ts';
import type { SyncMetrics } from '../metrics/index.ts';
import { BackgroundLoop } from '../background/loop.ts';
import { AddressBook } from './address-book.ts';
import { BatchSizer } from './batch-sizer.ts';
import { CheckpointPolicy } from './checkpoint-policy.ts';
import { DEFAULT_CONCURRENCY, fetchAhead } from './fetch-ahead.ts';
import { findCommonAncestor } from './fork-search.ts';
import { blockHash, newestBlockHash } from '../store/queries/blocks.ts';
import type { Queryable, Store } from '../store/types.ts';
import { countReorg, MetadataUpdates, storedReorgs, SyncStatePublisher, type SyncStatus } from './state.ts';
import type { FetchContext, FetchedBatch } from './fetch.ts';
import { hexToNumber, toHex } from '../chain/num.ts';
import { ProgressBar } from './progress.ts';
import { rollbackTo } from './rollback.ts';
import type { RpcClient } from '../chain/rpc.ts';
import type { RawBlock } from '../chain/types.ts';
import { Writer } from './writer.ts';

/** Tuning and hooks of the sync loop. */
export interface SyncOptions {
  pollMs?: number;
  /** Batches fetched at once during catch-up. */
  concurrency?: number;
  /** Transactions aimed at per batch (the block count per batch adapts to it). */
  txsPerBatch?: number;
  maxBlocksPerBatch?: number;
  log?: (line: string) => void;
  progress?: ProgressBar;
  /** Starts a WAL checkpoint; returns false when one is still running (default: checkpoint inline). */
  checkpoint?: () => boolean;
  /**
   * Runs first in every writing transaction (batches and rollbacks); throwing refuses the write. On PostgreSQL it
   * checks that this process still owns the sync, so one that lost the sync lock cannot write after a takeover.
   */
  fence?: (tx: Queryable) => Promise<void>;
  /** The count of NFT metadata writes the status reports (the metadata queue that runs beside the syncer writes them). */
  metadataUpdates?: MetadataUpdates;
  /**
   * Called once a batch has committed (the tip moved) and once a rollback has: the event stream reads what changed.
   * It must return at once; its work runs beside the sync, never in its way.
   */
  onChange?: () => void;
  /** Test hook: called with the batch's last block once it has committed, before the sync goes on. */
  onCommit?: (last: number) => void;
  /** Told of committed batches and of reorgs (the indexer's metrics). */
  metrics?: SyncMetrics;
}

interface Tip {
  number: number;
  hash: string;
}

/** Where a catch-up's time went: waiting for the node, and writing (database calls and our own work). */
export interface SyncTimings {
  batches: number;
  blocks: number;
  transactions: number;
  /** Wall time inside catch-up loops. */
  loopMs: number;
  /** Time the loop waited for the next batch to arrive from the node (the fetch of later ones runs meanwhile). */
  nodeWaitMs: number;
  /** Time spent storing batches, database calls included. */
  writeMs: number;
  /** Part of writeMs spent in database calls (queries, BEGIN and COMMIT). */
  dbMs: number;
  /** Where the store pipelines transactions: time the loop waited for an earlier batch's COMMIT (outside writeMs). */
  commitWaitMs: number;
  /** When the loop first ran (performance.now()), and when it first caught up: the catch-up from its first node call. */
  startedAt: number | null;
  caughtUpAt: number | null;
}

/** Follows the chain: bounded-concurrency catch-up, then head polling, with reorg rollback. */
export class Syncer {
  private readonly db: Store;
  private readonly rpc: RpcClient;
  private readonly ctx: FetchContext;
  private readonly writer: Writer;
  private readonly book: AddressBook;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly log: (line: string) => void;
  private readonly progress: ProgressBar;
  private readonly checkpoints: CheckpointPolicy;
  private tip: Tip | null = null;
  private head: number | null = null;
  private readonly loop = new BackgroundLoop(() => this.run());
  private catchingUp = false;
  private rpcConnected = false;
  private lastError: string | null = null;
  private readonly sizer: BatchSizer;
  private readonly timings = { batches: 0, blocks: 0, transactions: 0, loopMs: 0, nodeWaitMs: 0, commitWaitMs: 0, startedAt: null as number | null, caughtUpAt: null as number | null };
  private readonly caughtUpWaiters: (() => void)[] = [];
  private reorgs = 0;
  private hasCaughtUp = false;
  private readonly fence: (tx: Queryable) => Promise<void>;
  private readonly publisher: SyncStatePublisher;
  private readonly metadataUpdates: MetadataUpdates;
  private readonly onChange: () => void;
  private readonly onCommit: ((last: number) => void) | undefined;
  private readonly metrics: SyncMetrics | undefined;

  constructor(db: Store, rpc: RpcClient, opts: SyncOptions = {}) {
    this.db = db;
    this.rpc = rpc;
    this.book = new AddressBook(db);
    this.ctx = { rpc, book: this.book, blockReceipts: true, stateFloor: null, head: 0 };
    this.fence = opts.fence ?? (async () => {});
    this.writer = new Writer(db, this.book, this.fence);
    this.publisher = new SyncStatePublisher(db);
    this.metadataUpdates = opts.metadataUpdates ?? new MetadataUpdates();
    this.onChange = opts.onChange ?? (() => {});
    this.onCommit = opts.onCommit;
    this.metrics = opts.metrics;
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
    this.sizer = new BatchSizer(opts.txsPerBatch, opts.maxBlocksPerBatch);
    this.log = opts.log ?? (() => {});
    this.progress = opts.progress ?? new ProgressBar();
    this.checkpoints = new CheckpointPolicy(
      opts.checkpoint ??
        (() => {
          void db.checkpoint();
          return true;
        }),
    );
  }

  /** The highest stored block, where the sync goes on from. */
  private async storedTip(): Promise<Tip | null> {
    const row = await newestBlockHash(this.db);
    return row ? { number: row.number, hash: row.hash } : null;
  }

  /** Registers a callback run after commits that added NFT rows. */
  onNftRows(fn: () => void): void {
    this.writer.onNftRows = fn;
  }

  /** Current progress. */
  status(): SyncStatus {
    return {
      lastBlock: this.tip?.number ?? null,
      target: this.head,
      running: this.loop.running,
      catchingUp: this.catchingUp,
      rpcConnected: this.rpcConnected,
      lastError: this.lastError,
      reorgs: this.reorgs,
      metadataUpdates: this.metadataUpdates.current(),
    };
  }

  /** Starts the loop in the background. */
  start(): void {
    this.loop.start();
  }

  /** Stops the loop after the batch being written, leaving the database consistent. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Resolves once the indexed head has equalled the chain head. */
  caughtUp(): Promise<void> {
    if (this.hasCaughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /** Writes the status for processes that serve from the same database; a failure only delays it. */
  private async publish(): Promise<void> {
    await this.publisher.publish(this.status()).catch((err: unknown) => this.log(`sync: could not record the sync state: ${errorMessage(err)}`));
  }

  private async run(): Promise<void> {
    let failures = 0;
    let loaded = false;
    while (this.loop.running) {
      await this.publish();
      try {
        if (!loaded) {
          this.tip = await this.storedTip();
          this.reorgs = await storedReorgs(this.db);
          loaded = true;
        }
        // The catch-up's clock starts at the first node call (what comes before is the process's start).
        this.timings.startedAt ??= performance.now();
        const head = hexToNumber(await this.rpc.call<string>('eth_blockNumber'));
        this.rpcConnected = true;
        this.head = head;
        this.ctx.head = head;
        await this.checkTip(head);
        const next = this.tip === null ? 0 : this.tip.number + 1;
        if (next > head) {
          this.markCaughtUp();
          this.checkpoints.maybe(true);
          failures = 0;
          // A success ends the error /health reported: it is no longer the indexer's state.
          this.lastError = null;
          await this.publish();
          await this.loop.sleep(this.pollMs);
          continue;
        }
        await this.catchUp(next, head);
        failures = 0;
        this.lastError = null;
      } catch (err) {
        failures++;
        this.lastError = errorMessage(err);
        if (failures === 1 || failures % 30 === 0) this.log(`sync: ${this.lastError} (retrying)`);
        if (failures >= 3) this.rpcConnected = false;
        await this.loop.sleep(Math.min(5000, 250 * failures));
      }
    }
    this.catchingUp = false;
    await this.publish();
  }

  private markCaughtUp(): void {
    if (this.catchingUp) this.progress.end();
    this.catchingUp = false;
    if (this.hasCaughtUp) return;
    this.hasCaughtUp = true;
    this.timings.caughtUpAt = performance.now();
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  /** Detects a reorg (or a shorter chain) at the stored tip and rolls back to the common ancestor. */
  private async checkTip(head: number): Promise<void> {
    if (this.tip === null) return;
    const n = Math.min(this.tip.number, head);
    const block = await this.rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHex(n), false]);
    const stored = n === this.tip.number ? this.tip.hash : await this.storedHash(n);
    if (block !== null && stored === block.hash.toLowerCase()) {
      if (n < this.tip.number) await this.rollback(n);
      return;
    }
    await this.rollback(await findCommonAncestor(this.db, this.rpc, n - 1));
  }

  private async storedHash(n: number): Promise<string | undefined> {
    return blockHash(this.db, n);
  }

  private async rollback(ancestor: number): Promise<void> {
    const removed = await rollbackTo(this.db, this.rpc, this.book, ancestor, async (tx) => {
      await this.fence(tx);
      await countReorg(tx);
    });
    this.writer.forget();
    this.reorgs++;
    this.metrics?.reorg(removed.blocks);
    this.tip = await this.storedTip();
    this.onChange();
    this.log(`sync: reorg, rolled back ${removed.blocks} block(s) and ${removed.transactions} transaction(s) to block ${ancestor}`);
  }

  /** Fetches batches ahead (bounded) and writes them strictly in order. */
  private async catchUp(start: number, head: number): Promise<void> {
    if (head - start > 10 && !this.catchingUp) {
      this.catchingUp = true;
      this.progress.begin(start);
    }
    const began = performance.now();
    try {
      const running = (): boolean => this.loop.running;
      const consume = (batch: FetchedBatch): Promise<boolean> => this.storeBatch(batch, head);
      await fetchAhead({ ctx: this.ctx, sizer: this.sizer, start, head, concurrency: this.concurrency, timings: this.timings, running, consume });
      await this.waitCommit(this.committing);
    } finally {
      // A batch still committing after a failure ends (one way or the other) before the next round reads the tip.
      await this.committing?.catch(() => {});
      this.committing = null;
      this.posted = null;
      this.writeFailure = null;
      this.timings.loopMs += performance.now() - began;
    }
    if (this.tip !== null && this.tip.number >= head) this.markCaughtUp();
  }

  /** The write of the last batch handed to the writer, until it is committed. */
  private committing: Promise<void> | null = null;
  /** The last block of that batch: the next batch must continue it. */
  private posted: Tip | null = null;
  /** Why a batch of this round failed to commit. */
  private writeFailure: Error | null = null;

  /**
   * Hands one fetched batch to the writer; false when it does not extend the indexed chain (the next round rechecks
   * the tip). Where the store pipelines transactions, the batch is still committing when this returns (the tip moves
   * once it is committed), and the one before it is committed: the next batch is built while this one is written.
   */
  private async storeBatch(batch: FetchedBatch, head: number): Promise<boolean> {
    if (!this.continues(batch)) {
      await this.committing;
      // The chain changed under us: checkTip on the next round finds the fork point.
      this.log(`sync: blocks ${batch.first}-${batch.last} do not extend the indexed chain; rechecking the tip`);
      await this.loop.sleep(Math.min(this.pollMs, 1000));
      return false;
    }
    // A batch that failed to commit ends the round: nothing may be written after it (the next round starts again
    // from the last committed block). Set as soon as the failure is known, before any later batch arrives.
    if (this.writeFailure !== null) throw this.writeFailure;
    const previous = this.committing;
    const write = this.writer.write(batch).then((written) => {
      this.tip = { number: written.last, hash: written.lastHash };
      this.metrics?.indexed(batch.blocks.length, written.txs);
      this.checkpoints.committed();
      this.checkpoints.maybe(false);
      this.progress.update(written.last, Math.max(head, this.head ?? head), written.txs);
      this.onChange();
      this.onCommit?.(written.last);
    });
    // Awaited below or by catchUp; never left unhandled meanwhile.
    write.catch((err: unknown) => {
      this.writeFailure ??= asError(err);
    });
    this.committing = write;
    this.posted = { number: batch.last, hash: (batch.blocks[batch.blocks.length - 1] as RawBlock).hash.toLowerCase() };
    await (this.db.pipelined === true ? this.waitCommit(previous) : write);
    return true;
  }

  /** Waits for a batch's COMMIT, counting the time (pipelined stores only wait here). */
  private async waitCommit(commit: Promise<void> | null): Promise<void> {
    if (commit === null) return;
    const began = performance.now();
    try {
      await commit;
    } finally {
      this.timings.commitWaitMs += performance.now() - began;
    }
  }

  /** Where the catch-up's time went so far (the bench prints the shares). */
  syncTimings(): SyncTimings {
    return { ...this.timings, ...this.writer.timings() };
  }

  private continues(batch: FetchedBatch): boolean {
    let parent = (this.posted ?? this.tip)?.hash ?? null;
    for (const block of batch.blocks) {
      const p = block.parentHash.toLowerCase();
      if (parent !== null && p !== parent) return false;
      parent = block.hash.toLowerCase();
    }
    return true;
  }
}

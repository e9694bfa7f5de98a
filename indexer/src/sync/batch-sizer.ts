import type { FetchedBatch } from './fetch.ts';

/** Sizes batches by transactions: the block count per batch follows the transactions per block seen last. */
export class BatchSizer {
  private readonly txsPerBatch: number;
  private readonly maxBlocks: number;
  private blocksPerBatch = 10;

  // Large batches: what a batch costs whatever its size (a transaction, a few statements per token touched, on
  // PostgreSQL about six round trips) is paid less often; the pipeline keeps the node busy meanwhile. A run of empty
  // blocks gets 1,000 per batch, as many as the transactions aimed at.
  constructor(txsPerBatch = 1000, maxBlocksPerBatch = 1000) {
    this.txsPerBatch = txsPerBatch;
    this.maxBlocks = maxBlocksPerBatch;
  }

  /** The last block of the batch that starts at `next`. */
  plan(next: number, head: number): number {
    return Math.min(head, next + this.blocksPerBatch - 1);
  }

  /** Learns from a fetched batch how many blocks the next ones should span. */
  adapt(batch: Pick<FetchedBatch, 'txCount' | 'blocks'>): void {
    const perBlock = batch.txCount / batch.blocks.length;
    const want = Math.ceil(this.txsPerBatch / Math.max(1, perBlock));
    this.blocksPerBatch = Math.max(1, Math.min(this.maxBlocks, want));
  }
}

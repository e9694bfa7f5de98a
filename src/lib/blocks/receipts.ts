import { RECEIPT_LIST_TIMEOUT_MS, safe, type IndexerClient } from '../indexer-api/client.ts';
import type { Block, Receipt } from '../model/types.ts';

// The chain operator's indexer sends a block's transactions without their gas used and the block without its reward
// (a block has a reward field; that indexer never stores it). Their receipts have both halves: gas used and the price paid.
// The block page reads them as lists do (one receipt per transaction, 1 s each) and fills in what is missing.

/** Most receipts one block page reads; a busier block keeps '—' rather than hold the page. */
export const BLOCK_RECEIPTS_MAX = 100;
/** Receipts asked at once. */
const CONCURRENCY = 8;

/**
 * Block reward as the bundled indexer counts it: what the block's transactions paid its producer, gas used × (price
 * paid − base fee) summed (no static reward on this chain). With no base fee known, the whole price counts. Null when
 * any transaction's gas or price is unknown.
 */
export function rewardFromReceipts(block: Pick<Block, 'baseFeePerGas' | 'transactions'>, receipts: ReadonlyArray<Receipt | null>): bigint | null {
  const baseFee = block.baseFeePerGas ?? 0n;
  let reward = 0n;
  for (const [i, tx] of block.transactions.entries()) {
    const receipt = receipts[i] ?? null;
    const gasUsed = receipt?.gasUsed ?? tx.gasUsed;
    const price = receipt?.effectiveGasPrice ?? tx.gasPrice;
    if (gasUsed === null || price === null) return null;
    if (price > baseFee) reward += gasUsed * (price - baseFee);
  }
  return reward;
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

/**
 * The block with each transaction's gas used and the block reward filled in from the receipts when the indexer sent
 * neither (an empty block's reward is 0). A block whose transactions were not all sent, or one of more than
 * BLOCK_RECEIPTS_MAX, is returned as it is; so is every block of an indexer that reports them.
 */
export async function withReceiptFigures(source: Pick<IndexerClient, 'getReceipt'>, block: Block): Promise<Block> {
  const needsGas = block.transactions.some((tx) => tx.gasUsed === null);
  if (block.reward !== null && !needsGas) return block;
  if (block.transactionCount === 0 && block.transactions.length === 0) return { ...block, reward: block.reward ?? 0n };
  if (block.transactions.length !== block.transactionCount || block.transactions.length > BLOCK_RECEIPTS_MAX) return block;
  const receipts = await inBatches(block.transactions, CONCURRENCY, (tx) =>
    tx.gasUsed !== null && block.reward !== null ? Promise.resolve(null) : safe(source.getReceipt(tx.hash, { timeoutMs: RECEIPT_LIST_TIMEOUT_MS }), null),
  );
  return {
    ...block,
    reward: block.reward ?? rewardFromReceipts(block, receipts),
    transactions: block.transactions.map((tx, i) => {
      const receipt = receipts[i];
      return receipt ? { ...tx, gasUsed: tx.gasUsed ?? receipt.gasUsed, status: tx.status ?? receipt.status } : tx;
    }),
  };
}

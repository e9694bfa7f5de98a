import { formatGasUsedPercent, formatSto, formatTxValue } from '../format/index.ts';
import { messageToShow } from '../indexer-api/errors.ts';
import type { Block } from '../model/types.ts';

/** One row of a block's transaction table, as display text. */
export interface BlockTxRow {
  hash: string;
  from: string;
  /** Null for a contract creation ('[Contract Creation]'). */
  to: string | null;
  /** Address created by a deployment, when known. */
  contractAddress: string | null;
  /** 'N STO'. */
  value: string;
  /** Grouped gas units, or '—' when unknown. */
  gasUsed: string;
}

/** What the transactions section of a block shows. */
export type BlockTxSection =
  | { kind: 'rows'; rows: BlockTxRow[] }
  | { kind: 'unavailable'; count: number; hashes: string[] }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

/** Grouped integer ('30,000,000'). */
export function formatGas(value: bigint | null): string {
  return value === null ? '—' : value.toLocaleString('en-US');
}

/** 'Gas Used' cell: '7,760,874 (25.87%)'. */
export function formatGasUsedCell(gasUsed: bigint, gasLimit: bigint): string {
  return `${formatGas(gasUsed)} (${formatGasUsedPercent(gasUsed, gasLimit)})`;
}

/** Block reward in STO ('0.017290 STO'); '—' when the indexer reports none. */
export function formatReward(reward: bigint | null): string {
  return reward === null ? '—' : `${formatSto(reward)} STO`;
}

/**
 * The transactions section: full rows; the count alone when the indexer sent no transaction objects; 'none' for an
 * empty block; and an error (with its message) when a transaction cannot be turned into a row.
 */
export function blockTxSection(block: Block): BlockTxSection {
  if (block.transactionCount === 0 && block.transactions.length === 0) return { kind: 'none' };
  if (block.transactions.length === 0) return { kind: 'unavailable', count: block.transactionCount, hashes: block.transactionHashes };
  try {
    return {
      kind: 'rows',
      rows: block.transactions.map((tx) => ({
        hash: tx.hash,
        from: tx.from,
        to: tx.to,
        contractAddress: tx.contractAddress,
        value: `${formatTxValue(tx.value, 'card')} STO`,
        gasUsed: formatGas(tx.gasUsed),
      })),
    };
  } catch (error) {
    return { kind: 'error', message: messageToShow(error) };
  }
}

// The block screens' texts, spelled once.

/** Block detail failure: 'Failed to load block details: {message or Unknown error}'. */
export function failedToLoadBlock(message: string | null | undefined): string {
  return `Failed to load block details: ${message && message.trim() !== '' ? message : 'Unknown error'}`;
}

/** Rendering the transaction table failed. */
export function errorDisplayingTransactions(message: string): string {
  return `Error displaying transactions: ${message}`;
}

/** The block has transactions but the indexer sent none of them in full. */
export function transactionsUnavailable(count: number): string {
  return `This block contains ${count} transactions, but detailed transaction data is not available.`;
}

export const BLOCK_NOT_FOUND = 'Block not found';
export const INVALID_BLOCK_NUMBER = 'Invalid block number';
export const BLOCK_DATA_EMPTY = 'Block data is empty or null';
export const NO_TRANSACTIONS_IN_BLOCK = 'No transactions in this block';
export const BACK_TO_BLOCKS = 'Back to Blocks';
export const NO_BLOCKS_WITH_TXS = 'No blocks with transactions found in this range.';
export const NO_BLOCKS = 'No blocks found.';
export const ONLY_WITH_TXS_LABEL = 'Only blocks with transactions';

/** The fixed figures of the 'AI Optimization Details' card. */
export const AI_OPTIMIZATION_FIGURES = [
  { value: '98.7%', label: 'gas savings' },
  { value: '+42%', label: 'throughput' },
  { value: '99.2%', label: 'prediction accuracy' },
] as const;

/**
 * The block list's new-blocks badge (page 1): how many blocks arrived since the page listed `listed`; a reorganisation
 * below the listed blocks outranks the count. Null: no badge.
 */
export function newBlocksText(listed: number | null, latest: number | null, reorg: number | null): string | null {
  if (listed !== null && reorg !== null && reorg < listed) {
    return `The chain was reorganised after block ${reorg.toLocaleString('en-US')}: blocks listed above it were replaced`;
  }
  const fresh = listed === null || latest === null ? 0 : latest - listed;
  return fresh > 0 ? `${fresh} new block${fresh === 1 ? '' : 's'} since this page loaded` : null;
}

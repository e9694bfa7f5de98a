// Row ids of the transactions, logs and token_transfers tables: the writer makes them, the API and the rollback
// read them by range, so they are part of the schema rather than of either side.

/** Multiplier turning (block, index) into a row id whose order is chain order. */
export const ROW_ID_BLOCK = 1_000_000;


-- Why failed transactions reverted, found on demand by replaying the call at the parent block and decoded with the
-- standard errors and the target's verified ABI. Removed by a reorg that removes the transaction's block.
CREATE TABLE revert_reasons (
  tx_hash TEXT PRIMARY KEY,
  block_number INTEGER NOT NULL,
  kind TEXT NOT NULL,        -- 'error', 'panic', 'custom', 'empty', 'unknown' or 'not-reproduced'
  reason TEXT,
  data TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX revert_reasons_block ON revert_reasons (block_number);

-- Internal calls of a transaction, traced on demand (debug_traceTransaction with the call tracer) and kept, as a
-- flat list in call order with each frame's depth. Removed by a reorg that removes the transaction's block.
CREATE TABLE internal_calls (
  tx_hash TEXT PRIMARY KEY,
  block_number INTEGER NOT NULL,
  calls TEXT NOT NULL         -- JSON [{depth, type, from, to, value, gas, gasUsed, selector, error}]
) WITHOUT ROWID;
CREATE INDEX internal_calls_block ON internal_calls (block_number);

-- The internal transactions of an address (issue 27): the trailing tracer (indexer/src/sync/tracer.ts) traces the
-- indexed blocks with the node's call tracer, keeps each transaction's calls in internal_calls, and writes one row
-- here per internal transaction (Etherscan's definition: a value-moving CALL or CALLCODE, a CREATE or CREATE2, a
-- SELFDESTRUCT, below the transaction itself) for its sender, its recipient and the contract it created, so that an
-- address's internal transactions are one index range, newest first. call_index is the frame's place in the
-- transaction's flattened calls (internal_calls.calls). Rows of blocks a reorg removes are deleted with them.
CREATE TABLE address_internal (
  address TEXT NOT NULL,
  tx_id INTEGER NOT NULL,
  call_index INTEGER NOT NULL,
  PRIMARY KEY (address, tx_id, call_index)
) WITHOUT ROWID;
CREATE INDEX address_internal_tx ON address_internal (tx_id);

-- How far the tracer got: every block up to block_number (whose hash was block_hash when traced) is in
-- address_internal. NULL before the first traced block. A reorg rewinds it to the fork's ancestor.
CREATE TABLE internal_trace (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  block_number INTEGER,
  block_hash TEXT
) WITHOUT ROWID;

INSERT INTO internal_trace (id) VALUES (1);

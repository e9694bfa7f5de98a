-- The signature database (issue 29): function selectors and event topics to their text signatures, so that calls
-- and logs of contracts without verified source can be named. kind is 'function' (hash = 0x + 8 hex digits) or
-- 'event' (hash = 0x + 64 hex digits); signature is the canonical text ('transfer(address,uint256)'); fragment is
-- the human-readable ABI fragment with parameter names and indexed markers when the source knew them
-- ('event Transfer(address indexed from, address indexed to, uint256 value)'), NULL for bare text signatures.
-- source says where it first came from: 'bundled' (indexer/data/signatures.json), 'verified' (a verified
-- contract's ABI) or 'imported' (npm run signatures:import). A selector may have several signatures (collisions).
-- A signature is a fact about text, not about the chain: rows are not undone by reorgs.
CREATE TABLE signatures (
  kind TEXT NOT NULL,
  hash TEXT NOT NULL,
  signature TEXT NOT NULL,
  fragment TEXT,
  source TEXT NOT NULL,
  PRIMARY KEY (kind, hash, signature)
) WITHOUT ROWID;

-- Which bundled set was loaded (its digest): the indexer loads indexer/data/signatures.json again when it changes.
CREATE TABLE signature_bundle (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  digest TEXT NOT NULL
) WITHOUT ROWID;

-- Token approvals in force (issue 29), one row per (owner, token, spender, kind), written by the sync from the logs
-- it stores (indexer/src/sync/approvals.ts):
-- - kind 'allowance': the last ERC-20 Approval(owner, spender, value) (three topics and one data word); value is its
--   amount in decimal. ERC-721's Approval (the token id as a fourth topic) approves one token until its next transfer,
--   which clears it without an event: it is no allowance and is not kept.
-- - kind 'operator': the last ApprovalForAll(owner, operator, approved) of an ERC-721 or ERC-1155; value is '1'.
-- A grant set back to zero (approve(spender, 0), setApprovalForAll(operator, false)) deletes its row, so the table
-- holds what is in force as far as events tell. The block, log, transaction and time are those of the last grant.
-- A reorg deletes the rows of the removed blocks and rebuilds each key it touched from the logs kept (rollback.ts).
CREATE TABLE approvals (
  owner TEXT NOT NULL,
  token TEXT NOT NULL,
  spender TEXT NOT NULL,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  block_number INTEGER NOT NULL,
  log_index INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (owner, token, spender, kind)
) WITHOUT ROWID;
-- An owner's approvals, newest grant first: one index range however many the owner has.
CREATE INDEX approvals_owner ON approvals (owner, block_number, log_index);

-- One row per (address, transaction) for the sender, the recipient and the created contract, so that an
-- address's transactions are one index range, newest first, instead of a union of three indexes.
CREATE TABLE address_transactions (
  address TEXT NOT NULL,
  tx_id INTEGER NOT NULL,
  PRIMARY KEY (address, tx_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO address_transactions (address, tx_id) SELECT from_addr, id FROM transactions;
INSERT OR IGNORE INTO address_transactions (address, tx_id) SELECT to_addr, id FROM transactions WHERE to_addr IS NOT NULL;
INSERT OR IGNORE INTO address_transactions (address, tx_id)
  SELECT contract_address, id FROM transactions WHERE contract_address IS NOT NULL;

-- Initial schema of the bundled indexer.
-- Conventions: addresses and hashes are lowercase 0x strings. Amounts that may exceed 2^53
-- are TEXT: plain decimal where only displayed, zero-padded to 80 digits ("padded") where the
-- API sorts or compares them, so that text order equals numeric order.
-- Row ids of transactions and logs are block_number * 1000000 + index, so that id order is chain order.

CREATE TABLE counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO counters (name, value) VALUES ('transactions', 0), ('logs', 0), ('token_transfers', 0);

CREATE TABLE blocks (
  number INTEGER PRIMARY KEY,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  miner TEXT NOT NULL,
  gas_used TEXT NOT NULL,
  gas_limit TEXT NOT NULL,
  base_fee TEXT,
  difficulty TEXT NOT NULL,
  nonce TEXT,
  extra_data TEXT NOT NULL,
  size INTEGER,
  tx_count INTEGER NOT NULL,
  reward TEXT NOT NULL
);
CREATE UNIQUE INDEX blocks_hash ON blocks (hash);
CREATE INDEX blocks_with_txs ON blocks (number) WHERE tx_count > 0;
CREATE INDEX blocks_miner ON blocks (miner, number);

CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL,
  block_number INTEGER NOT NULL,
  tx_index INTEGER NOT NULL,
  block_hash TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  from_addr TEXT NOT NULL,
  to_addr TEXT,
  contract_address TEXT,
  value TEXT NOT NULL,
  gas_limit TEXT NOT NULL,
  gas_price TEXT,
  max_fee_per_gas TEXT,
  max_priority_fee_per_gas TEXT,
  effective_gas_price TEXT,
  gas_used TEXT NOT NULL,
  cumulative_gas_used TEXT NOT NULL,
  input TEXT NOT NULL,
  nonce INTEGER NOT NULL,
  type INTEGER,
  status INTEGER NOT NULL
);
CREATE UNIQUE INDEX transactions_hash ON transactions (hash);
CREATE INDEX transactions_from ON transactions (from_addr, id);
CREATE INDEX transactions_to ON transactions (to_addr, id);
CREATE INDEX transactions_created ON transactions (contract_address) WHERE contract_address IS NOT NULL;

CREATE TABLE logs (
  id INTEGER PRIMARY KEY,
  block_number INTEGER NOT NULL,
  log_index INTEGER NOT NULL,
  tx_id INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  address TEXT NOT NULL,
  topic0 TEXT,
  topic1 TEXT,
  topic2 TEXT,
  topic3 TEXT,
  data TEXT NOT NULL
);
CREATE INDEX logs_tx ON logs (tx_id);
CREATE INDEX logs_address ON logs (address, id);

CREATE TABLE contracts (
  address TEXT PRIMARY KEY,
  creator TEXT,
  creation_tx TEXT,
  block_number INTEGER,
  timestamp INTEGER,
  first_seen_block INTEGER NOT NULL,
  contract_type TEXT NOT NULL,
  name TEXT,
  symbol TEXT,
  decimals INTEGER,
  total_supply TEXT,
  owner TEXT,
  code_size INTEGER,
  holder_count INTEGER NOT NULL DEFAULT 0,
  transfer_count INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX contracts_type ON contracts (contract_type, holder_count);
CREATE INDEX contracts_creator ON contracts (creator);
CREATE INDEX contracts_first_seen ON contracts (first_seen_block);

CREATE TABLE token_transfers (
  id INTEGER PRIMARY KEY,
  block_number INTEGER NOT NULL,
  log_index INTEGER NOT NULL,
  batch_index INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  token_address TEXT NOT NULL,
  token_type TEXT NOT NULL,
  from_addr TEXT NOT NULL,
  to_addr TEXT NOT NULL,
  value TEXT NOT NULL,
  token_id TEXT
);
CREATE INDEX token_transfers_token ON token_transfers (token_address, id);
CREATE INDEX token_transfers_from ON token_transfers (from_addr, id);
CREATE INDEX token_transfers_to ON token_transfers (to_addr, id);
CREATE INDEX token_transfers_tx ON token_transfers (tx_hash);
CREATE INDEX token_transfers_nft ON token_transfers (token_address, token_id, id) WHERE token_id IS NOT NULL;
CREATE INDEX token_transfers_block ON token_transfers (block_number);

-- token_id '' holds the holder's total for the token (ERC-20 amount, ERC-721 count, ERC-1155 sum);
-- ERC-1155 per-id balances use the padded id. Rows are deleted when they reach zero.
CREATE TABLE token_balances (
  token_address TEXT NOT NULL,
  holder TEXT NOT NULL,
  token_id TEXT NOT NULL,
  balance TEXT NOT NULL,
  PRIMARY KEY (token_address, holder, token_id)
) WITHOUT ROWID;
CREATE INDEX token_balances_rank ON token_balances (token_address, token_id, balance);
CREATE INDEX token_balances_holder ON token_balances (holder, token_id);

CREATE TABLE nft_tokens (
  token_address TEXT NOT NULL,
  token_id TEXT NOT NULL,
  token_type TEXT NOT NULL,
  owner TEXT,
  supply TEXT NOT NULL,
  creator TEXT,
  mint_tx TEXT,
  mint_block INTEGER NOT NULL,
  minted_at INTEGER,
  metadata_status TEXT NOT NULL DEFAULT 'pending',
  metadata_attempts INTEGER NOT NULL DEFAULT 0,
  metadata_uri TEXT,
  metadata TEXT,
  name TEXT,
  description TEXT,
  image TEXT,
  metadata_error TEXT,
  PRIMARY KEY (token_address, token_id)
);
CREATE INDEX nft_tokens_owner ON nft_tokens (owner, token_address, token_id) WHERE owner IS NOT NULL;
CREATE INDEX nft_tokens_pending ON nft_tokens (mint_block) WHERE metadata_status = 'pending';
CREATE INDEX nft_tokens_mint_block ON nft_tokens (mint_block);
CREATE INDEX nft_tokens_name ON nft_tokens (name COLLATE NOCASE) WHERE name IS NOT NULL;

CREATE TABLE addresses (
  address TEXT PRIMARY KEY,
  balance TEXT NOT NULL,
  balance_block INTEGER NOT NULL,
  first_seen_block INTEGER NOT NULL,
  is_contract INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX addresses_balance ON addresses (balance);
CREATE INDEX addresses_first_seen ON addresses (first_seen_block);

CREATE TABLE validators (
  address TEXT PRIMARY KEY,
  blocks_mined INTEGER NOT NULL,
  rewards TEXT NOT NULL,
  first_block INTEGER NOT NULL,
  last_block INTEGER NOT NULL
) WITHOUT ROWID;

-- Verified contracts: what was submitted, how it compiled and how it matched the chain. Kept through restarts;
-- a reorg that removes the creation block removes the verification with it (see rollback.ts).
CREATE TABLE verified_contracts (
  address TEXT PRIMARY KEY,
  match_type TEXT NOT NULL,              -- 'full' (metadata identical) or 'partial' (only metadata differs)
  contract_name TEXT NOT NULL,
  contract_path TEXT NOT NULL,           -- source file of the contract in sources
  compiler_version TEXT NOT NULL,        -- long form, v0.8.30+commit.73712a01
  optimization_used INTEGER NOT NULL,
  runs INTEGER NOT NULL,
  evm_version TEXT NOT NULL,
  license TEXT NOT NULL,
  sources TEXT NOT NULL,                 -- JSON {path: content}
  settings TEXT NOT NULL,                -- JSON: the standard JSON input's settings
  abi TEXT NOT NULL,                     -- JSON
  libraries TEXT NOT NULL,               -- JSON {name: address}
  constructor_arguments TEXT NOT NULL,   -- hex without 0x, as found in the creation transaction
  metadata_hash TEXT,                    -- the deployed code's CBOR metadata, hex
  runtime_hash TEXT NOT NULL,            -- keccak256 of the deployed code, for similar matches
  creation_block INTEGER,                -- null when the creation transaction is unknown
  input_format TEXT NOT NULL,            -- 'single', 'multi' or 'standard-json'
  verified_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX verified_contracts_runtime ON verified_contracts (runtime_hash);

-- keccak256 of deployed code by address, read on demand: lets any contract find a verified twin.
CREATE TABLE contract_code_hashes (
  address TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL,
  block_number INTEGER NOT NULL
) WITHOUT ROWID;

-- Etherscan-style submissions: verifysourcecode answers a GUID that checkverifystatus polls.
CREATE TABLE verification_jobs (
  guid TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  status TEXT NOT NULL,                  -- 'pending', 'pass', 'fail'
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

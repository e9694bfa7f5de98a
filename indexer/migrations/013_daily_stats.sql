-- Daily statistics (issue 30), folded by the stats follower (indexer/src/stats/follower.ts) behind the syncer: one row
-- per UTC day that has blocks (day = days since 1970-01-01), recomputed whole from the day's blocks whenever blocks of
-- it are folded, and deleted back to the last intact day after a reorg (the follower sees its cursor block replaced).
-- Amounts that may exceed 2^53 are decimal TEXT; averages and medians are NULL where the day has nothing to average.
-- last_block and last_hash are the day's last folded block: a day whose last block still has that hash is intact.
CREATE TABLE daily_stats (
  day INTEGER PRIMARY KEY,
  first_block INTEGER NOT NULL,
  last_block INTEGER NOT NULL,
  last_hash TEXT NOT NULL,
  blocks INTEGER NOT NULL,
  transactions INTEGER NOT NULL,
  active_addresses INTEGER NOT NULL,
  active_senders INTEGER NOT NULL,
  new_addresses INTEGER NOT NULL,
  gas_used TEXT NOT NULL,
  average_gas_price TEXT,
  median_gas_price TEXT,
  min_gas_price TEXT,
  max_gas_price TEXT,
  average_block_time TEXT,
  average_block_size TEXT,
  new_contracts INTEGER NOT NULL,
  verified_contracts INTEGER NOT NULL,
  erc20_transfers INTEGER NOT NULL,
  nft_transfers INTEGER NOT NULL,
  fees TEXT NOT NULL,
  block_rewards TEXT NOT NULL
);

-- Per token and day with transfers: the day's transfers and the holders at the end of the day. A day without a row
-- had no transfer of the token: its holders are those of the token's last row before it.
CREATE TABLE token_daily_stats (
  token_address TEXT NOT NULL,
  day INTEGER NOT NULL,
  transfers INTEGER NOT NULL,
  holders INTEGER NOT NULL,
  PRIMARY KEY (token_address, day)
) WITHOUT ROWID;
CREATE INDEX token_daily_stats_day ON token_daily_stats (day);

-- The follower's cursor: the last block folded (null before any), and the newest verification time counted.
CREATE TABLE stats_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  block_number INTEGER,
  block_hash TEXT,
  verified_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO stats_cursor (id) VALUES (1);

-- A day's blocks by time (the fold starts a day at its first block), verifications by time (counted per day).
CREATE INDEX blocks_timestamp ON blocks (timestamp);
CREATE INDEX verified_contracts_time ON verified_contracts (verified_at);

-- What the syncing process reports, for every process that serves the API from the same database (issue 14):
-- the chain head it last saw, whether it catches up, whether the node answers, its last error and the number of
-- rollbacks so far (cached responses of an older generation are stale). `owner` names the process that holds the
-- sync lock; a batch is written only by its owner, so a process that lost the lock cannot write after another
-- took over. updated_at (ms since the epoch) is refreshed at least every 10 s while the syncer runs.
CREATE TABLE sync_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  chain_head INTEGER,
  catching_up INTEGER NOT NULL DEFAULT 0,
  rpc_connected INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  reorgs INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  updated_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO sync_state (id) VALUES (1);

/**
 * Settings of every connection to the indexer's SQLite file (the main thread's and the writer thread's). WAL mode is
 * the file's own and is set once, when the database is opened.
 */
export const connectionPragmas: readonly string[] = [
  // WAL with NORMAL stays consistent after a crash; only the last commits may be lost, and sync redoes them.
  'PRAGMA synchronous = NORMAL',
  // Checkpoints (which fsync) are run by the sync between batches rather than inside a commit.
  'PRAGMA wal_autocheckpoint = 0',
  'PRAGMA journal_size_limit = 67108864',
  'PRAGMA foreign_keys = OFF',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA cache_size = -65536',
  'PRAGMA temp_store = MEMORY',
];

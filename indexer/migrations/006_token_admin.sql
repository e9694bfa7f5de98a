-- Token admin: uploaded token logos, admin sessions and failed logins. Not chain data: kept through reorgs and
-- restarts. The site's instances keep nothing themselves, so any number of them can serve the admin panel.
CREATE TABLE token_logos (
  address TEXT PRIMARY KEY,              -- lowercased token address
  logo_type TEXT NOT NULL,               -- 'png' or 'svg' (decided by content and checked again here)
  bytes BLOB NOT NULL,                   -- the PNG as uploaded, or the sanitised SVG
  hash TEXT NOT NULL,                    -- sha256 of bytes, hex: the ETag and the version in logo URLs
  uploaded_by TEXT NOT NULL,
  uploaded_at INTEGER NOT NULL           -- milliseconds since the epoch
) WITHOUT ROWID;

-- Sessions of the token admin. Only a hash of the session id is kept: the id itself lives in the admin's cookie.
CREATE TABLE admin_sessions (
  id_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
) WITHOUT ROWID;

-- Failed logins by client address, for throttling (old rows are removed as new ones arrive).
CREATE TABLE admin_login_failures (
  client TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX admin_login_failures_client ON admin_login_failures (client, at);

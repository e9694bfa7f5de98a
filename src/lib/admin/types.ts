// What the token admin island is given by the server: plain data, no credential, hash or indexer secret.
// The user name is not here either: the panel never shows it.

/** One token of the admin list, as a row shows it. `logo` is a path under the site's own /token-logos/ or null. */
export interface AdminRow {
  /** As the indexer spells it (checksummed); compare lowercased. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  verified: boolean;
  logo: string | null;
  /** First two letters of the symbol or name ('T' with none): shown under the logo and when it fails. */
  initials: string;
}

/** The outcome of the last upload the server handled (a plain-form upload, or ?uploaded=1). */
export interface UploadOutcomeView {
  ok: boolean;
  message: string;
}

/** The login form: what went wrong, when to retry, the user name typed (never the password). */
export interface AdminLoginProps {
  kind: 'login';
  error: string | null;
  retry: string | null;
  username: string;
}

/** The logged-in panel: the tokens (null when they could not be fetched), the search, the chosen token, the last upload. */
export interface AdminPanelProps {
  kind: 'panel';
  rows: AdminRow[] | null;
  q: string;
  /** Lowercased address of the chosen token, or null. */
  selected: string | null;
  upload: UploadOutcomeView | null;
}

/** The island's one prop. */
export type AdminIslandView = AdminLoginProps | AdminPanelProps;

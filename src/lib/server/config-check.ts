// The site server's environment, checked once at start (site-server.ts, before it listens; `npm start` too):
// every variable the README lists for the site, each bad value reported with its name and the accepted forms, all at
// once. The pages read the same variables at request time (config.ts and the others), where a bad value would only
// fall back to a default, silently: this is where the operator hears of it.
import {
  addressSetFromEnv,
  commonServerSettings,
  COMMON_SERVER_VARIABLES,
  compressionFromEnv,
  envValue,
  headerSecretFromEnv,
  hostFromEnv,
  httpUrlFromEnv,
  portFromEnv,
  Problems,
  wholeNumberFromEnv,
  type Env,
} from '../../../common/env-check.ts';
import { parsePasswordHash } from './admin/credentials.ts';

/** The site's links (header and footer), read by readConfig: http(s) URLs. */
const LINK_VARIABLES = ['DAPP_URL', 'API_DOCS_URL', 'DEVELOPERS_URL', 'CODE_HOST_URL', 'MICROBLOG_URL', 'CHAT_URL'] as const;

/** The variables siteConfigProblems checks, for the test that holds the README's table against the checkers. */
export const SITE_VARIABLES: readonly string[] = [
  'INDEXER_URL',
  'PUBLIC_INDEXER_URL',
  'HOST',
  'PORT',
  'IPFS_GATEWAY',
  'HTTP_COMPRESSION',
  'ASTRO_KEY',
  'CSV_EXPORT_MAX_ROWS',
  'MARKET_DATA_API_KEY',
  'TOKEN_ADMIN_USER',
  'TOKEN_ADMIN_PASSWORD_HASH',
  'TOKEN_ADMIN_PASSWORD',
  'INDEXER_ADMIN_TOKEN',
  'TRUST_PROXY',
  ...LINK_VARIABLES,
  'CONTACT_EMAIL',
  ...COMMON_SERVER_VARIABLES,
];

/** ASTRO_KEY: Astro's server-island key, an AES-GCM key in base64 (`astro create-key` makes a 256-bit one). */
function checkAstroKey(env: Env): void {
  const raw = envValue(env, 'ASTRO_KEY');
  if (raw === undefined) return;
  const bytes = Buffer.from(raw, 'base64');
  const canonical = bytes.toString('base64');
  if (canonical.replace(/=+$/, '') === raw.replace(/=+$/, '') && [16, 24, 32].includes(bytes.length)) return;
  throw new Error('ASTRO_KEY must be a base64 AES key of 16, 24 or 32 bytes, as `npx astro create-key` prints; the value set is not repeated here');
}

/** The token admin: a password hash that parses, and a user name whenever a password or hash is set. */
function checkTokenAdmin(env: Env, problems: Problems): void {
  const hash = envValue(env, 'TOKEN_ADMIN_PASSWORD_HASH');
  if (hash !== undefined && parsePasswordHash(hash) === null) {
    problems.list.push('TOKEN_ADMIN_PASSWORD_HASH must be a hash printed by `npm run admin:hash` (scrypt$N$r$p$salt$hash); the value set is not repeated here');
  }
  const password = hash ?? (env['TOKEN_ADMIN_PASSWORD'] === undefined || env['TOKEN_ADMIN_PASSWORD'] === '' ? undefined : 'set');
  if (password !== undefined && envValue(env, 'TOKEN_ADMIN_USER') === undefined) {
    problems.list.push('TOKEN_ADMIN_USER must be set when TOKEN_ADMIN_PASSWORD_HASH or TOKEN_ADMIN_PASSWORD is (the admin logs in with both)');
  }
}

/** Every problem of the site server's environment, one line each (empty: it may start). */
export function siteConfigProblems(env: Env): string[] {
  const problems = new Problems();
  for (const name of ['INDEXER_URL', 'PUBLIC_INDEXER_URL', 'IPFS_GATEWAY', ...LINK_VARIABLES]) problems.read(() => httpUrlFromEnv(env, name));
  problems.read(() => hostFromEnv(env, 'HOST', '127.0.0.1'));
  problems.read(() => portFromEnv(env, 'PORT', 4321));
  problems.read(() => compressionFromEnv(env));
  problems.read(() => checkAstroKey(env));
  // As src/lib/server/export/plan.ts reads it (there, anything else silently means the default).
  problems.read(() => wholeNumberFromEnv(env, 'CSV_EXPORT_MAX_ROWS', 1, 999_999_999, 100_000));
  problems.read(() => headerSecretFromEnv(env, 'MARKET_DATA_API_KEY'));
  problems.read(() => headerSecretFromEnv(env, 'INDEXER_ADMIN_TOKEN'));
  checkTokenAdmin(env, problems);
  problems.read(() => addressSetFromEnv(env, 'TRUST_PROXY'));
  const email = envValue(env, 'CONTACT_EMAIL');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.list.push(`CONTACT_EMAIL must be an email address (name@example.org), got ${JSON.stringify(env['CONTACT_EMAIL'])}`);
  commonServerSettings(env, problems);
  return problems.list;
}

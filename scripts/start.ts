// `npm start`: builds what is not built, starts devnet + indexer + site (or less, as configured), prints the URL.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportProblems } from '../common/settings.ts';
import { exitOnSignals } from '../common/shutdown.ts';
import { indexerConfigFromProcess } from '../indexer/src/config/settings.ts';
import { siteSettingsFromProcess } from '../src/lib/server/settings.ts';
import { startSettingsFromProcess } from './start-settings.ts';
import { buildSite, SITE_ENTRY, siteIsBuilt } from './site.ts';
import { startStack } from './stack.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time below a path (files only). */
function newest(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

/** The site needs a build when there is none or its sources changed since. */
function siteIsStale(): boolean {
  if (!siteIsBuilt()) return true;
  const built = statSync(SITE_ENTRY).mtimeMs;
  return ['src', 'public', 'astro.config.mjs', 'package.json'].some((p) => newest(join(root, p)) > built);
}

// Everything this run reads, parsed and checked before anything is built or started: its own settings
// (scripts/start-settings.ts), the site server's, and the bundled indexer's when it runs one (INDEXER_URL unset). All
// problems at once, and no start with any.
const own = startSettingsFromProcess();
const site = siteSettingsFromProcess();
// The indexer's settings unless an indexer is given (a bad INDEXER_URL is no indexer: checked too).
const indexer = own.ok && own.settings.INDEXER_URL !== undefined ? null : indexerConfigFromProcess();
const problems = [...(own.ok ? [] : own.problems), ...(site.ok ? [] : site.problems), ...(indexer && 'problems' in indexer ? indexer.problems : [])];
if (!own.ok || !site.ok || problems.length > 0) {
  // The site's and the indexer's settings share some variables (HOST, LOG_LEVEL…): each problem once.
  reportProblems('npm start', [...new Set(problems)]);
  process.exit(1);
}
const { INDEXER_URL: indexerUrl, RPC_URL: rpcUrl, DEVNET_PORT: devnetPort } = own.settings;

if (siteIsStale()) {
  console.log('Building the site…');
  await buildSite();
}

const usesDevnet = indexerUrl === undefined && rpcUrl === undefined;
const dataDir = own.settings.DATA_DIR ?? join(root, 'data', usesDevnet ? 'devnet-index' : 'index');
// The devnet is a new chain at every start, so an index of an earlier one would only be rolled back.
if (usesDevnet) rmSync(dataDir, { recursive: true, force: true });

// What this run makes up is handed on in the environment, which the site server (a child process) and the stack's
// indexer parse: the secret the bundled indexer and the site share for the admin routes (token logos), one per run
// unless configured; on the devnet, a token admin with a password made for this run, printed once below.
const handOn = process.env;
if (indexerUrl === undefined && site.settings.INDEXER_ADMIN_TOKEN === undefined) handOn['INDEXER_ADMIN_TOKEN'] = randomBytes(32).toString('base64url');
let generatedPassword: string | null = null;
if (usesDevnet && site.settings.TOKEN_ADMIN_PASSWORD_HASH === undefined && site.settings.TOKEN_ADMIN_PASSWORD === undefined) {
  generatedPassword = randomBytes(12).toString('base64url');
  handOn['TOKEN_ADMIN_PASSWORD'] = generatedPassword;
}
const adminUser = site.settings.TOKEN_ADMIN_USER ?? (usesDevnet ? 'admin' : undefined);
if (adminUser !== undefined) handOn['TOKEN_ADMIN_USER'] = adminUser;

const started = Date.now();
const stack = await startStack({
  ...(indexerUrl !== undefined ? { indexerUrl } : {}),
  ...(rpcUrl !== undefined ? { rpcUrl } : {}),
  dataDir,
  host: site.settings.HOST,
  sitePort: site.settings.PORT,
  indexerPort: indexer && 'options' in indexer ? indexer.settings.INDEXER_PORT : 3300,
  ...(devnetPort !== undefined ? { devnetPort } : {}),
});

console.log(`\nSTO Explorer is running at ${stack.siteUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`Indexer API: ${stack.indexerUrl}${stack.rpcUrl ? `   Chain RPC: ${stack.rpcUrl}` : ''}`);
if (generatedPassword) {
  console.log(`Token admin: ${stack.siteUrl}/token-admin  user ${adminUser}  password ${generatedPassword}  (made for this run; set TOKEN_ADMIN_PASSWORD_HASH to choose one)`);
}
console.log('Press Ctrl-C to stop.');

// SIGTERM or Ctrl-C: the site and the indexer stop gracefully (requests in flight finish), exit 0; twice: at once.
exitOnSignals({
  stop: () => stack.stop(),
  log: (level, message) => (level === 'error' ? console.error : console.log)(`\n${message}`),
});

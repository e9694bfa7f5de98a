// `npm start`: builds what is not built, starts devnet + indexer + site (or less, as configured), prints the URL.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envValue, httpUrlFromEnv, portFromEnv, Problems, reportProblems } from '../common/env-check.ts';
import { exitOnSignals } from '../common/shutdown.ts';
import { indexerConfigFromEnv } from '../indexer/src/config/env.ts';
import { siteConfigProblems } from '../src/lib/server/config-check.ts';
import { buildSite, SITE_ENTRY, siteIsBuilt } from './site.ts';
import { startStack } from './stack.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;

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

// Everything this run reads, checked before anything is built or started: its own variables, the site server's, and
// the bundled indexer's when it runs one (INDEXER_URL unset). All problems at once, and no start with any.
const problems = new Problems();
problems.read(() => httpUrlFromEnv(env, 'INDEXER_URL'));
problems.read(() => httpUrlFromEnv(env, 'RPC_URL'));
problems.read(() => portFromEnv(env, 'DEVNET_PORT', undefined));
problems.list.push(...siteConfigProblems(env));
if (envValue(env, 'INDEXER_URL') === undefined) {
  const indexer = indexerConfigFromEnv(env);
  if ('problems' in indexer) problems.list.push(...indexer.problems);
}
if (problems.list.length > 0) {
  // The site's and the indexer's checks share some variables (HOST, LOG_LEVEL…): each problem once.
  reportProblems('npm start', [...new Set(problems.list)]);
  process.exit(1);
}

if (siteIsStale()) {
  console.log('Building the site…');
  await buildSite();
}

const usesDevnet = !env['INDEXER_URL'] && !env['RPC_URL'];
const dataDir = env['DATA_DIR'] ?? join(root, 'data', usesDevnet ? 'devnet-index' : 'index');
// The devnet is a new chain at every start, so an index of an earlier one would only be rolled back.
if (usesDevnet) rmSync(dataDir, { recursive: true, force: true });

// The bundled indexer and the site share a secret for the admin routes (token logos); one per run unless configured.
if (!env['INDEXER_URL']) env['INDEXER_ADMIN_TOKEN'] ||= randomBytes(32).toString('base64url');
// On the devnet, a token admin with a password made for this run, printed once below, unless one is configured.
let generatedPassword: string | null = null;
if (usesDevnet && !env['TOKEN_ADMIN_PASSWORD_HASH'] && !env['TOKEN_ADMIN_PASSWORD']) {
  generatedPassword = randomBytes(12).toString('base64url');
  env['TOKEN_ADMIN_PASSWORD'] = generatedPassword;
}
if (usesDevnet) env['TOKEN_ADMIN_USER'] ||= 'admin';

const started = Date.now();
const stack = await startStack({
  ...(env['INDEXER_URL'] ? { indexerUrl: env['INDEXER_URL'] } : {}),
  ...(env['RPC_URL'] ? { rpcUrl: env['RPC_URL'] } : {}),
  dataDir,
  host: env['HOST'] ?? '127.0.0.1',
  sitePort: Number(env['PORT'] ?? 4321),
  indexerPort: Number(env['INDEXER_PORT'] ?? 3300),
  ...(env['DEVNET_PORT'] ? { devnetPort: Number(env['DEVNET_PORT']) } : {}),
});

console.log(`\nSTO Explorer is running at ${stack.siteUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`Indexer API: ${stack.indexerUrl}${stack.rpcUrl ? `   Chain RPC: ${stack.rpcUrl}` : ''}`);
if (generatedPassword) {
  console.log(`Token admin: ${stack.siteUrl}/token-admin  user ${env['TOKEN_ADMIN_USER']}  password ${generatedPassword}  (made for this run; set TOKEN_ADMIN_PASSWORD_HASH to choose one)`);
}
console.log('Press Ctrl-C to stop.');

// SIGTERM or Ctrl-C: the site and the indexer stop gracefully (requests in flight finish), exit 0; twice: at once.
exitOnSignals({
  stop: () => stack.stop(),
  log: (level, message) => (level === 'error' ? console.error : console.log)(`\n${message}`),
});

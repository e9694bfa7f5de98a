import { randomBytes } from 'node:crypto';
import { startStack } from '../../scripts/stack.ts';
import { hashPassword } from '../../src/lib/server/admin/credentials.ts';

/** Starts devnet, indexer and the built site once for the whole run; the tests read their addresses from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The stack's servers write one log line per request: only warnings and errors reach the run's output.
  process.env['LOG_LEVEL'] ??= 'warn';
  // No compiler downloads during tests: the bundled compilers are what the tests use, offline and deterministic.
  process.env['SOLC_DOWNLOAD'] ??= '0';
  // The token admin of this run: a distinctive user name and random secrets (the secrets test looks for each of them
  // in every built file and page), the password given to the site only as its scrypt hash.
  const password = randomBytes(18).toString('base64url');
  process.env['E2E_ADMIN_USER'] = process.env['TOKEN_ADMIN_USER'] = `admin-${randomBytes(6).toString('hex')}`;
  process.env['E2E_ADMIN_PASSWORD'] = password;
  process.env['TOKEN_ADMIN_PASSWORD_HASH'] = await hashPassword(password);
  process.env['INDEXER_ADMIN_TOKEN'] = randomBytes(32).toString('base64url');
  // Tests that need their own client address (the login throttle) send X-Forwarded-For from loopback.
  process.env['TRUST_PROXY'] = 'loopback';
  // A small export cap, so that a devnet address holds more rows than one CSV file may (tests/e2e/csv-export.spec.ts).
  process.env['CSV_EXPORT_MAX_ROWS'] ??= '60';
  const stack = await startStack({
    ...(process.env['E2E_INDEXER_URL'] ? { indexerUrl: process.env['E2E_INDEXER_URL'] } : {}),
    liveIntervalMs: 3_000,
    log: (line) => process.stderr.write(`[stack] ${line}\n`),
  });
  process.env['E2E_SITE_URL'] = stack.siteUrl;
  process.env['E2E_INDEXER_URL'] = stack.indexerUrl;
  if (stack.rpcUrl) process.env['E2E_RPC_URL'] = stack.rpcUrl;
  // Workers inherit the environment, so each run's tests see their own stack's scenario.
  process.env['E2E_SCENARIO'] = JSON.stringify(stack.scenario ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  return () => stack.stop();
}

import { randomBytes } from 'node:crypto';
import { startStack, type Stack } from '../../scripts/stack.ts';
import { hashPassword } from '../../src/lib/server/admin/credentials.ts';
import { EXTRA_STACKS } from './stacks.ts';

/**
 * Starts the run's stacks (tests/e2e/stacks.ts) side by side and publishes their addresses in the environment the
 * workers inherit: the read stack's as E2E_SITE_URL, E2E_INDEXER_URL, E2E_RPC_URL and E2E_SCENARIO, the others' under
 * their prefixes. Against an external indexer (E2E_INDEXER_URL set) there is only the read stack, and no devnet.
 */
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
  const external = process.env['E2E_INDEXER_URL'];
  const started = await Promise.allSettled([
    startStack({
      ...(external ? { indexerUrl: external } : {}),
      liveIntervalMs: 3_000,
      log: (line) => process.stderr.write(`[stack] ${line}\n`),
    }),
    ...(external ? [] : EXTRA_STACKS.map(({ name }) => startStack({ liveIntervalMs: 3_000, log: (line) => process.stderr.write(`[${name}] ${line}\n`) }))),
  ]);
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const stack of stacks) await stack.stop();
    throw failed.reason;
  }
  const [read, ...extra] = stacks as [Stack, ...Stack[]];
  publish('', read);
  extra.forEach((stack, i) => publish(EXTRA_STACKS[i]?.prefix ?? '', stack));
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}

/** Publishes a stack's addresses and scenario under the prefix. */
function publish(prefix: string, stack: Stack): void {
  process.env[`${prefix}E2E_SITE_URL`] = stack.siteUrl;
  process.env[`${prefix}E2E_INDEXER_URL`] = stack.indexerUrl;
  if (stack.rpcUrl) process.env[`${prefix}E2E_RPC_URL`] = stack.rpcUrl;
  process.env[`${prefix}E2E_SCENARIO`] = JSON.stringify(stack.scenario ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

import { startStack } from '../../scripts/stack.ts';

/** Starts devnet, indexer and the built site once for the whole run; the tests read their addresses from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // No compiler downloads during tests: the bundled compilers are what the tests use, offline and deterministic.
  process.env['SOLC_DOWNLOAD'] ??= '0';
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

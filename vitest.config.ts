/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Through Astro's Vite config, so tests can render .astro components with the container API.
export default getViteConfig({
  test: {
    // A guard against hangs, not a speed check: integration cases do real work (an anvil, an indexer, PostgreSQL) and
    // every wait inside them has its own bound. 20 s was too close on a loaded machine (a CI run beside three builds
    // timed out four cases that pass in 2 to 12 s).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Integration tests start their own anvil and indexer; two cores do not take many at once.
    maxWorkers: 2,
    // The servers started by the tests write one log line per request; only warnings and errors reach the
    // run's output. Tests that read the lines give their logger its own level and destination.
    env: { LOG_LEVEL: 'warn' },
    // The run ends with one line per project: its wall time and the worker time its files took (tests/timing/).
    reporters: ['default', './tests/timing/vitest-timing.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      // The indexer's integration suite on SQLite (the default backend), with the devnet and site checks.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: ['**/node_modules/**', 'tests/integration/postgres-*.test.ts'] } },
      // The same indexer cases on PostgreSQL: one throw-away cluster for the run, a fresh database per indexer.
      {
        extends: true,
        test: {
          name: 'integration-postgres',
          include: ['tests/integration/indexer-*.test.ts', 'tests/integration/etherscan-*.test.ts', 'tests/integration/postgres-*.test.ts'],
          // The rate limits' file runs its own indexer on SQLite in memory: nothing in it changes with the backend.
          exclude: ['**/node_modules/**', 'tests/integration/indexer-rate-limit.test.ts'],
          env: { INDEXER_TEST_BACKEND: 'postgres', LOG_LEVEL: 'warn' },
          globalSetup: ['tests/integration/pg-global-setup.ts'],
        },
      },
    ],
  },
});

import { defineConfig, devices } from '@playwright/test';
import { stackPrefix } from './tests/e2e/stacks.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The spec files of the projects that change what others read; the read project takes every other file. */
const LIVE = /live-stream-push\.spec\.ts$/;
const VERIFICATION = /verify\.spec\.ts$/;
const INTERACTION = /contract-interact\.spec\.ts$/;

/** A project's browser, on the site of its stack (tests/e2e/stacks.ts), which the global setup publishes. */
function onStackOf(project: string): { name: string; use: object } {
  return { name: project, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: process.env[`${stackPrefix(project)}E2E_SITE_URL`] } };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Three on two cores: a page test spends much of its time waiting (navigation, the cookie banner's second, the
  // stack's answers), and with two workers the machine sat partly idle. Measured on the same machine: the chromium
  // project took 560 s with two workers and 467 s with three (Vitest, CPU-bound at three, keeps two).
  workers: 3,
  retries: 0,
  // A guard against hangs, not a speed check: a test that loads eight pages and scans one with axe took 30 s on a
  // machine loaded by other work (csv-export's bad ranges), and failed on the guard alone. Waits inside tests are on
  // states, each with its own bound (expect's 10 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The run ends with one line per project: its wall time and its tests' summed time (tests/timing/).
  reporter: [['list'], ['./tests/timing/playwright-timing.ts']],
  use: {
    trace: 'off',
    testIdAttribute: 'data-test',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // The projects that change what others read come first, on stacks of their own (tests/e2e/stacks.ts): queued first,
  // their few long tests start at once and the read tests fill the workers around them.
  projects: [
    { ...onStackOf('live'), testMatch: LIVE },
    { ...onStackOf('verification'), testMatch: VERIFICATION },
    { ...onStackOf('interaction'), testMatch: INTERACTION },
    { ...onStackOf('chromium'), testIgnore: [LIVE, VERIFICATION, INTERACTION] },
  ],
});

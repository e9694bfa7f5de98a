import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

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
    // The global setup starts the stack and publishes the site's address here.
    baseURL: process.env['E2E_SITE_URL'],
    trace: 'off',
    testIdAttribute: 'data-test',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testIgnore: /(verify|contract-interact|live-stream-push)\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The pushed stream's tests end with a reorganisation of the devnet's tip: after the read-only tests, beside the
    // verification ones (which read older blocks), on the worker those leave idle.
    { name: 'live', testMatch: /live-stream-push\.spec\.ts$/, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Verification changes what other tests read (a verified Playground verifies its identical twins): it runs last.
    { name: 'verification', testMatch: /verify\.spec\.ts$/, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Reading and writing verified contracts verifies the Playground itself, which the verification tests must not see first.
    // After the live tests too: their reorganisation of the tip must not drop a transaction these send.
    { name: 'interaction', testMatch: /contract-interact\.spec\.ts$/, dependencies: ['verification', 'live'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
});

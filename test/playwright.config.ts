import { defineConfig, devices } from '@playwright/test';

/** Port of the product the end-to-end run starts (built server + built web app). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
const baseURL = `http://localhost:${E2E_PORT}`;
/** End-to-end files that measure realtime latency (see the `latency` project). */
const LATENCY_FILES = /drills-console\.e2e\.ts$/;
/** The first-run test starts a product of its own (a new embedded database, migrated and seeded). */
const FIRST_RUN_FILES = /first-run\.e2e\.ts$/;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  // One browser at a time on CI. At two, the tests of a file run beside other files' tests on the
  // one shared demo organisation and its one support operator, on the same two cores as the
  // server: a full run (2026-11-28) failed two tests that pass alone — a profile page still
  // loading after 10 s, a chat queued while another test's operator left. Until e2e tests get
  // organisations of their own, CI runs them one after another (about 8 minutes longer). Two
  // locally, where a run is a few files. The projects that measure or create keep `workers: 1`.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A test's whole budget. CI's machine runs the server, the browser and axe on two cores, and
  // flows of several screens ran 27–37 s there that take 10–15 s alone: 60 s, not 30, so a slow
  // machine does not fail a correct test. Each wait keeps its own 10 s limit (expect, below).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  use: {
    baseURL,
    // No trace on CI: its recorder copies each page's DOM at every step, on the cores the server
    // and the browser share, and CI keeps no artifacts to read it from; a failure there still
    // prints its error and call log. Locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: [LATENCY_FILES, FIRST_RUN_FILES] },
    // Tests that assert how fast a change reaches other browsers run last, with no other test
    // beside them: on two cores a neighbour's browsers would measure the machine, not the product.
    // No trace either: its recorder copies each page's DOM at every step, on the same thread that
    // has to show the change being timed.
    {
      name: 'latency',
      use: { ...devices['Desktop Chrome'], channel: undefined, trace: 'off' },
      testMatch: LATENCY_FILES,
      dependencies: ['chromium'],
      workers: 1,
    },
    // Creating, migrating and seeding a database takes both cores for a while: the first run goes
    // last and alone, so it slows no other test's waits and none slows its own.
    {
      name: 'first-run',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: FIRST_RUN_FILES,
      dependencies: ['latency'],
      workers: 1,
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});

import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * Browser tests drive the built shop (npm run build) in the system Chromium. The global setup
 * starts the shop on a fresh data folder with demo data, plus the local SMTP server the shop
 * sends its emails to.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  // A failed test runs once more, recording its trace (below), and the run fails all the same:
  // a test that passes only the second time is flaky, and a flaky test is a defect, not a pass.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    // The trace of a failed test's second run: every action with the page's DOM before and after
    // it. Only then: recording it for every test cost the browsers a tenth of their time, and the
    // screencast a fifth more.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

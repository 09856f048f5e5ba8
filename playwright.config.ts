import { chromiumLaunchOptions } from '@cc/chromium';
import { defineConfig } from '@playwright/test';
import { E2E_API_PORT } from './e2e/support/brands';

/**
 * Browser journeys in Debian's Chromium against the real server, started from the
 * built brands on fresh temporary data (e2e/support/start-server.mjs). Ports differ
 * from `npm start` so both can run at once.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One journey at a time: two at once on this 2-core machine (two browsers and the server)
  // slowed the account journey past its 3-minute limit.
  workers: 1,
  // On CI a journey that fails is run once more; one that then passes is named as flaky in the
  // test run's summary (scripts/test-all.mjs), so it is seen and mended, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // The journeys' screens against their accepted pictures (e2e/support/helpers.ts, snapIn),
    // with the same colour threshold as the stories' visual check (scripts/visual/compare.mjs).
    toHaveScreenshot: { threshold: 0.1 },
  },
  snapshotPathTemplate: '{testDir}/../visual/journeys/{arg}{ext}',
  // On CI a screen with no accepted picture fails; on a developer's machine it is written, to be
  // looked at and committed.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e-report.json' },
    ],
  ],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${E2E_API_PORT}/api/v1/health/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

import { defineConfig, type LaunchOptions } from '@playwright/test';

/**
 * Browser tests against a running storefront (by default the Rust server on
 * :8080, which serves `dist/` and the API). Point elsewhere with
 * STOREFRONT_URL, e.g. `STOREFRONT_URL=http://127.0.0.1:4173 npm run e2e`.
 *
 * Uses the system Chromium; Playwright's own browser downloads are not used.
 */
const baseURL = process.env.STOREFRONT_URL ?? 'http://127.0.0.1:8080';

const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A guard against a hung test, not a check of speed (the benchmarks measure speed): on the
  // slowest 2-core machine seen so far the longest flows took 25–33 s, so 30 s failed them there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions,
    screenshot: 'on',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'tablet',
      use: { viewport: { width: 800, height: 1000 } },
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
  ],
});

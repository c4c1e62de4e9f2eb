import { defineConfig } from '@playwright/test'

/**
 * The e2e suite: Debian's Chromium against `okf-hub ui` over real bases in temp dirs (e2e/), no
 * stubbed API. Build first (`npm run build`). Screenshots of every screen land in
 * test-results/e2e-screens; traces and failure screenshots in test-results/e2e.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Hang guards, not speed checks: a flow with axe scans takes ~30 s alone and three times that with
  // both cores busy (docs/RELIABILITY.md, « A suite that never flakes »). Speed is the bench's job.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  workers: process.env.OKF_E2E_WORKERS ? Number(process.env.OKF_E2E_WORKERS) : 3,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.OKF_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox']
    },
    viewport: { width: 1360, height: 860 },
    locale: 'fr-FR',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure'
  }
})

import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/chromium';

/** `npm run bench`: one worker, so the figures do not compete for the two cores. */
export default defineConfig({
  testDir: '.',
  testMatch: 'bench.spec.ts',
  workers: 1,
  timeout: 300_000,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Real scrollbars, so layout shift is measured on a page that has one.
    launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] },
  },
  webServer: { command: 'node build/server/start.js --in-memory', cwd: '..', url: 'http://localhost:5173/', reuseExistingServer: false, stdout: 'ignore' },
});

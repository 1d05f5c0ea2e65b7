import { defineConfig } from '@playwright/test';
import type { EngineName } from '../test/e2e/engines/engine';
import { chromiumLaunchOptions } from '../test/e2e/chromium';

/**
 * `npm run bench`: one worker, so the figures do not compete for the two cores. Every figure in
 * Chromium (bench.spec.ts); open() to the payment UI visible, prepared and not, also in Firefox and
 * WebKit where the journeys' engines run (engines.spec.ts; `--project chromium` for Chromium alone).
 */
export default defineConfig<{ engineName: EngineName }>({
  testDir: '.',
  workers: 1,
  timeout: 300_000,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Real scrollbars, so layout shift is measured on a page that has one.
    launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] },
  },
  projects: [
    { name: 'chromium', testMatch: 'bench.spec.ts' },
    ...(['firefox', 'webkit'] as const).map((engineName) => ({ name: engineName, testMatch: 'engines.spec.ts', use: { engineName } })),
  ],
  webServer: { command: 'node build/server/start.js --in-memory', cwd: '..', url: 'http://localhost:5173/', reuseExistingServer: false, stdout: 'ignore' },
});

import { defineConfig, devices } from '@playwright/test';
import type { EngineName } from './test/e2e/engines/engine';
import { chromiumLaunchOptions } from './test/e2e/chromium';
import { chooseWorldPorts } from './test/e2e/ports';
import { world } from './test/e2e/world';

// Free ports for this run's offline world, in the environment that the servers and the workers
// inherit, so a running `npm start` (on the default ports) is no obstacle.
chooseWorldPorts();

/**
 * Browser tests, against the offline world of `npm start` started on free ports:
 * - `desktop`: every spec in Debian's Chromium (`CHROMIUM_PATH` overrides it);
 * - `chromium`, `firefox`, `webkit`: the journeys (test/e2e/journeys.spec.ts), written once, in each
 *   engine: Chromium and Firefox ESR through Playwright, WebKitGTK through WebKitWebDriver. An engine
 *   this machine lacks is reported and its journeys skipped (test/e2e/engines/report.ts);
 *   `PAYUI_REQUIRE_ENGINES=1` (CI) makes a missing engine fail the run.
 */
export default defineConfig<{ engineName: EngineName }>({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  globalSetup: './test/e2e/engines/report.ts',
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', testIgnore: 'journeys.spec.ts', use: { ...devices['Desktop Chrome'], channel: undefined } },
    ...(['chromium', 'firefox', 'webkit'] as const).map((engineName) => ({
      name: engineName,
      testMatch: 'journeys.spec.ts',
      timeout: 60_000,
      use: { engineName: engineName as EngineName },
    })),
  ],
  webServer: {
    command: 'node build/server/start.js --in-memory',
    url: `${world.demo}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
    // The service's database (PGlite) compiles its WebAssembly at each start: seconds on a busy machine.
    timeout: 120_000,
  },
});

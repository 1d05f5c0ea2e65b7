import { defineConfig, devices } from '@playwright/test';
import type { EngineName } from './test/e2e/engines/engine';
import { ENGINE_PATHS, missing } from './test/e2e/engines/available';
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
 *   `PAYUI_REQUIRE_ENGINES=1` (CI) makes a missing engine fail the run;
 * - `firefox-login`: the player's login (test/e2e/login.spec.ts) in Firefox ESR as well.
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
    // The player's login (register, mailbox, log in, buy) in Firefox ESR too, through Playwright's
    // own page API (cheap: the same spec); where Firefox is missing and not required, left out.
    ...(missing('firefox') === null || process.env.PAYUI_REQUIRE_ENGINES
      ? [{ name: 'firefox-login', testMatch: 'login.spec.ts', timeout: 60_000, use: { browserName: 'firefox' as const, launchOptions: { channel: 'moz-firefox', executablePath: ENGINE_PATHS.firefox } } }]
      : []),
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

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './test/e2e/chromium';
import { world } from './test/e2e/world';

/**
 * Browser tests run in Debian's Chromium (`CHROMIUM_PATH` overrides it), against the servers
 * of `npm start` on their default ports (stop a running `npm start` first).
 */
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    browserName: 'chromium',
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Journeys tagged @engines run in Firefox ESR too (Playwright's BiDi channel; Debian's firefox-esr).
    ...(existsSync(FIREFOX) ? [{ name: 'firefox', grep: /@engines/, use: { browserName: 'firefox' as const, channel: 'moz-firefox', launchOptions: { executablePath: FIREFOX } } }] : []),
  ],
  webServer: {
    command: 'node build/server/start.js',
    url: `${world.demo}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
    timeout: 30_000,
  },
});

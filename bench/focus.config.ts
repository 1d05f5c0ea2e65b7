import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/chromium';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** `npm run bench:focus`: the focus measurement of bench/focus.spec.ts, in Chromium and (when installed) Firefox ESR. */
export default defineConfig({
  testDir: '.',
  testMatch: 'focus.spec.ts',
  workers: 1,
  reporter: 'list',
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions } },
    ...(existsSync(FIREFOX) ? [{ name: 'firefox', use: { browserName: 'firefox' as const, channel: 'moz-firefox', launchOptions: { executablePath: FIREFOX } } }] : []),
  ],
  webServer: { command: 'node build/server/start.js --in-memory', cwd: '..', url: 'http://localhost:5173/', reuseExistingServer: false, stdout: 'ignore' },
});

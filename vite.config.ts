/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Deployment configuration; in this repository the defaults are the local mock payment UI (DESIGN.md §8). */
export const PAYMENT_UI_DEFAULTS = {
  live: process.env.PAYUI_LIVE_URL ?? 'http://localhost:5175/',
  sandbox: process.env.PAYUI_SANDBOX_URL ?? 'http://localhost:5176/',
};

const define = {
  __PAYUI_VERSION__: JSON.stringify(pkg.version),
  __PAYUI_LIVE_URL__: JSON.stringify(PAYMENT_UI_DEFAULTS.live),
  __PAYUI_SANDBOX_URL__: JSON.stringify(PAYMENT_UI_DEFAULTS.sandbox),
};

/**
 * One config, several builds, chosen by `--mode` (see scripts/build.js):
 * - `lib`: the ESM entry `dist/index.js`;
 * - `app`: the browser pages (demo, test fixtures) into `build/app`;
 * - `server`: the Node servers of `npm start` into `build/server`;
 * - default: Vitest.
 */
export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'lib') {
    return {
      define,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2020',
        minify: true,
        lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
      },
    };
  }
  if (mode === 'app') {
    return {
      define,
      root: '.',
      appType: 'mpa',
      build: {
        outDir: 'build/app',
        emptyOutDir: true,
        target: 'es2020',
        rolldownOptions: {
          input: {
            fixtureChannel: 'test/fixtures/channel/index.html',
            fixtureChannelChild: 'test/fixtures/channel/child.html',
          },
        },
      },
    };
  }
  if (mode === 'server') {
    return {
      define,
      build: {
        ssr: true,
        outDir: 'build/server',
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { input: { start: 'server/start.ts' }, output: { entryFileNames: '[name].js' } },
      },
    };
  }
  return {
    define,
    test: {
      include: ['test/unit/**/*.test.{ts,tsx}'],
      environment: 'node',
      coverage: {
        provider: 'v8',
        include: ['src/core/**/*.ts'],
        reporter: ['text-summary', 'text'],
        thresholds: { lines: 95 },
      },
    },
  };
});

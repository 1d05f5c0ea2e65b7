/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const root = (path: string) => resolve(import.meta.dirname, path);

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

const shared: UserConfig = {
  define,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
};

/** Node builds: one entry each, bundled with what they import, Node's own modules left out. */
function nodeBuild(outDir: string, input: Record<string, string>): UserConfig {
  return {
    ...shared,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      rolldownOptions: { input, output: { entryFileNames: '[name].js' } },
    },
  };
}

/**
 * One config, several builds, chosen by `--mode` (see scripts/build.js):
 * - `lib`: the ESM entry `dist/index.js`;
 * - `mock`: the mock payment UI into `dist/mock/ui`;
 * - `app`: the demo storefront and the test fixtures into `build/app`;
 * - `server`: `npm start` into `build/server`; `mock-server`: `dist/mock/server.js`;
 * - anything else: Vitest.
 */
export default defineConfig(({ mode }): UserConfig => {
  switch (mode) {
    case 'lib':
      return {
        ...shared,
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2020',
          minify: true,
          lib: { entry: root('src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
          rolldownOptions: { output: { chunkFileNames: 'payui-[name].js' } },
        },
      };
    case 'mock':
      return {
        ...shared,
        root: root('mock/ui'),
        base: './',
        publicDir: false,
        build: { outDir: root('dist/mock/ui'), emptyOutDir: true, target: 'es2020' },
      };
    case 'app':
      return {
        ...shared,
        appType: 'mpa',
        publicDir: root('demo/public'),
        build: {
          outDir: 'build/app',
          emptyOutDir: true,
          target: 'es2020',
          rolldownOptions: {
            input: {
              store: root('demo/index.html'),
              return: root('demo/return.html'),
              fixtureChannel: root('test/fixtures/channel/index.html'),
              fixtureChannelChild: root('test/fixtures/channel/child.html'),
              fixtureHarness: root('test/fixtures/harness/index.html'),
              fixtureWidget: root('test/fixtures/widget/index.html'),
            },
          },
        },
      };
    case 'server':
      return nodeBuild('build/server', { start: root('server/start.ts') });
    case 'mock-server':
      return nodeBuild('dist/mock', { server: root('mock/cli.ts') });
    default:
      return {
        ...shared,
        test: {
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/unit/setup.ts'],
          coverage: {
            provider: 'v8',
            include: ['src/core/**/*.ts'],
            reporter: ['text-summary', 'text'],
            thresholds: { lines: 95 },
          },
        },
      };
  }
});

/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const root = (path: string) => resolve(import.meta.dirname, path);

/**
 * Deployment configuration (DESIGN.md §2): the payment UI's live and sandbox addresses a build
 * defaults to. A build without them has no default (never a localhost address in a package):
 * init() then needs `paymentUiUrl` / `sandboxPaymentUiUrl`, and the launcher frames nothing until
 * its page lists the origins.
 */
export const PAYMENT_UI_DEFAULTS = {
  live: process.env.PAYUI_LIVE_URL ?? '',
  sandbox: process.env.PAYUI_SANDBOX_URL ?? '',
};

const define = {
  __PAYUI_VERSION__: JSON.stringify(pkg.version),
  __PAYUI_LIVE_URL__: JSON.stringify(PAYMENT_UI_DEFAULTS.live),
  __PAYUI_SANDBOX_URL__: JSON.stringify(PAYMENT_UI_DEFAULTS.sandbox),
};

/** `payui-embed/server` as a merchant's server imports it (the demo server and the tests). */
const serverKit = { 'payui-embed/server': root('src/server/index.ts') };
/** The framework bindings as a merchant's app imports them (the demo). */
const bindings = { 'payui-embed/element': root('src/element/index.ts'), 'payui-embed/react': root('src/react/index.ts') };

const shared: UserConfig = {
  define,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: serverKit },
};

/**
 * A JSON module of a Node build as `JSON.parse` of its text: V8 reads that several times faster than
 * the same object written as JavaScript (the service's 280 KB OpenAPI document, loaded at every
 * start). The bundler's own JSON handling wrote the object out whatever `json.stringify` said.
 */
const jsonAsParse = {
  name: 'payui-json-as-parse',
  enforce: 'pre' as const,
  load(id: string) {
    if (!id.endsWith('.json')) return null;
    return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(id, 'utf8'))))});`, moduleType: 'js' as const };
  },
};

/** Node builds: one entry each, bundled with what they import, Node's own modules left out. */
function nodeBuild(outDir: string, input: Record<string, string>): UserConfig {
  return {
    ...shared,
    plugins: [jsonAsParse],
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      rolldownOptions: { input, output: { entryFileNames: '[name].js' } },
    },
  };
}

/** A page of the offline service (`payui-mock`): `mock/<source>/` built into `mock/dist/<name>/`. */
function mockPage(source: string, name: string, base: string): UserConfig {
  return {
    ...shared,
    root: root(`mock/${source}`),
    base,
    publicDir: false,
    build: { outDir: root(`mock/dist/${name}`), emptyOutDir: true, target: 'es2020' },
  };
}

/** Minified, straight into dist/ (next to what the other dist builds put there). */
const distBuild = { outDir: 'dist', emptyOutDir: false, target: 'es2020', minify: true } as const;

/** One browser file per entry. */
function browserFile(input: Record<string, string>, format: 'iife' | 'es'): UserConfig {
  return {
    ...shared,
    build: {
      ...distBuild,
      modulePreload: false,
      rolldownOptions: { input, preserveEntrySignatures: 'strict', output: { format, entryFileNames: '[name].js' } },
    },
  };
}

/**
 * One config, several builds, chosen by `--mode` (see scripts/build.js):
 * - `lib`: the ESM entry `dist/index.js`;
 * - `script`, `script-session`, `script-lightbox`, `script-inline`: the classic script `dist/payui.js`,
 *   and beside it `dist/payui-session.js` (an open), `dist/payui-lightbox.js` (the lightbox) and
 *   `dist/payui-inline.js` (mount()), loaded on demand;
 * - `launcher`: the webview launcher into `dist/launcher`;
 * - `mock`: the mock payment UI into `mock/dist/ui` (the package `payui-mock`, not `payui-embed`);
 * - `mock-console`: the merchant console into `mock/dist/console` (served at `/console/` of the merchant API);
 * - `app`: the demo storefront and the test fixtures into `build/app`;
 * - `server`: `npm start` into `build/server`; `mock-server`: `mock/dist/server.js` (the `payui-mock`
 *   command; what it imports of src/ is bundled in; its own dependencies, fastify and PGlite, stay imports);
 * - anything else: Vitest.
 */
export default defineConfig(({ mode }): UserConfig => {
  switch (mode) {
    case 'lib':
    case 'lib-cjs': {
      // The npm package: one file per source module (so a bundler keeps only what is imported),
      // ESM in dist/ and CommonJS in dist/cjs/ (require() on any Node 20). Dependencies stay
      // imports: the merchant's bundler resolves them (one Preact per app).
      const cjs = mode === 'lib-cjs';
      return {
        ...shared,
        build: {
          ...distBuild,
          outDir: cjs ? 'dist/cjs' : 'dist',
          // The entries: the widget, `payui-embed/server` (the merchant's backend, Node only), and the
          // framework bindings `payui-embed/element` and `payui-embed/react` (DESIGN.md §12).
          lib: {
            entry: { index: root('src/index.ts'), 'server/index': root('src/server/index.ts'), 'element/index': root('src/element/index.ts'), 'react/index': root('src/react/index.ts') },
            formats: [cjs ? 'cjs' : 'es'],
          },
          rolldownOptions: {
            // React is the app's (an optional peer dependency), like Preact.
            external: [/^preact(\/|$)/, /^@preact\//, /^react(-dom)?(\/|$)/, /^node:/],
            output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: cjs ? '[name].cjs' : '[name].js' },
          },
        },
      };
    }
    case 'script':
      // The classic script: one IIFE, no Preact; it imports payui-session.js and payui-lightbox.js by URL when needed.
      return browserFile({ payui: root('src/global.ts') }, 'iife');
    case 'script-session':
      // The code of an open beside it: an ES module exporting startSession.
      return browserFile({ 'payui-session': root('src/session/session.ts') }, 'es');
    case 'script-lightbox':
      // The lightbox beside it: an ES module exporting openLightbox, Preact inside.
      return browserFile({ 'payui-lightbox': root('src/surfaces/lightbox/lightbox.ts') }, 'es');
    case 'script-inline':
      // mount()'s surface beside it: an ES module exporting openInline, no Preact.
      return browserFile({ 'payui-inline': root('src/surfaces/inline/inline.ts') }, 'es');
    case 'launcher':
      // The webview launcher page: one self-contained page with the lightbox built in. Its
      // allow-list of payment UI origins is written into the page (editable after the build).
      return {
        ...shared,
        plugins: [
          {
            name: 'payui-launcher-allow-list',
            transformIndexHtml: (html: string) =>
              html.replace('%PAYUI_PAYMENT_UI_ORIGINS%', [PAYMENT_UI_DEFAULTS.live, PAYMENT_UI_DEFAULTS.sandbox].filter(Boolean).map((url) => new URL(url).origin).join(' ')),
          },
        ],
        root: root('src/webview'),
        base: './',
        publicDir: false,
        build: { outDir: root('dist/launcher'), emptyOutDir: true, target: 'es2020', modulePreload: false },
      };
    case 'mock':
      return mockPage('payment-ui', 'ui', './');
    case 'mock-console':
      // Its addresses are absolute (`/console/assets/…`): a deep link such as /console/items answers the same page.
      return mockPage('console', 'console', '/console/');
    case 'app':
      return {
        ...shared,
        appType: 'mpa',
        publicDir: root('demo/public'),
        // The demo imports the package by its name, exactly as a merchant's app would.
        resolve: { alias: { ...serverKit, ...bindings, 'payui-embed': root('src/index.ts') } },
        build: {
          outDir: 'build/app',
          emptyOutDir: true,
          target: 'es2022',
          rolldownOptions: {
            input: {
              index: root('demo/index.html'),
              game: root('demo/game.html'),
              harbor: root('demo/harbor.html'),
              spa: root('demo/spa.html'),
              react: root('demo/react.html'),
              redirect: root('demo/redirect.html'),
              nativeHost: root('demo/native-host.html'),
              return: root('demo/return.html'),
              fixtureChannel: root('test/fixtures/channel/index.html'),
              fixtureChannelChild: root('test/fixtures/channel/child.html'),
              fixtureHarness: root('test/fixtures/harness/index.html'),
              fixtureWidget: root('test/fixtures/widget/index.html'),
              fixtureDist: root('test/fixtures/dist/index.html'),
              fixtureStub: root('test/fixtures/stub/index.html'),
              fixtureBench: root('test/fixtures/bench/index.html'),
            },
          },
        },
      };
    case 'server':
      return nodeBuild('build/server', { start: root('server/start.ts') });
    case 'mock-server':
      // The command, the entry for code (`import { startPayuiMock } from 'payui-mock'`) and the
      // client alone (`payui-mock/client`: the typed client without the service's modules).
      return nodeBuild(root('mock/dist'), {
        server: root('mock/app/cli.ts'), index: root('mock/app/start.ts'), client: root('mock/client.ts'), 'prepare-image': root('mock/store/prepare-image.ts'),
      });
    default:
      return {
        ...shared,
        // The unit tests are of a build configured for the local mock payment UI (as a deployment
        // sets PAYUI_LIVE_URL / PAYUI_SANDBOX_URL); a build without them is tested from dist/.
        define: { ...define, __PAYUI_LIVE_URL__: JSON.stringify('http://localhost:5175/'), __PAYUI_SANDBOX_URL__: JSON.stringify('http://localhost:5176/') },
        test: {
          // The widget's and the kit's tests, and the offline service's beside it (mock/test/).
          include: ['test/unit/**/*.test.{ts,tsx}', 'mock/test/**/*.test.{ts,tsx}'],
          // The offline service's database (PGlite, Postgres in WebAssembly) takes 1–4 s to start
          // on a busy 2-core machine; tests that start one get that much more time.
          hookTimeout: 60_000,
          testTimeout: 20_000,
          // A poll waits for something to become so (a watcher, a delivery, a row): Vitest's default
          // of 1 s is what a step takes at load 25, where CI22 saw a wait's watcher come after it.
          // Polls that pass return at once; only a failing one waits this long.
          expect: { poll: { timeout: 10_000 } },
          // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core
          // machine, the other core left idle while a file waits on its servers. Two at least.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          environment: 'node',
          setupFiles: ['test/unit/setup.ts'],
          // One offline service for the files that talk to it over HTTP, each in sandboxes of its
          // own; started by the first file that asks (mock/test/shared-service.ts).
          globalSetup: ['mock/test/shared-service.ts'],
          coverage: {
            provider: 'v8',
            include: ['src/**/*.{ts,tsx}'],
            exclude: ['src/env.d.ts', 'src/**/*.d.ts'],
            reporter: ['text-summary', 'text'],
            thresholds: { lines: 90 },
          },
        },
      };
  }
});

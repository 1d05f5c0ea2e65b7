/**
 * `test` with an `engine` fixture for the journeys: a Playwright page in Chromium or Firefox, or a
 * WebDriver session in WebKit (WebKitWebDriver + MiniBrowser under Xvfb). A project names its
 * engine with `engineName`; an engine this machine lacks skips its journeys and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { test as base, devices, type Browser } from '@playwright/test';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { chromiumLaunchOptions } from '../chromium';
import { ENGINE_PATHS, missing } from './available';
import type { Engine, EngineName } from './engine';
import { playwrightEngine } from './playwright-engine';
import { webdriverEngine } from './webdriver-engine';

const VIEWPORT = { width: 1280, height: 800 };
const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];

interface WorkerFixtures {
  engineName: EngineName;
  /** Starts a browser session of the engine: a page (Playwright) or a WebDriver session. */
  startEngine: (phone: boolean) => Promise<Engine>;
}
interface TestFixtures {
  /**
   * Pose as a phone: iPhone 13's user agent and viewport, and its touch where the engine emulates
   * it (Chromium). The user agent is what makes the widget take the phone's way (src/core/device.ts).
   */
  phone: boolean;
  engine: Engine;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Sizes a MiniBrowser window so that its page gets `viewport`, whatever its toolbar takes: as near
 * as the window allows (GTK keeps it at least as wide as its toolbar).
 */
async function fitViewport(driver: WebDriver, viewport: { width: number; height: number }): Promise<void> {
  const browserWindow = driver.manage().window();
  await browserWindow.setRect(viewport);
  const [outer, inner] = await Promise.all([
    browserWindow.getRect(),
    driver.executeScript<{ width: number; height: number }>('return { width: innerWidth, height: innerHeight }'),
  ]);
  await browserWindow.setRect({ width: viewport.width + outer.width - inner.width, height: viewport.height + outer.height - inner.height });
}

/**
 * An Xvfb on a display number it finds free itself (`-displayfd`), told once it takes connections.
 * A fixed number is shared with every other run on the machine: when another run's Xvfb holds it,
 * ours fails, MiniBrowser draws on theirs, and once they end it cannot open the display and
 * WebKitWebDriver waits for it until the test times out.
 */
function startXvfb(): { process: ChildProcess; display: Promise<string> } {
  const child = spawn(ENGINE_PATHS.xvfb, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = new Promise<string>((resolve, reject) => {
    let said = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.endsWith('\n')) resolve(`:${said.trim()}`);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named its display`)));
  });
  return { process: child, display };
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port}`);
}

/**
 * A MiniBrowser session, asked for a second time when the first has not started within 25 s: on a
 * loaded machine WebKitWebDriver now and then waits for a MiniBrowser that never connects (seen once
 * in CI at load 10: the test's 60 s went by in the fixture). The browser's start is the harness's,
 * not the widget's; a second failure still fails the test.
 */
async function withSecondTry(start: () => Promise<WebDriver>, ms = 25_000): Promise<WebDriver> {
  for (let attempt = 1; ; attempt += 1) {
    const started = start();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
    const first = await Promise.race([started, late]).finally(() => clearTimeout(timer));
    if (first !== 'late') return first;
    // The late session, should it still come, is closed so that it leaves no browser behind.
    void started.then((driver) => driver.quit(), () => undefined);
    if (attempt === 2) throw new Error(`MiniBrowser did not start twice in ${ms / 1000} s`);
    console.warn(`webkit: MiniBrowser did not start in ${ms / 1000} s; asking again`);
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engineName: ['chromium', { option: true, scope: 'worker' }],

  startEngine: [
    async ({ engineName, playwright }, use) => {
      if (missing(engineName)) {
        await use(() => Promise.reject(new Error(`${engineName}: ${missing(engineName)}`)));
        return;
      }
      if (engineName !== 'webkit') {
        let browser: Browser | undefined;
        await use(async (phone) => {
          browser ??= engineName === 'chromium'
            ? await playwright.chromium.launch(chromiumLaunchOptions)
            : await playwright.firefox.launch({ channel: 'moz-firefox', executablePath: ENGINE_PATHS.firefox });
          // Firefox through WebDriver BiDi takes the user agent and the screen, not touch emulation.
          const context = await browser.newContext(phone ? (engineName === 'chromium' ? iPhone : { userAgent: iPhone.userAgent, viewport: iPhone.viewport }) : { viewport: VIEWPORT });
          // Firefox: the first tab never has focus; a page of its own context does.
          return playwrightEngine(engineName, await context.newPage());
        });
        await browser?.close();
        return;
      }
      // WebKit: a display, a driver, then one MiniBrowser session per test.
      const children: ChildProcess[] = [];
      const env = { ...process.env };
      if (!process.env.DISPLAY) {
        const xvfb = startXvfb();
        children.push(xvfb.process);
        env.DISPLAY = await xvfb.display;
      }
      const port = await freePort();
      children.push(spawn(ENGINE_PATHS.webkitDriver, [`--port=${port}`], { stdio: 'ignore', env }));
      await waitForPort(port);
      await use(async (phone) => {
        // A phone: MiniBrowser takes the user agent from its command line (a WebKitSettings
        // property). Popups keep MiniBrowser's default: only a click may open a window, as in Safari.
        const args = ['--automation', ...(phone ? [`--user-agent=${iPhone.userAgent}`] : [])];
        const session = () => new Builder()
          .usingServer(`http://127.0.0.1:${port}`)
          .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: ENGINE_PATHS.webkitBrowser, args } })
          .build();
        const driver = await withSecondTry(session);
        await fitViewport(driver, phone ? iPhone.viewport : VIEWPORT);
        return webdriverEngine(driver);
      });
      for (const child of children.reverse()) child.kill();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  phone: [false, { option: true }],

  engine: async ({ engineName, startEngine, phone }, use, testInfo) => {
    const absent = missing(engineName);
    testInfo.skip(absent !== null, `${engineName}: ${absent}`);
    const engine = await startEngine(phone);
    await use(engine);
    await engine.close().catch(() => undefined);
  },
});

export { expect } from '@playwright/test';

// The built artefacts, as merchants get them: dist/payui.js on a page, dist/index.js in an app
// and in Node.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { devices, expect, test, type Page } from '@playwright/test';
import { expectContractOrder } from './event-order';
import { world } from './world';
import { closeFromInside } from './widget-page';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const lightboxHost = (page: Page) => page.locator('[data-payui-lightbox]');
const paymentUi = (page: Page) => page.frameLocator('[data-payui-lightbox] iframe');

/** Every frame records what it receives, so the payment UI's view of the widget can be read. */
async function recordFrameMessages(page: Page) {
  await page.addInitScript(() => {
    (window as any).payuiReceived = [];
    addEventListener('message', (event) => (window as any).payuiReceived.push(event.data));
  });
}

test.describe('dist/payui.js on the game site', () => {
  test('script tag, queued calls, data-payui-open on a child element, a purchase, one version everywhere', async ({ page }) => {
    await recordFrameMessages(page);
    await page.addInitScript(() => {
      (window as any).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${world.demo}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    expect(await page.evaluate(() => window.PayUI.version)).toBe(VERSION);

    // The 550 pack's button holds an icon and a label: click the label.
    await page.getByText('Buy 550 Crystals').click();
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    await expect(paymentUi(page).getByText('550 Crystals')).toBeVisible();
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await paymentUi(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(lightboxHost(page)).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText('Crystals delivered');
    const log = await page.locator('#log li strong').allTextContents();
    // One init, the page's own; its token provider asked for the clicked pack (trigger.dataset.pack).
    expectContractOrder(log.reverse(), [
      'init', 'open', 'open-lightbox', 'load', 'user-country', 'fcp',
      'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-lightbox', 'close',
    ]);

    expect(requested).toEqual(expect.arrayContaining(['/dist/payui-session.js', '/dist/payui-lightbox.js']));
    // The page's strict CSP (no 'unsafe-inline') saw nothing to block.
    expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
  });

  test('the payment UI is told the same version in widget-detected', async ({ page }) => {
    await recordFrameMessages(page);
    await page.goto(`${world.demo}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await page.getByRole('button', { name: 'Buy 100 Crystals' }).click();
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    const frame = page.frames().find((f) => f.url().startsWith(world.sandbox))!;
    const detected = await frame.evaluate(() =>
      (window as any).payuiReceived.map((m: string) => JSON.parse(m)).find((m: any) => m.command === 'widget-detected'));
    expect(detected.data.version).toBe(VERSION);
  });

  test('an element added after init opens it too', async ({ page }) => {
    await page.goto(`${world.demo}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '#';
      link.setAttribute('data-payui-open', '');
      link.innerHTML = '<em>late offer</em>';
      document.querySelector('main')!.append(link);
    });
    await page.getByText('late offer').click();
    await expect(lightboxHost(page)).toHaveCount(1);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('payui.js holds no Preact: the lightbox code loads only when needed, from beside the script', async ({ page }) => {
    const payui = readFileSync('dist/payui.js', 'utf8');
    const lightbox = readFileSync('dist/payui-lightbox.js', 'utf8');
    expect(lightbox).toContain('payui-pulse');
    expect(payui).not.toContain('payui-pulse');
    expect(payui).not.toContain('__PREACT');
    void page;
  });
});

test.describe('the README stub', () => {
  test('calls made before payui.js loaded run in order once it has', async ({ page }) => {
    await page.goto(`${world.demo}/test/fixtures/stub/index.html?open=1`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await expect(lightboxHost(page)).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.seen)).toEqual(['init', 'open', 'open-lightbox', 'load']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => window.seen.at(-1))).toBe('close');
  });

  test('a queued mount() runs once payui.js is here: the payment UI inline, from payui-inline.js beside it', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${world.demo}/test/fixtures/stub/index.html?mount=1&preload=none`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await expect(page.locator('#checkout [data-payui-inline] .root.ready')).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.seen)).toEqual(['init', 'open', 'open-inline', 'load']);
    expect(requested).toContain('/dist/payui-inline.js');
    expect(requested).not.toContain('/dist/payui-lightbox.js');
    await page.evaluate(() => window.PayUI.close());
    await expect(page.locator('[data-payui-inline]')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.seen.at(-1))).toBe('close');
  });

  test('destroy() removes the click delegation and every node', async ({ page }) => {
    await page.goto(`${world.demo}/test/fixtures/stub/index.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    // The preconnect comes with the session code, fetched when the page is idle after init.
    await expect(page.locator('link[rel="preconnect"]')).toHaveCount(1);
    const before = await page.evaluate(() => document.getElementsByTagName('*').length);
    await page.locator('#buy').click();
    await expect(lightboxHost(page)).toHaveCount(1);
    await page.evaluate(() => window.PayUI.destroy());
    await page.evaluate(() => window.PayUI.destroy());
    await expect(lightboxHost(page)).toHaveCount(0);
    await page.locator('#buy').click();
    await page.waitForTimeout(300);
    await expect(lightboxHost(page)).toHaveCount(0);
    // The preconnect link of init went with it.
    await expect(page.locator('link[rel="preconnect"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBe(before - 1);
  });
});

test.describe('dist/payui.js on a phone', () => {
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('the window opens inside the click; what it says before payui-session.js arrives is kept, answered and relayed', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // The code of an open is held back until the payment UI in the window has loaded and spoken.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/dist/payui-session.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${world.demo}/test/fixtures/stub/index.html?preload=none`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#buy').click()]);
    await popup.getByRole('button', { name: /^Pay/ }).waitFor();
    // The window is up in the click: announced at once, before the session code is here.
    expect(await page.evaluate(() => window.seen)).toEqual(['init', 'open', 'open-window']);
    release();
    await expect.poll(() => page.evaluate(() => window.seen)).toEqual(['init', 'open', 'open-window', 'load']);
    await popup.getByRole('button', { name: /^Pay/ }).click();
    await expect(popup.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await closeFromInside(popup, 'Close');
    await expect.poll(() => page.evaluate(() => window.seen)).toEqual(['init', 'open', 'open-window', 'load', 'status-done', 'close']);
    expect(requested).toContain('/dist/payui-session.js');
    expect(requested).not.toContain('/dist/payui-lightbox.js');
  });
});

test.describe('dist/index.js in an app', () => {
  async function ready(page: Page) {
    await page.goto(`${world.demo}/test/fixtures/dist/index.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  }

  test('promise results for done, troubled and cancel', async ({ page }) => {
    await ready(page);
    for (const outcome of ['done', 'troubled', 'cancel'] as const) {
      await page.evaluate(async () => {
        const w = window.lib.createPayUI({ access_token: await window.token(), sandbox: true, ...window.bases });
        (window as any).pending = w.open();
        (window as any).current = w;
      });
      const ui = paymentUi(page);
      if (outcome === 'cancel') {
        await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
        await page.keyboard.press('Escape');
      } else {
        if (outcome === 'troubled') await ui.getByLabel('Payment is declined').check();
        await ui.getByRole('button', { name: /^Pay/ }).click();
        await ui.getByRole('heading', { name: outcome === 'done' ? 'Payment successful' : 'Payment declined' }).waitFor();
        await page.evaluate(() => (window as any).current.close());
      }
      const result = await page.evaluate(() => (window as any).pending);
      expect(result).toEqual({
        status: outcome === 'cancel' ? null : outcome,
        paymentInfo: outcome === 'cancel' ? null : expect.objectContaining({ status: outcome, virtualCurrencyAmount: 100 }),
        reason: outcome === 'cancel' ? 'user' : 'api',
      });
      await page.evaluate(() => (window as any).current.destroy());
    }
  });

  test('instances are independent; a second lightbox is refused with ALREADY_OPEN; destroy leaves nothing', async ({ page }) => {
    await ready(page);
    // The app's bundler (Vite here) adds modulepreload links for lazily imported code: those are its own.
    const nodes = () => page.evaluate(() => document.querySelectorAll('*:not(link[rel="modulepreload"])').length);
    const before = await nodes();
    const outcome = await page.evaluate(async () => {
      const token = await window.token();
      const a = window.lib.createPayUI({ access_token: token, sandbox: true, preload: 'none', ...window.bases });
      const b = window.lib.createPayUI({ access_token: token, sandbox: true, preload: 'none', ...window.bases });
      const seen: string[] = [];
      a.on('open close', (_d, type) => seen.push(`a:${type}`));
      b.on('open close error', (_d, type) => seen.push(`b:${type}`));
      const first = a.open();
      await new Promise((resolve) => a.once('open', resolve));
      const refused = await b.open().then(() => 'resolved', (error: { code: string }) => error.code);
      a.destroy();
      a.destroy();
      const firstResult = await first;
      const second = b.open();
      await new Promise((resolve) => b.once('open', resolve));
      b.destroy();
      return { refused, firstResult, secondResult: await second, seen, isOpen: [a.isOpen, b.isOpen] };
    });
    expect(outcome).toEqual({
      refused: 'ALREADY_OPEN',
      firstResult: { status: null, paymentInfo: null, reason: 'api' },
      secondResult: { status: null, paymentInfo: null, reason: 'api' },
      seen: ['a:open', 'b:error', 'a:close', 'b:open', 'b:close'],
      isOpen: [false, false],
    });
    expect(await nodes()).toBe(before);
    expect(await page.evaluate(() => window.lib.PayUI.version)).toBe(VERSION);
  });
});

test('dist/index.js imports in Node with no DOM, without side effects', () => {
  const script = `
    const before = Object.keys(globalThis).sort().join();
    const lib = await import('./dist/index.js');
    const after = Object.keys(globalThis).sort().join();
    const widget = lib.createPayUI({ access_token: 'T', paymentUiUrl: 'https://pay.example/' });
    let code = null;
    await widget.open().catch((error) => (code = error.code));
    let invalid = null;
    try { lib.createPayUI({ access_token: 'T', paymentUiUrl: 'https://pay.example/', lightbox: { zIndex: -1 } }); } catch (error) { invalid = [error.code, error.path]; }
    // Built as the README says, without PAYUI_LIVE_URL / PAYUI_SANDBOX_URL: no default address.
    const noDefault = [{ access_token: 'T' }, { access_token: 'T', sandbox: true }].map((options) => {
      try { lib.createPayUI(options); return 'opened'; } catch (error) { return [error.code, error.path, error.message]; }
    });
    console.log(JSON.stringify({
      exports: Object.keys(lib).sort(), sameGlobals: before === after, version: lib.version, payuiVersion: lib.PayUI.version,
      code, invalid, noDefault, returnParams: lib.parseReturnParams('https://g.test/?status=done&invoice_id=9'),
    }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(JSON.parse(output)).toEqual({
    exports: ['ErrorCodes', 'EventTypes', 'PayUI', 'PayUIError', 'createPayUI', 'parseReturnParams', 'version'],
    sameGlobals: true,
    version: VERSION,
    payuiVersion: VERSION,
    code: 'UNSUPPORTED_ENVIRONMENT',
    invalid: ['INVALID_OPTION', 'lightbox.zIndex'],
    noDefault: [
      ['INVALID_OPTION', 'paymentUiUrl', 'paymentUiUrl: needed (this build has no default)'],
      ['INVALID_OPTION', 'sandboxPaymentUiUrl', 'sandboxPaymentUiUrl: needed (this build has no default)'],
    ],
    returnParams: { user_id: null, foreigninvoice: null, invoice_id: '9', status: 'done' },
  });
});

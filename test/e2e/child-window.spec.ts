import { devices, expect, test, type Page } from '@playwright/test';
import { buyInWindow, eventsOf, gotoFixture, host, openAndWaitReady, results } from './widget-page';
import { world } from './world';

// Device descriptors in Chromium: their default browser would be WebKit for Apple devices.
const device = (name: string) => {
  const { defaultBrowserType: _default, ...rest } = devices[name]!;
  return rest;
};

/** Lightbox code in a response body: its keyframes or its focus guards (not a file name in a preload list). */
const LIGHTBOX_SIGNATURES = ['payui-pulse', 'focus-guard'];

async function lightboxRequests(page: Page): Promise<() => string[]> {
  const hits: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (LIGHTBOX_SIGNATURES.some((s) => body.includes(s))) hits.push(response.url());
  });
  return () => hits;
}

async function openPopup(page: Page) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#buy').click()]);
  await popup.waitForLoadState();
  return popup;
}

for (const name of ['iPhone 13', 'Pixel 7', 'iPad (gen 7)']) {
  test.describe(`child window on ${name}`, () => {
    test.use(device(name));

    test('opens a window (no lightbox, no Preact), relays status and the UI’s close', async ({ page }) => {
      const lightboxCode = await lightboxRequests(page);
      await gotoFixture(page);
      const popup = await openPopup(page);
      expect(popup.url()).toMatch(new RegExp(`^${world.sandbox}/\\?access_token=`));
      await expect(host(page)).toHaveCount(0);
      await buyInWindow(page, popup);
      expect(await eventsOf(page, 'open')).toEqual([{ mode: 'window' }]);
      expect(lightboxCode()).toEqual([]);
    });
  });
}

test.describe('child window: the player and the page', () => {
  test.use(device('iPhone 13'));

  test('closing the window emits close with reason user', async ({ page }) => {
    await gotoFixture(page);
    const popup = await openPopup(page);
    await popup.getByRole('button', { name: /^Pay/ }).waitFor();
    await popup.close();
    await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'user' }]);
    expect(await eventsOf(page, 'close-window')).toEqual([{ reason: 'user', lastStatus: null }]);
  });

  test('close() closes the window; open() again while open focuses it and returns the same promise', async ({ page }) => {
    await gotoFixture(page);
    const popup = await openPopup(page);
    const same = await page.evaluate(() => {
      const first = window.widget.open();
      return first === window.widget.open();
    });
    expect(same).toBe(true);
    expect(page.context().pages()).toHaveLength(2);
    const closed = popup.waitForEvent('close');
    await page.evaluate(() => window.widget.close());
    await closed;
    await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'api' }]);
  });

  test('a forged message from another window of the payment UI origin is ignored', async ({ page }) => {
    await gotoFixture(page);
    const popup = await openPopup(page);
    await popup.getByRole('button', { name: /^Pay/ }).waitFor();
    // Same origin as the popup, but a different window: a frame the page did not open for payment.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.name = 'forger';
      frame.src = src;
      document.body.append(frame);
    }, `${world.sandbox}/?access_token=forged`);
    const forger = (await (await page.locator('iframe[name="forger"]').elementHandle())!.contentFrame())!;
    await forger.waitForLoadState();
    await forger.evaluate(() => {
      const send = (command: string, data: object) => parent.postMessage(JSON.stringify({ command, data }), '*');
      send('status', { paymentInfo: { status: 'done', invoice: 666 } });
      send('close', {});
    });
    await page.waitForTimeout(300);
    expect(await eventsOf(page, 'status')).toEqual([]);
    expect(await page.evaluate(() => window.widget.isOpen)).toBe(true);
    await popup.close();
  });

  test('iframeOnly: a full-screen lightbox instead of a window', async ({ page }) => {
    await gotoFixture(page, { options: { iframeOnly: true } });
    await openAndWaitReady(page);
    expect(await eventsOf(page, 'open')).toEqual([{ mode: 'lightbox' }]);
    expect(page.context().pages()).toHaveLength(1);
  });

  for (const [how, stub] of [
    ['returns null', 'window.open = () => null;'],
    ['throws', "window.open = () => { throw new Error('blocked'); };"],
  ] as const) {
    test(`a blocked popup (window.open ${how}) never throws: POPUP_BLOCKED, then a full-screen lightbox`, async ({ page }) => {
      await page.addInitScript(stub);
      await gotoFixture(page);
      await openAndWaitReady(page);
      expect(await eventsOf(page, 'error')).toEqual([{ code: 'POPUP_BLOCKED', message: expect.any(String) }]);
      expect(await eventsOf(page, 'open')).toEqual([{ mode: 'lightbox' }]);
      const viewport = page.viewportSize()!;
      expect(await page.locator('[data-payui-lightbox] .dialog').boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      await page.getByRole('button', { name: 'Close', exact: true }).tap();
      await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'user' }]);
      expect(await page.evaluate(() => window.failures)).toEqual([]);
    });
  }

  test('_self: navigates to the payment UI, which brings the player back to return_url', async ({ page }) => {
    await gotoFixture(page, { returnUrl: true, options: { childWindow: { target: '_self' } } });
    await page.locator('#buy').click();
    await expect(page).toHaveURL(new RegExp(`^${world.sandbox}/\\?access_token=`));
    await page.getByRole('button', { name: /^Pay/ }).click();
    const invoice = await page.getByTestId('invoice').textContent();
    await page.getByRole('link', { name: 'Return to game' }).click();
    await expect(page).toHaveURL(new RegExp(`^${world.demo}/return\\.html\\?`));
    const params = await page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
    expect(params).toEqual({ user_id: 'demo-player-1', foreigninvoice: expect.stringMatching(/^demo-order-/), invoice_id: invoice, status: 'done' });
  });
});

test.describe('child window: desktop-mode iPad', () => {
  test('a Mac user agent with touch points still gets the window', async ({ page, browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
    });
    const ipad = await context.newPage();
    const cdp = await context.newCDPSession(ipad);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await gotoFixture(ipad);
    const popup = await openPopup(ipad);
    expect(popup.url().startsWith(`${world.sandbox}/`)).toBe(true);
    await context.close();
    void page;
  });

  test('desktop Chrome gets the lightbox (and so loads its code)', async ({ page }) => {
    const lightboxCode = await lightboxRequests(page);
    await gotoFixture(page);
    await openAndWaitReady(page);
    expect(await eventsOf(page, 'open')).toEqual([{ mode: 'lightbox' }]);
    expect(lightboxCode().length).toBeGreaterThan(0);
  });
});

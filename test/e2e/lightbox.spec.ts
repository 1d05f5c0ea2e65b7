import { createRequire } from 'node:module';
import { devices, expect, test, type Page } from '@playwright/test';
import { dialog, eventTypes, eventsOf, focusStop, focusedInLightbox, gotoFixture, host, openAndWaitReady, paymentUi, results, whatThePageHolds } from './widget-page';
import { expectContractOrder } from './event-order';
import { requestToken } from './tokens';
import { world } from './world';

// The phone's screen, touch and user agent, in Chromium (its default browser would be WebKit).
const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];

async function expectClosed(page: Page, reason: string, status: string | null = null) {
  await expect(host(page)).toHaveCount(0);
  await expect.poll(() => results(page)).toEqual([{ status, paymentInfo: status ? expect.any(Object) : null, reason }]);
  expect(await eventsOf(page, 'close')).toEqual([{ reason, lastStatus: status }]);
  expect(await eventsOf(page, 'close-lightbox')).toEqual([{ reason, lastStatus: status }]);
}

test.describe('lightbox: a purchase', () => {
  test('opens, pays, relays every status and resolves open() with the result', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await paymentUi(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expectClosed(page, 'ui', 'done');
    expectContractOrder(await eventTypes(page), [
      'init', 'open', 'open-lightbox', 'load', 'user-country', 'fcp',
      'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-lightbox', 'close',
    ]);
    const [result] = await results(page);
    expect(result!.paymentInfo).toMatchObject({ status: 'done', userId: 'demo-player-1', items: [{ sku: 'starter-pack', quantity: 1 }] });
    expect((await eventsOf(page, 'load'))[0]).toEqual({ dimensions: { width: 740, height: expect.any(Number) } });
  });
});

test.describe('lightbox: each way to close', () => {
  test('the overlay', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await page.mouse.click(4, 4);
    await expectClosed(page, 'user');
  });

  test('Esc in the host page', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await page.keyboard.press('Escape');
    await expectClosed(page, 'user');
  });

  test('the close button, labelled in the page language or `language`', async ({ page }) => {
    await gotoFixture(page, { options: { language: 'de' } });
    await openAndWaitReady(page);
    await page.getByRole('button', { name: 'Schließen' }).click();
    await expectClosed(page, 'user');
  });

  test("the payment UI's own close", async ({ page }) => {
    await gotoFixture(page, { options: { lightbox: { closeButton: false } } });
    await openAndWaitReady(page);
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await paymentUi(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expectClosed(page, 'ui');
  });

  test('close() from the merchant', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await page.evaluate(() => window.widget.close());
    await expectClosed(page, 'api');
  });

  test('closeByClick and closeByKeyboard false leave it open', async ({ page }) => {
    await gotoFixture(page, { options: { lightbox: { closeByClick: false, closeByKeyboard: false } } });
    await openAndWaitReady(page);
    await page.mouse.click(4, 4);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await expect(host(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expectClosed(page, 'user');
  });

  test('modal: overlay, Esc and close button cannot close it; the UI and close() still can', async ({ page }) => {
    await gotoFixture(page, { options: { lightbox: { modal: true } } });
    await openAndWaitReady(page);
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await page.mouse.click(4, 4);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await expect(host(page)).toHaveCount(1);
    // With no close button of ours, the payment UI shows its own.
    await paymentUi(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expectClosed(page, 'ui');

    await page.evaluate(() => { window.results.length = 0; window.events.length = 0; });
    await openAndWaitReady(page);
    await page.evaluate(() => window.widget.close());
    await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'api' }]);
  });
});

test.describe('lightbox: focus and the page behind', () => {
  test('focus moves in, Tab and Shift+Tab stay inside, and focus returns to the opener', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    expect(await focusedInLightbox(page)).toBe('button.close');
    // Shift+Tab from the first control wraps round into the payment UI.
    await page.keyboard.press('Shift+Tab');
    expect(await focusStop(page)).toMatch(/^ui:/);
    await page.keyboard.press('Tab');
    // Tab on through the payment UI and out of its end: focus comes back to our close button,
    // and never lands on the page behind.
    const seen: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focusedInLightbox(page));
    }
    expect(seen.filter((f) => f.startsWith('page:'))).toEqual([]);
    expect(seen).toContain('button.close');
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusedInLightbox(page)).not.toMatch(/^page:/);
    }
    // Esc inside the frame belongs to the payment UI; from our own controls it closes.
    await page.getByRole('button', { name: 'Close', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(host(page)).toHaveCount(0);
    expect(await focusedInLightbox(page)).toBe('page:buy');
  });

  test('Tab and Shift+Tab go round close button ↔ payment UI controls, with no invisible stop', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    expect(await focusStop(page)).toBe('close');
    // Forward: close → every control of the payment UI → close again; never the frame element, a guard or the page.
    const forward: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      forward.push(await focusStop(page));
      if (forward.at(-1) === 'close') break;
    }
    expect(forward.at(-1), forward.join(' → ')).toBe('close');
    expect(forward.slice(0, -1).filter((stop) => !stop.startsWith('ui:')), forward.join(' → ')).toEqual([]);
    expect(forward.length).toBeGreaterThan(2);
    // Backward: the same stops in reverse.
    const backward: string[] = [];
    for (let i = 0; i < forward.length; i += 1) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focusStop(page));
    }
    expect(backward).toEqual([...forward.slice(0, -1).reverse(), 'close']);
  });

  test('Esc inside the payment UI closes it (reason ui); not when modal', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await paymentUi(page).getByRole('heading').first().click();
    await page.keyboard.press('Escape');
    await expectClosed(page, 'ui');

    await gotoFixture(page, { options: { lightbox: { modal: true } } });
    await openAndWaitReady(page);
    await paymentUi(page).getByRole('heading').first().click();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await expect(host(page)).toHaveCount(1);
  });

  test('without a close button (modal) focus goes round the payment UI alone, and comes back in after a click outside', async ({ page }) => {
    await gotoFixture(page, { options: { lightbox: { closeButton: false, modal: true } } });
    await openAndWaitReady(page);
    // Nothing to press in our own controls: the dialog holds focus until the player tabs.
    await expect.poll(() => focusedInLightbox(page)).toBe('div.dialog');
    await page.keyboard.press('Tab');
    expect(await focusedInLightbox(page)).toBe('iframe.frame');
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i < 6 ? 'Tab' : 'Shift+Tab');
      seen.add(await focusedInLightbox(page));
    }
    expect([...seen]).toEqual(['iframe.frame']);
    // A click on the overlay of a modal lightbox drops focus to the page's body; Tab comes back in.
    await page.mouse.click(3, 3);
    await expect(host(page)).toHaveCount(1);
    await page.keyboard.press('Tab');
    expect(await focusedInLightbox(page)).toBe('iframe.frame');
  });

  test('the rest of the page is inert while open, and exactly as before after', async ({ page }) => {
    await gotoFixture(page);
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('afterend', '<aside id="already" inert>x</aside>'));
    await openAndWaitReady(page);
    await expect(page.locator('main')).toHaveAttribute('inert', '');
    await expect(page.locator('header')).toHaveAttribute('inert', '');
    await page.evaluate(() => window.widget.close());
    await expect(page.locator('main')).not.toHaveAttribute('inert');
    await expect(page.locator('#already')).toHaveAttribute('inert', '');
  });

  test('a dialog with a name, and an iframe with a title', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    await expect(page.getByRole('dialog', { name: 'Payment' })).toHaveAttribute('aria-modal', 'true');
    await expect(page.locator('[data-payui-lightbox] iframe')).toHaveAttribute('title', 'Payment form');
  });
});

test.describe('lightbox: layout', () => {
  test('centred at the width the UI asks for, fitted to the viewport, refitted on resize', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoFixture(page);
    await openAndWaitReady(page);
    expect(await dialog(page).boundingBox()).toEqual({ x: 270, y: 10, width: 740, height: 780 });
    await page.setViewportSize({ width: 700, height: 500 });
    await expect.poll(() => dialog(page).boundingBox()).toEqual({ x: 10, y: 10, width: 680, height: 480 });
    // Portrait, as after turning a tablet.
    await page.setViewportSize({ width: 600, height: 900 });
    await expect.poll(() => dialog(page).boundingBox()).toEqual({ x: 10, y: 10, width: 580, height: 880 });
  });

  test('width, height, margin, colours, opacity and z-index options', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoFixture(page, { options: { lightbox: {
      width: 820, height: '600px', contentMargin: '40px', zIndex: 7777, overlayOpacity: 0.25, overlayBackground: 'rgb(10, 20, 30)', contentBackground: '#fafaf0',
    } } });
    await openAndWaitReady(page);
    expect(await dialog(page).boundingBox()).toEqual({ x: 230, y: 100, width: 820, height: 600 });
    const styles = await page.evaluate(() => {
      const lightbox = document.querySelector<HTMLElement>('[data-payui-lightbox]')!;
      const overlay = getComputedStyle(lightbox.shadowRoot!.querySelector('.overlay')!);
      return {
        z: getComputedStyle(lightbox).zIndex,
        overlay: [overlay.backgroundColor, overlay.opacity],
        content: getComputedStyle(lightbox.shadowRoot!.querySelector('.dialog')!).backgroundColor,
      };
    });
    expect(styles).toEqual({ z: '7777', overlay: ['rgb(10, 20, 30)', '0.25'], content: 'rgb(250, 250, 240)' });
    await page.setViewportSize({ width: 800, height: 500 });
    await expect.poll(() => dialog(page).boundingBox()).toEqual({ x: 40, y: 40, width: 720, height: 420 });
  });
});

test.describe('lightbox: loading', () => {
  /** Holds the payment UI's page until `release()`. */
  async function holdPaymentUi(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${world.sandbox}/?*`, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    return release;
  }
  const spinner = (page: Page) => page.locator('[data-payui-lightbox] [data-spinner]');

  for (const [kind, options, name] of [
    ['xsolla', {}, 'payui-pulse'],
    ['round', { spinner: 'round', spinnerColor: 'rgb(200, 0, 0)' }, 'payui-spin'],
    ['custom', { spinner: 'custom', spinnerUrl: '/spinner.svg', spinnerRotationPeriod: 2 }, 'payui-spin'],
  ] as const) {
    test(`spinner ${kind} until the UI is ready; still with reduced motion`, async ({ page }) => {
      const release = await holdPaymentUi(page);
      await gotoFixture(page, { options: { lightbox: options } });
      await page.locator('#buy').click();
      await expect(spinner(page)).toHaveAttribute('data-spinner', kind);
      await expect(page.getByRole('status')).toHaveText('Loading the payment page…');
      expect(await spinner(page).evaluate((el) => getComputedStyle(el.firstElementChild ?? el).animationName)).toBe(name);
      if (kind === 'round') expect(await spinner(page).evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(200, 0, 0)');
      // The image may still be on its way: wait for it rather than read it once.
      if (kind === 'custom') await expect.poll(() => spinner(page).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(48);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await spinner(page).evaluate((el) => getComputedStyle(el.firstElementChild ?? el).animationName)).toBe('none');
      release();
      await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
      await expect(spinner(page)).toHaveCount(0);
    });
  }

  test("spinner 'none' shows nothing while loading", async ({ page }) => {
    const release = await holdPaymentUi(page);
    await gotoFixture(page, { options: { lightbox: { spinner: 'none' } } });
    await page.locator('#buy').click();
    await expect(page.getByRole('status')).toHaveCount(1);
    await expect(spinner(page)).toHaveCount(0);
    release();
  });

  test('no load within loadTimeout: LOAD_TIMEOUT, a readable message, and a way to close even when modal', async ({ page }) => {
    await holdPaymentUi(page);
    await gotoFixture(page, { options: { loadTimeout: 1000, lightbox: { modal: true } } });
    await page.locator('#buy').click();
    await expect(page.getByRole('alert')).toHaveText('The payment page did not load. Please try again.');
    expect(await eventsOf(page, 'error')).toEqual([{ code: 'LOAD_TIMEOUT', message: expect.stringContaining('1000 ms') }]);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    // Closed after a failure the player was shown: reason error.
    await expectClosed(page, 'error');
  });

  test('a payment UI that arrives after the timeout message is shown after all', async ({ page }) => {
    const release = await holdPaymentUi(page);
    await gotoFixture(page, { options: { loadTimeout: 1000 } });
    await page.locator('#buy').click();
    await expect(page.getByRole('alert')).toBeVisible();
    release();
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeVisible();
    // The UI reports its first paint when the browser has painted it: waited for, not raced.
    await expect.poll(() => eventTypes(page)).toEqual(['init', 'open', 'open-lightbox', 'error', 'load', 'user-country', 'fcp']);
    await page.keyboard.press('Escape');
    await expectClosed(page, 'user');
  });

  test('a UI that never sends dimensions shows 1 s after it loaded', async ({ page }) => {
    await page.route(`${world.sandbox}/?*`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Silent</title><h1>Silent payment UI</h1>' }));
    await gotoFixture(page);
    await page.locator('#buy').click();
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    await expect(paymentUi(page).getByRole('heading', { name: 'Silent payment UI' })).toBeVisible();
    expect(await eventsOf(page, 'load')).toEqual([{}]);
  });
});

test.describe('lightbox: leaves nothing behind', () => {
  test('50 open/close cycles: no DOM nodes, no window or document listeners left', async ({ page }) => {
    await gotoFixture(page, { quiet: true });
    const snapshot = await whatThePageHolds(page);
    // One cycle first, so the lazily loaded lightbox code is in.
    await openAndWaitReady(page);
    await page.evaluate(() => window.widget.close());
    const before = await snapshot();
    for (let i = 0; i < 50; i += 1) {
      await page.locator('#buy').click();
      // Built around its frame (the host is there, hidden, from the click on).
      await expect(host(page)).toBeVisible();
      if (i % 2) await page.keyboard.press('Escape');
      else await page.evaluate(() => window.widget.close());
      await expect(host(page)).toHaveCount(0);
    }
    expect(await snapshot()).toEqual(before);
    expect(await page.evaluate(() => window.results.length)).toBe(51);
  });
});

test.describe('lightbox: accessibility audit', () => {
  test.use({ bypassCSP: true });

  test('axe-core finds no violations in the open dialog', async ({ page }) => {
    await gotoFixture(page);
    await openAndWaitReady(page);
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document.querySelector('[data-payui-lightbox]'), { iframes: false });
      return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
  });
});

test.describe('lightbox: on a long desktop page', () => {
  // Pictures of it are taken by pictures.spec.ts (`npm run pictures`); this one checks what they show.
  test('the dialog is centred in the viewport and fits it, whatever the page scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoFixture(page, { tall: true });
    await page.mouse.wheel(0, 1500);
    await openAndWaitReady(page);
    const box = (await dialog(page).boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(Math.abs(box.x - (1280 - box.x - box.width))).toBeLessThanOrEqual(1);
    expect(Math.abs(box.y - (800 - box.y - box.height))).toBeLessThanOrEqual(1);
    await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeInViewport();
  });
});

test.describe('lightbox: full screen on a phone with iframeOnly', () => {
  test.use(iPhone);

  test('fills the screen with no margin and keeps its close button', async ({ page }) => {
    await gotoFixture(page, { options: { iframeOnly: true } });
    await openAndWaitReady(page);
    const viewport = page.viewportSize()!;
    expect(await dialog(page).boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).tap();
    await expectClosed(page, 'user');
  });
});

/**
 * Issue 24: the payment UI's frame is made and navigating in the task of open() (or of the
 * token), before the lightbox's code has rendered anything; the lightbox is built around it
 * later, and the frame never reloads (one request of the payment UI per open).
 */
test.describe("lightbox: the payment UI's request starts in the click", () => {
  /** Navigations of the payment UI's frame (its documents), by URL. */
  function uiRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() !== page.mainFrame() && request.url().startsWith(world.sandbox)) seen.push(request.url());
    });
    return seen;
  }

  /** One open and close first: the code of an open is here (as when it was prefetched). */
  async function warmUp(page: Page): Promise<void> {
    await openAndWaitReady(page);
    await page.evaluate(() => window.widget.close());
    await expect(host(page)).toHaveCount(0);
  }

  test('with a token: the frame navigates in the click, before the lightbox renders; one request', async ({ page }) => {
    await gotoFixture(page);
    await warmUp(page);
    const requests = uiRequests(page);
    // A listener after the buy button's: it runs in the click's task, after the open's microtasks.
    await page.evaluate(() =>
      addEventListener('click', () => {
        const shadow = document.querySelector('[data-payui-lightbox]')?.shadowRoot;
        (window as any).inClick = {
          src: shadow?.querySelector('iframe')?.getAttribute('src') ?? null,
          connected: !!shadow?.querySelector('iframe')?.isConnected,
          rendered: !!shadow?.querySelector('.overlay, button, [role="status"]'),
          sheets: shadow?.adoptedStyleSheets.length ?? null,
        };
      }),
    );
    await openAndWaitReady(page);
    expect(await page.evaluate(() => (window as any).inClick)).toEqual({
      src: expect.stringMatching(new RegExp(`^${world.sandbox}/\\?access_token=`)), connected: true, rendered: false, sheets: 0,
    });
    await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toBe(await page.evaluate(() => (window as any).inClick.src));
  });

  test('with a token provider: the frame navigates in the task of the token, before the lightbox renders; one request', async ({ page }) => {
    await gotoFixture(page);
    await warmUp(page);
    const token = await requestToken();
    const requests = uiRequests(page);
    const before = await page.evaluate(
      ({ token }) => {
        const widget = window.createPayUI({ access_token: () => Promise.resolve(token), sandbox: true, ...window.bases, preload: 'none' });
        (window as any).second = widget;
        void widget.open();
        // The next task, queued before the lightbox's build (which waits for a frame, then a task).
        return new Promise((resolve) =>
          setTimeout(() => {
            const shadow = document.querySelector('[data-payui-lightbox]')?.shadowRoot;
            resolve({
              src: shadow?.querySelector('iframe')?.getAttribute('src') ?? null,
              rendered: !!shadow?.querySelector('.overlay, button, [role="status"]'),
              sheets: shadow?.adoptedStyleSheets.length ?? null,
            });
          }),
        );
      },
      { token },
    );
    expect(before).toEqual({ src: expect.stringContaining(`access_token=${encodeURIComponent(token)}`), rendered: false, sheets: 0 });
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeVisible();
    expect(requests).toHaveLength(1);
    await page.evaluate(() => (window as any).second.destroy());
    await expect(host(page)).toHaveCount(0);
  });

  test('a token provider that answers after the lightbox is up: the same frame gets its address; one request', async ({ page }) => {
    await gotoFixture(page);
    await warmUp(page);
    const token = await requestToken();
    const requests = uiRequests(page);
    await page.evaluate(() => {
      const widget = window.createPayUI({
        access_token: () => new Promise<string>((resolve) => ((window as any).answer = resolve)), sandbox: true, ...window.bases, preload: 'none',
      });
      (window as any).second = widget;
      void widget.open();
    });
    // Built and waiting, around a frame that has no address yet.
    await expect(host(page)).toBeVisible();
    await expect(page.locator('[data-payui-lightbox] .root.loading')).toHaveCount(1);
    expect(await page.evaluate(() => {
      const iframe = document.querySelector('[data-payui-lightbox]')!.shadowRoot!.querySelector('iframe')!;
      (window as any).firstFrame = iframe;
      return iframe.getAttribute('src');
    })).toBeNull();
    await page.evaluate((token) => (window as any).answer(token), token);
    await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
    expect(await page.evaluate(() => document.querySelector('[data-payui-lightbox]')!.shadowRoot!.querySelector('iframe') === (window as any).firstFrame)).toBe(true);
    expect(requests).toHaveLength(1);
    await page.evaluate(() => (window as any).second.destroy());
    await expect(host(page)).toHaveCount(0);
  });
});

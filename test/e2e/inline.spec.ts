// mount(container) in a real browser (DESIGN.md §11): the payment UI inside the merchant's page,
// on the widget fixture page with a checkout section (`inline: true`), served with a strict CSP.
import { devices, expect, test, type Page } from '@playwright/test';
import { focusedHere } from './engines/engine';
import { expectContractOrder } from './event-order';
import { eventTypes, eventsOf, gotoFixture, results, whatThePageHolds, type FixtureQuery } from './widget-page';

const host = (page: Page) => page.locator('[data-payui-inline]');
const ui = (page: Page) => page.frameLocator('[data-payui-inline] iframe');
const uiFrame = (page: Page) => page.frames().find((frame) => frame !== page.mainFrame() && /access_token=/.test(frame.url()))!;

async function mountAndWaitReady(page: Page, query: FixtureQuery = {}): Promise<void> {
  await gotoFixture(page, { inline: true, ...query });
  await page.locator('#buy').click();
  await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
}

async function expectRemoved(page: Page, reason: string, status: string | null = null): Promise<void> {
  await expect(host(page)).toHaveCount(0);
  await expect.poll(() => results(page)).toEqual([{ status, paymentInfo: status ? expect.any(Object) : null, reason }]);
  expect(await eventsOf(page, 'close-inline')).toEqual([{ reason, lastStatus: status }]);
  expect(await eventsOf(page, 'close')).toEqual([{ reason, lastStatus: status }]);
}

/** The payment UI reports a content height of its own (as it does whenever its content changes). */
const uiReportsHeight = (page: Page, height: number) =>
  uiFrame(page).evaluate((h) => parent.postMessage(JSON.stringify({ command: 'dimensions', data: { dimensions: { width: 740, height: h } } }), '*'), height);

/** Boxes of the page's own elements, by id (or tag), as the player sees them. */
const boxes = (page: Page, selectors: string[]) =>
  page.evaluate((list) => list.map((css) => {
    // `[data-payui-inline] iframe`: in its shadow root.
    const [outer, inner] = css.split(' iframe');
    const element = inner === undefined ? document.querySelector(css)! : document.querySelector(outer!)!.shadowRoot!.querySelector('iframe')!;
    const box = element.getBoundingClientRect();
    return { css, top: box.top, left: box.left, width: box.width, height: box.height };
  }), selectors);

test.describe('inline: a purchase in the page', () => {
  test('mounts in the section, pays, relays every status in order, and the UI closing it removes it; no CSP violation', async ({ page }) => {
    await mountAndWaitReady(page);
    expect(await host(page).evaluate((element) => element.parentElement!.id)).toBe('checkout');
    await ui(page).getByRole('button', { name: /^Pay/ }).click();
    await expect(ui(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await ui(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expectRemoved(page, 'ui', 'done');
    expectContractOrder(await eventTypes(page), [
      'init', 'open', 'open-inline', 'load', 'user-country', 'fcp',
      'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-inline', 'close',
    ]);
    expect(await eventsOf(page, 'open')).toEqual([{ mode: 'inline' }]);
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    // The checkout section keeps what the page put there.
    expect(await page.locator('#checkout').evaluate((section) => section.innerHTML)).toBe('<h2>Checkout</h2>');
  });

  test('no overlay, no inert page, no scroll lock, no focus move; the frame is titled in the widget language', async ({ page }) => {
    await gotoFixture(page, { inline: true, tall: true, options: { language: 'de' } });
    await page.locator('#buy').click();
    await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('buy');
    expect(await page.evaluate(() => ({
      inert: document.querySelectorAll('[inert]').length,
      lightbox: document.querySelectorAll('[data-payui-lightbox]').length,
      overflow: getComputedStyle(document.documentElement).overflow + getComputedStyle(document.body).overflow,
    }))).toEqual({ inert: 0, lightbox: 0, overflow: 'visiblevisible' });
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    // The page's own controls still take clicks.
    await page.locator('#before').fill('still mine');
    expect(await page.locator('[data-payui-inline] iframe').getAttribute('title')).toBe('Zahlungsformular');
    expect(await page.locator('[data-payui-inline] [role="dialog"]').count()).toBe(0);
  });
});

test.describe('inline: layout', () => {
  test("as wide as the container; the height follows the UI's dimensions up and down, smoothly, and nothing above moves", async ({ page }) => {
    await gotoFixture(page, { inline: true });
    const above = ['h1', '#before', '#buy', '#checkout h2'];
    const before = await boxes(page, above);
    // Every layout shift from here on of an element before the checkout section (the browser's own account).
    await page.evaluate(() => {
      (window as any).shiftedAbove = [];
      const checkout = document.getElementById('checkout')!;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as any[]) {
          for (const { node } of entry.sources) {
            if (node && checkout.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING) (window as any).shiftedAbove.push(node.nodeName);
          }
        }
      }).observe({ type: 'layout-shift' });
    });
    await page.locator('#buy').click();
    await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
    const width = await page.locator('#checkout').evaluate((section) => section.clientWidth);
    expect((await boxes(page, ['[data-payui-inline]', '[data-payui-inline] iframe']).then((b) => b.map((box) => box.width)))).toEqual([width, width]);

    for (const height of [900, 300, 640]) {
      // The page below moves with a transition of the height, not in one jump.
      const transition = page.evaluate(() => new Promise<string>((resolve) =>
        document.querySelector('[data-payui-inline]')!.addEventListener('transitionrun', (event) => resolve((event as TransitionEvent).propertyName), { once: true })));
      await uiReportsHeight(page, height);
      expect(await transition).toBe('height');
      await expect.poll(() => boxes(page, ['[data-payui-inline]']).then(([box]) => box!.height)).toBe(height);
      expect((await boxes(page, ['[data-payui-inline] iframe']))[0]!.height).toBe(height);
      const [checkout, below] = await boxes(page, ['[data-payui-inline]', '#below']);
      expect(below!.top).toBeGreaterThanOrEqual(checkout!.top + height);
      expect(await boxes(page, above)).toEqual(before);
    }
    expect(await page.evaluate(() => (window as any).shiftedAbove)).toEqual([]);
  });
});

test.describe('inline: focus flows through the page', () => {
  test('Tab goes from the page into the payment UI and out to the page below; Shift+Tab comes back in', async ({ page }) => {
    await mountAndWaitReady(page);
    await page.locator('#after').focus();
    const stop = async () => {
      const id = await page.evaluate(() => (document.activeElement?.hasAttribute('data-payui-inline') ? '' : document.activeElement?.id || document.activeElement?.tagName));
      if (id) return `page:${id}`;
      const inside = await uiFrame(page).evaluate(focusedHere);
      return inside ? `ui:${inside}` : 'frame';
    };
    const forward: string[] = [];
    for (let i = 0; i < 20 && forward.at(-1) !== 'page:below'; i += 1) {
      await page.keyboard.press('Tab');
      forward.push(await stop());
    }
    expect(forward.at(-1)).toBe('page:below');
    const inUi = forward.slice(0, -1);
    expect(inUi.length).toBeGreaterThan(0);
    expect(inUi.every((where) => where.startsWith('ui:') || where === 'frame')).toBe(true);
    expect(inUi.some((where) => where.startsWith('ui:'))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await stop()).toMatch(/^(ui:|frame$)/);
  });
});

test.describe('inline: ends', () => {
  test('close() from the merchant removes it', async ({ page }) => {
    await mountAndWaitReady(page);
    await page.evaluate(() => window.widget.close());
    await expectRemoved(page, 'api');
  });

  test("the payment UI's own close button (the widget draws none inline)", async ({ page }) => {
    await mountAndWaitReady(page);
    await ui(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expectRemoved(page, 'ui');
  });

  test('the page taking the container out (an app changing its route) ends it, reason api', async ({ page }) => {
    await mountAndWaitReady(page);
    await page.evaluate(() => document.getElementById('checkout')!.remove());
    await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'api' }]);
    expect(await page.evaluate(() => window.widget.isOpen)).toBe(false);
  });

  test('a missing container: INVALID_OPTION at container, as an error event and the rejection', async ({ page }) => {
    await gotoFixture(page, { inline: true });
    const failure = await page.evaluate(() => window.widget.mount('#nowhere').then(() => null, (error) => ({ code: error.code, path: error.path })));
    expect(failure).toEqual({ code: 'INVALID_OPTION', path: 'container' });
    expect(await eventsOf(page, 'error')).toEqual([expect.objectContaining({ code: 'INVALID_OPTION', path: 'container' })]);
  });

  test('with a token provider: one request of the payment UI, the frame never reloaded', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/access_token=/.test(request.url()) && request.resourceType() === 'document') requests.push(request.url());
    });
    await mountAndWaitReady(page, { provider: 50 });
    await ui(page).getByRole('button', { name: /^Pay/ }).waitFor();
    expect(requests).toHaveLength(1);
  });
});

test.describe('inline: on a phone', () => {
  // The phone's screen, touch and user agent, in Chromium (its default browser would be WebKit).
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('in the page too: no window opens, the payment UI is as wide as the section, and a purchase goes through', async ({ page }) => {
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    await mountAndWaitReady(page);
    const width = await page.locator('#checkout').evaluate((section) => section.clientWidth);
    expect((await boxes(page, ['[data-payui-inline] iframe']))[0]!.width).toBe(width);
    await ui(page).getByRole('button', { name: /^Pay/ }).click();
    await ui(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expectRemoved(page, 'ui', 'done');
    expect(popups).toEqual([]);
    expect(await eventsOf(page, 'open')).toEqual([{ mode: 'inline' }]);
  });
});

test.describe('inline: leaves nothing behind', () => {
  test('30 mount/close cycles: no DOM nodes, no window or document listeners, no stylesheets left; Trusted Types page', async ({ page }) => {
    await gotoFixture(page, { inline: true, quiet: true, trustedTypes: true });
    const snapshot = await whatThePageHolds(page);
    // One cycle first, so the lazily loaded code is in (and the listeners the test tool itself
    // adds to the page for a click inside a frame are there before the count).
    await page.locator('#buy').click();
    await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
    await ui(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expect(host(page)).toHaveCount(0);
    const before = await snapshot();
    for (let i = 0; i < 30; i += 1) {
      await page.locator('#buy').click();
      await expect(host(page)).toBeVisible();
      if (i % 2) await page.evaluate(() => window.widget.close());
      else await ui(page).getByRole('button', { name: 'Close the payment window' }).click();
      await expect(host(page)).toHaveCount(0);
    }
    expect(await snapshot()).toEqual(before);
    expect(await page.evaluate(() => window.results.length)).toBe(31);
    expect(await page.evaluate(() => window.violations)).toEqual([]);
  });
});

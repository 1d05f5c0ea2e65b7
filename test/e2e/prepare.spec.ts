// Ready before the click (DESIGN.md §15), with the real payment UI: the frame prepared hidden is
// out of reach of Tab and of screen readers, the click shows that same document (no second request
// to the payment UI), and the page hears the events of an unprepared open, in the same order.
import { createRequire } from 'node:module';
import { devices, expect, test, type Page } from '@playwright/test';
import { expectContractOrder } from './event-order';
import { eventTypes, gotoFixture, host, openAndWaitReady, paymentUi, results, type FixtureQuery } from './widget-page';

const PREPARED = '[data-payui-prepared]';
const preparedUi = (page: Page) => page.frameLocator(`${PREPARED} iframe`);

/** Documents the payment UI's origin served into the page's frames. */
function uiDocuments(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() !== page.mainFrame()) seen.push(request.url());
  });
  return seen;
}

/** The fixture with a token provider and `preload: 'ui'`, its payment UI prepared and rendered. */
async function prepared(page: Page, query: FixtureQuery = {}) {
  const documents = uiDocuments(page);
  await gotoFixture(page, { provider: 0, options: { preload: 'ui' }, ...query });
  await expect(preparedUi(page).getByRole('button', { name: /^Pay/ })).toBeAttached();
  return documents;
}

/** The payment UI's frame, hidden or shown: its width and height in CSS pixels. */
const frameBox = (page: Page) => page.evaluate(() => {
  const box = document.querySelector('[data-payui-prepared], [data-payui-lightbox]')!.shadowRoot!.querySelector('iframe')!.getBoundingClientRect();
  return [Math.round(box.width), Math.round(box.height)];
});

/** The hidden frame's size once the payment UI's content size has settled (each dimensions message resizes it), wider than `minWidth`. */
async function settledFrameBox(page: Page, minWidth: number): Promise<number[]> {
  let hidden = await frameBox(page);
  await expect.poll(async () => {
    const [before, now] = [hidden, (hidden = await frameBox(page))];
    return before.join() === now.join() && now[0]! > minWidth;
  }).toBe(true);
  return hidden;
}

/** Pays and closes from the payment UI: the page heard what a purchase in a lightbox sends, in order. */
async function payAndClose(page: Page): Promise<void> {
    await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
    await paymentUi(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => results(page)).toEqual([expect.objectContaining({ status: 'done', reason: 'ui' })]);
    expectContractOrder(await eventTypes(page), [
      'init', 'open', 'open-lightbox', 'load', 'user-country', 'fcp',
      'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-lightbox', 'close',
    ]);
}

test.describe('a payment UI prepared before the click', () => {
  test('is hidden: inert, aria-hidden, not visible, no dialog for screen readers, unreachable by Tab, no scroll lock, no event', async ({ page }) => {
    await prepared(page, { tall: true });
    const hidden = page.locator(PREPARED);
    await expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(await hidden.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    await expect(hidden).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(host(page)).toHaveCount(0);
    // Tab walks the page's own controls round and round, never into the hidden frame.
    await page.locator('#before').focus();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate((selector) => !!document.activeElement?.closest(selector), PREPARED)).toBe(false);
    }
    expect(await page.frame({ url: /access_token=/ })!.evaluate(() => document.hasFocus())).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow + getComputedStyle(document.body).overflow)).not.toContain('hidden');
    expect(await eventTypes(page)).toEqual(['init']);
    expect(await page.evaluate(() => [window.preloads, window.triggers])).toEqual([[null], []]);
  });

  test('the click shows the same document, with no new token and no second request, and the events of an unprepared open in order', async ({ page }) => {
    const documents = await prepared(page);
    expect(documents).toHaveLength(1);
    // A mark in the prepared document: the one shown must carry it.
    await page.frame({ url: /access_token=/ })!.evaluate(() => ((window as unknown as { mark: string }).mark = 'prepared'));
    await openAndWaitReady(page);
    expect(await page.frame({ url: /access_token=/ })!.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('prepared');
    await expect(page.locator(PREPARED)).toHaveCount(0);
    await expect(host(page)).not.toHaveAttribute('aria-hidden', /.*/);
    expect(documents).toHaveLength(1);
    expect(await page.evaluate(() => [window.preloads, window.triggers])).toEqual([[null], []]);
    await expect.poll(() => eventTypes(page)).toContain('fcp');
    // The widget's close button, not the payment UI's own: it was told it is in a lightbox while hidden.
    await expect(paymentUi(page).getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await payAndClose(page);
    // The next one is prepared when the page is idle again: one more token, one more document.
    await expect(preparedUi(page).getByRole('button', { name: /^Pay/ })).toBeAttached();
    expect(await page.evaluate(() => window.preloads)).toEqual([null, null]);
    expect(documents).toHaveLength(2);
  });

  test('is laid out hidden at the size it is shown at: the open neither resizes the payment UI nor makes it report a new size', async ({ page }) => {
    await prepared(page);
    const hidden = await settledFrameBox(page, 400);
    await openAndWaitReady(page);
    expect(await frameBox(page)).toEqual(hidden);
  });

  test('is prepared on a game page whose render loop leaves the browser no idle time (every frame busy)', async ({ page }) => {
    // A game drawing every frame for longer than a frame lasts: the page is never idle.
    await page.addInitScript(() => {
      const draw = () => {
        const until = performance.now() + 30;
        while (performance.now() < until);
        requestAnimationFrame(draw);
      };
      requestAnimationFrame(draw);
    });
    await prepared(page);
    await openAndWaitReady(page);
  });

  test('unprepared, the same purchase emits the same events in the same order', async ({ page }) => {
    await gotoFixture(page, { provider: 0, options: { preload: 'none' } });
    await openAndWaitReady(page);
    await expect.poll(() => eventTypes(page)).toContain('fcp');
    await payAndClose(page);
    await expect(page.locator(PREPARED)).toHaveCount(0);
  });

  test('destroy() leaves nothing; a provider that declines prepares nothing and the click still opens', async ({ page }) => {
    await prepared(page);
    await page.evaluate(() => window.widget.destroy());
    await expect(page.locator(`${PREPARED}, [data-payui-lightbox]`)).toHaveCount(0);
    expect(page.frames()).toHaveLength(1);

    await gotoFixture(page, { provider: 0, options: { preload: 'connect' } });
    await page.evaluate(() => {
      window.widget.init({ access_token: ({ preload }) => (preload ? null : 'not-a-real-token'), sandbox: true, ...(window as any).bases });
      return window.widget.prepare();
    });
    await expect(page.locator(PREPARED)).toHaveCount(0);
    await page.locator('#buy').click();
    await expect(host(page)).toHaveCount(1);
    expect((await eventTypes(page)).slice(0, 4)).toEqual(['init', 'init', 'open', 'open-lightbox']);
  });
});

test.describe('a prepared payment UI: accessibility audit', () => {
  test.use({ bypassCSP: true });

  test('axe-core finds no violations on the page with a prepared hidden frame', async ({ page }) => {
    await prepared(page);
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document, { iframes: false });
      return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
  });
});

test.describe('a payment UI prepared on a phone with iframeOnly (full screen)', () => {
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  test.use(iPhone);

  test('is laid out hidden at the full-screen size it is shown at: the open does not resize it', async ({ page }) => {
    await prepared(page, { options: { preload: 'ui', iframeOnly: true } });
    const hidden = await settledFrameBox(page, 0);
    const viewport = page.viewportSize()!;
    await openAndWaitReady(page);
    expect(await frameBox(page)).toEqual([viewport.width, viewport.height]);
    expect(hidden).toEqual([viewport.width, viewport.height]);
  });
});

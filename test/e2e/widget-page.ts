// Driving the widget fixture page (test/fixtures/widget) from browser tests.
import { expect, type Page } from '@playwright/test';
import type { PaymentResult } from '../../src/widget';
import { focusedHere, lightboxFocus } from './engines/engine';
import { world } from './world';

export interface FixtureQuery {
  options?: object;
  tall?: boolean;
  quiet?: boolean;
  token?: string;
  returnUrl?: boolean;
  hostile?: boolean;
  trustedTypes?: boolean;
  /** A token provider instead of a token: answers after this many ms, or 'reject', or 'never'. */
  provider?: number | 'reject' | 'never';
  /** A checkout section (#checkout, #below after it): the buy button mounts the payment UI there. */
  inline?: boolean;
}

export function fixtureUrl(query: FixtureQuery = {}): string {
  const params = new URLSearchParams();
  if (query.options) params.set('options', JSON.stringify(query.options));
  if (query.tall) params.set('tall', '1');
  if (query.quiet) params.set('quiet', '1');
  if (query.token) params.set('token', query.token);
  if (query.returnUrl) params.set('return', '1');
  if (query.hostile) params.set('hostile', '1');
  if (query.trustedTypes) params.set('trusted-types', '1');
  if (query.provider !== undefined) params.set('provider', String(query.provider));
  if (query.inline) params.set('inline', '1');
  return `${world.demo}/test/fixtures/widget/index.html?${params}`;
}

export async function gotoFixture(page: Page, query: FixtureQuery = {}): Promise<void> {
  await page.goto(fixtureUrl(query));
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
}

export const host = (page: Page) => page.locator('[data-payui-lightbox]');
export const dialog = (page: Page) => page.locator('[data-payui-lightbox] .dialog');
export const paymentUi = (page: Page) => page.frameLocator('[data-payui-lightbox] iframe');

/** Clicks the merchant's buy button and waits until the payment UI shows. */
export async function openAndWaitReady(page: Page): Promise<void> {
  await page.locator('#buy').click();
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
}

/**
 * A successful purchase in the payment UI's own window, closed from there: the page hears every
 * status and the close in order, and open() resolves with status done, reason ui.
 */
export async function buyInWindow(page: Page, popup: Page): Promise<void> {
  await popup.getByRole('button', { name: /^Pay/ }).click();
  await expect(popup.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await closeFromInside(popup, 'Close');
  await expect.poll(() => results(page)).toEqual([{ status: 'done', paymentInfo: expect.objectContaining({ status: 'done' }), reason: 'ui' }]);
  expect(await eventTypes(page)).toEqual([
    'init', 'open', 'open-window', 'load', 'user-country', 'fcp',
    'status', 'status-invoice', 'status', 'status-delivering', 'status', 'status-done', 'close-window', 'close',
  ]);
}

export const results = (page: Page) => page.evaluate(() => window.results) as Promise<PaymentResult[]>;
export const eventTypes = (page: Page) => page.evaluate(() => window.events.map((e) => e.type));
export const eventsOf = (page: Page, type: string) =>
  page.evaluate((t) => window.events.filter((e) => e.type === t).map((e) => e.data), type) as Promise<any[]>;

/** The element focused inside the lightbox's shadow root, described by tag and class. */
export const focusedInLightbox = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.hasAttribute('data-payui-lightbox')) return `page:${active?.id || active?.tagName}`;
    const inner = active.shadowRoot!.activeElement;
    return inner ? `${inner.tagName.toLowerCase()}.${inner.className}` : 'host';
  });

/**
 * Where focus is, as the player would say it: `close` (our close button), `ui:<label>` (a control
 * inside the payment UI, by its text or label), `frame` (the frame element itself, an invisible
 * stop), `guard`, `page:<id>` or `other`.
 */
export async function focusStop(page: Page): Promise<string> {
  const outer = await page.evaluate(lightboxFocus);
  if (outer !== 'iframe') return outer;
  const frame = page.frames().find((f) => f !== page.mainFrame() && /:\d+\/\?access_token=/.test(f.url()));
  const inside = await frame?.evaluate(focusedHere);
  return inside ? `ui:${inside}` : 'frame';
}

/**
 * What the page holds that a widget could leave behind: its DOM nodes, the listeners on window and
 * document (through the DevTools protocol: Chromium only), its adopted stylesheets. Returns a function
 * that takes the count now.
 */
export async function whatThePageHolds(page: Page): Promise<() => Promise<Record<string, number>>> {
  const cdp = await page.context().newCDPSession(page);
  const listeners = async (expression: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.length;
  };
  return async () => ({
    nodes: await page.evaluate(() => document.getElementsByTagName('*').length),
    window: await listeners('window'),
    document: await listeners('document'),
    sheets: await page.evaluate(() => document.adoptedStyleSheets.length),
  });
}

/**
 * Clicks the payment UI's own button `name` in its window, which closes that window, and waits for
 * the close. The window may close within the click itself, and Playwright's click then reports its
 * page gone (CI25 saw it): that is the click having done its work, not a failure.
 */
export async function closeFromInside(popup: Page, name: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name, exact: true }).click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

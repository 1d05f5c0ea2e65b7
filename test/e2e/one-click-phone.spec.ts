// One click on a phone with a token provider (issue 14), in Chromium posing as an iPhone: the
// window opens inside the click on the widget's own loading page (its indicator, its words, no
// request, nothing a strict CSP blocks), goes to the payment UI when the token is here, and
// relays status and close; a provider that fails shows why in that window, with a close button.
import { devices, expect, test, type Page } from '@playwright/test';
import { buyInWindow, closeFromInside, eventTypes, gotoFixture, results } from './widget-page';
import { world } from './world';

const { defaultBrowserType: _default, ...iPhone } = devices['iPhone 13']!;
test.use(iPhone);

/** CSP reports of a page, as the browser prints them. */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

const loadingPage = (popup: Page) =>
  popup.evaluate(() => {
    const host = [...document.body.children].find((element) => element.shadowRoot);
    return {
      url: location.href,
      title: document.title,
      lang: document.documentElement.lang,
      role: host?.getAttribute('role') ?? null,
      label: host?.getAttribute('aria-label') ?? null,
      dots: host?.shadowRoot?.querySelectorAll('i').length ?? 0,
    };
  });

test('a provider that takes 1 s: the loading page in the click, then the payment UI, status and close relayed', async ({ page }) => {
  const pageReports = cspReports(page);
  await gotoFixture(page, { provider: 1000, options: { language: 'de' } });
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#buy').click()]);
  const popupReports = cspReports(popup);
  const requests: string[] = [];
  popup.on('request', (request) => requests.push(request.url()));
  expect(await eventTypes(page)).toEqual(['init', 'open', 'open-window']);
  // Its words come with the session code, which may still be on its way (a click right after init).
  await expect.poll(() => loadingPage(popup)).toEqual({
    url: 'about:blank', title: 'Zahlungsseite wird geladen …', lang: 'de', role: 'status', label: 'Zahlungsseite wird geladen …', dots: 1,
  });
  await popup.waitForURL(new RegExp(`^${world.sandbox}/\\?access_token=v1\\.`));
  // The loading page itself asked for nothing: the first request is the payment UI.
  expect(requests[0]).toMatch(new RegExp(`^${world.sandbox}/\\?access_token=`));
  await buyInWindow(page, popup);
  expect(await page.evaluate(() => window.violations)).toEqual([]);
  expect([...pageReports, ...popupReports]).toEqual([]);
});

test('a provider that rejects: the window says so with a close button; closing it resolves with reason error', async ({ page }) => {
  await gotoFixture(page, { provider: 'reject' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#buy').click()]);
  const reports = cspReports(popup);
  await expect(popup.getByRole('alert')).toHaveText(/The payment could not start\. Please try again\./);
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await page.evaluate(() => window.events.filter((e) => e.type === 'error').map((e) => e.data))).toEqual([
    expect.objectContaining({ code: 'TOKEN_FAILED', message: expect.stringContaining('the shop server said no') }),
  ]);
  await closeFromInside(popup, 'Close');
  await expect.poll(() => results(page)).toEqual([{ status: null, paymentInfo: null, reason: 'error' }]);
  expect(reports).toEqual([]);
});

// The framework bindings in the demo (issue 26): a purchase through <payui-checkout token-url> on
// the game site, and through usePayUI and <PayUICheckout> on the React store.
import { expect, test, type Page } from '@playwright/test';
import { world } from './world';

test('game site: the <payui-checkout token-url> button buys its pack; the element asked our server with its data-*', async ({ page }) => {
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const tokenRequest = page.waitForRequest(`${world.demo}/api/checkout-token`);
  await page.getByRole('button', { name: 'Buy 1200 Crystals' }).click();
  expect((await tokenRequest).postDataJSON()).toEqual({ pack: '1200' });
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByText('1200')).toBeVisible();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  // The element's events (payui-status-done, …) reach the page's log and its delivery check.
  await expect(page.getByRole('status')).toContainText('1200 Crystals delivered');
  // Delivery is told by the server's webhook, which may come before the close events reach the
  // log (seen once in CI): wait for the log rather than read it once.
  await expect.poll(async () => (await page.locator('#log li strong').allTextContents()).reverse())
    .toEqual(expect.arrayContaining(['open', 'open-lightbox', 'status-done', 'close-lightbox', 'close']));
  await expect(page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem').first()).toHaveText(/^1200 Crystals: delivered/);
});

test('game site: an unknown pack in data-* is refused by our server: the player sees the failure, nothing opens to pay', async ({ page }) => {
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  await page.locator('payui-checkout').evaluate((element) => ((element as HTMLElement).dataset.pack = '999999'));
  await page.getByRole('button', { name: 'Buy 1200 Crystals' }).click();
  await expect(page.locator('#log li strong').first()).toHaveText('error');
  await expect(page.locator('#log li code').first()).toContainText('TOKEN_FAILED');
  await expect(page.frameLocator('[data-payui-lightbox] iframe').getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});

async function reactStore(page: Page) {
  await page.goto(`${world.demo}/react.html`);
  await expect(page.getByRole('button', { name: /^Buy / })).toBeEnabled();
  await page.getByRole('button', { name: 'Choose Plasma drill' }).click();
}

test('React store: usePayUI buys; isOpen and lastStatus follow the purchase; our server confirms it', async ({ page }) => {
  await reactStore(page);
  const state = page.getByTestId('hook-state');
  await expect(state).toHaveText('Payment closed');
  await page.getByRole('button', { name: 'Buy Plasma drill' }).click();
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByText('Plasma drill')).toBeVisible();
  await expect(state).toHaveText('Payment open');
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await expect(state).toHaveText('Payment open, last status: done');
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(state).toHaveText('Payment closed, last status: done');
  await expect(page.getByTestId('result')).toHaveText('Thank you!');
  await expect(page.getByTestId('delivery')).toHaveText('Delivered: our server got the payment\'s signed webhook.');
});

test('React store: Esc cancels; the page says so and can buy again', async ({ page }) => {
  await reactStore(page);
  await page.getByRole('button', { name: 'Buy Plasma drill' }).click();
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result')).toHaveText('Payment cancelled.');
  await expect(page.getByRole('button', { name: 'Buy Plasma drill' })).toBeEnabled();
});

test('React store: <PayUICheckout mode="inline"> buys in the page', async ({ page }) => {
  await reactStore(page);
  await page.getByRole('button', { name: 'Pay in the page' }).click();
  const ui = page.frameLocator('[data-payui-checkout] iframe');
  await expect(ui.getByText('Plasma drill')).toBeVisible();
  await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('result')).toHaveText('Thank you!');
  await expect(page.locator('[data-payui-checkout]')).toHaveCount(0);
  await expect(page.getByTestId('delivery')).toHaveText('Delivered: our server got the payment\'s signed webhook.');
});

// Ready before the click (DESIGN.md §15) through the bindings: the element's preload="ui" and the hook's prepare().
const PREPARED = '[data-payui-prepared]';
/** The token each prepared payment UI (hidden) and the lightbox's payment UI carry, as the page has them. */
const tokensIn = (page: Page) => page.evaluate(() => {
  const tokenOf = (host: Element) => new URL(host.shadowRoot!.querySelector('iframe')!.src).searchParams.get('access_token');
  return {
    prepared: [...document.querySelectorAll('[data-payui-prepared]')].map(tokenOf),
    shown: [...document.querySelectorAll('[data-payui-lightbox]')].map(tokenOf),
  };
});

test('game site: <payui-checkout token-url preload="ui"> prepares its payment UI with a token asked with preload=1, and its click shows it with no second request', async ({ page }) => {
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const asked: { url: string; body: unknown }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/checkout-token') asked.push({ url: request.url(), body: request.postDataJSON() });
  });
  // A second element of the same pack, with preload="ui" (the page's own has none).
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/checkout-token');
  await page.evaluate(() => {
    const own = document.querySelector('payui-checkout')!;
    const element = document.createElement('payui-checkout');
    const attributes = { 'token-url': '/api/checkout-token', sandbox: '', preload: 'ui', 'data-pack': '1200', id: 'prepared-pack' };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.options = own.options;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Buy 1200 Crystals, prepared';
    element.append(button);
    own.after(element);
  });
  const { token } = (await (await answer).json()) as { token: string };
  expect(asked).toEqual([{ url: `${world.demo}/api/checkout-token?preload=1`, body: { pack: '1200' } }]);
  await expect.poll(async () => (await tokensIn(page)).prepared).toContain(token);
  const which = (await tokensIn(page)).prepared.indexOf(token);
  await expect(page.locator(PREPARED).nth(which).locator('iframe').contentFrame().getByRole('button', { name: /^Pay/ })).toBeAttached();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const done = page.evaluate(() => new Promise((resolve) => document.getElementById('prepared-pack')!.addEventListener('payui-status-done', () => resolve(true), { once: true })));
  await page.getByRole('button', { name: 'Buy 1200 Crystals, prepared' }).click();
  await expect.poll(async () => (await tokensIn(page)).shown).toEqual([token]);
  expect(asked).toHaveLength(1);
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByText('1200 Crystals', { exact: true })).toBeVisible();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  expect(await done).toBe(true);
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
  // The next one is prepared when the page is idle again: asked with preload=1 too, never without.
  await expect.poll(() => asked.length).toBe(2);
  expect(asked.map(({ url }) => new URL(url).search)).toEqual(['?preload=1', '?preload=1']);
});

test('React store: the Buy button prepares with usePayUI().prepare on pointer enter; the click shows that payment UI, with no token asked at the click, and buys', async ({ page }) => {
  await reactStore(page);
  const tokens: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/token') tokens.push(request.url());
  });
  await expect(page.locator(PREPARED)).toHaveCount(0);
  const buy = page.getByRole('button', { name: 'Buy Plasma drill' });
  await buy.hover();
  await expect(page.frameLocator(`${PREPARED} iframe`).getByRole('button', { name: /^Pay/ })).toBeAttached();
  expect(tokens).toHaveLength(1);
  const [prepared] = (await tokensIn(page)).prepared;
  await expect(page.getByTestId('hook-state')).toHaveText('Payment closed');
  await buy.click();
  await expect(page.getByTestId('hook-state')).toHaveText('Payment open');
  expect((await tokensIn(page)).shown).toEqual([prepared]);
  expect(tokens).toHaveLength(1);
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByText('Plasma drill')).toBeVisible();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByTestId('hook-state')).toHaveText('Payment open, last status: done');
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('result')).toHaveText('Thank you!');
  await expect(page.getByTestId('delivery')).toHaveText('Delivered: our server got the payment\'s signed webhook.');
});

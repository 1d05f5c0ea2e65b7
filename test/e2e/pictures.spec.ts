// The pictures in the README (the lightbox, the phone's window and the webview launcher) and in
// docs/offline-service.md (the payment UI's dark store and player account), taken by
// the browser tests on every run (test-results/pictures/). `npm run pictures` takes them into
// docs/, where the docs show them: they are made, not drawn by hand.
import { mkdirSync } from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { requestToken } from './tokens';
import { gotoFixture, openAndWaitReady, paymentUi } from './widget-page';
import { world } from './world';

const DIR = process.env.PAYUI_PICTURES_DIR ?? 'test-results/pictures';
const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
mkdirSync(DIR, { recursive: true });

test('picture: the lightbox on a desktop page', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 960, height: 640 } });
  await gotoFixture(page);
  await openAndWaitReady(page);
  await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeVisible();
  await page.screenshot({ path: `${DIR}/lightbox.png` });
  await page.close();
});

test('picture: the payment UI in its own window on a phone', async ({ browser }) => {
  const context = await browser.newContext(iPhone);
  const page = await context.newPage();
  await gotoFixture(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#buy').click()]);
  await expect(popup.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await popup.screenshot({ path: `${DIR}/phone-window.png`, scale: 'css' });
  await context.close();
});

test('picture: the webview launcher in a native app', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
  await page.goto(`${world.demo}/dist/launcher/index.html#access_token=${encodeURIComponent(await requestToken())}&sandbox=1&bridge=none&sandbox_payment_ui_url=${encodeURIComponent(`${world.sandbox}/`)}`);
  await expect(page.frameLocator('[data-payui-lightbox] iframe').getByRole('button', { name: /^Pay/ })).toBeVisible();
  await page.screenshot({ path: `${DIR}/launcher.png` });
  await page.close();
});

// The payment UI's settings (docs/offline-service.md): the store of a token that names no purchase
// in the dark theme, and the player's account, each at 390 px and 1280 px.
const uiPictures: [string, (body: Record<string, any>) => void][] = [
  ['payment-ui-dark-store', (body) => {
    delete body.purchase;
    body.settings.ui = {
      theme: 'default_dark',
      components: { virtual_currency: { custom_amount: true, order: 1 }, virtual_items: { order: 2 }, subscriptions: { order: 3 } },
      desktop: { virtual_item_list: { layout: 'grid', button_with_price: true }, header: { close_button: true } },
    };
  }],
  ['payment-ui-account', (body) => {
    body.settings.ui = {
      theme: 'default_dark',
      mode: 'user_account',
      user_account: { info: { enable: true, order: 1 }, history: { enable: true, order: 2 }, subscriptions: { enable: true, order: 3 }, payment_accounts: { enable: true, order: 4 } },
    };
  }],
];
for (const [name, change] of uiPictures) {
  test(`picture: ${name} at 390 px and 1280 px`, async ({ browser }) => {
    // Something bought first, for the account's history and balance to show.
    if (name === 'payment-ui-account') {
      const paid = await fetch(`${world.merchantApi}/mock/payments`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: await requestToken() }),
      });
      expect(paid.status).toBe(200);
    }
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
      await page.goto(`${world.sandbox}/?${new URLSearchParams({ access_token: await requestToken(change) })}`);
      await expect(page.locator('main h2').first()).toBeVisible();
      await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
      await page.close();
    }
  });
}

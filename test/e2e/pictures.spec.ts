// The pictures in the README: the lightbox, the phone's window and the webview launcher, taken by
// the browser tests on every run (test-results/pictures/). `npm run pictures` takes them into
// docs/, where the README shows them: they are made, not drawn by hand.
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

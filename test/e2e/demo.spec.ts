import { expect, test } from '@playwright/test';
import { world } from './world';

test('the landing page leads to every demo', async ({ page }) => {
  await page.goto(`${world.demo}/`);
  for (const [name, path] of [['Game site', '/game.html'], ['Storefront', '/spa.html'], ['React store', '/react.html'], ['Native host', '/native-host.html'], ['Redirect shop', '/redirect.html']] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path);
  }
});

test('SPA storefront: cart, one click on Pay now (a token provider asks the server), await open(), result screen', async ({ page }) => {
  await page.goto(`${world.demo}/spa.html`);
  await page.getByRole('button', { name: 'Add Starter pack to the cart' }).click();
  await page.getByRole('button', { name: 'Add Plasma drill to the cart' }).click();
  await page.getByRole('button', { name: 'Add Plasma drill to the cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('$9.97');
  await page.getByRole('button', { name: 'Pay now' }).click();
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByText('2 × Plasma drill')).toBeVisible();
  await ui.getByRole('button', { name: 'Pay $9.97' }).click();
  const invoice = await ui.getByTestId('invoice').textContent();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('result-title')).toHaveText('Thank you!');
  await expect(page.getByTestId('result-invoice')).toHaveText(invoice!);
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  // Delivered once the demo server got the payment's verified order_paid (issue 16).
  await expect(page.getByTestId('delivery')).toHaveText('Delivered: our server got the payment\'s signed webhook.');
});

test('SPA storefront: one click on Checkout shows the payment UI inline in the checkout page; a purchase there, result screen', async ({ page }) => {
  await page.goto(`${world.demo}/spa.html`);
  await page.getByRole('button', { name: 'Add Plasma drill to the cart' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  // In the page's own column, no dialog over it.
  await expect(page.getByTestId('inline-payment').locator('[data-payui-inline] .root.ready')).toHaveCount(1);
  await expect(page.locator('[data-payui-lightbox]')).toHaveCount(0);
  const ui = page.frameLocator('[data-payui-inline] iframe');
  await ui.getByRole('button', { name: 'Pay $2.49' }).click();
  const invoice = await ui.getByTestId('invoice').textContent();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('result-title')).toHaveText('Thank you!');
  await expect(page.getByTestId('result-invoice')).toHaveText(invoice!);
  await expect(page.getByTestId('delivery')).toHaveText('Delivered: our server got the payment\'s signed webhook.');
  await expect(page.locator('[data-payui-inline]')).toHaveCount(0);
});

test('SPA storefront: leaving the checkout page closes the inline payment UI; checking out again shows it anew', async ({ page }) => {
  await page.goto(`${world.demo}/spa.html`);
  await page.getByRole('button', { name: 'Add Plasma drill to the cart' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
  await page.getByRole('button', { name: 'Back to the cart' }).click();
  await expect(page.locator('[data-payui-inline]')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('$2.49');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.locator('[data-payui-inline] .root.ready')).toHaveCount(1);
});

test('SPA storefront: a declined payment and a cancelled one each get their screen', async ({ page }) => {
  await page.goto(`${world.demo}/spa.html`);
  await page.getByRole('button', { name: 'Add Aurora hull skin to the cart' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await ui.getByLabel('Payment is declined').check();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('result-title')).toHaveText('The payment did not go through');

  await page.getByRole('button', { name: 'Back to the store' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result-title')).toHaveText('Payment cancelled');
  await expect(page.getByTestId('cart-total')).toHaveText('$1.99');
});

test('the game site carries a strict CSP that admits its inline stub by hash only', async ({ request }) => {
  const response = await request.get(`${world.demo}/game.html`);
  const csp = response.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
});

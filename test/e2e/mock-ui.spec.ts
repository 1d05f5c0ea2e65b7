import { expect, test, type Page } from '@playwright/test';
import type { UiMessage } from '../../src/core/protocol';
import { callMerchantApi } from '../fixtures/merchant-call';
import { expectContractOrder } from './event-order';
import { disabledUserToken, expiredToken, harness, nullPayloadToken, requestToken, sandboxToken, uiUrl, unknownProjectToken } from './tokens';
import { world } from './world';

const received = (page: Page) => page.evaluate(() => window.received) as Promise<UiMessage[]>;
/** The sequence of commands, with repeated `dimensions` (content resizes) folded away. */
const commands = async (page: Page) =>
  (await received(page)).map((m) => m.command).filter((c, i, all) => c !== 'dimensions' || all.indexOf('dimensions') === i);
const frame = (page: Page) => page.frameLocator('iframe[title="Payment UI"]');

test.describe('mock payment UI in a frame', () => {
  test('a full purchase posts the exact message sequence with full paymentInfo', async ({ page }) => {
    const token = await requestToken();
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    await expect(ui.getByRole('heading', { name: 'Your order' })).toBeVisible();
    await expect(ui.getByTestId('total')).toHaveText('€9.97');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeFocused();
    await ui.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(async () => (await commands(page)).at(-1)).toBe('close');
    expectContractOrder(await commands(page), ['widget-detection', 'dimensions', 'user-country', 'fcp', 'status', 'status', 'status', 'close']);

    const messages = await received(page);
    const dims = messages.find((m) => m.command === 'dimensions')!;
    expect(dims.data).toEqual({ dimensions: { width: 740, height: expect.any(Number) } });
    expect((dims.data as { dimensions: { height: number } }).dimensions.height).toBeGreaterThan(300);
    expect(messages.find((m) => m.command === 'user-country')!.data).toEqual({ user_country: 'DE' });
    const statuses = messages.filter((m) => m.command === 'status').map((m) => m.data as { paymentInfo: Record<string, unknown> });
    expect(statuses.map((s) => s.paymentInfo.status)).toEqual(['invoice', 'delivering', 'done']);
    const invoice = await ui.getByTestId('invoice').textContent();
    expect(statuses[2]!.paymentInfo).toEqual({
      status: 'done',
      invoice: Number(invoice),
      userId: 'player-42',
      email: 'player42@example.test',
      project_id: 200001,
      foreignInvoice: 'order-1001',
      amount: 9.97,
      currency: 'EUR',
      paymentMethod: 'test-card',
      sandbox: true,
      items: [{ sku: 'starter-pack', quantity: 1 }, { sku: 'plasma-drill', quantity: 2 }],
    });
  });

  test('a declined payment goes invoice → troubled, and can be tried again', async ({ page }) => {
    await page.goto(harness(uiUrl(world.sandbox, { access_token: await requestToken() })));
    const ui = frame(page);
    await ui.getByLabel('Payment is declined').check();
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
    const statuses = (await received(page)).filter((m) => m.command === 'status').map((m) => (m.data as any).paymentInfo.status);
    expect(statuses).toEqual(['invoice', 'troubled']);
    await ui.getByRole('button', { name: 'Try another payment' }).click();
    await expect(ui.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  });

  test('a payment the service refuses shows the refusal\'s code (the token expired while the page was open)', async ({ page }) => {
    // A sandbox's token, and its clock moved past the token's day while the page is open.
    const { token, moveClock } = await sandboxToken();
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    await expect(ui.getByRole('button', { name: /^Pay/ })).toBeEnabled();
    await moveClock('P2D');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByText('The payment could not be taken (0004-0001)')).toBeVisible();
  });

  test('its own close button posts close', async ({ page }) => {
    await page.goto(harness(uiUrl(world.sandbox, { access_token: await requestToken() })));
    await frame(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expect.poll(async () => (await commands(page)).at(-1)).toBe('close');
  });

  test('is operable by keyboard alone', async ({ page }) => {
    await page.goto(harness(uiUrl(world.sandbox, { access_token: await requestToken() })));
    const ui = frame(page);
    await ui.getByRole('button', { name: 'Close the payment window' }).focus();
    await page.keyboard.press('Tab');
    await expect(ui.getByLabel('Payment succeeds')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(ui.getByLabel('Payment is declined')).toBeChecked();
    // The service's error outcomes are folded away behind their summary, which Tab passes through.
    await page.keyboard.press('Tab');
    await expect(ui.getByText('More outcomes: the service’s errors')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ui.getByRole('button', { name: /^Pay/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ui.getByRole('heading', { name: 'Payment declined' })).toBeFocused();
  });

  test('sends nothing but widget-detection to a page that never answers it', async ({ page }) => {
    await page.goto(harness(uiUrl(world.sandbox, { access_token: await requestToken() }), '&silent=1'));
    const ui = frame(page);
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(await commands(page)).toEqual(['widget-detection']);
  });

  test('honours settings.ui.theme and settings.language', async ({ page }) => {
    const german = await requestToken((b) => { b.settings.language = 'de'; });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: german })));
    const html = frame(page).locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveAttribute('lang', 'de');
    await expect(frame(page).getByRole('heading', { name: 'Deine Bestellung' })).toBeVisible();

    const light = await requestToken((b) => { b.settings.ui.theme = 'default'; b.settings.language = 'fr'; });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: light })));
    await expect(frame(page).locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(frame(page).getByRole('heading', { name: 'Votre commande' })).toBeVisible();
  });

  test('renders virtual currency and subscription purchases', async ({ page }) => {
    const currency = await requestToken((b) => { b.purchase = { virtual_currency: { quantity: 550 } }; });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: currency })));
    await expect(frame(page).getByText('550 Crystals')).toBeVisible();
    await expect(frame(page).getByTestId('total')).toHaveText('€4.99');
    // Declined renewals are a test outcome of a plan only.
    await expect(frame(page).getByLabel('Payment succeeds, renewals are declined')).toHaveCount(0);
    await frame(page).getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(async () => (await received(page)).filter((m) => m.command === 'status').length).toBe(3);
    const done = (await received(page)).filter((m) => m.command === 'status').at(-1)!;
    expect((done.data as any).paymentInfo).toMatchObject({ status: 'done', virtualCurrencyAmount: 550, items: [] });

    const plan = await requestToken((b) => { b.purchase = { subscription: { plan_id: 'captain-monthly', trial_days: 7 } }; });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: plan })));
    await expect(frame(page).getByText('Captain’s Pass')).toBeVisible();
    await expect(frame(page).getByText('per month · 7-day free trial')).toBeVisible();
    await expect(frame(page).getByLabel('Payment succeeds, renewals are declined')).toBeVisible();
  });
});

test.describe('mock payment UI selling a game key', () => {
  // The world's demo catalogue has no game: its server's answers are stood in for, with a game whose token names no DRM.
  test('the player picks the DRM before paying, and sees the key the purchase handed out', async ({ page }) => {
    const accessToken = await requestToken();
    const real = await (await fetch(`${world.sandbox}/api/session?${new URLSearchParams({ access_token: accessToken })}`)).json();
    const price = { amount: 19.99, currency: 'USD' };
    real.session.purchase = {
      kind: 'game', drm: null, drms: ['steam', 'gog'],
      lines: [{ sku: 'star-miners-deluxe', name: 'Star Miners Deluxe', quantity: 1, price, image: null, delivers: { game: 1 } }],
    };
    await page.route('**/api/session?*', (route) => route.fulfill({ json: real }));
    const paid: unknown[] = [];
    await page.route('**/api/payments', async (route) => {
      paid.push(route.request().postDataJSON());
      await route.fulfill({ json: { ok: true, invoice: 123456789, status: 'done', key: { drm: 'gog', code: 'GOG-1234-5678' } } });
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: accessToken })));
    const ui = frame(page);
    await expect(ui.getByText('Star Miners Deluxe')).toBeVisible();
    const platform = ui.getByRole('group', { name: 'Platform of your key' });
    await expect(platform.getByRole('radio')).toHaveCount(2);
    // Not picked: the form does not submit.
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeHidden();
    expect(paid).toEqual([]);
    await platform.getByRole('radio', { name: 'gog' }).check();
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(ui.getByTestId('game-key')).toHaveText('GOG-1234-5678');
    expect(paid).toEqual([expect.objectContaining({ outcome: 'success', drm: 'gog' })]);
  });
});

test.describe('mock payment UI errors', () => {
  const cases: [string, () => Promise<{ base: string; params: Record<string, string> }>, string][] = [
    ['a token with a bad signature', async () => ({ base: world.sandbox, params: { access_token: `${await requestToken()}x` } }), '0004-0001'],
    ['an expired token', async () => ({ base: world.sandbox, params: { access_token: await expiredToken() } }), '0004-0001'],
    ['a signed token whose payload is null', async () => ({ base: world.sandbox, params: { access_token: await nullPayloadToken() } }), '0004-0001'],
    ['no token and no access_data', async () => ({ base: world.sandbox, params: {} }), '0004-0001'],
    ['a sandbox token on the live origin', async () => ({ base: world.live, params: { access_token: await requestToken() } }), '0004-0008'],
    ['a live token on the sandbox origin', async () => ({ base: world.sandbox, params: { access_token: await requestToken((b) => { delete b.settings.mode; }) } }), '0004-0008'],
    ['unparsable access_data', async () => ({ base: world.live, params: { access_data: '{"settings":' } }), '0004-0009'],
    ['access_data for a token-only project', async () => ({ base: world.live, params: { access_data: JSON.stringify({ settings: { project_id: 200001 } }) } }), '0004-0010'],
    ['access_data without a project id', async () => ({ base: world.live, params: { access_data: JSON.stringify({ user: { id: { value: '1' } } }) } }), '0004-0003'],
    ['access_data for an unknown project', async () => ({ base: world.live, params: { access_data: JSON.stringify({ settings: { project_id: 31337 } }) } }), '0002-0002'],
    // Checked like a token body: an unknown SKU is refused, never shown as a $0 item.
    ['access_data with an unknown SKU', async () => ({ base: world.live, params: { access_data: JSON.stringify({ user: { id: { value: 'p-7' }, email: { value: 'p7@example.test' } }, settings: { project_id: 200002 }, purchase: { virtual_items: { items: [{ sku: 'no-such-sku', amount: 1 }] } } }) } }), '0004-0009'],
    ['a token for an unknown project', async () => ({ base: world.sandbox, params: { access_token: await unknownProjectToken() } }), '0002-0002'],
    // The merchant disabled the player through the API (PUT …/users/{user_id} enabled false): no payment.
    ['a token for a user the merchant disabled', async () => ({ base: world.sandbox, params: { access_token: await disabledUserToken() } }), '0005-0001'],
  ];

  for (const [name, make, code] of cases) {
    test(`${name} shows ${code} and posts it`, async ({ page }) => {
      const { base, params } = await make();
      await page.goto(harness(uiUrl(base, params)));
      const ui = frame(page);
      await expect(ui.getByRole('alert')).toContainText('This payment cannot be opened');
      await expect(ui.getByTestId('error-code')).toHaveText(code);
      await expect.poll(async () => (await received(page)).find((m) => m.command === 'error')?.data).toEqual({
        code, message: expect.stringMatching(/\w/),
      });
      // The error page can still be closed from inside.
      await ui.getByRole('button', { name: 'Close the payment window' }).click();
      await expect.poll(async () => (await commands(page)).at(-1)).toBe('close');
    });
  }

  test('tokenless access_data for the tokenless project opens the checkout', async ({ page }) => {
    const data = { user: { id: { value: 'p-7' }, email: { value: 'p7@example.test' } }, settings: { project_id: 200002, language: 'en' },
      purchase: { virtual_items: { items: [{ sku: 'hint-bundle', amount: 1 }] } } };
    await page.goto(harness(uiUrl(world.live, { access_data: JSON.stringify(data) })));
    await expect(frame(page).getByText('Bundle of 10 hints')).toBeVisible();
    await expect(frame(page).getByText('Puzzle Harbor')).toBeVisible();
  });
});

test.describe('mock payment UI on its own', () => {
  test('in a child window it speaks to its opener', async ({ page }) => {
    await page.goto(harness(uiUrl(world.sandbox, { access_token: await requestToken() }), '&popup=1'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open in a window' }).click()]);
    await popup.getByRole('button', { name: /^Pay/ }).click();
    await expect(popup.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(async () => (await commands(page)).at(-1)).toBe('close');
    expectContractOrder(await commands(page), ['widget-detection', 'dimensions', 'user-country', 'fcp', 'status', 'status', 'status', 'close']);
  });

  test('top level with return_url: "Return to game" carries user_id, foreigninvoice, invoice_id and status', async ({ page }) => {
    const token = await requestToken((b) => { b.settings.return_url = `${world.demo}/return.html?from=test`; });
    await page.goto(uiUrl(world.sandbox, { access_token: token }));
    await expect(page.getByRole('button', { name: 'Close the payment window' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Pay/ }).click();
    const invoice = await page.getByTestId('invoice').textContent();
    await page.getByRole('link', { name: 'Return to game' }).click();
    await expect(page).toHaveURL(`${world.demo}/return.html?from=test&user_id=player-42&foreigninvoice=order-1001&invoice_id=${invoice}&status=done`);
    await expect(page.locator('[data-param="invoice_id"]')).toHaveText(invoice!);
  });
});

test.describe('mock payment UI: the catalogue', () => {
  test("shows an item's catalogue image (https, or protocol-relative as the spec writes it), and never another kind of address", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const items = [
      { sku: `pictured-${stamp}`, image_url: '//images.example.test/drill.png', name: 'Pictured drill' },
      { sku: `plain-${stamp}`, image_url: 'http://images.example.test/plain.png', name: 'Plain drill' },
    ];
    for (const item of items) {
      const made = await callMerchantApi(world.merchantApi, 'POST', '/merchant/v2/projects/200001/virtual_items/items', { sku: item.sku, name: { en: item.name }, image_url: item.image_url, prices: { USD: 1.5 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const token = await requestToken((body) => {
      body.purchase = { virtual_items: { items: items.map((item) => ({ sku: item.sku, amount: 1 })) } };
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    await expect(ui.getByText('Pictured drill')).toBeVisible();
    await expect(ui.locator('img.line-image')).toHaveCount(1);
    await expect(ui.locator('img.line-image')).toHaveAttribute('src', 'https://images.example.test/drill.png');
  });
});

/**
 * The payment UI plays the token's `settings.ui` (issue 39, item 3): the store a token that names no
 * purchase opens on (components hidden and ordered, the selected group and item, a typed amount of
 * virtual currency, list layouts), the header's options and close button, the payment method
 * `payment_widget` opens first (or the one `payment_method` names), a DRM picked per game, the user
 * account of `ui.mode: user_account`, and the dark theme —
 * each as the player sees it, at 390 px and 1280 px, axe clean, in the payment UI's languages.
 * Checks are grouped per page load: the browser suite stays short.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { UiMessage } from '../../src/core/protocol';
import { callMerchantApi } from '../fixtures/merchant-call';
import { harness, requestToken, uiUrl } from './tokens';
import { gotoFixture, openAndWaitReady, paymentUi, results } from './widget-page';
import { world } from './world';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A group of the demo project of this run's own (codes are digits), with two items of its own: what the store lists is known. */
const GROUP = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const DRILL = `laser-drill-${stamp}`;
const SHIELD = `ion-shield-${stamp}`;
/** Two games of this run's own, with no DRM in common: the player picks each one's. */
const GAMES = [[`comet-racers-${stamp}`, 'Comet Racers', [1, 'Steam']], [`nebula-farm-${stamp}`, 'Nebula Farm', [2, 'GOG']]] as const;

const frame = (page: Page) => page.frameLocator('iframe[title="Payment UI"]');
const received = (page: Page) => page.evaluate(() => window.received) as Promise<UiMessage[]>;
const statuses = async (page: Page) => (await received(page)).filter((m) => m.command === 'status').map((m) => (m.data as { paymentInfo: Record<string, any> }).paymentInfo);

/** Presses Pay in the widget's payment UI and waits for the done page: the last paymentInfo it reported. */
async function payToDone(page: Page): Promise<Record<string, any>> {
  const ui = frame(page);
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect.poll(async () => (await statuses(page)).at(-1)?.status).toBe('done');
  return (await statuses(page)).at(-1)!;
}

/** What the merchant's backend is told transaction `invoice` was paid with: its webhook's `transaction.payment_method` and `payment_method_name` (in `billing` of the combined `order_paid`, once sent) and its report's. */
async function paidWith(invoice: number): Promise<{ webhook: unknown; report: unknown }> {
  const webhook = async () => {
    const log = (await callMerchantApi(world.merchantApi, 'GET', '/mock/webhooks')).body as { deliveries: { body: string }[] };
    type Paid = { id: number; payment_method?: number; payment_method_name?: string };
    const paid = log.deliveries.map((d) => JSON.parse(d.body) as { billing?: { transaction: Paid } }).map((b) => b.billing?.transaction).find((t) => t?.id === invoice);
    return paid && { id: paid.payment_method, name: paid.payment_method_name };
  };
  await expect.poll(webhook).toBeDefined();
  const details = await callMerchantApi(world.merchantApi, 'GET', `/merchant/v2/merchants/100001/reports/transactions/${invoice}/details`);
  return { webhook: await webhook(), report: details.body.transaction.payment_method };
}

/**
 * A token whose settings and purchase `change` writes, for `player-42` (the demo game's
 * user_validation knows them: they can pay), else for a player of this run's own.
 */
function storeToken(user: string, change: (body: Record<string, any>) => void): Promise<string> {
  return requestToken((body) => {
    body.user.id.value = user === 'player-42' ? user : `${user}-${stamp}`;
    delete body.purchase;
    change(body);
  });
}

/** axe-core's violations on the page (top level), injected through the debugger: the page's strict CSP stays on. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document);
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

/** Content Security Policy violations the page reports (the payment UI's CSP allows no inline style). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as any).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as any).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as any).cspViolations as string[]);
}

test.beforeAll(async () => {
  const api = (method: string, path: string, body?: unknown) => callMerchantApi(world.merchantApi, method, path, body);
  const group = await api('POST', '/merchant/v2/projects/200001/virtual_items/groups', { code: GROUP, name: { en: 'Tools', de: 'Werkzeuge', es: 'Herramientas', fr: 'Outils' } });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  for (const [sku, name, price] of [[DRILL, 'Laser drill', 3], [SHIELD, 'Ion shield', 5]] as const) {
    const made = await api('POST', '/merchant/v2/projects/200001/virtual_items/items', { sku, name: { en: name }, prices: { USD: price }, groups: [group.body.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  for (const [sku, name, [id, drm]] of GAMES) {
    const made = await api('POST', '/merchant/v2/projects/200001/game_delivery', {
      sku, name: { en: name }, description: { en: 'A game' }, system_requirements: '-', default_currency: 'USD', drm: [{ id, name: drm, prices: [{ currency: 'USD', amount: 9.99 }] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
});

test.describe('the store of a token that names no purchase', () => {
  test('shows its components in their order, hides a hidden one, opens on the selected group and item, and sells what the player picks', async ({ page }) => {
    const token = await storeToken('player-42', (body) => {
      body.purchase = { virtual_items: { available_groups: [GROUP] }, subscription: { available_plans: ['captain-monthly'] } };
      body.settings.ui.components = {
        subscriptions: { order: 1 },
        virtual_items: { order: 2, selected_group: GROUP, selected_item: SHIELD },
        virtual_currency: { hidden: true },
      };
      body.settings.ui.desktop = { virtual_item_list: { layout: 'grid', view: 'horizontal_navigation', button_with_price: true } };
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    const store = ui.getByRole('region', { name: 'Choose what to buy' });
    await expect(store.getByRole('heading', { level: 3 })).toHaveText(['Subscriptions', 'Items']);
    // The selected group is the one shown first, its items in a grid, the selected item picked and sold.
    await expect(store.getByRole('button', { name: 'Tools' })).toHaveAttribute('aria-pressed', 'true');
    await expect(store.getByRole('navigation', { name: 'Item groups' })).toHaveClass(/groups-across/);
    await expect(store.locator('[data-component="virtual_items"] ul')).toHaveClass(/offers-grid/);
    await expect(store.locator('[data-component="virtual_items"] .price-button')).toHaveText(['€3.00', '€5.00']);
    await expect(store.getByRole('radio', { name: /Ion shield/ })).toBeChecked();
    await expect(ui.getByTestId('total')).toHaveText('€5.00');
    await expect(ui.getByTestId('header-total')).toHaveText('€5.00');
    // Only the available plan, and no other group's items.
    await expect(store.getByRole('radio', { name: /Captain’s Pass/ })).toHaveCount(1);
    await expect(store.getByRole('radio', { name: /Starter pack/ })).toHaveCount(0);

    await store.getByRole('radio', { name: /Laser drill/ }).check();
    await expect(ui.getByTestId('total')).toHaveText('€3.00');
    await store.getByRole('radio', { name: /Captain’s Pass/ }).check();
    await expect(ui.getByText('per month')).toBeVisible();
    await expect(ui.getByTestId('total')).toHaveText('€6.99');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect((await statuses(page)).at(-1)).toMatchObject({ status: 'done', amount: 6.99, subscription: { plan_id: 'captain-monthly' } });
  });

  test('takes an amount of virtual currency the player types, within the currency’s limits; the account then shows it', async ({ page }) => {
    const user = 'player-42';
    const token = await storeToken(user, (body) => {
      body.settings.ui.components = { virtual_currency: { custom_amount: true }, virtual_items: { hidden: true }, subscriptions: { hidden: true } };
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    const amount = ui.getByLabel('Amount of Crystals');
    await amount.fill('0');
    await expect(ui.getByText('Type an amount from 1 to 100000.')).toBeVisible();
    // Out of the limits, Pay takes nothing (the field holds the form back).
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('button', { name: /^Pay/ })).toBeEnabled();
    expect(await statuses(page)).toEqual([]);
    // A package's own amount is that package's price; another amount is the unit price each.
    await amount.fill('550');
    await expect(ui.getByTestId('total')).toHaveText('€4.99');
    await amount.fill('250');
    await expect(ui.getByTestId('total')).toHaveText('€2.48');
    await expect(ui.getByRole('radio', { name: /Crystals/ }).first()).not.toBeChecked();
    await ui.getByRole('button', { name: 'Pay €2.48' }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const paid = (await statuses(page)).at(-1)!;
    expect(paid).toMatchObject({ status: 'done', virtualCurrencyAmount: 250, amount: 2.48 });

    // The same player's account, its sections in their order, the disabled one left out.
    const account = await storeToken(user, (body) => {
      body.settings.ui.mode = 'user_account';
      body.settings.ui.user_account = { history: { enable: true, order: 1 }, info: { enable: true, order: 2 }, subscriptions: { enable: true, order: 3 }, payment_accounts: { enable: false } };
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: account })));
    await expect(ui.getByRole('heading', { level: 3 })).toHaveText(['Purchase history', 'Account details', 'Subscriptions']);
    // The player of the shared world pays in other tests too: their purchase is found by its invoice.
    const row = ui.getByRole('region', { name: 'Purchase history' }).getByRole('row').filter({ hasText: String(paid.invoice) });
    await expect(row.getByRole('cell')).toHaveText([/\w/, String(paid.invoice), '250 Crystals', /2\.48/, 'done']);
    await expect(ui.getByRole('region', { name: 'Account details' })).toContainText('player42@example.test');
    await expect(ui.getByRole('region', { name: 'Subscriptions' })).toContainText(/Next charge|No subscriptions yet\./);
    await expect(ui.getByTestId('balance')).toHaveText(/^Balance: \d+ Crystals$/);
    await expect(ui.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  });
});

test.describe('the header, the close button and the payment method', () => {
  test('header options hide the logo, the name, the total and the balance; close_button goes back to return_url; the license is linked', async ({ page }) => {
    const token = await storeToken('header', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.return_url = `${world.demo}/return.html?from=close`;
      body.settings.ui.desktop = { header: { visible_logo: false, visible_name: false, visible_purchase: false, type: 'compact', close_button: true } };
      body.settings.ui.header = { visible_virtual_currency_balance: false };
      body.settings.ui.license_url = 'https://game.example.test/eula';
    });
    // On its own (no widget): the close button is there only because the token asks for it.
    await page.goto(uiUrl(world.sandbox, { access_token: token }));
    const banner = page.getByRole('banner');
    await expect(banner).toHaveClass(/bar-compact/);
    await expect(banner.locator('.logo')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Star Miners/);
    await expect(banner.getByText('Star Miners')).toHaveClass('visually-hidden');
    await expect(page.getByTestId('header-total')).toHaveCount(0);
    await expect(page.getByTestId('balance')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'License agreement' })).toHaveAttribute('href', 'https://game.example.test/eula');
    await page.getByRole('button', { name: 'Close the payment window' }).click();
    await expect(page).toHaveURL(`${world.demo}/return.html?from=close&user_id=header-${stamp}&foreigninvoice=order-1001`);

    // No header at all: the name is still the page's heading, for screen readers.
    const bare = await storeToken('header', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.ui.desktop = { header: { is_visible: false } };
    });
    await page.goto(uiUrl(world.sandbox, { access_token: bare }));
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Star Miners');
  });

  test('in the widget\'s lightbox, which draws its own close button, close_button draws no second one under it', async ({ page }) => {
    const token = await storeToken('player-42', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.ui.desktop = { header: { close_button: true } };
    });
    await gotoFixture(page, { token });
    await openAndWaitReady(page);
    await expect(paymentUi(page).getByRole('button', { name: /^Pay/ })).toBeVisible();
    await expect(paymentUi(page).getByRole('button', { name: 'Close the payment window' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => results(page)).toEqual([expect.objectContaining({ reason: 'user' })]);
  });

  test('payment_widget opens its payment form first, and the method the player pays with is the transaction\'s: a gift card needs its code, then pays as a gift card (in the mobile version, without its footer)', async ({ page }) => {
    const cash = await storeToken('player-42', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.payment_widget = 'paybycash';
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: cash })));
    const ui = frame(page);
    await expect(ui.getByRole('radio', { name: 'Cash at a kiosk' })).toBeChecked();
    await expect(ui.getByTestId('method-form')).toContainText('Pay in cash at a kiosk');
    const byCash = await payToDone(page);
    expect(byCash).toMatchObject({ status: 'done', paymentMethod: 'paybycash' });
    // The merchant's backend sees what the player paid with: pay-by-cash, not the test card.
    expect(await paidWith(byCash.invoice)).toEqual({ webhook: { id: 2, name: 'Pay by cash' }, report: { id: 2, name: 'Pay by cash' } });

    // The mobile version too: the narrow width asked of the widget, and no footer when the token hides it.
    const gift = await storeToken('player-42', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.payment_widget = 'giftcard';
      body.settings.ui.version = 'mobile';
      body.settings.ui.mobile = { footer: { is_visible: false } };
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: gift })));
    await expect(ui.getByRole('button', { name: /^Pay/ })).toBeVisible();
    expect((await received(page)).find((m) => m.command === 'dimensions')!.data).toEqual({ dimensions: { width: 380, height: expect.any(Number) } });
    await expect(ui.getByRole('contentinfo')).toHaveCount(0);
    const methods = ui.getByRole('group', { name: 'Payment method' }).getByRole('radio');
    await expect(methods).toHaveCount(2);
    await expect(methods.first()).toHaveAccessibleName('Gift card');
    await expect(methods.first()).toBeChecked();
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeHidden();
    await ui.getByLabel('Gift card code').fill('GIFT-1234');
    const byGiftCard = await payToDone(page);
    expect(byGiftCard).toMatchObject({ status: 'done', paymentMethod: 'giftcard' });
    expect(await paidWith(byGiftCard.invoice)).toEqual({ webhook: { id: 3, name: 'Gift card' }, report: { id: 3, name: 'Gift card' } });
  });
});

test.describe('settings.payment_method', () => {
  test('is the method the page shows and names in paymentInfo, as the transaction is made with it', async ({ page }) => {
    const token = await storeToken('player-42', (body) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.payment_method = 1380;
      body.settings.payment_widget = 'paybycash';
    });
    await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
    const ui = frame(page);
    await expect(ui.getByTestId('method-form')).toHaveText('Payment method 1380');
    await expect(ui.getByRole('radio', { name: 'Cash at a kiosk' })).toHaveCount(0);
    const done = await payToDone(page);
    expect(done).toMatchObject({ status: 'done', paymentMethod: '1380' });
    expect(await paidWith(done.invoice)).toEqual({ webhook: { id: 1380, name: 'Payment method 1380' }, report: { id: 1380, name: 'Payment method 1380' } });
  });
});

test.describe('at 390 px and 1280 px, axe clean, in every language', () => {
  /** The dark store with every component, the header's balance, the compact header with its close button, the license and a typed amount; or the account with every section. */
  const pages = {
    'the dark store': (body: Record<string, any>) => {
      body.purchase = { virtual_items: { available_groups: [GROUP] } };
      body.settings.return_url = `${world.demo}/return.html`;
      body.settings.ui.license_url = 'https://game.example.test/eula';
      body.settings.ui.theme = 'default_dark';
      body.settings.ui.components = { virtual_currency: { custom_amount: true } };
      body.settings.ui.desktop = {
        header: { type: 'compact', close_button: true },
        virtual_item_list: { view: 'vertical' },
        subscription_list: { layout: 'grid', description: 'Cancel any time.' },
        virtual_currency_list: { description: 'Crystals never expire.', button_with_price: true },
      };
      body.settings.payment_widget = 'giftcard';
    },
    'a checkout of game keys to pick a DRM for, with a payment method named': (body: Record<string, any>) => {
      body.purchase = { pin_codes: { codes: GAMES.map(([sku]) => ({ digital_content: sku })) } };
      body.settings.payment_method = 1380;
    },
    'the mobile version without its footer, its header without logo and name, on a gift card': (body: Record<string, any>) => {
      body.purchase = { virtual_items: { items: [{ sku: DRILL, amount: 1 }] } };
      body.settings.ui.version = 'mobile';
      body.settings.ui.mobile = { footer: { is_visible: false } };
      body.settings.ui.desktop = { header: { visible_logo: false, visible_name: false } };
      body.settings.payment_widget = 'giftcard';
    },
    'the user account': (body: Record<string, any>) => {
      body.settings.ui.mode = 'user_account';
      body.settings.ui.user_account = Object.fromEntries(['info', 'history', 'payment_accounts', 'subscriptions'].map((name) => [name, { enable: true }]));
    },
  };
  for (const [name, change] of Object.entries(pages)) {
    test(`${name}`, async ({ page }) => {
      test.setTimeout(120_000);
      const violations = await watchCsp(page);
      for (const language of LANGUAGES) {
        const token = await storeToken('axe', (body) => {
          change(body);
          body.settings.language = language;
        });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(uiUrl(world.sandbox, { access_token: token }));
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('main h2').first()).toBeVisible();
        // The dark theme: the page's own colours, by a class of the document (no inline style).
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 22, 28)');
        if (name === 'the dark store') {
          // The lists' descriptions, the plans in a grid, the packages' prices as buttons, the item groups in a column.
          await expect(page.getByText('Cancel any time.')).toBeVisible();
          await expect(page.getByText('Crystals never expire.')).toBeVisible();
          await expect(page.locator('[data-component="subscriptions"] ul')).toHaveClass(/offers-grid/);
          await expect(page.locator('[data-component="virtual_currency"] .price-button')).toHaveCount(3);
          await expect(page.getByRole('navigation', { name: /./ })).toHaveClass(/groups-down/);
          // The compact header with its close button (on its own, with a return_url), the license in the footer.
          await expect(page.getByRole('banner')).toHaveClass(/bar-compact/);
          await expect(page.locator('button.close')).toBeVisible();
          await expect(page.locator('footer a[href="https://game.example.test/eula"]')).toBeVisible();
        }
        if (name.startsWith('a checkout')) {
          // A DRM to pick per game, each among its own; the method the token names, no test card.
          await expect(page.getByRole('group').filter({ has: page.locator('input[name^="drm"]') })).toHaveCount(2);
          await expect(page.getByTestId('method-form')).toContainText('1380');
        }
        if (name.startsWith('the mobile version')) {
          // No footer, a bar with neither logo nor name (the name stays for screen readers), the gift card's code field.
          await expect(page.getByRole('contentinfo')).toHaveCount(0);
          await expect(page.getByRole('banner').locator('.logo')).toHaveCount(0);
          await expect(page.getByRole('banner').getByText('Star Miners')).toHaveClass('visually-hidden');
          await expect(page.locator('#gift-card')).toBeVisible();
        }
        expect(await axeViolations(page), `${name}, ${language}, 1280 px`).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        // Nothing wider than the phone: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}, ${language}, 390 px`).toBeLessThanOrEqual(390);
        expect(await axeViolations(page), `${name}, ${language}, 390 px`).toEqual([]);
      }
      expect(await violations()).toEqual([]);
    });
  }
});

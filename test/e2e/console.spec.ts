/**
 * The merchant console (DESIGN.md §14) at /console/ of the merchant API's origin, in Chromium:
 * sign-in and sign-out, projects, webhook settings and the log with its resend, the API reference
 * rendered from /openapi.json, a 501 said as "not available", keyboard use, a 390 px phone, axe,
 * and the strict CSP with no violation; the items page against the catalog operations. The users
 * page and the whole journey (item → payment UI → inventory) wait for other parts of issue 27.
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { requestToken } from './tokens';
import { world } from './world';

const AUTH = `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}`;
const consoleUrl = (path = '') => `${world.merchantApi}/console/${path}`;
/** A name no other test (or earlier run on a kept state) uses. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The merchant API, as a merchant's backend calls it. */
async function merchantApi(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${world.merchantApi}${path}`, {
    method,
    headers: { authorization: AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Every CSP violation the page reports, kept across its navigations. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => seen;
}

async function signIn(page: Page, merchantId = '100001', apiKey = 'demo-api-key') {
  await page.getByLabel('Merchant id').fill(merchantId);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openSignedIn(page: Page, path = '') {
  await page.goto(consoleUrl(path));
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

test.describe('merchant console', () => {
  test('signs in with the merchant id and API key, refuses a wrong key, keeps the session in the tab, signs out', async ({ page }) => {
    await page.goto(consoleUrl());
    await expect(page.getByRole('heading', { level: 1, name: 'Merchant console' })).toBeVisible();
    await signIn(page, '100001', 'wrong-key');
    await expect(page.getByRole('alert')).toHaveText('401: The service knows no merchant with this id and API key.');
    // A merchant id that is not a number is not sent.
    await signIn(page, 'acme', 'demo-api-key');
    expect(await page.getByLabel('Merchant id').evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Projects' })).toContainText('Star Miners');
    await expect(page.getByText('Merchant 100001')).toBeVisible();
    // A reload keeps the session (sessionStorage); the key is never in the address.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    expect(page.url()).not.toContain('demo-api-key');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Merchant id')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  test('returns to sign-in with a message when the service answers 401 to a signed-in console', async ({ page }) => {
    await openSignedIn(page);
    // The key stops working (changed elsewhere): the next call is refused.
    await page.evaluate(() => sessionStorage.setItem('payui-console', JSON.stringify({ merchantId: '100001', apiKey: 'revoked' })));
    await page.reload();
    await expect(page.getByLabel('Merchant id')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('refused the merchant id and API key (401)');
  });

  test('projects: creates one, refuses a descriptor over 12 characters at its field, saves an edit', async ({ page }) => {
    await openSignedIn(page);
    const name = unique('Moon Base');
    await page.getByRole('button', { name: 'New project' }).click();
    const form = page.getByRole('form', { name: 'New project' });
    await form.getByLabel('Name (English)').fill(name);
    await form.getByLabel('Descriptor').fill('MOONBASE');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Project "${name}" created.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('MOONBASE');
    const id = Number(await row.getByRole('cell').first().textContent());
    await row.getByRole('button', { name: `Edit project ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit project ${id}` });
    await edit.getByLabel('Descriptor').fill('THIRTEEN-CHAR');
    await edit.getByRole('button', { name: 'Save project' }).click();
    await expect(edit.getByLabel('Descriptor')).toHaveAttribute('aria-invalid', 'true');
    await expect(edit.getByRole('alert')).toContainText('422');
    await edit.getByLabel('Descriptor').fill('MOON2');
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save project' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Project ${id} saved.` })).toBeVisible();
    expect((await merchantApi('GET', `/merchant/v2/projects/${id}`)).body).toMatchObject({ id, name: { en: name }, descriptor: 'MOON2', enabled: false });
  });

  test('webhooks: sets a project\'s listener (the secret never shown), turns it off', async ({ page }) => {
    const name = unique('Hook Lab');
    const { body: created } = await merchantApi('POST', '/merchant/v2/merchants/100001/projects', { name: { en: name } });
    await openSignedIn(page);
    await nav(page, 'Webhooks').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/console/webhooks');
    await page.getByLabel('Project', { exact: true }).selectOption(String(created.id));
    await expect(page.getByTestId('webhook-current')).toHaveText('No listener: this project sends no webhooks.');
    await page.getByLabel('Listener address').fill('http://example.test/hook');
    await page.getByLabel('Secret key').fill('lab-secret');
    await page.getByRole('button', { name: 'Save listener' }).click();
    await expect(page.getByLabel('Listener address')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Listener address').fill('http://127.0.0.1:9/hook');
    await page.getByLabel('Variant').selectOption('separate');
    await page.getByRole('button', { name: 'Save listener' }).click();
    await expect(page.getByTestId('webhook-current')).toHaveText('Sends separate webhooks to http://127.0.0.1:9/hook.');
    await expect(page.locator('body')).not.toContainText('lab-secret');
    expect((await merchantApi('GET', `/mock/projects/${created.id}/webhooks`)).body).toEqual({ project_id: created.id, enabled: true, url: 'http://127.0.0.1:9/hook', variant: 'separate' });
    await page.getByRole('button', { name: 'Turn webhooks off' }).click();
    await expect(page.getByTestId('webhook-current')).toHaveText('No listener: this project sends no webhooks.');
    expect((await merchantApi('GET', `/mock/projects/${created.id}/webhooks`)).body).toEqual({ project_id: created.id, enabled: false });
  });

  test('webhook log: shows what a payment sent and resends a delivery', async ({ page }) => {
    // A sandbox payment of the demo project: its webhooks go to the demo's listener.
    const token = await requestToken();
    const paid = await fetch(`${world.sandbox}/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: world.sandbox },
      body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token)}`, outcome: 'success' }),
    });
    expect(paid.status).toBe(200);
    const log = async () => (await merchantApi('GET', '/mock/webhooks')).body as { deliveries: { id: number; notification_type: string; state: string }[] };
    await expect.poll(async () => (await log()).deliveries.find((d) => d.notification_type === 'order_paid')?.state).toBe('accepted');
    const delivery = (await log()).deliveries.find((d) => d.notification_type === 'order_paid')!;

    await openSignedIn(page, 'webhooks');
    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await expect(deliveries.getByRole('row').filter({ hasText: `#${delivery.id}` })).toContainText('order_paid');
    await deliveries.getByRole('button', { name: `Resend delivery ${delivery.id}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Delivery #${delivery.id} (order_paid) queued again.` })).toBeVisible();
    // The new delivery: the same body, accepted by the listener again.
    await expect.poll(async () => (await log()).deliveries.filter((d) => d.id > delivery.id && d.notification_type === 'order_paid' && d.state === 'accepted').length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Refresh the log' }).click();
    await expect(deliveries.getByRole('row').filter({ hasText: 'order_paid' }).first()).not.toContainText(`#${delivery.id} `);
  });

  test('API reference: every resource of /openapi.json, each operation with its method, path, parameters and body fields', async ({ page }) => {
    await openSignedIn(page, 'reference');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const doc = (await (await fetch(`${world.merchantApi}/openapi.json`)).json()) as { tags: { name: string }[]; paths: Record<string, object> };
    for (const tag of doc.tags) await expect(page.getByRole('heading', { level: 2, name: tag.name, exact: true })).toBeVisible();
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((k) => ['get', 'post', 'put', 'delete', 'patch'].includes(k)));
    await expect(page.locator('details.operation')).toHaveCount(operations.length);

    const createItem = page.locator('#op-createItem');
    await createItem.getByText('Create a virtual item').click();
    await expect(createItem.locator('summary')).toContainText('POST');
    await expect(createItem.locator('summary')).toContainText('/merchant/{version}/projects/{project_id}/virtual_items/items');
    const parameters = createItem.getByRole('region', { name: 'Parameters of createItem' });
    await expect(parameters.getByRole('row').filter({ hasText: 'project_id' })).toContainText('path');
    const body = createItem.getByRole('region', { name: 'Request body of createItem' });
    await expect(body.getByRole('row').filter({ hasText: /^sku \(required\)/ })).toBeVisible();
    await expect(body.getByRole('row').filter({ hasText: /^prices/ })).toBeVisible();
    await expect(createItem.getByRole('listitem').filter({ hasText: /^409/ })).toBeVisible();
  });

  test('says "not available in this version" when the service answers 501', async ({ page }) => {
    // The answer of an operation this version of the service does not implement yet.
    await page.route('**/merchant/v2/projects/*/virtual_items/items?*', (route) => route.fulfill({
      status: 501,
      contentType: 'application/json',
      body: JSON.stringify({ http_status_code: 501, message: 'Not Implemented: listItems …', extended_message: null, request_id: 'r-1' }),
    }));
    await openSignedIn(page, 'items');
    await expect(page.getByRole('status').filter({ hasText: 'Not available in this version of the offline service.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('deep links and Back: an address under /console/ shows its page', async ({ page }) => {
    await openSignedIn(page, 'reference');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(nav(page, 'API reference')).toHaveAttribute('aria-current', 'page');
    await nav(page, 'Projects').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/console/reference');
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto(consoleUrl());
    await page.getByLabel('Merchant id').focus();
    await page.keyboard.type('100001');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('API key')).toBeFocused();
    await page.keyboard.type('demo-api-key');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    // Focus is on the page's title, after the navigation: back to it and open the webhook page with Enter.
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
    for (let i = 0; i < 12 && !(await nav(page, 'Webhooks').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
    await expect(nav(page, 'Webhooks')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
  });

  test('fits a 390 px phone and breaks no rule of its CSP, on every page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const violations = await watchCsp(page);
    await page.goto(consoleUrl());
    const fits = async (what: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(390);
    };
    await fits('sign-in');
    await signIn(page);
    for (const name of ['Projects', 'Items', 'Currency packages', 'Item groups', 'Users', 'Webhooks', 'API reference']) {
      await nav(page, name).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      if (name === 'API reference') await page.locator('#op-createItem summary').click();
      if (name === 'Projects') await page.getByRole('button', { name: 'New project' }).click();
      await fits(name);
    }
    expect(await violations()).toEqual([]);
  });
});

test.describe('merchant console: accessibility audit', () => {
  test.use({ bypassCSP: true });

  test('axe-core finds no violations on its pages', async ({ page }) => {
    const require = createRequire(import.meta.url);
    const audit = async (what: string) => {
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document);
        return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, what).toEqual([]);
    };
    await page.goto(consoleUrl());
    await audit('sign-in');
    await signIn(page, '100001', 'wrong-key');
    await expect(page.getByRole('alert')).toBeVisible();
    await audit('sign-in refused');
    await signIn(page);
    await page.getByRole('button', { name: 'New project' }).click();
    await audit('projects');
    for (const name of ['Items', 'Currency packages', 'Item groups', 'Users', 'Webhooks']) {
      await nav(page, name).click();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await audit(name);
    }
    await nav(page, 'API reference').click();
    await page.locator('#op-createItem summary').click();
    await audit('API reference');
    // The dark colours too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await audit('API reference, dark');
    await nav(page, 'Projects').click();
    await page.getByRole('button', { name: 'New project' }).click();
    await audit('projects, dark');
  });
});

// The catalog and users pages against the service's operations, and the journey of issue 27: an item
// made in the console is what a token may name and the payment UI sells, and its purchase shows in
// the user's inventory.
test.describe('merchant console: catalog and users', () => {
  /** A new item of the current project, made with the Items page's form. */
  async function createItem(page: Page, sku: string, name: string, prices: string) {
    await page.getByRole('button', { name: 'New item' }).click();
    const form = page.getByRole('form', { name: 'New item' });
    await form.getByLabel('SKU').fill(sku);
    await form.getByLabel('Name (English)').fill(name);
    await form.getByLabel('Prices').fill(prices);
    await form.getByRole('button', { name: 'Create item' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Item ${sku} created.` })).toBeVisible();
  }

  test('items: creates one, edits it, disables and enables it, deletes it', async ({ page }) => {
    const sku = unique('console-shield');
    await openSignedIn(page, 'items');
    await createItem(page, sku, 'Console Shield', 'USD 3.50, EUR 3.20');
    // The list pages by 20: the new item is on the last page.
    while (await page.getByRole('button', { name: 'Next' }).isEnabled()) await page.getByRole('button', { name: 'Next' }).click();
    const row = page.getByRole('row').filter({ hasText: sku });
    await expect(row).toContainText('USD 3.5');
    await row.getByRole('button', { name: `Edit ${sku}` }).click();
    const edit = page.getByRole('form', { name: `Edit item ${sku}` });
    await expect(edit.getByLabel('Name (English)')).toHaveValue('Console Shield');
    await edit.getByLabel('Name (English)').fill('Console Shield II');
    await edit.getByRole('button', { name: 'Save item' }).click();
    await expect(row).toContainText('Console Shield II');
    await row.getByRole('button', { name: `Disable ${sku}` }).click();
    await expect(row.getByRole('button', { name: `Enable ${sku}` })).toBeVisible();
    await row.getByRole('button', { name: `Enable ${sku}` }).click();
    await expect(row.getByRole('button', { name: `Disable ${sku}` })).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Item ${sku} deleted.` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: sku })).toHaveCount(0);
  });

  test('users: a user\'s record and inventory, disabled and enabled again', async ({ page }) => {
    const id = unique('console-player');
    const created = await merchantApi('POST', '/merchant/v2/projects/200001/users', { user_id: id, user_name: 'Console Player', email: 'console-player@example.test' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await openSignedIn(page, 'users');
    await page.getByLabel('User id').fill(id);
    await page.getByRole('button', { name: 'Show user', exact: true }).click();
    await expect(page.getByTestId('user-balance')).toHaveText('0');
    await expect(page.getByText('No items.')).toBeVisible();
    await page.getByRole('button', { name: 'Disable user' }).click();
    await expect(page.getByRole('status').filter({ hasText: `User ${id} disabled.` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable user' })).toBeVisible();
    expect((await merchantApi('GET', `/merchant/v2/projects/200001/users/${id}`)).body).toMatchObject({ user_id: id, enabled: false });
    await page.getByRole('button', { name: 'Enable user' }).click();
    await expect(page.getByRole('button', { name: 'Disable user' })).toBeVisible();
  });

  test('journey: sign in, create an item, see it sold in the payment UI, pay, see it in the user\'s inventory', async ({ page, context }) => {
    test.setTimeout(60_000);
    const sku = unique('console-sword');
    await openSignedIn(page, 'items');
    await createItem(page, sku, 'Console Sword', 'USD 2.50');

    // The merchant's backend asks for a token naming it; the player opens the sandbox payment UI.
    const player = 'p-7';
    const token = await merchantApi('POST', '/merchant/v2/merchants/100001/token', {
      user: { id: { value: player }, email: { value: 'p7@example.test' } },
      settings: { project_id: 200001, mode: 'sandbox', currency: 'USD', language: 'en' },
      purchase: { virtual_items: { items: [{ sku, amount: 1 }] } },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const ui = await context.newPage();
    await ui.goto(`${world.sandbox}/?access_token=${encodeURIComponent(token.body.token)}`);
    await expect(ui.getByText('Console Sword')).toBeVisible();
    await expect(ui.getByRole('button', { name: /^Pay/ })).toContainText('2.50');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

    await nav(page, 'Users').click();
    await page.getByLabel('User id').fill(player);
    await page.getByRole('button', { name: 'Show user', exact: true }).click();
    const inventory = page.getByRole('region', { name: 'Inventory' });
    await expect(inventory.getByRole('row').filter({ hasText: sku })).toContainText('1');
  });
});

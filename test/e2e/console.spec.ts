/**
 * The merchant console (DESIGN.md §14) at /console/ of the merchant API's origin, in Chromium:
 * sign-in and sign-out, projects, webhook settings and the log with its resend, the API reference
 * rendered from /openapi.json, a 501 said as "not available", keyboard use, a 390 px phone, axe,
 * and the strict CSP with no violation; the items page against the catalog operations; Login
 * settings, the mailbox (a registration's confirmation followed to its page), user attributes and
 * game keys. The users page and the whole journey (item → payment UI → inventory) wait for other
 * parts of issue 27.
 */
import { expect, test, type Page } from '@playwright/test';
import { audit as auditPage, merchantApi, nav, unique, watchCsp } from './console-kit';
import { requestToken } from './tokens';
import { world } from './world';

const consoleUrl = (path = '') => `${world.merchantApi}/console/${path}`;

/** What a page shows only when asked (a form, the secret key, an operation), opened for the layout and axe checks. */
async function openForms(page: Page, name: string) {
  if (name === 'API reference') await page.locator('#op-createItem summary').click();
  if (name === 'Projects') await page.getByRole('button', { name: 'New project' }).click();
  if (name === 'User attributes') await page.getByRole('button', { name: 'New attribute' }).click();
  if (name === 'Game keys') {
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: /^Keys of / }).first().click();
    await expect(page.getByRole('button', { name: 'Add keys' })).toBeVisible();
  }
  if (name === 'Login settings') await page.getByRole('button', { name: 'Show the secret key' }).click();
  if (name === 'Mailbox') await expect(page.getByRole('article').first()).toBeVisible();
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

/** The demo project 200001's Login project id (mock/fixtures/demo.json). */
const DEMO_LOGIN_ID = '7c1e2a90-4b3d-4f5e-8a6b-000000200001';

/**
 * A player registers with the Login API of the demo project; a confirmation message is mailed. The
 * demo's game page is its callback (npm start names it on both loopback names, so it must be given).
 */
async function registerPlayer(username: string, email = `${username}@example.test`) {
  const loginUrl = encodeURIComponent(`${world.demo}/game.html`);
  const response = await fetch(`${world.merchantApi}/api/user?projectId=${DEMO_LOGIN_ID}&login_url=${loginUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'player-password', email }),
  });
  expect(response.status, await response.text()).toBe(204);
  return email;
}

/** A game of the demo project with a DRM and a key, so the Game keys page has a key pool to show. */
async function demoGame() {
  const sku = unique('demo-game').toLowerCase();
  const created = await merchantApi('POST', '/merchant/v2/projects/200001/game_delivery', {
    sku, name: { en: 'Demo Game' }, description: { en: 'A game sold as keys' }, system_requirements: 'Any', default_currency: 'USD', drm: [{ id: 1, name: 'Steam' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await merchantApi('POST', `/mock/projects/200001/game_delivery/${created.body.id}/keys`, { drm_id: 1, keys: [`${sku}-KEY-1`] })).status).toBe(200);
}

/** A new project of the demo merchant, shown in the console's project picker. */
async function newProject(prefix: string): Promise<number> {
  const created = await merchantApi('POST', '/merchant/v2/merchants/100001/projects', { name: { en: unique(prefix) } });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

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

  test('API reference: every resource of /openapi.json, each operation with its method, path, parameters and body fields, and every webhook with its variants', async ({ page }) => {
    await openSignedIn(page, 'reference');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const doc = (await (await fetch(`${world.merchantApi}/openapi.json`)).json()) as { tags: { name: string }[]; paths: Record<string, object>; webhooks: Record<string, object> };
    for (const tag of doc.tags) await expect(page.getByRole('heading', { level: 2, name: tag.name, exact: true })).toBeVisible();
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((k) => ['get', 'post', 'put', 'delete', 'patch'].includes(k)));
    // Then the webhooks the service sends, one entry a type.
    await expect(page.locator('details.operation')).toHaveCount(operations.length + Object.keys(doc.webhooks).length);
    const orderPaid = page.locator('#op-webhook-order_paid');
    await orderPaid.locator('summary').click();
    await expect(orderPaid.getByRole('region', { name: 'Request body of webhook-order_paid: OrderPaidCombinedWebhook' }).getByRole('row').filter({ hasText: /^billing \(required\)/ })).toBeVisible();
    await expect(orderPaid.getByRole('region', { name: 'Request body of webhook-order_paid: OrderPaidSeparateWebhook' }).getByRole('row').filter({ hasText: /^items \(required\)/ })).toBeVisible();

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
    // A message with its long link in the mailbox, a game with its key pool.
    await registerPlayer(unique('narrow-player'));
    await demoGame();
    for (const name of ['Projects', 'Items', 'Currency packages', 'Item groups', 'User attributes', 'Game keys', 'Users', 'Login settings', 'Mailbox', 'Webhooks', 'API reference']) {
      await nav(page, name).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await openForms(page, name);
      await fits(name);
    }
    expect(await violations()).toEqual([]);
  });
});

test.describe('merchant console: accessibility audit', () => {
  // One test per page, each with its own time: a dozen axe runs in one test outlasted its 30 s on a busy machine.
  test.use({ bypassCSP: true });
  // A message in the mailbox and a game with its key pool, so those pages show what they can.
  test.beforeAll(async () => {
    await registerPlayer(unique('audited-player'));
    await demoGame();
  });

  test('axe-core finds no violations on the sign-in page', async ({ page }) => {
    await page.goto(consoleUrl());
    await auditPage(page, 'sign-in');
  });

  test('axe-core finds no violations on a refused sign-in', async ({ page }) => {
    await page.goto(consoleUrl());
    await signIn(page, '100001', 'wrong-key');
    await expect(page.getByRole('alert')).toBeVisible();
    await auditPage(page, 'sign-in refused');
  });

  const PAGES = ['Projects', 'Items', 'Currency packages', 'Item groups', 'User attributes', 'Game keys', 'Users', 'Login settings', 'Mailbox', 'Webhooks', 'API reference'];
  for (const [name, scheme] of [...PAGES.map((name) => [name, 'light'] as const), ['Projects', 'dark'] as const, ['API reference', 'dark'] as const]) {
    test(`axe-core finds no violations on ${name}${scheme === 'dark' ? ', in the dark colours' : ''}`, async ({ page }) => {
      // The reference is the longest page (every operation of openapi.json): its audit gets three times the time.
      test.slow(name === 'API reference');
      await page.emulateMedia({ colorScheme: scheme });
      await openSignedIn(page);
      await nav(page, name).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await openForms(page, name);
      await auditPage(page, scheme === 'dark' ? `${name}, dark` : name);
    });
  }
});

test.describe('merchant console: Login, mailbox, attributes, game keys', () => {
  /** "New …" clicked and its form filled, label by label (a select picks the option). */
  async function fillNewForm(page: Page, title: string, fields: [label: string, value: string][]) {
    await page.getByRole('button', { name: title }).click();
    const form = page.getByRole('form', { name: title });
    for (const [label, value] of fields) {
      const field = form.getByLabel(label);
      if (await field.evaluate((element) => element.tagName === 'SELECT')) await field.selectOption(value);
      else await field.fill(value);
    }
    return form;
  }

  /** Signed in, on a page of one project, loaded. */
  async function openProjectPage(page: Page, name: string, projectId: number) {
    await openSignedIn(page);
    await nav(page, name).click();
    await page.getByLabel('Project', { exact: true }).selectOption(String(projectId));
    await expect(page.getByText('Loading…')).toHaveCount(0);
  }

  test('Login settings: the Login project id, the secret key shown when asked and regenerated, callback addresses saved, a bad address refused at its field', async ({ page }) => {
    const id = await newProject('Login Lab');
    const before = (await merchantApi('GET', `/mock/projects/${id}/login`)).body as { login_project_id: string; secret_key: string };
    await openProjectPage(page, 'Login settings', id);
    await expect(page.getByTestId('login-project-id')).toHaveText(before.login_project_id);
    // The key is not in the page until the merchant asks for it.
    await expect(page.locator('body')).not.toContainText(before.secret_key);
    await page.getByRole('button', { name: 'Show the secret key' }).click();
    await expect(page.getByTestId('login-secret')).toHaveText(before.secret_key);
    // Regenerate asks in the page first; No keeps the key.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'No' }).click();
    expect((await merchantApi('GET', `/mock/projects/${id}/login`)).body.secret_key).toBe(before.secret_key);
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A new secret key' })).toBeVisible();
    const after = (await merchantApi('GET', `/mock/projects/${id}/login`)).body as { secret_key: string };
    expect(after.secret_key).not.toBe(before.secret_key);
    await expect(page.getByTestId('login-secret')).toHaveText(after.secret_key);
    await page.getByRole('button', { name: 'Hide the secret key' }).click();
    await expect(page.locator('body')).not.toContainText(after.secret_key);

    const form = page.getByRole('form', { name: 'Login settings' });
    const callback = (n: number) => form.getByLabel(`Callback address ${n}`, { exact: true });
    // Not an http(s) address: refused at its field.
    await callback(1).fill('ftp://game.example.test/back');
    await form.getByRole('button', { name: 'Save Login settings' }).click();
    await expect(callback(1)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toContainText('422');
    await callback(1).fill('https://game.example.test/back');
    await form.getByRole('button', { name: 'Add a callback address' }).click();
    await callback(2).fill('http://localhost:5173/game.html');
    // A user store reached over plain http must be on this machine.
    await form.getByLabel('New user address').fill('http://users.example.test/new');
    await form.getByRole('button', { name: 'Save Login settings' }).click();
    await expect(form.getByLabel('New user address')).toHaveAttribute('aria-invalid', 'true');
    await expect(callback(1)).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('New user address').fill('http://127.0.0.1:9/users');
    await form.getByLabel('New users confirm their email address').uncheck();
    await form.getByRole('button', { name: 'Save Login settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Login settings saved.' })).toBeVisible();
    expect((await merchantApi('GET', `/mock/projects/${id}/login`)).body).toEqual({
      login_project_id: before.login_project_id,
      secret_key: after.secret_key,
      callback_urls: ['https://game.example.test/back', 'http://localhost:5173/game.html'],
      email_confirmation: false,
      user_store: { new_user: 'http://127.0.0.1:9/users', user_verification: null, password_reset: null },
    });
    // Shown again after a reload: what was saved, not what was typed.
    await page.reload();
    await page.getByLabel('Project', { exact: true }).selectOption(String(id));
    await expect(callback(2)).toHaveValue('http://localhost:5173/game.html');
    await expect(form.getByLabel('New users confirm their email address')).not.toBeChecked();
    // A callback address removed is gone.
    await form.getByRole('button', { name: 'Remove callback address 1' }).click();
    await form.getByRole('button', { name: 'Save Login settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Login settings saved.' })).toBeVisible();
    await expect.poll(async () => (await merchantApi('GET', `/mock/projects/${id}/login`)).body.callback_urls).toEqual(['http://localhost:5173/game.html']);
  });

  test('mailbox: a registration\'s confirmation, newest first; its link opens the service\'s page, which confirms the address', async ({ page, context }) => {
    const first = await registerPlayer(unique('mail-first'));
    const player = unique('mail-player');
    const email = await registerPlayer(player);
    await openSignedIn(page);
    await nav(page, 'Mailbox').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeFocused();
    const messages = page.getByRole('article');
    await expect(messages.first()).toContainText(`To ${email}`);
    await expect(messages.nth(1)).toContainText(`To ${first}`);
    const message = messages.filter({ hasText: email });
    await expect(message.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await expect(message).toContainText(`Hello ${player},`);
    const link = message.getByRole('link', { name: 'Confirm the email address' });
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.origin).toBe(world.merchantApi);
    expect(href.pathname).toBe('/mock/login/confirm');
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(opened.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
    await expect(opened.locator('body')).toContainText(`Thank you, ${player}`);
    // The link works once.
    await opened.reload();
    await expect(opened.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  });

  test('mailbox: only http(s) links of the service\'s own origin are links; a javascript: or foreign one is text', async ({ page }) => {
    const own = `${world.merchantApi}/mock/login/password?token=own`;
    await page.route('**/mock/mail', (route) => route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify([
        { id: 1, to: 'old@example.test', subject: 'Older', text: 'The older one.', links: [], date: '2026-01-01T10:00:00+00:00' },
        {
          id: 2, to: 'new@example.test', subject: 'Three links', text: 'Which of these open?', date: '2026-01-02T10:00:00+00:00',
          links: ['javascript:alert(1)', 'https://elsewhere.example.test/mock/login/confirm?token=x', `${world.merchantApi.replace('http:', 'https:')}/mock/login/confirm?token=y`, own],
        },
      ]),
    }));
    await openSignedIn(page, 'mail');
    const messages = page.getByRole('article');
    await expect(messages.first().getByRole('heading')).toHaveText('Three links');
    await expect(messages.nth(1).getByRole('heading')).toHaveText('Older');
    const links = messages.first().getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', own);
    await expect(links).toHaveText('Set a new password');
    await expect(messages.first()).toContainText('javascript:alert(1) (not opened: not an address of this service)');
    await expect(messages.first()).toContainText('https://elsewhere.example.test/mock/login/confirm?token=x (not opened');
  });

  test('user attributes: creates one, refuses a value of the wrong type at its field, edits and deletes it', async ({ page }) => {
    const id = await newProject('Attr Lab');
    const key = unique('tier');
    await openProjectPage(page, 'User attributes', id);
    const form = await fillNewForm(page, 'New attribute', [['Key', key], ['Name (English)', 'Tier'], ['Type', 'int'], ['Values', '1, 2, gold']]);
    await form.getByRole('button', { name: 'Create attribute' }).click();
    await expect(form.getByLabel('Values')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toContainText('list_of_values[2]');
    await form.getByLabel('Values').fill('1, 2, 3');
    await form.getByRole('button', { name: 'Create attribute' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Attribute ${key} created.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: key });
    await expect(row).toContainText('1, 2, 3');
    await row.getByRole('button', { name: `Edit attribute ${key}` }).click();
    const edit = page.getByRole('form', { name: `Edit attribute ${key}` });
    await edit.getByLabel('Visible to the user').uncheck();
    await edit.getByRole('button', { name: 'Save attribute' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Attribute ${key} saved.` })).toBeVisible();
    const listed = (await merchantApi('GET', `/merchant/v2/projects/${id}/user_attributes`)).body as unknown[];
    expect(listed).toEqual([expect.objectContaining({ key, name: { en: 'Tier' }, type: 'int', list_of_values: [1, 2, 3], visible: false })]);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Attribute ${key} deleted.` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: key })).toHaveCount(0);
  });

  test('game keys: creates a game with two DRMs, adds keys pasted one per line, shows the counts, refuses a key already there', async ({ page }) => {
    const id = await newProject('Key Lab');
    const sku = unique('moon-miners').toLowerCase();
    await openProjectPage(page, 'Game keys', id);
    const form = await fillNewForm(page, 'New game', [
      ['SKU', sku], ['Name (English)', 'Moon Miners'], ['Description (English)', 'Mine the moon.'], ['System requirements', '4 GB RAM'], ['Default currency', 'EUR'], ['DRM', '1 Steam\n2 GOG'],
    ]);
    await form.getByRole('button', { name: 'Create game' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Game ${sku} created.` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: sku });
    await expect(row).toContainText('Steam: 0 of 0 left; GOG: 0 of 0 left');

    await row.getByRole('button', { name: `Keys of ${sku}` }).click();
    const keys = page.getByRole('form', { name: `Add keys to ${sku}` });
    await keys.getByLabel('DRM').selectOption('1');
    await keys.getByLabel('Keys').fill('MOON-AAAA\nMOON-BBBB\n\nMOON-CCCC\n');
    await keys.getByRole('button', { name: 'Add keys' }).click();
    await expect(page.getByRole('status').filter({ hasText: `3 keys added to Steam of ${sku}.` })).toBeVisible();
    const pool = page.getByRole('region', { name: `Key pool of ${sku}` });
    await expect(pool.getByRole('row', { name: /Steam/ })).toHaveText(/Steam \(1\)\s*3\s*3\s*0/);
    await expect(row).toContainText('Steam: 3 of 3 left; GOG: 0 of 0 left');
    await keys.getByLabel('DRM').selectOption('2');
    await keys.getByLabel('Keys').fill('GOG-1');
    await keys.getByRole('button', { name: 'Add keys' }).click();
    await expect(page.getByRole('status').filter({ hasText: `1 key added to GOG of ${sku}.` })).toBeVisible();
    await expect(row).toContainText('Steam: 3 of 3 left; GOG: 1 of 1 left');
    // A key the pool has already: 409 at the keys.
    await keys.getByLabel('Keys').fill('MOON-BBBB');
    await keys.getByRole('button', { name: 'Add keys' }).click();
    await expect(keys.getByLabel('Keys')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toContainText('409');
    const game = (await merchantApi('GET', `/merchant/v2/projects/${id}/game_delivery`)).body[0];
    expect(game).toMatchObject({ sku, default_currency: 'EUR', system_requirements: '4 GB RAM', drm: [{ id: 1, name: 'Steam', codes: { total: '3', active: '3', used: '0' } }, { id: 2, name: 'GOG', codes: { total: '1' } }] });
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

/**
 * The merchant console's subscription pages (DESIGN.md §14, issue 28 item 5) in Chromium: plans
 * and products (create, a refusal at its field, edit with billing retries, delete → `deleted`),
 * and a subscription bought the way a player buys one (the merchant's token naming the plan, paid
 * in the sandbox payment UI), found by user and by plan, its billing date moved by a month to the
 * exact day, canceled with the refund of its payment; axe, a 390 px phone and the strict CSP. The
 * service's clock is never moved here: the browser tests share one service.
 */
import { expect, test, type Page } from '@playwright/test';
import { audit, merchantApi, nav, unique, watchCsp } from './console-kit';
import { world } from './world';

/**
 * A new project of the demo merchant: its own plans and subscriptions, and no webhook listener, so
 * the payment UI asks no game to confirm the player (the demo's game knows only its own players).
 */
async function newProject(): Promise<number> {
  const created = await merchantApi('POST', '/merchant/v2/merchants/100001/projects', { name: { en: unique('Subscriptions Lab') } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

/** Signed in, on the page `name` of the project, loaded. */
async function openPage(page: Page, name: string, projectId: number) {
  await page.goto(`${world.merchantApi}/console/`);
  await page.getByLabel('Merchant id').fill('100001');
  await page.getByLabel('API key').fill('demo-api-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await nav(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByLabel('Project', { exact: true }).selectOption(String(projectId));
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** A monthly (or `days`-daily) plan of the project, made through the API; its id. */
async function newPlan(projectId: number, externalId: string, days?: number): Promise<number> {
  const created = await merchantApi('POST', `/merchant/v2/projects/${projectId}/subscriptions/plans`, {
    external_id: externalId, name: { en: `Pass ${externalId}` }, charge: { amount: 2.5, currency: 'USD', period: days ? { value: days, type: 'day' } : { value: 1, type: 'month' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.plan_id as number;
}

/** `iso` one calendar month later, the day clamped to the month's last (Jan 31 → Feb 28/29), in UTC. */
function monthLater(iso: string): string {
  const d = new Date(iso);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(d);
  moved.setUTCFullYear(year, month, Math.min(d.getUTCDate(), last));
  return moved.toISOString();
}

/** A player's subscription to the plan (its external_id), bought in the sandbox payment UI. */
async function boughtSubscription(page: Page, projectId: number, plan: string, player: string): Promise<{ id: number; next: string }> {
  const token = await merchantApi('POST', '/merchant/v2/merchants/100001/token', {
    user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Console Pilot' } },
    settings: { project_id: projectId, mode: 'sandbox', language: 'en' },
    purchase: { subscription: { plan_id: plan } },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const mine = async () => ((await merchantApi('GET', `/mock/projects/${projectId}/subscriptions?user_id=${player}&limit=100`)).body as { id: number; date_next_charge: string }[]);
  const before = (await mine()).map((s) => s.id);
  const ui = await page.context().newPage();
  await ui.goto(`${world.sandbox}/?access_token=${encodeURIComponent(token.body.token)}`);
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await ui.close();
  const added = (await mine()).filter((s) => !before.includes(s.id));
  expect(added).toHaveLength(1);
  return { id: added[0]!.id, next: added[0]!.date_next_charge };
}

test.describe('merchant console: plans, products and subscriptions', () => {
  test('plans: creates one (a bad amount refused at its field), edits it with billing retries, lists it, deletes it (shown deleted)', async ({ page }) => {
    const plan = unique('cp');
    const project = await newProject();
    await openPage(page, 'Plans and products', project);
    await page.getByRole('button', { name: 'New plan' }).click();
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel('External id').fill(plan);
    await form.getByLabel('Name (English)').fill('Console Club');
    await form.getByLabel('Description (English)').fill('A month at the console');
    await form.getByLabel('Charge amount').fill('lots');
    await form.getByLabel('Currency').fill('USD');
    await form.getByLabel('Charged every').fill('1');
    await form.getByLabel('Period unit').selectOption('month');
    await form.getByLabel('Grace period (days)').fill('3');
    await form.getByRole('button', { name: 'Create plan' }).click();
    // The service's 422 at charge.amount, shown at the field.
    await expect(form.getByLabel('Charge amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#new-plan-amount-error')).not.toBeEmpty();
    await form.getByLabel('Charge amount').fill('3.99');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Plan ${plan} created.` })).toBeVisible();
    const row = page.getByRole('region', { name: 'Plans' }).getByRole('row').filter({ hasText: plan });
    await expect(row).toContainText('Console Club');
    await expect(row).toContainText('3.99 USD every 1 month');
    await expect(row).toContainText('3 days');
    await expect(row).toContainText('active');

    await page.getByRole('button', { name: `Edit plan ${plan}` }).click();
    const edit = page.getByRole('form', { name: `Edit plan ${plan}` });
    await expect(edit.getByLabel('Charge amount')).toHaveValue('3.99');
    await edit.getByLabel('Name (English)').fill('Console Club Plus');
    await edit.getByLabel('Charge amount').fill('4.49');
    await edit.getByLabel('Billing retries').fill('2');
    await edit.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Plan ${plan} saved.` })).toBeVisible();
    await expect(row).toContainText('Console Club Plus');
    await expect(row).toContainText('4.49 USD every 1 month');
    await expect(row.getByRole('cell').nth(4)).toHaveText('2');
    // What the service keeps: v2 without billing_retry, v1 with it.
    const [{ id }] = (await merchantApi('GET', `/merchant/v2/projects/${project}/subscriptions/plans`)).body;
    expect((await merchantApi('GET', `/merchant/v1/projects/${project}/subscriptions/plans/${id}`)).body).toMatchObject({
      name: { en: 'Console Club Plus' }, charge: { amount: 4.49, currency: 'USD', period: { value: 1, type: 'month' } }, grace_period: { value: 3, type: 'day' }, billing_retry: { value: 2 },
    });

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Plan ${plan} deleted.` })).toBeVisible();
    await expect(row.getByRole('cell').nth(5)).toContainText('deleted');
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('products: creates one, edits it, deletes it', async ({ page }) => {
    const name = unique('Console product');
    await openPage(page, 'Plans and products', await newProject());
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Product name').fill(name);
    await form.getByLabel('Product group id').fill('console-group');
    await form.getByRole('button', { name: 'Create product' }).click();
    const row = page.getByRole('region', { name: 'Products' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('console-group');
    await page.getByRole('button', { name: `Edit product ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit product ${name}` });
    await edit.getByLabel('Product description (English)').fill('Everything of the console');
    await edit.getByRole('button', { name: 'Save product' }).click();
    await expect(row).toContainText('Everything of the console');
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Product ${name} deleted.` })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('subscriptions: a bought plan found by user and by plan, its billing date moved a month, canceled with the refund of its payment', async ({ page }) => {
    test.setTimeout(60_000);
    const plan = unique('cs');
    const player = unique('console-sub');
    const project = await newProject();
    const planId = await newPlan(project, plan);
    // Another player's subscription to the same plan, and the player's to another plan.
    const other = await boughtSubscription(page, project, plan, 'other-player');
    await newPlan(project, `${plan}-b`);
    const otherPlan = await boughtSubscription(page, project, `${plan}-b`, player);
    const bought = await boughtSubscription(page, project, plan, player);
    expect(bought.next).toEqual(expect.any(String));

    await openPage(page, 'Subscriptions', project);
    const results = page.getByRole('region', { name: 'Subscriptions' });
    // By user.
    // The ids in the list, once the answer to the last search is shown.
    const shown = (ids: number[]) =>
      expect.poll(async () => (await results.getByRole('row').locator('td:first-child').allTextContents()).map(Number)).toEqual([...ids].sort((a, b) => a - b));
    await shown([other.id, otherPlan.id, bought.id]);
    // By user: the player's two.
    await page.getByLabel('User id').fill(player);
    await page.getByRole('button', { name: 'Find subscriptions' }).click();
    await shown([otherPlan.id, bought.id]);
    // By plan alone: the plan's two.
    await page.getByLabel('User id').fill('');
    await page.getByLabel('Plan', { exact: true }).selectOption(String(planId));
    await page.getByRole('button', { name: 'Find subscriptions' }).click();
    await shown([other.id, bought.id]);
    // By both: the one.
    await page.getByLabel('User id').fill(player);
    await page.getByRole('button', { name: 'Find subscriptions' }).click();
    await shown([bought.id]);
    const row = results.getByRole('row').nth(1);
    await expect(row).toContainText(player);
    await expect(row).toContainText(plan);
    await expect(row).toContainText('active');
    await row.getByRole('button', { name: `Show subscription ${bought.id}` }).click();

    const detail = page.getByRole('region', { name: `Subscription ${bought.id}` });
    await expect(detail.getByTestId('subscription-status')).toHaveText('active');
    await expect(detail.getByTestId('subscription-next-charge')).toHaveText(bought.next);
    const payments = detail.getByRole('region', { name: 'Payments' });
    await expect(payments.getByRole('row')).toHaveCount(2);
    await expect(payments.getByRole('row').nth(1)).toContainText('done');

    // A month shift past the API's range is refused at the field.
    const move = page.getByRole('form', { name: 'Move the billing date' });
    await move.getByLabel('Move later by').fill('13');
    await move.getByLabel('Unit').selectOption('month');
    await move.getByRole('button', { name: 'Move billing date' }).click();
    await expect(move.getByLabel('Move later by')).toHaveAttribute('aria-invalid', 'true');
    await expect(move.locator('#subscription-shift-error')).toContainText('1 to 12');
    await expect(detail.getByTestId('subscription-next-charge')).toHaveText(bought.next);
    // One month: the exact day a month later.
    const moved = monthLater(bought.next);
    await move.getByLabel('Move later by').fill('1');
    await move.getByRole('button', { name: 'Move billing date' }).click();
    await expect(detail.getByTestId('subscription-next-charge')).toHaveText(moved);
    await expect(detail.getByRole('status')).toHaveText(`Subscription ${bought.id} saved: status active, next charge ${moved}.`);
    expect((await merchantApi('GET', `/merchant/v2/projects/${project}/subscriptions/${bought.id}`)).body.date_next_charge).toBe(moved);

    // A comment is kept.
    await page.getByRole('form', { name: 'Comment' }).getByLabel('Comment').fill('Moved at the player\'s request');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await expect(detail.getByRole('definition').filter({ hasText: 'Moved at the player\'s request' })).toBeVisible();

    // Canceled, the last payment refunded.
    const status = page.getByRole('form', { name: 'Change the status' });
    await status.getByLabel('New status').selectOption('canceled');
    await status.getByLabel('Refund the last payment').check();
    await status.getByRole('button', { name: 'Change status' }).click();
    await expect(detail.getByTestId('subscription-status')).toHaveText('canceled');
    await expect(detail.getByTestId('subscription-next-charge')).toHaveText('—');
    await expect(payments.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('refunded');
    await expect(row).toContainText('canceled');
    const transaction = (await merchantApi('GET', `/merchant/v2/projects/${project}/subscriptions/payments?limit=100`)).body.find((p: any) => p.subscription.id === bought.id).id_payment;
    expect((await merchantApi('GET', `/merchant/v2/merchants/100001/reports/transactions/${transaction}/details`)).body.transaction.status).toBe('refunded');
  });

  test('fit a 390 px phone and break no rule of the CSP, forms open', async ({ page }) => {
    const plan = unique('cn');
    const project = await newProject();
    await newPlan(project, plan, 7);
    const bought = await boughtSubscription(page, project, plan, 'a-player-with-a-rather-long-user-id-that-must-wrap-on-a-phone');
    await page.setViewportSize({ width: 390, height: 844 });
    const violations = await watchCsp(page);
    const fits = async (what: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(390);
    };
    await openPage(page, 'Plans and products', project);
    await page.getByRole('button', { name: 'New plan' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    await fits('plans and products');
    await nav(page, 'Subscriptions').click();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.getByRole('button', { name: `Show subscription ${bought.id}` }).click();
    await expect(page.getByRole('region', { name: 'Payments' })).toBeVisible();
    await fits('subscriptions');
    expect(await violations()).toEqual([]);
  });
});

test.describe('merchant console: subscription pages, accessibility audit', () => {
  test.use({ bypassCSP: true });

  test('axe-core finds no violations on the plans and subscriptions pages', async ({ page }) => {
    const plan = unique('ca');
    const project = await newProject();
    await newPlan(project, plan);
    const bought = await boughtSubscription(page, project, plan, 'audited-player');
    await openPage(page, 'Plans and products', project);
    await page.getByRole('button', { name: 'New plan' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    // A refusal at a field too.
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel('Name (English)').fill('Refused');
    await form.getByLabel('Charge amount').fill('lots');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expect(form.getByLabel('Charge amount')).toHaveAttribute('aria-invalid', 'true');
    await audit(page, 'plans and products');
    await nav(page, 'Subscriptions').click();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.getByRole('button', { name: `Show subscription ${bought.id}` }).click();
    await expect(page.getByRole('region', { name: 'Payments' })).toBeVisible();
    const move = page.getByRole('form', { name: 'Move the billing date' });
    await move.getByLabel('Move later by').fill('400');
    await move.getByLabel('Unit').selectOption('day');
    await move.getByRole('button', { name: 'Move billing date' }).click();
    await expect(move.getByLabel('Move later by')).toHaveAttribute('aria-invalid', 'true');
    await audit(page, 'subscriptions');
    await page.emulateMedia({ colorScheme: 'dark' });
    await audit(page, 'subscriptions, dark');
  });
});

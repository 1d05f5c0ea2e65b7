// The game site sells a monthly plan (issue 28, item 6): the player buys the Captain's pass in the
// payment UI, the demo server keeps it from the service's subscription webhooks and the page shows
// it; a month later (the service's clock moved) the renewal's update_subscription moves its date;
// a cancel with a refund ends it when cancel_subscription arrives. The clock only moves forward, so
// this runs in a world of its own (the shared world's tokens and sessions would expire).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { callMerchantApi } from '../fixtures/merchant-call';
import { startOwnWorld, type OwnWorld } from './own-world';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DAY = 86_400_000;

/** axe-core's violations on the page, injected through the debugger (the page's strict CSP stays on). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document);
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
}

/** The merchant API of `own` as the demo merchant's backend calls it, and the player's subscription as the service holds it. */
function merchantOf(own: OwnWorld) {
  const merchant = (method: string, path: string, body?: unknown) => callMerchantApi(own.merchantApi, method, path, body);
  /** The newest of the demo project's subscriptions (by its subscription payments). */
  const subscription = async () => {
    const payments = await merchant('GET', '/merchant/v2/projects/200001/subscriptions/payments?limit=100');
    const id = payments.body.at(-1).subscription.id as number;
    return (await merchant('GET', `/merchant/v2/projects/200001/subscriptions/${id}`)).body;
  };
  return { merchant, subscription };
}

/** The date as the game page writes it. */
const shownDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

test('the Captain’s pass: bought in the payment UI, renewed a month later, canceled with a refund — each as the webhooks tell the game', async ({ page }) => {
  test.setTimeout(240_000);
  const own = await startOwnWorld('demo');
  try {
    const { merchant, subscription } = merchantOf(own);

    await page.addInitScript(() => {
      (window as any).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${own.demo}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    const pass = page.getByRole('region', { name: 'Captain’s pass' });
    const state = pass.locator('#pass-state');
    await expect(state).toHaveText('You have no Captain’s pass.');

    // Bought like the crystal packs: the widget opens the payment UI with a token that names the plan.
    await pass.getByRole('button', { name: 'Buy the Captain’s pass' }).click();
    const ui = page.frameLocator('[data-payui-lightbox] iframe');
    await expect(ui.getByText('Captain’s Pass')).toBeVisible();
    await expect(ui.getByText('per month')).toBeVisible();
    await ui.getByRole('button', { name: 'Pay $6.99' }).click();
    await ui.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(state).toContainText('Captain’s pass: active until', { timeout: 30_000 });
    const bought = await subscription();
    expect(bought).toMatchObject({ status: 'active', user: { id: 'demo-player-1' } });
    await expect(state.locator('time')).toHaveAttribute('datetime', bought.date_next_charge);
    await expect(pass.getByRole('button', { name: 'Buy the Captain’s pass' })).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);

    // A month later by the service's clock: the renewal's charge, and its update_subscription moves the page's date.
    expect((await merchant('POST', '/mock/clock', { advance: 'P1M' })).status).toBe(200);
    const renewed = await subscription();
    expect(renewed.date_next_charge).not.toBe(bought.date_next_charge);
    await expect(state.locator('time')).toHaveAttribute('datetime', renewed.date_next_charge, { timeout: 30_000 });
    const gap = Date.parse(renewed.date_next_charge) - Date.parse(bought.date_next_charge);
    expect(gap).toBeGreaterThanOrEqual(28 * DAY);
    expect(gap).toBeLessThanOrEqual(31 * DAY);
    await expect(state).toHaveText(`Captain’s pass: active until ${shownDate(renewed.date_next_charge)}, when it renews.`);

    // Canceled with this month's payment refunded: the cancel_subscription webhook says it is over.
    await pass.getByLabel('Refund my last month’s payment').check();
    await pass.getByRole('button', { name: 'Cancel the Captain’s pass' }).click();
    await expect(state).toContainText('Captain’s pass: canceled on ', { timeout: 30_000 });
    await expect(pass.getByRole('button', { name: 'Buy the Captain’s pass' })).toBeVisible();
    await expect(pass.getByRole('button', { name: 'Cancel the Captain’s pass' })).toBeHidden();
    expect(await subscription()).toMatchObject({ status: 'canceled', date_next_charge: null });
    // The refund is of the renewal, the last payment: the reports show it refunded, the purchase still paid.
    const report = await merchant('GET', '/merchant/v2/merchants/100001/reports/transactions/search.json?project_id=200001&show_dry_run=true');
    expect(report.body.map((entry: any) => entry.transaction.status)).toEqual(['done', 'refunded']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
  } finally {
    await own.stop();
  }
});

test('the Captain’s pass whose renewals are declined: retried, kept through the grace period, then ended — each as the webhooks tell the game', async ({ page }) => {
  test.setTimeout(240_000);
  const own = await startOwnWorld('demo');
  try {
    const { merchant, subscription } = merchantOf(own);
    await page.goto(`${own.demo}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    const pass = page.getByRole('region', { name: 'Captain’s pass' });
    const state = pass.locator('#pass-state');

    // The sandbox payment UI's test outcome for a plan: this purchase goes through, every renewal declines.
    await pass.getByRole('button', { name: 'Buy the Captain’s pass' }).click();
    const ui = page.frameLocator('[data-payui-lightbox] iframe');
    await ui.getByLabel('Payment succeeds, renewals are declined').check();
    await ui.getByRole('button', { name: 'Pay $6.99' }).click();
    await ui.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(state).toContainText('Captain’s pass: active until', { timeout: 30_000 });
    const bought = await subscription();
    const due = Date.parse(bought.date_next_charge);

    // The plan (captain-monthly) retries twice, a day apart, then keeps the pass 3 days (grace): frozen.
    expect((await merchant('POST', '/mock/clock', { to: new Date(due + 2 * DAY).toISOString() })).status).toBe(200);
    const frozen = await subscription();
    expect(frozen).toMatchObject({ status: 'freeze', date_next_charge: null, date_end: new Date(due + 5 * DAY).toISOString() });
    await expect(state).toHaveText(`Captain’s pass: the renewal was declined; kept until ${shownDate(frozen.date_end)}.`, { timeout: 30_000 });

    // The grace period over: the service ends it, and the game hears cancel_subscription.
    expect((await merchant('POST', '/mock/clock', { to: frozen.date_end })).status).toBe(200);
    expect(await subscription()).toMatchObject({ status: 'canceled' });
    await expect(state).toContainText('Captain’s pass: canceled on ', { timeout: 30_000 });
    await expect(pass.getByRole('button', { name: 'Buy the Captain’s pass' })).toBeVisible();
    // The reports: the purchase, then the three declined charges (the renewal and its two retries).
    const report = await merchant('GET', '/merchant/v2/merchants/100001/reports/transactions/search.json?project_id=200001&show_dry_run=true');
    expect(report.body.map((entry: any) => entry.transaction.status)).toEqual(['done', 'error', 'error', 'error']);
  } finally {
    await own.stop();
  }
});

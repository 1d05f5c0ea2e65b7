/**
 * The merchant console's Transactions and Clock pages (issue 28 item 5, DESIGN.md §14), in
 * Chromium: a purchase made in the payment UI is found in the console by its user id, its details
 * show what was bought, the CSV and the spreadsheet downloaded from the page hold it as done; a
 * refund from the page makes it refunded there and in a new CSV. The filters live in the page's
 * address (a reload keeps them), an empty result says so, axe, a 390 px phone and the strict CSP.
 * The clock is moved only in a world of its own (test/e2e/own-world.ts): the shared world's clock
 * only goes forward, and moving it would expire the other tests' tokens and sessions.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { csvObjects } from '../fixtures/csv';
import { callMerchantApi } from '../fixtures/merchant-call';
import { audit as auditPage, nav, unique, watchCsp } from './console-kit';
import { startOwnWorld } from './own-world';
import { harness, requestToken, uiUrl } from './tokens';
import { world } from './world';

/** A name no other test (or earlier run) uses. */

async function openConsole(page: Page, path: string, origin = world.merchantApi) {
  await page.goto(`${origin}/console/${path}`);
  await page.getByLabel('Merchant id').fill('100001');
  await page.getByLabel('API key').fill('demo-api-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * One of the game's players (server/demo.ts DEMO_PLAYERS: the game's user validation refuses anyone
 * else), whom other tests pay for too: a purchase here is told apart by its own external id.
 */
const PLAYER = 'p-7';

/** A sandbox purchase of the demo token's items (starter-pack, 2 plasma-drill; €9.97) by PLAYER, paid in the payment UI; its external id. */
async function buyInBrowser(page: Page): Promise<string> {
  const externalId = unique('console-order');
  const token = await requestToken((body) => {
    body.user.id.value = PLAYER;
    body.settings.external_id = externalId;
  });
  await page.goto(harness(uiUrl(world.sandbox, { access_token: token })));
  const ui = page.frameLocator('iframe[title="Payment UI"]');
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  return externalId;
}

/** The file a button downloads: its suggested name and where Playwright saved it. */
async function downloadOf(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

const rowsOf = (page: Page) => page.getByRole('region', { name: 'Transactions' }).locator('tbody tr');

/** The player's transactions (with the sandbox's), and of them the one of `externalId` when given. */
async function searchUser(page: Page, userId: string, externalId = '') {
  await page.getByLabel('User id', { exact: true }).fill(userId);
  await page.getByLabel('External id').fill(externalId);
  await page.getByLabel('Include sandbox (test) transactions').check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('merchant console: transactions', () => {
  test('a purchase in the payment UI is found by its user, detailed, downloaded as CSV and XLS, and refunded', async ({ page }) => {
    const violations = await watchCsp(page);
    const externalId = await buyInBrowser(page);

    await openConsole(page, 'transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    // A new search starts with the picker's project (the first one, 200001).
    await expect(page.getByLabel('Project')).toHaveValue('200001');
    await searchUser(page, PLAYER, externalId);
    await expect(rowsOf(page)).toHaveCount(1);
    const row = rowsOf(page).first();
    await expect(row).toContainText(PLAYER);
    await expect(row).toContainText('starter-pack x 1, plasma-drill x 2');
    await expect(row).toContainText('9.97 EUR');
    await expect(row).toContainText('done sandbox');
    await expect(page.getByRole('navigation', { name: 'Transactions pages' })).toContainText('1–1 of 1');
    const id = Number(await row.locator('td').nth(1).textContent());
    expect(id).toBeGreaterThan(0);

    await row.getByRole('button', { name: `Details of transaction ${id}` }).click();
    const details = page.getByRole('region', { name: `Transaction ${id}`, exact: true });
    await expect(details.getByRole('heading', { name: `Transaction ${id}` })).toBeFocused();
    await expect(details.getByTestId('details-status')).toHaveText('done sandbox');
    await expect(details.getByRole('region', { name: `Lines of transaction ${id}` })).toContainText('plasma-drill');
    await expect(details).toContainText(PLAYER);
    await expect(details).toContainText('Nova');
    await expect(details).toContainText(externalId);

    const csv = await downloadOf(page, 'Download CSV');
    expect(csv.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csvObjects(csv.bytes.toString('utf8')).map((r) => [r['transaction.id'], r['user.id'], r['transaction.external_id'], r['transaction.status']])).toEqual([[String(id), PLAYER, externalId, 'done']]);
    const xls = await downloadOf(page, 'Download XLS');
    expect(xls.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, ...cells] = await readSheet(xls.bytes);
    expect(cells.map((r) => [r[header!.indexOf('transaction.id')], r[header!.indexOf('transaction.status')]])).toEqual([[id, 'done']]);

    await details.getByLabel('Refund reason (optional)').fill('player asked');
    await details.getByRole('button', { name: 'Refund', exact: true }).click();
    await details.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(`Transaction ${id} refunded.`)).toBeVisible();
    await expect(rowsOf(page).first()).toContainText('refunded sandbox');
    await expect(details.getByTestId('details-status')).toHaveText('refunded sandbox');
    await expect(details).toContainText('player asked');
    await expect(details.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    const after = await downloadOf(page, 'Download CSV');
    expect(csvObjects(after.bytes.toString('utf8')).map((r) => [r['transaction.id'], r['transaction.status'], r['transaction.refund_reason']])).toEqual([[String(id), 'refunded', 'player asked']]);
    expect(await violations()).toEqual([]);
  });

  test('the filters live in the address: a reload keeps them; an empty result says so; a bad id is refused at its field', async ({ page }) => {
    const nobody = unique('nobody');
    await openConsole(page, 'transactions');
    await page.getByLabel('Project').selectOption('200002');
    await page.getByLabel('Status').selectOption('refunded');
    await searchUser(page, nobody);
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]user_id=${nobody}(&|$)`));

    await page.reload();
    await expect(page.getByLabel('User id', { exact: true })).toHaveValue(nobody);
    await expect(page.getByLabel('Project')).toHaveValue('200002');
    await expect(page.getByLabel('Status')).toHaveValue('refunded');
    await expect(page.getByLabel('Include sandbox (test) transactions')).toBeChecked();
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();

    // All projects, and a transaction id that is no integer: the service's 422 is said at the field.
    await page.getByLabel('Project').selectOption('');
    await page.getByLabel('Transaction id').fill('12x');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByLabel('Transaction id')).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(page.getByLabel('Project')).toHaveValue('');
    await expect(page.getByLabel('Transaction id')).toHaveValue('12x');

    // Clearing the filters goes back to the picker's project and nothing else.
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect(page.getByLabel('User id', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Project')).toHaveValue('200001');
    await expect(page).toHaveURL(/\/console\/transactions\?project_id=200001&offset=0$/);
  });

  test('fits a 390 px phone with a transaction open, under the strict CSP', async ({ page }) => {
    const violations = await watchCsp(page);
    const externalId = await buyInBrowser(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await openConsole(page, 'transactions');
    await searchUser(page, PLAYER, externalId);
    await rowsOf(page).first().getByRole('button', { name: /^Details of transaction/ }).click();
    await expect(page.getByTestId('details-status')).toHaveText('done sandbox');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `the transactions page is ${width} px wide`).toBeLessThanOrEqual(390);
    expect(await violations()).toEqual([]);
  });
});

test.describe('merchant console: transactions and clock, accessibility audit', () => {
  test.use({ bypassCSP: true });

  test('axe-core finds no violations on the transactions page (with details open) and the clock page', async ({ page }) => {
    const audit = (what: string) => auditPage(page, what);
    const externalId = await buyInBrowser(page);
    await openConsole(page, 'transactions');
    await searchUser(page, PLAYER, externalId);
    await rowsOf(page).first().getByRole('button', { name: /^Details of transaction/ }).click();
    await expect(page.getByTestId('details-status')).toHaveText('done sandbox');
    await audit('transactions');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await audit('transactions, refund asked');
    await page.getByLabel('Transaction id').fill('12x');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByLabel('Transaction id')).toHaveAttribute('aria-invalid', 'true');
    await audit('transactions, refused');
    await page.emulateMedia({ colorScheme: 'dark' });
    await audit('transactions, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // The clock page, only looked at here (moving it is for a world of its own).
    await nav(page, 'Clock').click();
    await expect(page.getByTestId('clock-now')).toBeVisible();
    await audit('clock');
  });
});

test.describe('merchant console: clock (a world of its own)', () => {
  test('moves the clock by +1 month and shows the new time; a date before now is refused at the field; 390 px, CSP', async ({ page }) => {
    test.setTimeout(150_000);
    const own = await startOwnWorld('service');
    try {
      const violations = await watchCsp(page);
      await openConsole(page, 'clock', own.merchantApi);
      await expect(page.getByRole('heading', { level: 1, name: 'Clock' })).toBeVisible();
      await expect(page.getByText(/renewal, billing retry, grace period and expiry that falls due/)).toBeVisible();
      const now = page.getByTestId('clock-now');
      const before = Date.parse((await now.getAttribute('datetime'))!);
      await expect(page.getByText('at real time (never moved)')).toBeVisible();

      await page.getByRole('button', { name: '+1 month' }).click();
      await expect(page.getByText(/^The clock moved from .* to /)).toBeVisible();
      await expect(page.getByText('ahead of real time (moved forward)')).toBeVisible();
      const after = Date.parse((await now.getAttribute('datetime'))!);
      // A month is 28 to 31 days (and the seconds the test took).
      expect(after - before).toBeGreaterThanOrEqual(28 * 86_400_000);
      expect(after - before).toBeLessThan(32 * 86_400_000);
      const answer = (await callMerchantApi(own.merchantApi, 'GET', '/mock/clock')).body as { now: string; moved: boolean };
      expect(answer.moved).toBe(true);
      expect(Math.abs(Date.parse(answer.now) - after)).toBeLessThan(60_000);

      // A date before the clock's now: the service refuses it (422), said at the field.
      const field = page.getByLabel('To a date and time (required)');
      await field.fill('2020-01-01T00:00');
      await page.getByRole('button', { name: 'Move to' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#clock-to-error')).toContainText('the clock never goes back');
      expect(Date.parse((await now.getAttribute('datetime'))!)).toBe(after);

      await page.getByLabel('By a duration (required)').fill('one week');
      await page.getByRole('button', { name: 'Move by' }).click();
      await expect(page.getByLabel('By a duration (required)')).toHaveAttribute('aria-invalid', 'true');

      await page.setViewportSize({ width: 390, height: 844 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `the clock page is ${width} px wide`).toBeLessThanOrEqual(390);
      expect(await violations()).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});

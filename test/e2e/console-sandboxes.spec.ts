/**
 * The merchant console's Sandboxes page (issue 37 item 3, DESIGN.md §8b), in Chromium against the
 * shared world (a sandbox is a merchant of its own: nothing it does reaches the demo merchant the
 * other tests use): a sandbox started from the sign-in page, the console switched to it (its
 * merchant id in the header, its credentials shown once, its copy of the demo catalogue), an item
 * added, the sandbox's clock moved, a reset that takes both back, the sandbox deleted and the
 * console back at sign-in; the demo merchant's data untouched throughout. Switching between two
 * sandboxes of the tab, axe, a 390 px phone and the strict CSP.
 */
import { expect, test, type Page } from '@playwright/test';
import { callMerchantApi, type MerchantCredentials } from '../fixtures/merchant-call';
import { audit, merchantApi, nav, unique, watchCsp } from './console-kit';
import { world } from './world';

const header = (page: Page) => page.getByRole('banner');
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Starts a sandbox from the page's "New sandbox" form (seeded as `seed` says); its credentials as the page shows them. */
async function startSandbox(page: Page, button: string, seed: 'The demo catalogue' | 'Empty' = 'The demo catalogue'): Promise<MerchantCredentials> {
  await page.getByRole('radio', { name: new RegExp(`^${seed}`) }).check();
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(title(page, 'Sandboxes')).toBeFocused();
  const merchantId = Number(await page.getByTestId('fresh-merchant-id').textContent());
  const apiKey = (await page.getByTestId('fresh-api-key').textContent())!;
  await expect(header(page).getByTestId('merchant')).toHaveText(`Merchant ${merchantId} (sandbox)`);
  return { merchantId, apiKey };
}

/** Deletes a sandbox a test left (its own credentials); one already deleted is fine. */
async function deleteSandbox({ merchantId, apiKey }: MerchantCredentials) {
  const answer = await callMerchantApi(world.merchantApi, 'DELETE', `/mock/sandboxes/${merchantId}`, undefined, { merchantId, apiKey });
  expect([204, 401]).toContain(answer.status);
}

/** The SKUs of every item of a project, as its merchant (the demo merchant unless `as`) reads them. */
async function skusOf(projectId: number, as?: MerchantCredentials): Promise<string[]> {
  const skus: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const answer = await callMerchantApi(world.merchantApi, 'GET', `/merchant/v2/projects/${projectId}/virtual_items/items?offset=${offset}&limit=100`, undefined, as);
    expect(answer.status).toBe(200);
    const page = answer.body as { sku: string }[];
    skus.push(...page.map((item) => item.sku));
    if (page.length < 100) return skus;
  }
}

test.describe('merchant console: sandboxes', () => {
  test('starts a sandbox from sign-in with the demo catalogue; an item added and the clock moved are undone by a reset; deleting it signs out; the demo merchant untouched', async ({ page }) => {
    test.slow();
    const violations = await watchCsp(page);
    // A mark in the demo merchant's catalogue: a reset of the demo merchant would take it away.
    const mark = unique('demo-mark').toLowerCase();
    const marked = await merchantApi('POST', '/merchant/v2/projects/200001/virtual_items/items', { sku: mark, name: { en: 'Mark' }, prices: { USD: 1 }, default_currency: 'USD' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    let sandbox: MerchantCredentials | undefined;
    try {
      await page.goto(`${world.merchantApi}/console/`);
      sandbox = await startSandbox(page, 'Start a new sandbox');
      await expect(header(page).getByTestId('merchant-clock')).toHaveText('· clock at real time');
      await expect(page.getByRole('status').filter({ hasText: `Signed in as the new sandbox ${sandbox.merchantId}.` })).toBeVisible();
      await expect(page.getByText('sign out and sign in again with 100001')).toBeVisible();

      // Its own copy of the demo catalogue: the demo's projects, with ids of its own.
      await nav(page, 'Projects').click();
      const projects = page.getByRole('region', { name: 'Projects' });
      await expect(projects).toContainText('Star Miners');
      await expect(projects).not.toContainText('200001');
      await nav(page, 'Items').click();
      const projectId = Number(await page.getByLabel('Project', { exact: true }).inputValue());
      expect(projectId).not.toBe(200001);
      const items = page.getByRole('region', { name: 'Items' });
      await expect(items).toContainText('starter-pack');
      const sku = unique('sandbox-item').toLowerCase();
      await page.getByRole('button', { name: 'New item' }).click();
      const form = page.getByRole('form', { name: 'New item' });
      await form.getByLabel('SKU').fill(sku);
      await form.getByLabel('Name (English)').fill('Sandbox Item');
      await form.getByLabel('Prices').fill('USD 2.99');
      await form.getByRole('button', { name: 'Create item' }).click();
      await expect(items).toContainText(sku);
      expect(await skusOf(projectId, sandbox)).toContain(sku);
      expect(await skusOf(200001)).not.toContain(sku);

      // The sandbox's clock moved: the header says so.
      await nav(page, 'Clock').click();
      await page.getByRole('button', { name: '+1 week' }).click();
      await expect(header(page).getByTestId('merchant-clock')).toContainText('clock moved ahead');

      // Reset, confirmed by keyboard: the item is gone, the clock at real time, the catalogue back.
      await nav(page, 'Sandboxes').click();
      await page.getByRole('button', { name: 'Reset this merchant' }).click();
      const no = page.getByRole('group', { name: /^Reset merchant \d+ to its seed\?/ }).getByRole('button', { name: 'No' });
      await expect(no).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: `Merchant ${sandbox.merchantId} is back to its seed` })).toBeVisible();
      await expect(title(page, 'Sandboxes')).toBeFocused();
      await expect(header(page).getByTestId('merchant-clock')).toHaveText('· clock at real time');
      await nav(page, 'Items').click();
      await expect(items).toContainText('starter-pack');
      await expect(items).not.toContainText(sku);
      expect(await skusOf(projectId, sandbox)).not.toContain(sku);

      // Deleted: back at sign-in with the news; its credentials no longer work.
      await nav(page, 'Sandboxes').click();
      await page.getByRole('button', { name: 'Delete this sandbox' }).click();
      await page.getByRole('group', { name: /^Delete sandbox/ }).getByRole('button', { name: 'Yes' }).click();
      await expect(title(page, 'Merchant console')).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: `Sandbox ${sandbox.merchantId} is deleted` })).toBeVisible();
      await expect(page.getByLabel('Merchant id')).toBeVisible();
      expect((await callMerchantApi(world.merchantApi, 'GET', '/mock/clock', undefined, sandbox)).status).toBe(401);

      // The demo merchant: its catalogue and the mark as they were.
      const demo = await skusOf(200001);
      expect(demo).toEqual(expect.arrayContaining([mark, 'starter-pack']));
      expect(demo).not.toContain(sku);
      expect(await violations()).toEqual([]);
    } finally {
      if (sandbox) await deleteSandbox(sandbox);
      await merchantApi('DELETE', `/merchant/v2/projects/200001/virtual_items/items/${marked.body.id}`);
    }
  });
});

test.describe('merchant console: sandboxes, switching and accessibility', () => {
  test.use({ bypassCSP: true });

  test('switches between two sandboxes of the tab in one click; axe finds no violations on the page and on sign-in; it fits a 390 px phone', async ({ page }) => {
    test.slow();
    const made: MerchantCredentials[] = [];
    try {
      await page.goto(`${world.merchantApi}/console/`);
      made.push(await startSandbox(page, 'Start a new sandbox', 'Empty'));
      made.push(await startSandbox(page, 'New sandbox'));
      const [first, second] = made as [MerchantCredentials, MerchantCredentials];
      const kept = page.getByRole('region', { name: 'Sandboxes of this tab' });
      await expect(kept.getByRole('row')).toHaveCount(3);
      await page.getByRole('button', { name: 'Delete this sandbox' }).click();
      await audit(page, 'sandboxes, a new one, a delete asked');
      await page.emulateMedia({ colorScheme: 'dark' });
      await audit(page, 'sandboxes, dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `the sandboxes page is ${width} px wide`).toBeLessThanOrEqual(390);

      await kept.getByRole('button', { name: `Switch to ${first.merchantId}` }).click();
      await expect(header(page).getByTestId('merchant')).toHaveText(`Merchant ${first.merchantId} (sandbox)`);
      await expect(title(page, 'Sandboxes')).toBeFocused();
      // The key is shown only right after the sandbox was made.
      await expect(page.getByTestId('fresh-api-key')).toHaveCount(0);
      await nav(page, 'Projects').click();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Projects' })).not.toContainText('Star Miners');

      // Signed out, the sign-in page offers the tab's sandboxes too.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await audit(page, 'sign-in with the tab\'s sandboxes');
      await page.getByRole('button', { name: `Switch to ${second.merchantId}` }).click();
      await expect(header(page).getByTestId('merchant')).toHaveText(`Merchant ${second.merchantId} (sandbox)`);
    } finally {
      for (const sandbox of made) await deleteSandbox(sandbox);
    }
  });
});

import { expect, test, type Page } from '@playwright/test';
import { eventsOf, gotoFixture, paymentUi, results } from './widget-page';
import { world } from './world';

/** Every frame records CSP and Trusted Types violations. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    (window as any).violations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as any).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = async (page: Page) => {
  const all: string[] = [];
  for (const frame of page.frames()) all.push(...((await frame.evaluate(() => (window as any).violations ?? []).catch(() => [])) as string[]));
  return all;
};

/** The colour the player sees at (x, y) of the page, read from a screenshot (hit tests skip inert elements). */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64');
  const decoder = await page.context().newPage();
  const rgb = await decoder.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const context = new OffscreenCanvas(1, 1).getContext('2d')!;
    context.drawImage(image, 0, 0);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, `data:image/png;base64,${png}`);
  await decoder.close();
  return rgb;
}

async function purchase(page: Page) {
  await page.locator('#buy').click();
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
  await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
  await expect(paymentUi(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const beforeClose = await violations(page);
  await paymentUi(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(() => results(page)).toEqual([{ status: 'done', paymentInfo: expect.any(Object), reason: 'ui' }]);
  return [...beforeClose, ...(await violations(page))];
}

test('a strict CSP page (no unsafe-inline, payment UI origins in frame-src) completes a purchase with zero violations', async ({ page }) => {
  await recordViolations(page);
  const served = await page.request.get(`${world.demo}/test/fixtures/widget/index.html`);
  const csp = served.headers()['content-security-policy']!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain(`frame-src ${world.live}`);
  expect(csp).not.toContain('unsafe-inline');
  await gotoFixture(page);
  expect(await purchase(page)).toEqual([]);
});

test('a page enforcing Trusted Types completes a purchase with zero violations', async ({ page }) => {
  await recordViolations(page);
  await gotoFixture(page, { trustedTypes: true });
  // Enforced for real: the page itself may not assign HTML strings.
  const blocked = await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<b>x</b>');
      return false;
    } catch {
      return true;
    }
  });
  expect(blocked).toBe(true);
  // …and the recorder sees violations when there are some.
  await expect.poll(() => violations(page)).toEqual([expect.stringContaining('require-trusted-types-for')]);
  await page.evaluate(() => ((window as any).violations.length = 0));
  expect(await purchase(page)).toEqual([]);
});

test('a page with hostile CSS still shows a working lightbox above everything, with the default zIndex', async ({ page }) => {
  await gotoFixture(page, { hostile: true });
  await page.locator('#buy').click();
  await expect(page.locator('[data-payui-lightbox] .root.ready')).toHaveCount(1);
  const box = (await page.locator('[data-payui-lightbox] .dialog').boundingBox())!;
  expect(box.width).toBeGreaterThan(500);
  expect(box.height).toBeGreaterThan(400);
  // What the player sees at the dialog's centre and at the ad's corner is the lightbox.
  const hits = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.hasAttribute('data-payui-lightbox'), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(hits).toBe(true);
  // The red ad (z-index 2147483647) is seen only through the dark overlay: the lightbox is on top.
  const [red] = await pixelAt(page, 20, 20);
  expect(red).toBeLessThan(160);
  await paymentUi(page).getByRole('button', { name: /^Pay/ }).click();
  await expect(paymentUi(page).getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(() => results(page)).toEqual([{ status: 'done', paymentInfo: expect.any(Object), reason: 'user' }]);
  expect(await eventsOf(page, 'error')).toEqual([]);
});

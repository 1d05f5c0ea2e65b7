// The demo as a new merchant meets it (issue 15): each defect found by trying it, as a test.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoFixture } from './widget-page';
import { world } from './world';

const DEMO_PAGES = ['/', '/game.html', '/harbor.html', '/spa.html', '/react.html', '/native-host.html', '/redirect.html', '/return.html'];

/** The sRGB colours the player sees at these points of the viewport (from one screenshot). */
async function colours(page: Page, points: { x: number; y: number }[]): Promise<number[][]> {
  const png = (await page.screenshot()).toString('base64');
  const decoder = await page.context().newPage();
  const result = await decoder.evaluate(async ({ src, points }) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d')!;
    context.drawImage(image, 0, 0);
    return points.map(({ x, y }) => [...context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)]);
  }, { src: `data:image/png;base64,${png}`, points });
  await decoder.close();
  return result;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test('no page of the demo is wider than a 390 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of DEMO_PAGES) {
    await page.goto(`${world.demo}${path}`);
    const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
    expect({ path, ...widths }).toEqual({ path, document: 390, body: 390 });
  }
  await context.close();
});

test('the landing page’s buttons each fit on one line at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${world.demo}/`);
  const heights = await page.locator('.product .button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().height)));
  expect(heights).toHaveLength(5);
  expect(heights.every((h) => h <= 46)).toBe(true);
});

test('the default loading indicator has 3:1 contrast against its pill, and the pill against the dimmed page', async ({ page }) => {
  // The payment UI held back, so the indicator stays; the page behind is white (the worst case for a grey).
  await page.route(`${world.sandbox}/?*`, () => undefined);
  await gotoFixture(page);
  await page.locator('#buy').click();
  await expect(page.locator('[data-payui-lightbox] [data-spinner="xsolla"] span')).toHaveCount(3);
  const spots = await page.evaluate(() => {
    const root = document.querySelector('[data-payui-lightbox]')!.shadowRoot!;
    const dot = root.querySelector('[data-spinner="xsolla"] span:nth-child(2)')!.getBoundingClientRect();
    const pill = root.querySelector('[data-spinner="xsolla"]')!.getBoundingClientRect();
    return { dot: { x: dot.x + dot.width / 2, y: dot.y + dot.height / 2 }, pill: { x: pill.x + 6, y: pill.y + pill.height / 2 }, overlay: { x: 20, y: innerHeight - 20 } };
  });
  // Wait for the pulse to bring the dot to full size (its centre is its colour at any size).
  await page.waitForTimeout(300);
  const [dot, pill, overlay] = await colours(page, [spots.dot, spots.pill, spots.overlay]);
  const ratios = { dotOnPill: contrast(dot!, pill!), pillOnOverlay: contrast(pill!, overlay!) };
  console.log('indicator contrast', { dot, pill, overlay }, ratios);
  expect(ratios.dotOnPill).toBeGreaterThanOrEqual(3);
  expect(ratios.pillOnOverlay).toBeGreaterThanOrEqual(3);
});

test('the stand-in native host starts a second purchase, and its log shows the newest message', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 1000 });
  await page.goto(`${world.demo}/native-host.html`);
  const relayTypes = () => page.locator('#relay li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.type));
  for (let round = 1; round <= 2; round += 1) {
    await page.getByRole('button', { name: 'Start a purchase' }).click();
    await expect.poll(relayTypes, { timeout: 10_000 }).toContain('load');
    await page.getByRole('button', { name: 'Native close' }).click();
    await expect.poll(relayTypes).toContain('close');
  }
  const ui = page.frameLocator('#webview').frameLocator('[data-payui-lightbox] iframe');
  await page.getByRole('button', { name: 'Start a purchase' }).click();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(relayTypes).toContain('close');
  const scroll = await page.locator('#relay').evaluate((list) => ({ overflows: list.scrollHeight > list.clientHeight, atEnd: list.scrollTop + list.clientHeight >= list.scrollHeight - 2 }));
  expect(scroll).toEqual({ overflows: true, atEnd: true });
});

test('the game page forgets "Crystals delivered!" when a later payment is declined', async ({ page }) => {
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await page.getByRole('button', { name: 'Buy 100 Crystals' }).click();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Crystals delivered');
  await page.getByRole('button', { name: 'Buy 1200 Crystals' }).click();
  await ui.getByLabel('Payment is declined').check();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('declined');
  await expect(page.getByRole('status')).not.toContainText('delivered');
});

test('the redirect shop’s "Shop" link stays in the shop', async ({ page }) => {
  await page.goto(`${world.demo}/redirect.html`);
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/redirect.html');
});

// The demo teaches what the README says (issue 16): the server's word, not the address's.

/** A new order of the demo server, never paid: what a player who typed an address would hold. */
async function unpaidOrder(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${world.demo}/api/token`, { data: { purchase: { virtual_currency: { quantity: 100 } } } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order: string }).order;
}

test('the return page believes the demo server, not a forged status=done in its address', async ({ page, request }) => {
  const order = await unpaidOrder(request);
  await page.goto(`${world.demo}/return.html?user_id=demo-player-1&foreigninvoice=${order}&invoice_id=1&status=done`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Not paid yet');
  await expect(page.getByText('Thank you')).toHaveCount(0);
  await expect(page.locator('[data-param="foreigninvoice"]')).toHaveText(order);
});

test('the return page says so when the server knows no such order', async ({ page }) => {
  await page.goto(`${world.demo}/return.html?foreigninvoice=demo-order-none&status=done`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find this order');
  await expect(page.getByText('Thank you')).toHaveCount(0);
});

test('a redirect purchase comes back to "Thank you" once the server has it, and "Back to the shop" returns to the shop it came from', async ({ page }) => {
  await page.goto(`${world.demo}/redirect.html`);
  await page.getByRole('button', { name: /^Buy Starter pack/ }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('link', { name: 'Return to game' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is delivered');
  await expect(page.getByText('Starter pack')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(`${world.demo}/redirect.html`);
});

test('"Back to the shop" goes only to the demo’s own pages, whatever the address asks', async ({ page }) => {
  const cases: [string, string][] = [['/game.html', '/game.html'], ['https://elsewhere.invalid/', '/'], ['//elsewhere.invalid/x.html', '/'], ['/nowhere.html', '/']];
  for (const [from, expected] of cases) {
    await page.goto(`${world.demo}/return.html?${new URLSearchParams({ from })}`);
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', expected);
  }
});

test('the game page’s "Your purchases" come from the server: a reload keeps them', async ({ page }) => {
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await page.getByRole('button', { name: 'Buy 1200 Crystals' }).click();
  await ui.getByRole('button', { name: /^Pay/ }).click();
  await ui.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Crystals delivered');
  const purchases = page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem');
  const bought = await purchases.first().getAttribute('data-order');
  await expect(purchases.first()).toHaveText(/^1200 Crystals: delivered/);

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const line = page.locator(`#orders li[data-order="${bought}"]`);
  await expect(line).toHaveText(/^1200 Crystals: delivered/);
  await expect(line.getByRole('button', { name: 'Refund 1200 Crystals' })).toBeVisible();
});

test('the stand-in native host fits a 1280×800 window: it says what to do, and Pay is in view without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${world.demo}/native-host.html`);
  await expect(page.locator('.phone')).toContainText('Start a purchase');
  await page.getByRole('button', { name: 'Start a purchase' }).click();
  const pay = page.frameLocator('#webview').frameLocator('[data-payui-lightbox] iframe').getByRole('button', { name: /^Pay/ });
  await expect(pay).toBeVisible();
  const box = (await pay.boundingBox())!;
  expect(await page.evaluate(() => scrollY)).toBe(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
});

test('the demo’s lightbox is as tall as the payment UI’s content, not the whole window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${world.demo}/game.html`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  await page.getByRole('button', { name: 'Buy 550 Crystals' }).click();
  const ui = page.frameLocator('[data-payui-lightbox] iframe');
  await expect(ui.getByRole('button', { name: /^Pay/ })).toBeVisible();
  const content = await ui.locator('#app').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  const frame = page.locator('[data-payui-lightbox] iframe');
  // The frame follows what the UI reports (at least the lightbox's 500 px minimum), not the window's 780 px.
  await expect.poll(async () => Math.round((await frame.boundingBox())!.height)).toBe(Math.max(500, content));
  // Its last line shows, with no empty band below it.
  const foot = (await ui.getByText('no real money moves').boundingBox())!;
  const box = (await frame.boundingBox())!;
  expect(box.y + box.height - (foot.y + foot.height)).toBeLessThan(40);
});

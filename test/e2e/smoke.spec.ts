import { expect, test } from '@playwright/test';
import { world } from './world';

test('a real cross-origin channel accepts its own frame and drops everything else', async ({ page }) => {
  // localhost and 127.0.0.1 are different origins: the child frames are really cross-origin.
  const child = `${world.demo.replace('localhost', '127.0.0.1')}/test/fixtures/channel/`;
  await page.goto(`${world.demo}/test/fixtures/channel/index.html?child=${encodeURIComponent(child)}`);

  // Both frames have posted everything they will post before the log is read.
  for (const title of ['trusted', 'impostor']) {
    await expect(page.frameLocator(`iframe[title="${title}"]`).locator('body')).toHaveAttribute('data-sent', 'yes');
  }
  // The trusted frame sends widget-detection, an unknown command, bad JSON and a status;
  // the impostor frame (same origin, other window) sends a forged status.
  await expect(page.locator('#log li')).toHaveText(['widget-detection', 'status']);
  const received = await page.evaluate(() => window.received);
  expect(received[1]).toEqual({ command: 'status', data: { paymentInfo: { status: 'done', invoice: 42 } } });

  // The reply reached the trusted frame, sent to its exact origin.
  const trusted = page.frameLocator('iframe[title="trusted"]');
  await expect(trusted.locator('#received')).toHaveText('widget-detected {"version":"fixture"}');
  await expect(page.frameLocator('iframe[title="impostor"]').locator('#received')).toHaveText('none');
});

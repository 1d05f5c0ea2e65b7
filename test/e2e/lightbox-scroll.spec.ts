import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { gotoFixture, host, openAndWaitReady } from './widget-page';

// Headless Chromium hides scrollbars unless asked not to; this file needs a real one.
test.use({ launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] } });

test.describe('lightbox: scroll lock on a page with a real scrollbar', () => {
  test('no scrolling, no sideways shift, no layout shift, inline styles untouched', async ({ page }) => {
    await gotoFixture(page, { tall: true, quiet: true });
    await page.evaluate(() => {
      document.body.setAttribute('style', 'color: rgb(1, 2, 3);  padding-right: 7px');
      window.scrollTo(0, 120);
      (window as any).shifts = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e: any) => ((window as any).shifts += e.value))).observe({ type: 'layout-shift' });
    });
    const measure = () => page.evaluate(() => ({
      scrollbar: window.innerWidth - document.documentElement.clientWidth,
      x: document.getElementById('tall')!.getBoundingClientRect().right,
      y: window.scrollY,
    }));
    const before = await measure();
    expect(before.scrollbar).toBeGreaterThan(0);

    await openAndWaitReady(page);
    const open = await measure();
    expect(open.scrollbar).toBe(0);
    expect(open.x).toBe(before.x);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect((await measure()).y).toBe(120);

    await page.keyboard.press('Escape');
    await expect(host(page)).toHaveCount(0);
    expect(await measure()).toEqual(before);
    expect(await page.evaluate(() => document.body.getAttribute('style'))).toBe('color: rgb(1, 2, 3);  padding-right: 7px');
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
    expect(await page.evaluate(() => (window as any).shifts)).toBe(0);
  });
});


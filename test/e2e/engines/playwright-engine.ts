import type { Page } from '@playwright/test';
import { centreOf, focusedHere, type Engine, type EngineName } from './engine';

const PAYMENT_UI = '[data-payui-lightbox] iframe';

export function playwrightEngine(name: EngineName, page: Page): Engine {
  const paymentUiFrame = () => page.frames().find((f) => f !== page.mainFrame() && /access_token=|access_data=/.test(f.url()));
  return {
    name,
    goto: async (url) => void (await page.goto(url)),
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    clickAt: (x, y) => page.mouse.click(x, y),
    async click(css) {
      const point = await page.evaluate(centreOf, css);
      if (!point) throw new Error(`nothing to click at ${css}`);
      await page.mouse.click(point.x, point.y);
    },
    clickInPaymentUi: (text, kind = 'button') => {
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const ui = page.frameLocator(PAYMENT_UI);
      // A button by the start of its accessible name (its text or aria-label); a choice by its whole label.
      if (kind === 'button') return ui.getByRole('button', { name: new RegExp(`^${escaped}`) }).first().click();
      return ui.locator('label').filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).first().click();
    },
    focusInPaymentUi: async () => (await paymentUiFrame()?.evaluate(focusedHere)) ?? '',
    press: (key) => page.keyboard.press(key),
    close: () => page.context().close(),
  };
}

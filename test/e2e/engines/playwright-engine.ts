import type { FrameLocator, Page } from '@playwright/test';
import { centreOf, focusedHere, type Engine, type EngineName } from './engine';

const PAYMENT_UI = '[data-payui-lightbox] iframe, [data-payui-inline] iframe';

export function playwrightEngine(name: EngineName, page: Page): Engine {
  const paymentUiFrame = () => page.frames().find((f) => f !== page.mainFrame() && /access_token=|access_data=/.test(f.url()));
  // Each journey has a context of its own: any other page in it is a window this page opened.
  const children = () => page.context().pages().filter((other) => other !== page);
  const pointAt = async (css: string) => {
    const point = await page.evaluate(centreOf, css);
    if (!point) throw new Error(`nothing at ${css}`);
    return point;
  };
  return {
    name,
    goto: async (url) => void (await page.goto(url)),
    run: (fn, arg) => page.evaluate(fn as never, arg) as never,
    clickAt: (x, y) => page.mouse.click(x, y),
    async click(css) {
      const point = await pointAt(css);
      await page.mouse.click(point.x, point.y);
    },
    async hover(css) {
      const point = await pointAt(css);
      await page.mouse.move(point.x, point.y);
    },
    async clickInPaymentUi(text, kind = 'button') {
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const child = children()[0];
      const ui: Page | FrameLocator = child ?? page.frameLocator(PAYMENT_UI);
      // A button by the start of its accessible name (its text or aria-label); a choice by its whole label.
      const target = kind === 'button'
        ? ui.getByRole('button', { name: new RegExp(`^${escaped}`) })
        : ui.locator('label').filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) });
      // A click that closes the child window (its Close) has done its work, though Firefox reports
      // the window gone under the click.
      await target.first().click().catch((error: unknown) => {
        if (!child?.isClosed()) throw error;
      });
    },
    focusInPaymentUi: async () => (await paymentUiFrame()?.evaluate(focusedHere)) ?? '',
    childWindows: async () => children().filter((child) => !child.isClosed()).map((child) => child.url()),
    async closeChildWindow() {
      const [child] = children();
      if (!child) throw new Error('the page opened no window');
      await child.close();
    },
    press: (key) => page.keyboard.press(key),
    close: () => page.context().close(),
  };
}

import { By, Key, Origin, type WebDriver, type WebElement } from 'selenium-webdriver';
import { centreOf, focusedHere, type Engine } from './engine';

/** `fn` as the body of a WebDriver script: called with its one argument, its result returned. */
const script = (fn: (...args: never[]) => unknown) => `return (${fn.toString()}).apply(null, arguments);`;

export function webdriverEngine(driver: WebDriver): Engine {
  const frameElement = () =>
    driver.executeScript<WebElement>('return document.querySelector("[data-payui-lightbox]").shadowRoot.querySelector("iframe")');
  async function inPaymentUi<T>(work: () => Promise<T>): Promise<T> {
    await driver.switchTo().frame(await frameElement());
    try {
      return await work();
    } finally {
      await driver.switchTo().defaultContent();
    }
  }
  const clickAt = (x: number, y: number) =>
    driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).press().release().perform();
  return {
    name: 'webkit',
    goto: (url) => driver.get(url),
    run: (fn, arg) => driver.executeScript(script(fn as never), arg) as never,
    clickAt,
    async click(css) {
      const point = await driver.executeScript<{ x: number; y: number } | null>(script(centreOf), css);
      if (!point) throw new Error(`nothing to click at ${css}`);
      await clickAt(point.x, point.y);
    },
    clickInPaymentUi: (text, kind = 'button') =>
      inPaymentUi(async () => {
        const quoted = `"${text}"`;
        const test = kind === 'button' ? `starts-with(normalize-space(.), ${quoted}) or starts-with(@aria-label, ${quoted})` : `normalize-space(.) = ${quoted}`;
        await (await driver.findElement(By.xpath(`//${kind}[${test}]`))).click();
      }),
    focusInPaymentUi: () => inPaymentUi(() => driver.executeScript<string>(script(focusedHere))),
    async press(key) {
      const actions = driver.actions();
      if (key === 'Shift+Tab') await actions.keyDown(Key.SHIFT).keyDown(Key.TAB).keyUp(Key.TAB).keyUp(Key.SHIFT).perform();
      else {
        const code = key === 'Tab' ? Key.TAB : Key.ESCAPE;
        await actions.keyDown(code).keyUp(code).perform();
      }
    },
    close: () => driver.quit(),
  };
}

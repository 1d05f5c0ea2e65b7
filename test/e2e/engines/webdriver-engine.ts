import { By, error as errors, Key, Origin, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { centreOf, focusedHere, type Engine } from './engine';

/** `fn` as the body of a WebDriver script: called with its one argument, its result returned. */
const script = (fn: (...args: never[]) => unknown) => `return (${fn.toString()}).apply(null, arguments);`;

/** How long a control of the payment UI may take to appear (its page may still be loading). */
const FIND_MS = 10_000;

/** Drives the session's current window, which is the journey's page; windows it opens are reached by switching. */
export async function webdriverEngine(driver: WebDriver): Promise<Engine> {
  const page = await driver.getWindowHandle();
  const children = async () => (await driver.getAllWindowHandles()).filter((handle) => handle !== page);
  async function inChildWindow<T>(work: () => Promise<T>): Promise<T> {
    const [child] = await children();
    if (!child) throw new Error('the page opened no window');
    await driver.switchTo().window(child);
    try {
      return await work();
    } finally {
      await driver.switchTo().window(page);
    }
  }
  const frameElement = () =>
    driver.executeScript<WebElement>('return document.querySelector("[data-payui-lightbox], [data-payui-inline]").shadowRoot.querySelector("iframe")');
  async function inPaymentUi<T>(work: () => Promise<T>): Promise<T> {
    if ((await children()).length) return inChildWindow(work);
    await driver.switchTo().frame(await frameElement());
    try {
      return await work();
    } finally {
      await driver.switchTo().defaultContent();
    }
  }
  const moveTo = (x: number, y: number) => driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT });
  const clickAt = (x: number, y: number) => moveTo(x, y).press().release().perform();
  const pointAt = async (css: string) => {
    const point = await driver.executeScript<{ x: number; y: number } | null>(script(centreOf), css);
    if (!point) throw new Error(`nothing at ${css}`);
    return point;
  };
  return {
    name: 'webkit',
    goto: (url) => driver.get(url),
    run: (fn, arg) => driver.executeScript(script(fn as never), arg) as never,
    clickAt,
    async click(css) {
      const point = await pointAt(css);
      await clickAt(point.x, point.y);
    },
    async hover(css) {
      const point = await pointAt(css);
      await moveTo(point.x, point.y).perform();
    },
    async clickInPaymentUi(text, kind = 'button') {
      const quoted = `"${text}"`;
      const test = kind === 'button' ? `starts-with(normalize-space(.), ${quoted}) or starts-with(@aria-label, ${quoted})` : `normalize-space(.) = ${quoted}`;
      const control = () => driver.wait(until.elementLocated(By.xpath(`//${kind}[${test}]`)), FIND_MS);
      // Where the control is on the screen: the frame's box in the page, and the control's in the frame.
      const where = async () => {
        const frame = (await children()).length ? '' : JSON.stringify(await driver.executeScript(script(() => document.querySelector('[data-payui-lightbox], [data-payui-inline]')?.shadowRoot?.querySelector('iframe')?.getBoundingClientRect())));
        return frame + JSON.stringify(await inPaymentUi(async () => (await control()).getRect()));
      };
      // Clicked only once it stays put (three looks 200 ms apart), as Playwright's click waits for
      // it to be stable: WebDriver clicks where the control was when it looked, and a lightbox that
      // follows the payment UI's height (`dimensions`, the game site's) moves it as the payment UI
      // renders. In WebKit under load a click on Pay or on the result page's Close was lost so,
      // 8 runs in 56 at load 14-30: the game journey then waited for a status or a close that never came.
      const deadline = Date.now() + FIND_MS;
      for (let looks = [await where()]; looks.length < 3 && Date.now() < deadline; ) {
        await driver.sleep(200);
        const now = await where();
        looks = now === looks[0] ? [...looks, now] : [now];
      }
      await inPaymentUi(async () => (await control()).click());
    },
    focusInPaymentUi: () => inPaymentUi(() => driver.executeScript<string>(script(focusedHere))),
    async childWindows() {
      const addresses: string[] = [];
      try {
        for (const child of await children()) {
          try {
            await driver.switchTo().window(child);
            addresses.push(await driver.getCurrentUrl());
          } catch (error) {
            // Closed between the listing and the switch: not open any more.
            if (!(error instanceof errors.NoSuchWindowError)) throw error;
          }
        }
      } finally {
        await driver.switchTo().window(page);
      }
      return addresses;
    },
    closeChildWindow: () => inChildWindow(async () => void (await driver.close())),
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

// `npm run bench:focus`: focus-trap (the library DESIGN.md §7 names) against the lightbox's own
// focus guards, around the same cross-origin payment UI, in each engine Playwright runs here. It
// walks Tab and Shift+Tab from the close button and prints every stop; an invisible stop is focus
// on the frame element itself or on a sentinel. Not part of npm test: it measures, it asserts nothing.
import { createRequire } from 'node:module';
import { test, type Page } from '@playwright/test';
import { requestToken } from '../test/e2e/tokens';
import { focusStop, gotoFixture, openAndWaitReady } from '../test/e2e/widget-page';
import { world } from '../test/e2e/world';

const require = createRequire(import.meta.url);
const rows: string[] = [];

/** A dialog of our own with focus-trap around [close][payment UI frame][sentinel], as its docs advise for an iframe at the end. */
async function focusTrapLab(page: Page, redirectSentinel: boolean): Promise<void> {
  const token = await requestToken();
  // A page of the demo origin, so Chromium's local-network rules let it frame the mock payment UI;
  // the two library scripts come in as init scripts (a page's CSP does not apply to those).
  await page.addInitScript({ path: require.resolve('tabbable/dist/index.umd.min.js') });
  await page.addInitScript({ path: require.resolve('focus-trap/dist/focus-trap.umd.min.js') });
  await page.goto(`${world.demo}/return.html`);
  await page.evaluate(({ src }) => {
    const make = (tag: string, props: Record<string, string>) => Object.assign(document.createElement(tag), props);
    const dialog = make('div', { id: 'dialog' });
    dialog.setAttribute('role', 'dialog');
    const frame = make('iframe', { id: 'frame', title: 'Payment', src }) as unknown as HTMLIFrameElement;
    frame.tabIndex = 0;
    frame.width = '700';
    frame.height = '500';
    const sentinel = make('span', { id: 'sentinel' });
    sentinel.tabIndex = 0;
    dialog.append(make('button', { id: 'close', textContent: 'Close' }), frame, sentinel);
    document.body.replaceChildren(make('button', { id: 'buy', textContent: 'Buy' }), dialog);
  }, { src: `${world.sandbox}/?access_token=${token}` });
  await page.frameLocator('#frame').getByRole('button', { name: /^Pay/ }).waitFor();
  await page.evaluate((redirect) => {
    const w = window as unknown as { focusTrap: { createFocusTrap(el: Element, o: object): { activate(): void } } };
    if (redirect) document.getElementById('sentinel')!.addEventListener('focus', () => document.getElementById('close')!.focus());
    w.focusTrap.createFocusTrap(document.getElementById('dialog')!, { initialFocus: '#close', escapeDeactivates: false, clickOutsideDeactivates: false }).activate();
  }, redirectSentinel);
  await page.waitForTimeout(100);
}

async function labStop(page: Page): Promise<string> {
  const id = await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');
  if (id === 'close') return 'close';
  if (id === 'sentinel') return 'SENTINEL';
  if (id !== 'frame') return `page:${id}`;
  const frame = page.frames().find((f) => f.url().startsWith(world.sandbox));
  const inside = await frame?.evaluate(() => (document.hasFocus() && document.activeElement !== document.body ? (document.activeElement?.textContent || document.activeElement?.tagName || '').trim().slice(0, 20) : null));
  return inside ? `ui:${inside}` : 'FRAME';
}

async function walk(page: Page, stop: (page: Page) => Promise<string>, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press(key);
    seen.push(await stop(page));
    if (seen.at(-1) === 'close') break;
  }
  return seen;
}

const report = (engine: string, trap: string, forward: string[], backward: string[]) => {
  const invisible = [...forward, ...backward].filter((s) => s === 'FRAME' || s === 'SENTINEL' || s === 'guard').length;
  const escaped = [...forward, ...backward].filter((s) => s.startsWith('page:')).length;
  rows.push(`${engine.padEnd(9)} ${trap.padEnd(34)} invisible stops ${invisible}, out of the dialog ${escaped}\n    Tab:       close → ${forward.join(' → ')}\n    Shift+Tab: close → ${backward.join(' → ')}`);
};

test('focus: focus-trap and the lightbox guards, stop by stop', async ({ page, browserName }) => {
  test.setTimeout(120_000);
  for (const redirect of [false, true]) {
    await focusTrapLab(page, redirect);
    const forward = await walk(page, labStop, 'Tab');
    await page.evaluate(() => document.getElementById('close')!.focus());
    const backward = await walk(page, labStop, 'Shift+Tab');
    report(browserName, redirect ? 'focus-trap + sentinel → close' : 'focus-trap + sentinel', forward, backward);
  }
  await gotoFixture(page);
  await openAndWaitReady(page);
  const forward = await walk(page, focusStop, 'Tab');
  const backward = await walk(page, focusStop, 'Shift+Tab');
  report(browserName, 'lightbox guards (src/surfaces/lightbox)', forward, backward);
  console.log(rows.join('\n'));
});

// @vitest-environment happy-dom
// The script-tag build (src/global.ts): intent on a [data-payui-open] button prepares its payment UI
// with preload: 'ui' (DESIGN.md §15). The session code is a stand-in whose prepare() records what
// it was asked to prepare (session/prepare.ts has its own tests: prepare.test.ts).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PrepareContext, SessionModule } from '../../src/session/contract';
import { DESKTOP_UA } from './user-agents';

type Global = { PayUI: import('../../src/widget').PayUIWidget };
const asked: PrepareContext[] = [];

vi.mock('../../src/loaders/beside-script', () => ({
  besideScript: () => {
    const session: Partial<SessionModule> = {
      warm: () => document.createElement('link'),
      prepare(context) {
        asked.push(context);
        return { loaded: Promise.resolve(), fits: () => false, drop: () => undefined, take: () => { throw new Error('not here'); } };
      },
    };
    return { loadSession: () => Promise.resolve(session), loadLightbox: () => new Promise(() => undefined), loadInline: () => new Promise(() => undefined) };
  },
}));

beforeAll(async () => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
  await import('../../src/global');
});

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
function button(attributes: Record<string, string>): HTMLButtonElement {
  const element = document.createElement('button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}
const over = (element: Element, type = 'pointerover') => element.dispatchEvent(new Event(type, { bubbles: true }));

describe("script tag: intent on a button prepares its payment UI (preload: 'ui')", () => {
  it("nothing with the default preload: 'connect'", async () => {
    const { PayUI } = window as unknown as Global;
    PayUI.init({ access_token: () => 'T', sandbox: true });
    over(button({ 'data-payui-open': '' }));
    await tick();
    expect(asked).toEqual([]);
  });

  it("pointer, focus or touch on a [data-payui-open] button (a span inside it too) prepares for that button, with its own token; a blank one is silent; destroy() stops it", async () => {
    const { PayUI } = window as unknown as Global;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events: string[] = [];
    PayUI.on(Object.values(PayUI.eventTypes), (_data, type) => events.push(type));
    PayUI.init({ access_token: () => 'T', sandbox: true, preload: 'ui' });
    await tick();
    // When idle after init(): for open().
    expect(asked.map((c) => c.trigger)).toEqual([null]);
    const sword = button({ 'data-payui-open': '', 'data-sku': 'sword' });
    const label = sword.appendChild(document.createElement('span'));
    const shield = button({ 'data-payui-open': '', 'data-access-token': 'SHIELD' });
    over(label);
    await tick();
    over(shield, 'focusin');
    await tick();
    over(sword, 'touchstart');
    await tick();
    over(button({ 'data-payui-open': '', 'data-access-token': '   ' }));
    over(button({}));
    await tick();
    expect(asked.slice(1).map((c) => c.trigger)).toEqual([sword, shield, sword]);
    expect(asked[2]!.options.url).toContain('access_token=SHIELD');
    expect(asked[1]!.options.token).toBeTypeOf('function');
    expect(events).toEqual(['init']);
    expect(log).not.toHaveBeenCalled();
    PayUI.destroy();
    over(shield);
    await tick();
    expect(asked).toHaveLength(4);
  });
});

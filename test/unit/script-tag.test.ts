// @vitest-environment happy-dom
// The script-tag build (src/global.ts) as a page uses it: window.PayUI and [data-payui-open] buttons.
// On a phone the payment UI opens in a window inside the click, so window.open shows which purchase a click opened.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_UA } from './user-agents';

type Global = { PayUI: import('../../src/widget').PayUIWidget };

beforeAll(async () => {
  Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
  await import('../../src/global');
});
afterEach(() => {
  (window as unknown as Global).PayUI.close();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function button(attributes: Record<string, string>): HTMLButtonElement {
  const element = document.createElement('button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

describe('script tag: data-payui-open', () => {
  // First in this file: PayUI has not been given init() yet.
  it('before any init(), a button with its own data-access-token opens nothing: error NOT_INITIALIZED', () => {
    const open = vi.spyOn(window, 'open');
    const { PayUI } = window as unknown as Global;
    const errors: unknown[] = [];
    const off = PayUI.on('error', (data) => errors.push(data));
    button({ 'data-payui-open': '', 'data-access-token': 'SWORD' }).click();
    off();
    expect(open).not.toHaveBeenCalled();
    expect(PayUI.isOpen).toBe(false);
    expect(errors).toEqual([expect.objectContaining({ code: 'NOT_INITIALIZED' })]);
  });

  it('a blank data-access-token is an error event INVALID_OPTION at access_token, like any open, and opens nothing', () => {
    const open = vi.spyOn(window, 'open');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { PayUI } = window as unknown as Global;
    PayUI.init({ access_token: 'PAGE', sandbox: true, preload: 'none' });
    const errors: unknown[] = [];
    const off = PayUI.on('error', (data) => errors.push(data));
    button({ 'data-payui-open': '', 'data-access-token': '   ' }).click();
    off();
    expect(open).not.toHaveBeenCalled();
    expect(errors).toEqual([expect.objectContaining({ code: 'INVALID_OPTION', path: 'access_token' })]);
    expect(log).not.toHaveBeenCalled();
  });

  it('a plain button buys what PayUI.init was given, also after a button with its own data-access-token', () => {
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)) };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const { PayUI } = window as unknown as Global;
    PayUI.init({ access_token: 'PAGE', sandbox: true, preload: 'none' });
    button({ 'data-payui-open': '', 'data-access-token': 'SWORD' }).click();
    expect(open.mock.calls.at(-1)![0]).toContain('access_token=SWORD');
    PayUI.close();
    button({ 'data-payui-open': '' }).click();
    expect(open.mock.calls.at(-1)![0]).toContain('access_token=PAGE');
  });
});

describe('script tag: a token provider', () => {
  it('is called at each click with the button that was clicked (a span inside it too)', () => {
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)), document, location: { replace: vi.fn() } };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const provider = vi.fn(({ trigger }: { trigger: Element | null }) => `token-for-${(trigger as HTMLElement).dataset.sku}`);
    const { PayUI } = window as unknown as Global;
    PayUI.init({ access_token: provider, sandbox: true, preload: 'none' });
    const sword = button({ 'data-payui-open': '', 'data-sku': 'sword' });
    const label = document.createElement('span');
    sword.append(label);
    label.click();
    // The window opens in the click, on the widget's loading page: no token in its address yet.
    expect(open).toHaveBeenLastCalledWith('', '_blank');
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider.mock.calls[0]![0].trigger).toBe(sword);
    PayUI.close();
    button({ 'data-payui-open': '', 'data-sku': 'shield' }).click();
    expect(provider).toHaveBeenCalledTimes(2);
    expect((provider.mock.calls[1]![0].trigger as HTMLElement).dataset.sku).toBe('shield');
  });
});


// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeOptions, type LightboxOptions } from '../../src/core/options';
import { createFrame } from '../../src/surfaces/lightbox/frame';
import { REVEAL_AFTER_LOAD_MS, openLightbox } from '../../src/surfaces/lightbox/lightbox';
import type { Surface } from '../../src/surfaces/surface';
import { commonLabels } from '../../src/surfaces/i18n';

const URL_ = 'http://localhost:5176/?access_token=T';

function open(lightbox: LightboxOptions = {}, loadTimeout = 30_000) {
  const callbacks = { onUserClose: vi.fn(), onLoad: vi.fn(), onTimeout: vi.fn() };
  const options = normalizeOptions({ access_token: 'T', lightbox }).lightbox;
  const launcher = openLightbox({
    frame: createFrame(options, URL_), options, labels: commonLabels(null), loadTimeout, fullScreen: false, callbacks,
  });
  const host = document.querySelector<HTMLElement>('[data-payui-lightbox]')!;
  const shadow = host.shadowRoot!;
  return { launcher, callbacks, host, shadow, root: () => shadow.querySelector('.root')! };
}

let launchers: Surface[] = [];
beforeEach(() => {
  document.body.innerHTML = '';
  const main = document.createElement('main');
  const button = document.createElement('button');
  button.id = 'buy';
  main.append(button);
  const aside = document.createElement('aside');
  aside.setAttribute('inert', '');
  document.body.append(main, aside);
  launchers = [];
});
afterEach(() => {
  launchers.forEach((l) => l.destroy());
  vi.useRealTimers();
});

describe('openLightbox', () => {
  it('renders into a shadow root on one host under <body>, with constructable stylesheets', () => {
    const { launcher, host, shadow } = open({ zIndex: 4242 });
    launchers.push(launcher);
    expect(host.parentElement).toBe(document.body);
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(1);
    expect(shadow.adoptedStyleSheets.length).toBe(2);
    expect(shadow.querySelector('style')).toBeNull();
    expect(host.style.getPropertyValue('z-index')).toBe('4242');
    expect(host.style.getPropertyPriority('z-index')).toBe('important');
    expect(shadow.querySelector('iframe')!.getAttribute('src')).toBe(URL_);
    expect(launcher.target).toBe(shadow.querySelector('iframe')!.contentWindow);
  });

  it('makes the rest of the page inert and restores exactly what was there', () => {
    const { launcher } = open();
    const [main, aside] = [document.querySelector('main')!, document.querySelector('aside')!];
    expect(main.hasAttribute('inert')).toBe(true);
    launcher.destroy();
    expect(main.hasAttribute('inert')).toBe(false);
    expect(aside.hasAttribute('inert')).toBe(true);
  });

  it('locks scrolling with its own sheet, never touching the page’s style attributes', () => {
    document.body.setAttribute('style', 'color: red;   margin: 3px');
    const pageSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [pageSheet];
    const { launcher } = open();
    expect(document.adoptedStyleSheets).toHaveLength(2);
    expect(getComputedStyle(document.documentElement).overflow).toBe('hidden');
    expect(document.body.getAttribute('style')).toBe('color: red;   margin: 3px');
    expect(document.documentElement.hasAttribute('style')).toBe(false);
    launcher.destroy();
    expect(document.adoptedStyleSheets).toEqual([pageSheet]);
    expect(getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
    expect(document.body.getAttribute('style')).toBe('color: red;   margin: 3px');
    document.adoptedStyleSheets = [];
  });

  it('Esc asks to close; not with closeByKeyboard false, not when modal', () => {
    for (const [options, expected] of [[{}, 1], [{ closeByKeyboard: false }, 0], [{ modal: true }, 0]] as const) {
      const { launcher, callbacks } = open(options);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(callbacks.onUserClose).toHaveBeenCalledTimes(expected);
      launcher.destroy();
    }
  });

  it('shows the content on the first dimensions message, once', async () => {
    const { launcher, callbacks, root } = open();
    launchers.push(launcher);
    expect(root().classList.contains('loading')).toBe(true);
    launcher.setDimensions!({ width: 700, height: 600 });
    launcher.setDimensions!({ width: 710, height: 620 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root().classList.contains('ready')).toBe(true);
    expect(callbacks.onLoad).toHaveBeenCalledTimes(1);
    expect(callbacks.onLoad).toHaveBeenCalledWith({ width: 700, height: 600 });
  });

  it('without dimensions, shows the content 1 s after the iframe loaded', () => {
    vi.useFakeTimers();
    const { launcher, callbacks, shadow, root } = open();
    launchers.push(launcher);
    shadow.querySelector('iframe')!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REVEAL_AFTER_LOAD_MS - 1);
    expect(callbacks.onLoad).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callbacks.onLoad).toHaveBeenCalledWith(undefined);
    return Promise.resolve().then(() => expect(root().classList.contains('ready')).toBe(true));
  });

  it('no load within loadTimeout: reports it, says so, and offers a close button', async () => {
    vi.useFakeTimers();
    const { launcher, callbacks, shadow } = open({ modal: true }, 5000);
    launchers.push(launcher);
    vi.advanceTimersByTime(4999);
    expect(callbacks.onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callbacks.onTimeout).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(shadow.querySelector('[role="alert"]')!.textContent).toMatch(/did not load/);
    shadow.querySelector<HTMLButtonElement>('button.close')!.click();
    expect(callbacks.onUserClose).toHaveBeenCalledOnce();
  });

  it('a payment UI that loads after the timeout message still shows, and no longer says it failed', async () => {
    vi.useFakeTimers();
    const { launcher, callbacks, shadow, root } = open({}, 5000);
    launchers.push(launcher);
    vi.advanceTimersByTime(5000);
    expect(callbacks.onTimeout).toHaveBeenCalledOnce();
    launcher.setDimensions!({ width: 700, height: 600 });
    expect(callbacks.onLoad).toHaveBeenCalledWith({ width: 700, height: 600 });
    await Promise.resolve();
    expect(root().classList.contains('ready')).toBe(true);
    expect(shadow.querySelector('[role="alert"]')).toBeNull();
  });

  it('a late iframe load after the timeout message shows the content too', async () => {
    vi.useFakeTimers();
    const { launcher, callbacks, shadow, root } = open({}, 5000);
    launchers.push(launcher);
    vi.advanceTimersByTime(5000);
    shadow.querySelector('iframe')!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REVEAL_AFTER_LOAD_MS);
    expect(callbacks.onLoad).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(root().classList.contains('ready')).toBe(true);
  });

  it('a loaded iframe cancels the load timeout', () => {
    vi.useFakeTimers();
    const { launcher, callbacks, shadow } = open({}, 5000);
    launchers.push(launcher);
    shadow.querySelector('iframe')!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(10_000);
    expect(callbacks.onTimeout).not.toHaveBeenCalled();
  });

  it('destroy removes the host and its key listener, calls nothing back, and is idempotent', () => {
    const { launcher, callbacks } = open();
    const before = document.body.innerHTML;
    launcher.destroy();
    launcher.destroy();
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
    expect(document.body.innerHTML).not.toBe(before);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(callbacks.onUserClose).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
// mount(container) (DESIGN.md §11) with the real session code and the real inline surface: the
// refusals, one lifecycle, re-entrancy, a token provider. Layout, focus and the page around it are
// the browser tests' (test/e2e/inline.spec.ts).
import { describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import { normalizeOptions } from '../../src/core/options';
import * as sessionModule from '../../src/session/session';
import { commonLabels } from '../../src/surfaces/i18n';
import { INLINE_HEIGHT, openInline } from '../../src/surfaces/inline/inline';
import { createFrame } from '../../src/surfaces/lightbox/frame';
import { REVEAL_AFTER_LOAD_MS } from '../../src/surfaces/surface';
import { createWidget, type PayUIWidget } from '../../src/widget';
import { fakeLightboxes, loadInline } from './fake-lightbox';
import { freshDesktopPage } from './page';
import { PHONE_UA } from './user-agents';

const UI = 'http://localhost:5176';
const OPTIONS = { access_token: 'T', sandbox: true, preload: 'none' } as const;

// The surface is built after the next paint (session.ts `afterPaint`): two frames and a task cover it.
const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
const host = () => document.querySelector<HTMLElement>('[data-payui-inline]');
const frame = () => host()?.shadowRoot!.querySelector('iframe') ?? null;
/** The payment UI in the frame says something (its window is the only source the channel takes; happy-dom loads no frame, so it is null here). */
const uiSays = (command: string, data?: object) =>
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: frame()!.contentWindow }));

const widgets = freshDesktopPage();
function make(options: object | null = OPTIONS) {
  const lightboxes = fakeLightboxes();
  const loadSession = vi.fn(() => Promise.resolve(sessionModule));
  const widget = createWidget({ loadSession, loadLightbox: lightboxes.load, loadInline }, (options ?? undefined) as never);
  widgets.push(widget);
  const events: [string, unknown][] = [];
  for (const type of Object.values(widget.eventTypes)) widget.on(type, (data) => events.push([type, data]));
  return { widget, lightboxes, loadSession, events, names: () => events.map(([type]) => type) };
}
/** The merchant's checkout section. */
function section(): HTMLElement {
  const element = document.createElement('section');
  element.id = 'checkout';
  document.body.append(element);
  return element;
}

describe('mount(): refusals', () => {
  it('before init rejects NOT_INITIALIZED, after destroy DESTROYED, each with an error event', async () => {
    const { widget, names } = make(null);
    await expect(widget.mount(section())).rejects.toMatchObject({ name: 'PayUIError', code: 'NOT_INITIALIZED' });
    widget.destroy();
    await expect(widget.mount(section())).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(names()).toEqual(['error']);
  });

  it.each([
    ['a selector that finds nothing', () => '#nowhere'],
    ['a selector the browser cannot read', () => '#'],
    ['an element taken out of the page', () => document.createElement('div')],
    ['no container at all', () => undefined],
    ['null', () => null],
    ['an empty selector', () => ''],
    ['something that is not an element', () => ({ isConnected: true })],
  ])('%s: INVALID_OPTION at container, as an error event and the rejection; nothing is left and the next mount works', async (_name, given) => {
    const { widget, events, lightboxes } = make();
    const refused = widget.mount(given() as never);
    await expect(refused).rejects.toMatchObject({ name: 'PayUIError', code: 'INVALID_OPTION', path: 'container' });
    expect(events).toEqual([['error', expect.objectContaining({ code: 'INVALID_OPTION', path: 'container' })]]);
    expect(widget.isOpen).toBe(false);
    expect(host()).toBeNull();
    expect(lightboxes.load).not.toHaveBeenCalled();
    const next = widget.mount(section());
    await settle();
    expect(widget.isOpen).toBe(true);
    widget.close();
    await expect(next).resolves.toMatchObject({ reason: 'api' });
  });

  it('a container taken out of the page while the code of the open was on its way: INVALID_OPTION at container', async () => {
    const { widget } = make();
    const container = section();
    const mounted = widget.mount(container);
    container.remove();
    await expect(mounted).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'container' });
    expect(host()).toBeNull();
  });
});

describe('mount(): one lifecycle', () => {
  it('the frame starts in the call, in the container (found by its selector), with the payment address; no lightbox, no overlay', async () => {
    const { widget, lightboxes, loadSession } = make();
    await loadSession(); // the session code is here (prefetched)
    const container = section();
    container.append(Object.assign(document.createElement('p'), { textContent: 'Your order' }));
    void widget.mount('#checkout');
    await Promise.resolve(); // the session code runs in a microtask of the call's task
    await Promise.resolve();
    expect(host()!.parentElement).toBe(container);
    expect(container.lastElementChild).toBe(host());
    expect(frame()!.getAttribute('src')).toBe(`${UI}/?access_token=T`);
    await settle();
    expect(lightboxes.load).not.toHaveBeenCalled();
    expect(document.body.children).toHaveLength(1); // no click feedback over the page, no lightbox host
    expect(host()!.shadowRoot!.querySelector('[role="dialog"], [aria-modal]')).toBeNull();
  });

  it('open, open-inline; load; height from dimensions; the UI closing it removes it and resolves with reason ui', async () => {
    const { widget, events, names } = make();
    const result = widget.mount(section());
    expect(widget.isOpen).toBe(false); // its code is on its way
    await settle();
    expect(widget.isOpen).toBe(true);
    expect(events.slice(0, 2)).toEqual([['open', { mode: 'inline' }], ['open-inline', {}]]);
    expect(host()!.style.getPropertyValue('height')).toBe(`${INLINE_HEIGHT}px`);
    expect(host()!.shadowRoot!.querySelector('[role="status"]')).not.toBeNull();
    uiSays('dimensions', { dimensions: { width: 740, height: 612 } });
    expect(host()!.style.getPropertyValue('height')).toBe('612px');
    expect(host()!.style.getPropertyPriority('height')).toBe('important');
    expect(frame()!.style.getPropertyValue('height')).toBe('612px');
    expect(host()!.shadowRoot!.querySelector('[role="status"]')).toBeNull();
    uiSays('dimensions', { dimensions: { width: 740, height: 380 } });
    expect(host()!.style.getPropertyValue('height')).toBe('380px');
    uiSays('status', { paymentInfo: { status: 'done', invoice: 9 } });
    uiSays('close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'done', invoice: 9 }, reason: 'ui' });
    expect(names()).toEqual(['open', 'open-inline', 'load', 'status', 'status-done', 'close-inline', 'close']);
    expect(events.at(-1)).toEqual(['close', { reason: 'ui', lastStatus: 'done' }]);
    expect(host()).toBeNull();
    expect(widget.isOpen).toBe(false);
  });

  it.each([
    ['close()', (w: PayUIWidget) => w.close()],
    ['destroy()', (w: PayUIWidget) => w.destroy()],
  ])('%s removes it and resolves with reason api; the container keeps its own content', async (_name, act) => {
    const { widget, names } = make();
    const container = section();
    container.append(Object.assign(document.createElement('p'), { textContent: 'Your order' }));
    const result = widget.mount(container);
    await settle();
    act(widget);
    await expect(result).resolves.toEqual({ status: null, paymentInfo: null, reason: 'api' });
    expect(names()).toEqual(['open', 'open-inline', 'close-inline', 'close']);
    expect(container.innerHTML).toBe('<p>Your order</p>');
  });

  it('close() before it is shown: nothing shown, nothing left, resolves with reason api and no close events', async () => {
    const { widget, names } = make();
    const result = widget.mount(section());
    widget.close();
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    await settle();
    expect(host()).toBeNull();
    expect(names()).toEqual([]);
  });

  it('one session per instance: a second mount() or open() while it is up returns the same promise and shows nothing new', async () => {
    const { widget, lightboxes } = make();
    const first = widget.mount(section());
    expect(widget.mount('#checkout')).toBe(first);
    expect(widget.open()).toBe(first);
    await settle();
    expect(widget.mount(section())).toBe(first);
    expect(widget.open()).toBe(first);
    expect(document.querySelectorAll('[data-payui-inline]')).toHaveLength(1);
    expect(lightboxes.load).not.toHaveBeenCalled();
  });

  it('on a phone too, in the page: no window is opened', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const open = vi.spyOn(window, 'open');
    const { widget, events } = make();
    void widget.mount(section());
    await settle();
    expect(open).not.toHaveBeenCalled();
    expect(events[0]).toEqual(['open', { mode: 'inline' }]);
    expect(host()).not.toBeNull();
  });

  it('two widgets may each have one inline in the page at once', async () => {
    const one = make();
    const two = make();
    void one.widget.mount(section());
    void two.widget.mount(section());
    await settle();
    expect(document.querySelectorAll('[data-payui-inline]')).toHaveLength(2);
    expect([one.widget.isOpen, two.widget.isOpen]).toEqual([true, true]);
  });
});

describe('mount(): re-entrant', () => {
  it('close() in the open handler is followed by close; mount() in the close handler mounts anew', async () => {
    const { widget, names } = make();
    widget.once('open', () => widget.close());
    let again: Promise<unknown> | undefined;
    widget.once('close', () => (again = widget.mount('#checkout')));
    section();
    const first = widget.mount('#checkout');
    await expect(first).resolves.toMatchObject({ reason: 'api' });
    expect(names()).toEqual(['open', 'open-inline', 'close-inline', 'close']);
    await settle();
    expect(again).not.toBe(first);
    expect(widget.isOpen).toBe(true);
    expect(document.querySelectorAll('[data-payui-inline]')).toHaveLength(1);
  });

  it('destroy() in the close handler of the UI closing it: one close, nothing left', async () => {
    const { widget, names } = make();
    widget.once('close', () => widget.destroy());
    const result = widget.mount(section());
    await settle();
    uiSays('close');
    await expect(result).resolves.toMatchObject({ reason: 'ui' });
    expect(names().filter((name) => name === 'close')).toHaveLength(1);
    expect(host()).toBeNull();
  });
});

describe('mount() with a token provider', () => {
  it('the frame gets the address with the token; a failure shows a message and a close button, and closing it is reason error', async () => {
    let answer!: (token: string) => void;
    const provider = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { widget } = make({ ...OPTIONS, access_token: provider });
    void widget.mount(section());
    await settle();
    expect(provider).toHaveBeenCalledWith({ trigger: null });
    expect(frame()!.getAttribute('src')).toBeNull();
    answer('FRESH');
    await settle();
    expect(frame()!.getAttribute('src')).toBe(`${UI}/?access_token=FRESH`);
    widget.close();

    const failing = make({ ...OPTIONS, access_token: () => Promise.reject(new Error('the shop said no')) });
    const result = failing.widget.mount(section());
    await settle();
    await settle();
    expect(failing.events.find(([type]) => type === 'error')![1]).toMatchObject({ code: 'TOKEN_FAILED', message: expect.stringContaining('the shop said no') });
    const shadow = host()!.shadowRoot!;
    expect(shadow.querySelector('[role="alert"]')!.textContent).toContain('The payment could not start');
    shadow.querySelector<HTMLButtonElement>('button')!.click();
    await expect(result).resolves.toMatchObject({ reason: 'error' });
    expect(host()).toBeNull();
  });
});

describe('openInline (the surface)', () => {
  function surface(loadTimeout = 30_000) {
    const container = section();
    const options = normalizeOptions({ access_token: 'T', language: 'de' }).lightbox;
    const callbacks = { onUserClose: vi.fn(), onLoad: vi.fn(), onTimeout: vi.fn(), onGone: vi.fn() };
    const parts = createFrame(options, `${UI}/?access_token=T`, container);
    const inline = openInline({ frame: parts, options, labels: commonLabels('de'), loadTimeout, callbacks });
    return { container, parts, inline, callbacks, shadow: parts.shadow };
  }

  it('sits at the end of the container, shows the indicator until the UI loads, titles the frame in the widget language, moves no focus', () => {
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const { container, shadow, parts, inline } = surface();
    expect(container.lastElementChild).toBe(parts.host);
    expect(parts.frame.title).toBe('Zahlungsformular');
    expect(shadow.adoptedStyleSheets).toHaveLength(2);
    expect(shadow.querySelector('style')).toBeNull();
    expect(shadow.querySelector('[role="status"]')!.textContent).toBe('Zahlungsseite wird geladen …');
    expect(shadow.querySelectorAll('[data-spinner="xsolla"] span')).toHaveLength(3);
    expect(parts.host.style.getPropertyValue('visibility')).toBe('visible');
    expect(document.activeElement).toBe(button);
    expect(document.body.hasAttribute('inert') || document.documentElement.style.overflow === 'hidden').toBe(false);
    inline.destroy();
    expect(container.children).toHaveLength(0);
    expect(shadow.adoptedStyleSheets).toHaveLength(0);
  });

  it('a load without dimensions shows the UI 1 s later at the height it had; no load in loadTimeout: a message and a close button', () => {
    vi.useFakeTimers();
    const { parts, inline, callbacks, shadow } = surface(2000);
    parts.frame.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REVEAL_AFTER_LOAD_MS);
    expect(callbacks.onLoad).toHaveBeenCalledWith(undefined);
    expect(parts.root.className).toBe('root ready');
    expect(parts.host.style.getPropertyValue('height')).toBe(`${INLINE_HEIGHT}px`);
    inline.destroy();

    const late = surface(2000);
    vi.advanceTimersByTime(2000);
    expect(late.callbacks.onTimeout).toHaveBeenCalledOnce();
    expect(late.shadow.querySelector('[role="alert"]')!.textContent).toContain('Die Zahlungsseite wurde nicht geladen');
    late.shadow.querySelector<HTMLButtonElement>('button.close')!.click();
    expect(late.callbacks.onUserClose).toHaveBeenCalledOnce();
    // The UI arriving after all replaces the message.
    late.inline.setDimensions({ width: 700, height: 640 });
    expect(late.shadow.querySelector('[role="alert"]')).toBeNull();
    expect(shadow.querySelector('[role="alert"]')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import * as sessionModule from '../../src/session/session';
import { fakeLightboxes, loadInline } from './fake-lightbox';
import { createWidget, VERSION, type PayUIWidget, type SessionModule } from '../../src/widget';
import { DESKTOP_UA, PHONE_UA } from './user-agents';

const UI = 'http://localhost:5176';


function uiSays(ui: object, command: string, data?: object, origin = UI) {
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin, source: ui as Window }));
}

// The lightbox is built after the next paint (session.ts `afterPaint`): two frames and a task cover it.
const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
let widgets: PayUIWidget[] = [];
function make(options: object | null = { access_token: 'T', sandbox: true, preload: 'none' }) {
  const lightboxes = fakeLightboxes();
  const widget = createWidget({ loadSession: () => Promise.resolve(sessionModule), loadLightbox: lightboxes.load, loadInline }, (options ?? undefined) as never);
  widgets.push(widget);
  const events: [string, unknown][] = [];
  for (const type of Object.values(widget.eventTypes)) widget.on(type, (data) => events.push([type, data]));
  return { widget, lightboxes, events, names: () => events.map(([t]) => t) };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
  widgets = [];
});
afterEach(() => {
  widgets.forEach((w) => w.destroy());
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('open() and its promise', () => {
  it('before init rejects NOT_INITIALIZED and emits error; after destroy DESTROYED', async () => {
    const { widget, names } = make(null);
    await expect(widget.open()).rejects.toMatchObject({ name: 'PayUIError', code: 'NOT_INITIALIZED' });
    widget.destroy();
    await expect(widget.open()).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(names()).toEqual(['error']);
    expect(() => widget.init({ access_token: 'T' })).toThrow(expect.objectContaining({ code: 'DESTROYED' }));
  });

  it('init with bad options throws INVALID_OPTION naming the field, and leaves nothing half-open', async () => {
    const { widget } = make(null);
    expect(() => widget.init({ access_token: 'T', lightbox: { zIndex: 'high' } } as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'lightbox.zIndex' }));
    expect(widget.isOpen).toBe(false);
    await expect(widget.open()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
  });

  it('a second open() while open returns the same promise and opens nothing new', async () => {
    const { widget, lightboxes } = make();
    const first = widget.open();
    expect(widget.open()).toBe(first);
    await settle();
    expect(widget.open()).toBe(first);
    expect(lightboxes.opened).toHaveLength(1);
  });

  it('resolves once with the last status when the UI closes, and relays statuses in order', async () => {
    const { widget, lightboxes, events, names } = make();
    const result = widget.open();
    await settle();
    const { ui } = lightboxes.opened[0]!;
    uiSays(ui, 'widget-detection');
    expect(JSON.parse(ui.postMessage.mock.calls[0]![0])).toEqual({
      command: 'widget-detected', data: { version: VERSION, lightBoxOptions: expect.objectContaining({ zIndex: 1000 }) },
    });
    expect(ui.postMessage.mock.calls[0]![1]).toBe(UI);
    uiSays(ui, 'status', { paymentInfo: { status: 'invoice', invoice: 1 } });
    uiSays(ui, 'status', { paymentInfo: { status: 'refunded', invoice: 1 } });
    uiSays(ui, 'status', { paymentInfo: { status: 'done', invoice: 1 } });
    uiSays(ui, 'user-country', { user_country: 'DE' });
    uiSays(ui, 'error', { code: '0004-0001', message: 'expired' });
    uiSays(ui, 'close');
    uiSays(ui, 'close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'done', invoice: 1 }, reason: 'ui' });
    expect(names()).toEqual(['open', 'open-lightbox', 'status', 'status-invoice', 'status', 'status', 'status-done', 'user-country', 'error', 'close-lightbox', 'close']);
    expect(events.at(-1)).toEqual(['close', { reason: 'ui', lastStatus: 'done' }]);
    expect(lightboxes.opened[0]!.destroy).toHaveBeenCalledOnce();
    expect(widget.isOpen).toBe(false);
  });

  it('a later status the widget does not know keeps the last known one; paymentInfo is the last sent', async () => {
    const { widget, lightboxes, events } = make();
    const result = widget.open();
    await settle();
    const { ui } = lightboxes.opened[0]!;
    uiSays(ui, 'status', { paymentInfo: { status: 'done', invoice: 7 } });
    uiSays(ui, 'status', { paymentInfo: { status: 'refunded', invoice: 7 } });
    uiSays(ui, 'close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'refunded', invoice: 7 }, reason: 'ui' });
    expect(events.at(-1)).toEqual(['close', { reason: 'ui', lastStatus: 'done' }]);
  });

  it('ignores the same messages from another origin or window', async () => {
    const { widget, lightboxes, names } = make();
    void widget.open();
    await settle();
    const { ui } = lightboxes.opened[0]!;
    uiSays(ui, 'close', {}, 'http://localhost:5175');
    uiSays({ postMessage: vi.fn() }, 'close');
    expect(widget.isOpen).toBe(true);
    expect(names()).toEqual(['open', 'open-lightbox']);
  });

  it.each([
    ['close()', 'api', (w: PayUIWidget) => w.close()],
    ['destroy()', 'api', (w: PayUIWidget) => w.destroy()],
  ] as const)('%s resolves with reason %s', async (_name, reason, act) => {
    const { widget } = make();
    const result = widget.open();
    await settle();
    act(widget);
    await expect(result).resolves.toEqual({ status: null, paymentInfo: null, reason });
  });

  it('the player closing it resolves with reason user; load is emitted once', async () => {
    const { widget, lightboxes, events } = make();
    const result = widget.open();
    await settle();
    const { callbacks } = lightboxes.opened[0]!.params;
    callbacks.onLoad({ width: 700, height: 600 });
    callbacks.onLoad({ width: 700, height: 600 });
    callbacks.onUserClose();
    callbacks.onUserClose();
    await expect(result).resolves.toMatchObject({ reason: 'user' });
    expect(events.filter(([t]) => t === 'load')).toEqual([['load', { dimensions: { width: 700, height: 600 } }]]);
  });

  it('a load timeout is an error event; closing the message it shows is reason error, unless the UI loaded since', async () => {
    const { widget, lightboxes, events } = make();
    const result = widget.open();
    await settle();
    lightboxes.opened[0]!.params.callbacks.onTimeout();
    expect(events.find(([t]) => t === 'error')![1]).toMatchObject({ code: 'LOAD_TIMEOUT' });
    lightboxes.opened[0]!.params.callbacks.onUserClose();
    await expect(result).resolves.toMatchObject({ reason: 'error' });
    expect(events.at(-1)).toEqual(['close', { reason: 'error', lastStatus: null }]);

    const late = widget.open();
    await settle();
    const { callbacks } = lightboxes.opened[1]!.params;
    callbacks.onTimeout();
    callbacks.onLoad();
    callbacks.onUserClose();
    await expect(late).resolves.toMatchObject({ reason: 'user' });
  });

  it("another instance's open() while a lightbox is up rejects ALREADY_OPEN; a later open works", async () => {
    const a = make();
    const b = make();
    const first = a.widget.open();
    await settle();
    await expect(b.widget.open()).rejects.toMatchObject({ code: 'ALREADY_OPEN' });
    expect(b.names()).toEqual(['error']);
    a.widget.close();
    await first;
    const second = b.widget.open();
    await settle();
    expect(b.widget.isOpen).toBe(true);
    b.widget.close();
    await expect(second).resolves.toMatchObject({ reason: 'api' });
  });

  it('two instances opening at the same time: the one whose code arrives second is refused', async () => {
    const a = make();
    const b = make();
    const first = a.widget.open();
    const second = b.widget.open();
    await expect(second).rejects.toMatchObject({ code: 'ALREADY_OPEN' });
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(1);
    await settle();
    expect([a.widget.isOpen, b.widget.isOpen]).toEqual([true, false]);
    a.widget.close();
    await expect(first).resolves.toMatchObject({ reason: 'api' });
  });

  it('isOpen stays false while the lightbox code is still loading', async () => {
    const { widget } = make();
    void widget.open();
    expect(widget.isOpen).toBe(false);
    await settle();
    expect(widget.isOpen).toBe(true);
  });

  it('lightbox code that fails to load rejects, and never blocks a later open', async () => {
    const { widget, lightboxes } = make();
    lightboxes.load.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    await expect(widget.open()).rejects.toMatchObject({ code: 'LOAD_TIMEOUT' });
    expect(widget.isOpen).toBe(false);
    const again = widget.open();
    await settle();
    expect(lightboxes.opened).toHaveLength(1);
    widget.close();
    await expect(again).resolves.toMatchObject({ reason: 'api' });
  });

  it('a lightbox that throws while opening rejects and leaves the widget able to open again', async () => {
    const { widget, lightboxes } = make();
    lightboxes.load.mockImplementationOnce(() => Promise.resolve({
      openLightbox: () => { throw new Error('no shadow DOM here'); },
    }));
    await expect(widget.open()).rejects.toMatchObject({ code: 'UNSUPPORTED_ENVIRONMENT' });
    expect(widget.isOpen).toBe(false);
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
    const again = widget.open();
    await settle();
    expect(widget.isOpen).toBe(true);
    widget.close();
    await expect(again).resolves.toMatchObject({ reason: 'api' });
  });

  it('init() during an open applies to the next open, not to the one on screen', async () => {
    const { widget, lightboxes } = make();
    void widget.open();
    await settle();
    widget.init({ access_token: 'T2', lightbox: { zIndex: 5 }, preload: 'none' });
    const { ui } = lightboxes.opened[0]!;
    uiSays(ui, 'widget-detection');
    expect(JSON.parse(ui.postMessage.mock.calls[0]![0]).data.lightBoxOptions.zIndex).toBe(1000);
  });

  it('close() before the lightbox code arrived settles at once and shows nothing', async () => {
    const { widget, lightboxes } = make();
    const result = widget.open();
    widget.close();
    await expect(result).resolves.toEqual({ status: null, paymentInfo: null, reason: 'api' });
    await settle();
    expect(lightboxes.opened).toHaveLength(0);
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
  });
});

describe('messages', () => {
  it('sendMessage goes to the exact origin; onMessage hears any command, also custom ones', async () => {
    const { widget, lightboxes } = make();
    const heard: unknown[] = [];
    const stop = widget.onMessage('loyalty', (data) => heard.push(data));
    widget.onMessage('status', (data) => heard.push(data));
    widget.onMessage('loyalty', () => { throw new Error('merchant bug'); });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    widget.sendMessage('before-open');
    void widget.open();
    await settle();
    const { ui } = lightboxes.opened[0]!;
    widget.sendMessage('apply-coupon', { code: 'WINTER' });
    uiSays(ui, 'loyalty', { points: 5 });
    uiSays(ui, 'status', { paymentInfo: { status: 'invoice' } });
    stop();
    uiSays(ui, 'loyalty', { points: 6 });
    expect(ui.postMessage.mock.calls).toEqual([['{"command":"apply-coupon","data":{"code":"WINTER"}}', UI]]);
    expect(heard).toEqual([{ points: 5 }, { paymentInfo: { status: 'invoice' } }]);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect(() => widget.sendMessage('' as string)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'command' }));
    expect(() => widget.onMessage('x', 'nope' as never)).toThrow(expect.objectContaining({ path: 'handler' }));
  });
});

describe('init and destroy', () => {
  it('preload connect adds one preconnect link and warms the lightbox code; destroy removes it', async () => {
    const { widget, lightboxes, names } = make({ access_token: 'T' });
    widget.init({ access_token: 'U' });
    // Not during init itself: in the next task.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const links = document.head.querySelectorAll('link[rel="preconnect"]');
    expect([...links].map((l) => l.getAttribute('href'))).toEqual(['http://localhost:5175']);
    expect(lightboxes.load).toHaveBeenCalled();
    expect(names()).toEqual(['init']);
    widget.destroy();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it("preload 'none' touches nothing; destroy before the next task cancels the preconnect", async () => {
    const { lightboxes } = make({ access_token: 'T', preload: 'none' });
    make({ access_token: 'T' }).widget.destroy();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(document.head.children).toHaveLength(0);
    expect(lightboxes.load).not.toHaveBeenCalled();
  });

  it('destroy() is idempotent, removes handlers, and leaves no node behind', async () => {
    const { widget, events } = make();
    void widget.open();
    await settle();
    widget.destroy();
    widget.destroy();
    expect(document.body.children).toHaveLength(0);
    const count = events.length;
    widget.close();
    expect(events).toHaveLength(count);
    expect(widget.isOpen).toBe(false);
  });

  it('exposes eventTypes and the package version', () => {
    const { widget } = make();
    expect(widget.eventTypes.STATUS_DONE).toBe('status-done');
    expect(widget.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('the child window, before the session code has arrived', () => {

  /** A phone whose window.open gives a fake popup, and session code that arrives when the test says. */
  function phone() {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)) };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    let arrive!: (module: SessionModule) => void;
    let fail!: (error: Error) => void;
    const loadSession = vi.fn(() => new Promise<SessionModule>((resolve, reject) => ((arrive = resolve), (fail = reject))));
    const widget = createWidget({ loadSession, loadLightbox: fakeLightboxes().load, loadInline }, { access_token: 'T', sandbox: true, preload: 'none' });
    widgets.push(widget);
    const events: [string, unknown][] = [];
    for (const type of Object.values(widget.eventTypes)) widget.on(type, (data) => events.push([type, data]));
    return {
      widget, popup, open, events, arrive: (module = sessionModule) => arrive(module), fail: () => fail(new Error('offline')),
    };
  }
  afterEach(() => vi.restoreAllMocks());

  it('opens inside the call, and what the window says meanwhile is answered and relayed once the code is here', async () => {
    const { widget, popup, open, events, arrive } = phone();
    const result = widget.open();
    expect(open).toHaveBeenCalledWith('http://localhost:5176/?access_token=T', '_blank');
    expect(widget.isOpen).toBe(true); // The window is up, whatever code is still on its way.
    uiSays(popup, 'widget-detection');
    uiSays(popup, 'status', { paymentInfo: { status: 'invoice' } });
    uiSays({ postMessage: vi.fn() }, 'close'); // another window: never counts
    // The window is what the player sees: announced in the click.
    expect(events.map(([type]) => type)).toEqual(['open', 'open-window']);
    arrive();
    await settle();
    expect(popup.postMessage).toHaveBeenCalledWith(expect.stringContaining('"command":"widget-detected"'), UI);
    expect(events.map(([type]) => type)).toEqual(['open', 'open-window', 'load', 'status', 'status-invoice']);
    expect(widget.isOpen).toBe(true);
    uiSays(popup, 'close');
    await expect(result).resolves.toEqual({ status: 'invoice', paymentInfo: { status: 'invoice' }, reason: 'ui' });
  });

  it('close() meanwhile closes the window and settles at once; the code arriving later changes nothing', async () => {
    const { widget, popup, events, arrive } = phone();
    const result = widget.open();
    widget.close();
    await expect(result).resolves.toEqual({ status: null, paymentInfo: null, reason: 'api' });
    expect(popup.close).toHaveBeenCalled();
    const names = ['open', 'open-window', 'close-window', 'close'];
    expect(events.map(([type]) => type)).toEqual(names);
    arrive();
    await settle();
    expect(events.map(([type]) => type)).toEqual(names);
  });

  it('session code that cannot load closes the window and rejects LOAD_TIMEOUT; the next open tries again', async () => {
    const { widget, popup, open, events, fail } = phone();
    const result = widget.open();
    fail();
    await expect(result).rejects.toMatchObject({ code: 'LOAD_TIMEOUT' });
    expect(popup.close).toHaveBeenCalled();
    expect(widget.isOpen).toBe(false);
    expect(events.map(([type]) => type)).toEqual(['open', 'open-window', 'error', 'close-window', 'close']);
    expect(events.at(-1)).toEqual(['close', { reason: 'error', lastStatus: null }]);
    expect(widget.open()).not.toBe(result);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('session code that throws while starting is an error too, never an open() that stays pending', async () => {
    const { widget, popup, arrive } = phone();
    const result = widget.open();
    arrive({ ...sessionModule, startSession: () => { throw new Error('broken build'); } });
    await expect(result).rejects.toMatchObject({ code: 'UNSUPPORTED_ENVIRONMENT' });
    expect(popup.close).toHaveBeenCalled();
    expect(widget.open()).not.toBe(result);
  });
});

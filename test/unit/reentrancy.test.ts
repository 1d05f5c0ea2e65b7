// @vitest-environment happy-dom
// The defects of the lifecycle review (issue 12), each as a player or a merchant meets it: API
// calls made from inside event handlers behave as if made from outside.
import { describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import * as sessionModule from '../../src/session/session';
import { fakeLightboxes, loadInline } from './fake-lightbox';
import { freshDesktopPage } from './page';
import { createWidget, type PayUIWidget, type SessionModule } from '../../src/widget';
import { PHONE_UA } from './user-agents';

const UI = 'http://localhost:5176';
const OPTIONS = { access_token: 'T', sandbox: true, preload: 'none' } as const;

// The lightbox is built after the next paint (session.ts `afterPaint`): two frames and a task cover it.
const settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
const say = (source: object, command: string, data?: object) =>
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: source as Window }));


const widgets = freshDesktopPage();
function desktop(loadSession: () => Promise<SessionModule> = () => Promise.resolve(sessionModule)) {
  const boxes = fakeLightboxes();
  const widget = createWidget({ loadSession, loadLightbox: boxes.load, loadInline }, OPTIONS);
  widgets.push(widget);
  const events: string[] = [];
  for (const type of Object.values(widget.eventTypes)) widget.on(type, () => events.push(type));
  return { widget, boxes, events };
}


describe('re-entrant API', () => {
  it("destroy() in a close handler: close fires once and open() resolves with the UI's reason", async () => {
    const { widget, boxes, events } = desktop();
    widget.once('close', () => widget.destroy());
    const result = widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'close');
    await expect(result).resolves.toMatchObject({ reason: 'ui' });
    expect(events.filter((e) => e === 'close')).toHaveLength(1);
  });

  it('open() in a close handler opens anew', async () => {
    const { widget, boxes } = desktop();
    let again: Promise<unknown> | undefined;
    widget.once('close', () => (again = widget.open()));
    const first = widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'close');
    await expect(first).resolves.toMatchObject({ reason: 'ui' });
    expect(again).not.toBe(first);
    await settle();
    expect(boxes.opened).toHaveLength(2);
    expect(widget.isOpen).toBe(true);
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(1);
  });

  it('close() in an open handler on the child-window path: close follows and no listener is left', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)) };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { widget, events } = desktop();
    widget.once('open', () => widget.close());
    const result = widget.open();
    await settle();
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    expect(events).toEqual(['open', 'open-window', 'close-window', 'close']);
    expect(popup.close).toHaveBeenCalled();
    const messageListeners = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'message').map(([, fn]) => fn);
    expect(messageListeners(added).filter((fn) => !messageListeners(removed).includes(fn))).toEqual([]);
  });

  it('a status handler that closes still sees the matching status-<s> first, then close', async () => {
    const { widget, boxes, events } = desktop();
    widget.on('status', () => widget.close());
    const result = widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'status', { paymentInfo: { status: 'done' } });
    await expect(result).resolves.toMatchObject({ status: 'done', reason: 'api' });
    expect(events).toEqual(['open', 'open-lightbox', 'status', 'status-done', 'close-lightbox', 'close']);
  });

  it('destroy() in a status handler: every close handler still hears close, then all are removed', async () => {
    const { widget, boxes, events } = desktop();
    widget.on('status', () => widget.destroy());
    const result = widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'status', { paymentInfo: { status: 'troubled' } });
    await expect(result).resolves.toMatchObject({ status: 'troubled', reason: 'api' });
    expect(events.slice(-2)).toEqual(['close-lightbox', 'close']);
  });

  it('isOpen is already false inside close handlers, and a close handler may open again at once', async () => {
    const { widget, boxes } = desktop();
    const seen: boolean[] = [];
    widget.once('close-lightbox', () => seen.push(widget.isOpen));
    widget.once('close', () => seen.push(widget.isOpen));
    void widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'close');
    expect(seen).toEqual([false, false]);
  });
});

describe('failed init', () => {
  it('a throwing init() leaves no options: open() rejects NOT_INITIALIZED instead of buying the earlier purchase', async () => {
    const { widget, boxes } = desktop();
    expect(() => widget.init({ access_token: 'B', lightbox: { zIndex: -1 } })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'lightbox.zIndex' }));
    await expect(widget.open()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
    await settle();
    expect(boxes.opened).toHaveLength(0);
  });
});

describe('smaller defects', () => {
  it('onMessage subscribers hear close', async () => {
    const { widget, boxes } = desktop();
    const heard: string[] = [];
    widget.onMessage('close', () => heard.push('close'));
    void widget.open();
    await settle();
    say(boxes.opened[0]!.ui, 'close');
    expect(heard).toEqual(['close']);
  });

  it('a throw while the session starts is UNSUPPORTED_ENVIRONMENT and leaves nothing behind', async () => {
    const { widget, boxes, events } = desktop(() => Promise.resolve({ startSession: () => { throw new Error('broken'); } } as never));
    await expect(widget.open()).rejects.toMatchObject({ code: 'UNSUPPORTED_ENVIRONMENT' });
    expect(events).toEqual(['error']);
    expect(boxes.opened).toHaveLength(0);
  });

  it('destroy() cancels the idle preload', async () => {
    const idle: (() => void)[] = [];
    // happy-dom has no requestIdleCallback: this one holds the callbacks until the test runs them.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const boxes = fakeLightboxes();
    const loadSession = vi.fn(() => Promise.resolve(sessionModule));
    const widget = createWidget({ loadSession, loadLightbox: boxes.load, loadInline }, { access_token: 'T' });
    await settle();
    expect(idle).toHaveLength(1); // the fetch waits for the page to be idle
    widget.destroy();
    idle.forEach((run) => run());
    await settle();
    expect(loadSession).not.toHaveBeenCalled();
    expect(boxes.load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="preconnect"]')).toBeNull();
  });
});

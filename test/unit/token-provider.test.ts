// @vitest-environment happy-dom
// `access_token` as a token provider (DESIGN.md §1, §2, §5): asked once per open with what was
// clicked; the lightbox shows at once and its frame gets the address when the token is here;
// on a phone the window opens in the call on the widget's loading page and goes to the payment UI;
// every way the provider can fail ends in TOKEN_FAILED shown to the player, and open() resolves
// with reason `error` when the player closes it. Handlers call back into the widget meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as sessionModule from '../../src/session/session';
import { fakeLightboxes, loadInline } from './fake-lightbox';
import { createWidgetHandle, type PayUIWidget } from '../../src/widget';
import type { TokenProvider } from '../../src/core/options';
import { DESKTOP_UA, PHONE_UA } from './user-agents';

// The lightbox is built after the next paint (session.ts `afterPaint`): two frames and a task cover it.
const settle = (ms = 0) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ms))));


let widgets: PayUIWidget[] = [];
function make(provider: TokenProvider | (() => unknown), extra: object = {}, loaded?: Promise<void>) {
  const boxes = fakeLightboxes(loaded);
  const handle = createWidgetHandle(
    { loadSession: () => Promise.resolve(sessionModule), loadLightbox: boxes.load, loadInline },
    { access_token: provider as TokenProvider, sandbox: true, preload: 'none', ...extra },
  );
  widgets.push(handle.widget);
  const events: [string, any][] = [];
  for (const type of Object.values(handle.widget.eventTypes)) handle.widget.on(type, (data) => events.push([type, data]));
  return { ...handle, opened: boxes.opened, events, names: () => events.map(([type]) => type) };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
  widgets = [];
});
afterEach(() => {
  widgets.forEach((w) => w.destroy());
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
  // The fake phone window shares this document: its loading page set these.
  document.documentElement.lang = '';
  document.title = '';
});

describe('a token provider on desktop', () => {
  it('is asked once per open, with the trigger; the lightbox shows at once and its frame gets the address with the token', async () => {
    let answer!: (token: string) => void;
    const provider = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { widget, open, opened, names } = make(provider);
    const buy = document.createElement('button');
    const result = open(undefined, buy);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider).toHaveBeenCalledWith({ trigger: buy });
    expect(widget.open()).toBe(result); // A second open() while pending: the same promise, no second call.
    expect(provider).toHaveBeenCalledTimes(1);
    await settle();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.params.frame.frame.hasAttribute('src')).toBe(false); // Shown with its indicator before the token.
    expect(names()).toEqual(['open', 'open-lightbox']);
    answer('FRESH-1');
    await settle();
    expect(opened[0]!.go).toHaveBeenCalledWith('http://localhost:5176/?access_token=FRESH-1');
    widget.close();
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    void widget.open();
    expect(provider).toHaveBeenCalledTimes(2);
    expect(provider).toHaveBeenLastCalledWith({ trigger: null });
  });

  it('keeps the queryParams and the sandbox address; the token takes the access_token place', async () => {
    const { widget, opened } = make(() => 'A B&C', { queryParams: { theme: 'dark' }, sandbox: false });
    void widget.open();
    await settle();
    expect(opened[0]!.go).toHaveBeenCalledWith('http://localhost:5175/?access_token=A+B%26C&theme=dark');
  });

  const failures: [string, () => unknown, RegExp, object?][] = [
    ['throws', () => { throw new Error('session expired'); }, /session expired/],
    ['rejects', () => Promise.reject(new Error('HTTP 500')), /HTTP 500/],
    ['rejects with a string', () => Promise.reject('offline'), /offline/],
    ['returns an empty string', () => '  ', /an empty string/],
    ['returns a number', () => 42, /returned number/],
    ['returns nothing', () => undefined, /returned undefined/],
    ['never answers', () => new Promise(() => undefined), /no token within tokenTimeout \(150 ms\)/, { tokenTimeout: 150 }],
  ];
  it.each(failures)('that %s: TOKEN_FAILED with the cause, shown until the player closes it, reason error', async (_name, provider, message, extra) => {
    const { widget, opened, events, names } = make(provider, extra);
    const result = widget.open();
    await settle(200);
    expect(opened[0]!.fail).toHaveBeenCalledTimes(1);
    expect(opened[0]!.go).not.toHaveBeenCalled();
    const error = events.find(([type]) => type === 'error')![1];
    expect(error.code).toBe('TOKEN_FAILED');
    expect(error.message).toMatch(message);
    expect(widget.isOpen).toBe(true); // The message is shown: open() has not resolved.
    opened[0]!.params.callbacks.onUserClose();
    await expect(result).resolves.toEqual({ status: null, paymentInfo: null, reason: 'error' });
    expect(names()).toEqual(['open', 'open-lightbox', 'error', 'close-lightbox', 'close']);
    expect(events.at(-1)![1]).toEqual({ reason: 'error', lastStatus: null });
  });

  it.each<[string, unknown]>([
    ['an object', { token: 'SECRET-TOKEN' }],
    ['an array', ['SECRET-TOKEN']],
    ['an object with its own toString', { toString: () => 'SECRET-TOKEN' }],
  ])('never puts what the provider returned into the message (%s)', async (_name, answer) => {
    const { widget, events } = make(() => answer);
    void widget.open();
    await settle();
    expect(events.find(([type]) => type === 'error')![1].code).toBe('TOKEN_FAILED');
    expect(JSON.stringify(events)).not.toContain('SECRET-TOKEN');
  });

  it('a later open() asks again, and may succeed', async () => {
    let calls = 0;
    const { widget, opened } = make(() => (++calls === 1 ? Promise.reject(new Error('flaky')) : 'SECOND'));
    const first = widget.open();
    await settle();
    opened[0]!.params.callbacks.onUserClose();
    await first;
    void widget.open();
    await settle();
    expect(opened[1]!.go).toHaveBeenCalledWith('http://localhost:5176/?access_token=SECOND');
  });

  it('tokenTimeout counts from open(), not from when the code arrived', async () => {
    let release!: () => void;
    const { widget, opened, events } = make(() => new Promise(() => undefined), { tokenTimeout: 300 }, new Promise((resolve) => (release = resolve)));
    void widget.open();
    await settle(250);
    release();
    await settle(100);
    expect(opened[0]!.fail).toHaveBeenCalled();
    expect(events.some(([type, data]) => type === 'error' && data.code === 'TOKEN_FAILED')).toBe(true);
  });

  describe('re-entrancy while the provider has not answered', () => {
    it('close() in the open handler: closed, and the late token opens nothing', async () => {
      let answer!: (token: string) => void;
      const { widget, opened, names } = make(() => new Promise<string>((resolve) => (answer = resolve)));
      widget.on('open', () => widget.close());
      const result = widget.open();
      await expect(result).resolves.toMatchObject({ reason: 'api' });
      answer('LATE');
      await settle();
      expect(opened.every((o) => o.go.mock.calls.length === 0)).toBe(true);
      expect(names()).toEqual(['open', 'open-lightbox', 'close-lightbox', 'close']);
    });

    it('destroy() while pending: settles, the failure that comes later emits nothing', async () => {
      let reject!: (error: Error) => void;
      const { widget, events } = make(() => new Promise<string>((_, no) => (reject = no)));
      const result = widget.open();
      await settle();
      widget.destroy();
      await expect(result).resolves.toMatchObject({ reason: 'api' });
      const count = events.length;
      reject(new Error('late'));
      await settle();
      expect(events).toHaveLength(count);
    });

    it('open() again from the close handler of a failed open asks the provider again', async () => {
      const provider = vi.fn().mockRejectedValueOnce(new Error('first')).mockResolvedValue('RETRY');
      const { widget, opened } = make(provider);
      let second: Promise<unknown> | undefined;
      widget.once('close', () => void (second = widget.open()));
      void widget.open();
      await settle();
      opened[0]!.params.callbacks.onUserClose();
      await settle();
      expect(second).toBeDefined();
      expect(provider).toHaveBeenCalledTimes(2);
      expect(opened[1]!.go).toHaveBeenCalledWith('http://localhost:5176/?access_token=RETRY');
    });
  });
});

describe('feedback in the next frame on desktop', () => {
  it('while the lightbox code is on its way the page shows the indicator and takes the clicks; the lightbox replaces it', async () => {
    let release!: () => void;
    const { widget, opened } = make(() => 'T', {}, new Promise((resolve) => (release = resolve)));
    void widget.open();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await settle();
    const pending = [...document.body.children].find((element) => element.shadowRoot?.querySelector('i'));
    expect(pending?.shadowRoot!.querySelectorAll('i')).toHaveLength(1);
    release();
    await settle();
    expect(opened).toHaveLength(1);
    expect(pending!.isConnected).toBe(false);
  });

  it('close() while only the indicator is up removes it', async () => {
    const { widget } = make(() => 'T', {}, new Promise(() => undefined));
    void widget.open();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await settle();
    expect(document.body.children.length).toBeGreaterThan(0);
    widget.close();
    expect(document.body.children).toHaveLength(0);
  });
});

describe('a token provider on a phone', () => {
  function phone(provider: () => unknown, extra: object = {}) {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)), document, location: { replace: vi.fn() } };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    return { ...make(provider, extra), popup, windowOpen: open };
  }

  it('opens the window in the call on the loading page, in the widget\'s language, and sends it to the payment UI with the token', async () => {
    let answer!: (token: string) => void;
    const { widget, popup, windowOpen, names } = phone(() => new Promise<string>((resolve) => (answer = resolve)), { language: 'de' });
    void widget.open();
    expect(windowOpen).toHaveBeenCalledWith('', '_blank');
    expect(names()).toEqual(['open', 'open-window']);
    const page = [...document.body.children].find((element) => element.shadowRoot?.querySelector('i'))!;
    expect(page.shadowRoot!.querySelectorAll('i')).toHaveLength(1);
    await settle();
    expect(document.title).toBe('Zahlungsseite wird geladen …');
    expect(page.getAttribute('role')).toBe('status');
    expect(page.getAttribute('aria-label')).toBe('Zahlungsseite wird geladen …');
    expect(popup.location.replace).not.toHaveBeenCalled();
    answer('PHONE-TOKEN');
    await settle();
    expect(popup.location.replace).toHaveBeenCalledWith('http://localhost:5176/?access_token=PHONE-TOKEN');
  });

  it('a failing provider: the window shows the message and a close button; closing it resolves with reason error', async () => {
    const { widget, popup, events } = phone(() => Promise.reject(new Error('no session')));
    const result = widget.open();
    await settle();
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect(events.find(([type]) => type === 'error')![1]).toMatchObject({ code: 'TOKEN_FAILED', message: expect.stringContaining('no session') });
    const problem = [...document.body.children].find((element) => element.shadowRoot?.querySelector('button'))!;
    expect(problem.shadowRoot!.querySelector('[role=alert] p')!.textContent).toBe('The payment could not start. Please try again.');
    problem.shadowRoot!.querySelector('button')!.click();
    await expect(result).resolves.toMatchObject({ reason: 'error' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('a plain token never reads the window: the payment UI in it is another origin', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const popup = { closed: false, postMessage: vi.fn(), focus: vi.fn(), close: vi.fn(), get document(): Document { throw new DOMException('Blocked a frame with origin', 'SecurityError'); } };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const handle = createWidgetHandle({ loadSession: () => Promise.resolve(sessionModule), loadLightbox: fakeLightboxes().load, loadInline }, { access_token: 'PLAIN', sandbox: true, preload: 'none' });
    widgets.push(handle.widget);
    const errors: unknown[] = [];
    handle.widget.on('error', (data) => errors.push(data));
    void handle.widget.open();
    await settle();
    expect(errors).toEqual([]);
    expect(popup.close).not.toHaveBeenCalled();
    expect(handle.widget.isOpen).toBe(true);
  });

  it('the player closing the window after a failure is reason error too', async () => {
    const { widget, popup } = phone(() => '');
    const result = widget.open();
    await settle();
    popup.closed = true;
    await expect(result).resolves.toMatchObject({ reason: 'error' });
  });
});

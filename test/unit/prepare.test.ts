// @vitest-environment happy-dom
// Ready before the click (DESIGN.md §15): the payment UI prepared hidden, then shown by open().
// The lightbox here is a stand-in built around the session's frame whose window is the frame's own
// (as the real one's is), so what the hidden payment UI posted reaches the open's channel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import * as sessionModule from '../../src/session/session';
import type { SurfaceCallbacks } from '../../src/surfaces/surface';
import { createWidgetHandle, type LightboxModule, type PayUIWidget, type WidgetHandle } from '../../src/widget';
import { random } from '../fixtures/random';
import { loadInline } from './fake-lightbox';
import { DESKTOP_UA, PHONE_UA } from './user-agents';

const UI = 'http://localhost:5176';
const PREPARED = '[data-payui-prepared]';
const SHOWN = '[data-payui-lightbox]';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
/** Microtasks only: what happens before the task of the call ends. */
const sameTask = async () => {
  for (let i = 0; i < 20; i += 1) await null;
};

interface Made {
  handle: WidgetHandle;
  widget: PayUIWidget;
  events: [string, unknown][];
  names: () => string[];
  provider: ReturnType<typeof vi.fn>;
  opened: { frame: HTMLIFrameElement; callbacks: SurfaceCallbacks }[];
  loadLightbox: ReturnType<typeof vi.fn>;
}
let made: Made[] = [];

function make(options: object = {}, answer: (context: { trigger: Element | null; preload?: true }) => unknown = () => 'TOKEN'): Made {
  const opened: Made['opened'] = [];
  const module: LightboxModule = {
    openLightbox(params) {
      const { host, frame } = params.frame;
      host.style.setProperty('visibility', 'visible', 'important');
      opened.push({ frame, callbacks: params.callbacks });
      return {
        target: frame.contentWindow!,
        focus: () => undefined,
        destroy: () => params.frame.remove(),
        setDimensions: (dimensions) => params.callbacks.onLoad(dimensions),
        fail: () => undefined,
      };
    },
  };
  const loadLightbox = vi.fn(() => Promise.resolve(module));
  const provider = vi.fn(answer);
  const handle = createWidgetHandle({ loadSession: () => Promise.resolve(sessionModule), loadLightbox, loadInline });
  const events: [string, unknown][] = [];
  for (const type of Object.values(handle.widget.eventTypes)) handle.widget.on(type, (data) => events.push([type, data]));
  handle.widget.init({ access_token: provider, sandbox: true, preload: 'ui', ...options } as never);
  const entry = { handle, widget: handle.widget, events, names: () => events.map(([t]) => t), provider, opened, loadLightbox };
  made.push(entry);
  return entry;
}

/** Each frame's window, as the payment UI's (happy-dom loads no frame page): what is posted to it is recorded. */
const windows = new WeakMap<HTMLIFrameElement, { postMessage: ReturnType<typeof vi.fn> }>();
const windowOf = (frame: HTMLIFrameElement) => {
  if (!windows.has(frame)) windows.set(frame, { postMessage: vi.fn() });
  return windows.get(frame)!;
};

const hidden = () => document.querySelector<HTMLElement>(PREPARED);
const frameOf = (host: HTMLElement | null) => host!.shadowRoot!.querySelector('iframe')!;
/** The payment UI in `frame` posts a message, as from its origin. */
function uiSays(frame: HTMLIFrameElement, command: string, data?: object) {
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: frame.contentWindow }));
}
/** The frame loaded its document. */
const loads = (frame: HTMLIFrameElement) => frame.dispatchEvent(new Event('load'));

/** Prepared by idle after init, loaded; its frame and what was posted to it. */
async function prepared(options: object = {}, answer?: Parameters<typeof make>[1]) {
  const m = make(options, answer);
  await tick(5);
  const host = hidden();
  const frame = frameOf(host);
  const posted = windowOf(frame).postMessage;
  loads(frame);
  return { ...m, host: host!, frame, posted };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (this: HTMLIFrameElement) {
    return windowOf(this) as unknown as Window;
  });
  made = [];
});
afterEach(() => {
  made.forEach((m) => m.widget.destroy());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("preload: 'ui'", () => {
  it('when idle after init, asks for a preload token and loads the payment UI hidden: inert, aria-hidden, no event, no scroll lock', async () => {
    const { provider, names, widget } = make();
    expect(hidden()).toBeNull();
    await tick(5);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider).toHaveBeenCalledWith({ trigger: null, preload: true });
    const host = hidden()!;
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.inert).toBe(true);
    expect(host.style.getPropertyValue('visibility')).toBe('hidden');
    expect(new URL(frameOf(host).src).searchParams.get('access_token')).toBe('TOKEN');
    // Not a lightbox that is open: another widget may open, and this one is not open.
    expect(document.querySelector(SHOWN)).toBeNull();
    expect(widget.isOpen).toBe(false);
    expect(document.documentElement.style.overflow + document.body.style.overflow).toBe('');
    expect(names()).toEqual(['init']);
  });

  it('answers widget-detection while hidden and emits nothing of what the payment UI posts until open() shows it', async () => {
    const { frame, posted, names } = await prepared();
    uiSays(frame, 'widget-detection');
    uiSays(frame, 'dimensions', { dimensions: { width: 740, height: 600 } });
    uiSays(frame, 'user-country', { user_country: 'DE' });
    uiSays(frame, 'fcp', { value: 80 });
    await tick();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(JSON.parse(posted.mock.calls[0]![0] as string)).toMatchObject({ command: 'widget-detected', data: { lightBoxOptions: { closeButton: true } } });
    expect(posted.mock.calls[0]![1]).toBe(UI);
    expect(names()).toEqual(['init']);
  });

  it('open() shows the same frame in the same task, asks no new token, and emits as an unprepared open, in order', async () => {
    const { widget, frame, posted, host, provider, names, events, opened } = await prepared();
    for (const [command, data] of [['widget-detection'], ['dimensions', { dimensions: { width: 740, height: 600 } }], ['user-country', { user_country: 'DE' }], ['fcp', { value: 80 }]] as const) {
      uiSays(frame, command, data);
    }
    await tick();
    const result = widget.open();
    await sameTask();
    expect(opened.map((o) => o.frame)).toEqual([frame]);
    expect(host.isConnected).toBe(true);
    expect(host.hasAttribute('data-payui-lightbox')).toBe(true);
    expect(host.hasAttribute('aria-hidden')).toBe(false);
    expect(host.inert).toBe(false);
    expect(widget.isOpen).toBe(true);
    expect(names()).toEqual(['init', 'open', 'open-lightbox', 'load', 'user-country', 'fcp']);
    expect(events.find(([t]) => t === 'load')![1]).toEqual({ dimensions: { width: 740, height: 600 } });
    expect(provider).toHaveBeenCalledTimes(1);
    // widget-detected was answered once, while hidden.
    expect(posted).toHaveBeenCalledTimes(1);
    uiSays(frame, 'status', { paymentInfo: { status: 'done' } });
    widget.close();
    await expect(result).resolves.toMatchObject({ status: 'done', reason: 'api' });
    expect(names().slice(-4)).toEqual(['status', 'status-done', 'close-lightbox', 'close']);
    expect(document.querySelector(SHOWN)).toBeNull();
  });

  it('after a prepared session closes, the next open is prepared again when the page is idle', async () => {
    const { widget, provider } = await prepared();
    void widget.open();
    await sameTask();
    expect(hidden()).toBeNull();
    widget.close();
    await tick(5);
    expect(provider).toHaveBeenCalledTimes(2);
    expect(document.querySelectorAll(PREPARED)).toHaveLength(1);
  });

  it("with preload 'connect', prepare() prepares one, and after its session nothing more is prepared", async () => {
    const { widget, provider } = make({ preload: 'connect' });
    await tick(5);
    expect(provider).not.toHaveBeenCalled();
    const done = widget.prepare();
    await tick();
    loads(frameOf(hidden()));
    await expect(done).resolves.toBeUndefined();
    void widget.open();
    await sameTask();
    widget.close();
    await tick(5);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(hidden()).toBeNull();
  });
});

describe('the purchase it was prepared for', () => {
  it("another button's intent replaces it; the click on that button shows it with that button's token", async () => {
    const a = document.body.appendChild(document.createElement('button'));
    const b = document.body.appendChild(document.createElement('button'));
    const { handle, provider } = make({}, ({ trigger }) => (trigger === a ? 'A' : trigger === b ? 'B' : 'NONE'));
    await tick(5);
    handle.intent(undefined, a);
    await tick();
    handle.intent(undefined, a);
    handle.intent(undefined, b);
    await tick();
    const hosts = document.querySelectorAll<HTMLElement>(PREPARED);
    expect(hosts).toHaveLength(1);
    const frame = frameOf(hosts[0]!);
    expect(new URL(frame.src).searchParams.get('access_token')).toBe('B');
    expect(provider.mock.calls.map(([c]) => c)).toEqual([{ trigger: null, preload: true }, { trigger: a, preload: true }, { trigger: b, preload: true }]);
    void handle.open(undefined, b);
    await sameTask();
    expect(frameOf(document.querySelector(SHOWN))).toBe(frame);
    expect(provider).toHaveBeenCalledTimes(3);
  });

  it('an open for another trigger drops it and asks the provider for its own token', async () => {
    const a = document.body.appendChild(document.createElement('button'));
    const { handle, provider } = make({}, ({ trigger }) => (trigger === a ? 'A' : 'NONE'));
    await tick(5);
    expect(hidden()).not.toBeNull();
    void handle.open(undefined, a);
    expect(hidden()).toBeNull();
    await tick(40);
    expect(provider.mock.calls.at(-1)).toEqual([{ trigger: a }]);
    expect(new URL(frameOf(document.querySelector(SHOWN)).src).searchParams.get('access_token')).toBe('A');
  });

  it("a button's own data-access-token is prepared and fits only that token", async () => {
    const { handle, provider } = make({ access_token: 'INIT' });
    const button = document.body.appendChild(document.createElement('button'));
    await tick(5);
    handle.intent('OWN', button);
    await tick();
    const frame = frameOf(hidden());
    expect(new URL(frame.src).searchParams.get('access_token')).toBe('OWN');
    void handle.open('OWN', button);
    await sameTask();
    expect(frameOf(document.querySelector(SHOWN))).toBe(frame);
    expect(provider).not.toHaveBeenCalled();
  });

  it('prepare() for the same purchase while its token is on its way waits for that one: one token', async () => {
    let answer!: (token: string) => void;
    const { widget, provider } = make({ preload: 'connect' }, () => new Promise((resolve) => (answer = resolve)));
    void widget.prepare();
    await tick();
    void widget.prepare();
    await tick();
    answer('ONE');
    await tick();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll(PREPARED)).toHaveLength(1);
  });

  it("intent prepares nothing without preload: 'ui'", async () => {
    const { handle, provider } = make({ preload: 'connect' });
    handle.intent(undefined, document.body.appendChild(document.createElement('button')));
    await tick(5);
    expect(provider).not.toHaveBeenCalled();
    expect(hidden()).toBeNull();
  });
});

describe('dropped, silently', () => {
  it.each([
    ['declines with null', () => null],
    ['throws', () => { throw new Error('no'); }],
    ['rejects', () => Promise.reject(new Error('no'))],
    ['answers an empty string', () => ''],
  ])('a provider that %s prepares nothing, emits nothing, and open() asks again as without preload', async (_name, answer) => {
    let calls = 0;
    const { widget, provider, names } = make({}, (context) => (calls++ === 0 ? (answer as (c: unknown) => unknown)(context) : 'LATER'));
    await tick(5);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(hidden()).toBeNull();
    expect(names()).toEqual(['init']);
    // prepare() asks again (declined once is not declined for ever): the provider now answers.
    void widget.prepare();
    await tick();
    expect(hidden()).not.toBeNull();
    expect(names()).toEqual(['init']);
  });

  it('a provider that never answers is given up after tokenTimeout, with no error event', async () => {
    vi.useFakeTimers();
    const { widget, names } = make({ tokenTimeout: 100 }, () => new Promise(() => undefined));
    const done = widget.prepare();
    await vi.advanceTimersByTimeAsync(150);
    await expect(done).resolves.toBeUndefined();
    expect(hidden()).toBeNull();
    expect(names()).toEqual(['init']);
  });

  it.each(['error', 'close', 'widget-close'])("the payment UI's %s while hidden drops it; open() then starts afresh", async (command) => {
    const { widget, frame, provider, names } = await prepared();
    uiSays(frame, command, { code: '0004-0001', message: 'expired' });
    await tick();
    expect(hidden()).toBeNull();
    expect(names()).toEqual(['init']);
    void widget.open();
    await tick(40);
    expect(provider).toHaveBeenCalledTimes(2);
    expect(provider.mock.calls[1]).toEqual([{ trigger: null }]);
    expect(frameOf(document.querySelector(SHOWN))).not.toBe(frame);
  });

  it('a payment UI that does not load within loadTimeout is dropped', async () => {
    vi.useFakeTimers();
    const { widget, names } = make({ loadTimeout: 1000 });
    const done = widget.prepare();
    await vi.advanceTimersByTimeAsync(10);
    expect(hidden()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBeUndefined();
    expect(hidden()).toBeNull();
    expect(names()).toEqual(['init']);
  });

  it('after preloadTtl it is dropped and prepared again with a new token, never two at once', async () => {
    vi.useFakeTimers();
    let n = 0;
    const { provider } = make({ preloadTtl: 5000 }, () => `T${++n}`);
    await vi.advanceTimersByTimeAsync(10);
    loads(frameOf(hidden()));
    expect(new URL(frameOf(hidden()).src).searchParams.get('access_token')).toBe('T1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(document.querySelectorAll(PREPARED)).toHaveLength(1);
    expect(new URL(frameOf(hidden()).src).searchParams.get('access_token')).toBe('T2');
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it('an open after preloadTtl does not show the expired one', async () => {
    vi.useFakeTimers();
    const { widget, provider } = make({ preloadTtl: 5000, preload: 'connect' });
    void widget.prepare();
    await vi.advanceTimersByTimeAsync(10);
    const frame = frameOf(hidden());
    vi.setSystemTime(Date.now() + 6000);
    void widget.open();
    await vi.advanceTimersByTimeAsync(200);
    expect(hidden()).toBeNull();
    expect(frameOf(document.querySelector(SHOWN))).not.toBe(frame);
    expect(provider).toHaveBeenCalledTimes(2);
  });
});

describe('replaced, or nothing to prepare', () => {
  it('init() again drops it and prepares for the new options; destroy() leaves nothing', async () => {
    const { widget } = await prepared();
    const first = hidden();
    widget.init({ access_token: () => 'NEW', sandbox: true, preload: 'ui' });
    expect(first!.isConnected).toBe(false);
    await tick(5);
    expect(new URL(frameOf(hidden()).src).searchParams.get('access_token')).toBe('NEW');
    widget.destroy();
    expect(document.body.children).toHaveLength(0);
    await tick(5);
    expect(document.body.children).toHaveLength(0);
  });

  it('destroy() while the token is on its way leaves nothing behind once it comes', async () => {
    let answer!: (token: string) => void;
    const { widget } = make({}, () => new Promise((resolve) => (answer = resolve)));
    await tick(5);
    widget.destroy();
    answer('LATE');
    await tick(5);
    expect(document.body.children).toHaveLength(0);
  });

  it('on a phone (a window) prepare() resolves and prepares nothing; iframeOnly phones get it', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: PHONE_UA, configurable: true });
    const { widget, provider } = make({ preload: 'connect' });
    await expect(widget.prepare()).resolves.toBeUndefined();
    expect(provider).not.toHaveBeenCalled();
    const full = make({ preload: 'connect', iframeOnly: true });
    void full.widget.prepare();
    await tick();
    expect(full.provider).toHaveBeenCalledTimes(1);
    expect(hidden()).not.toBeNull();
  });

  it('mount() does not use it (inline is visible anyway), and prepare() while open, before init or after destroy does nothing', async () => {
    const { widget, provider } = await prepared();
    const box = document.body.appendChild(document.createElement('div'));
    void widget.mount(box);
    await tick(40);
    expect(provider).toHaveBeenCalledTimes(2);
    expect(box.querySelector('[data-payui-inline]')).not.toBeNull();
    await widget.prepare();
    expect(provider).toHaveBeenCalledTimes(2);
    widget.destroy();
    await expect(widget.prepare()).resolves.toBeUndefined();
    expect(document.querySelectorAll(PREPARED)).toHaveLength(0);
    const fresh = make();
    fresh.widget.destroy();
    await tick(5);
    expect(fresh.provider).not.toHaveBeenCalled();
  });
});

describe('handlers calling back into the API', () => {
  it('prepare() in an open handler does nothing; in a close handler it prepares the next; destroy() in a close handler leaves nothing', async () => {
    const { widget, provider } = make({ preload: 'connect' });
    void widget.prepare();
    await tick();
    widget.on('open', () => void widget.prepare());
    widget.on('close', () => void widget.prepare());
    void widget.open();
    await sameTask();
    expect(hidden()).toBeNull();
    widget.close();
    await tick();
    expect(provider).toHaveBeenCalledTimes(2);
    expect(document.querySelectorAll(PREPARED)).toHaveLength(1);
    widget.on('close', () => widget.destroy());
    void widget.open();
    await sameTask();
    widget.close();
    await tick(5);
    expect(document.body.children).toHaveLength(0);
  });

  it('random calls from handlers and from outside: at most one prepared frame, every open() settles once, nothing left after destroy', async () => {
    const r = random(400);
    const problems: string[] = [];
    const { widget, handle } = make();
    const buttons = [0, 1].map(() => document.body.appendChild(document.createElement('button')));
    let settled = 0;
    let opens = 0;
    const track = (promise: Promise<unknown>) => {
      opens += 1;
      promise.then(() => (settled += 1), () => (settled += 1));
    };
    const call = () => {
      try {
        switch (r.int(7)) {
          case 0: track(widget.open()); break;
          case 1: track(handle.open(undefined, r.pick(buttons))); break;
          case 2: widget.close(); break;
          case 3: void widget.prepare(r.chance(0.5) ? r.pick(buttons) : undefined); break;
          case 4: handle.intent(undefined, r.pick(buttons)); break;
          case 5: widget.init({ access_token: () => 'R', sandbox: true, preload: r.pick(['ui', 'connect'] as const) }); break;
          default: {
            const frame = document.querySelector(PREPARED)?.shadowRoot?.querySelector('iframe');
            if (frame) r.chance(0.5) ? loads(frame) : uiSays(frame, r.pick(['widget-detection', 'error', 'fcp']), { value: 1 });
          }
        }
      } catch (error) {
        if ((error as { name: string }).name !== 'PayUIError') problems.push(String(error));
      }
    };
    for (const type of ['open', 'close', 'load', 'open-lightbox', 'close-lightbox'] as const) widget.on(type, () => r.chance(0.4) && call());
    for (let step = 0; step < 400; step += 1) {
      call();
      expect(document.querySelectorAll(PREPARED).length).toBeLessThanOrEqual(1);
      expect(document.querySelectorAll(SHOWN).length).toBeLessThanOrEqual(1);
      expect(document.querySelectorAll(`${PREPARED}[aria-hidden="true"]`).length).toBe(document.querySelectorAll(PREPARED).length);
      if (step % 5 === 0) await tick();
    }
    widget.destroy();
    await tick(5);
    expect(document.querySelectorAll(`${PREPARED}, ${SHOWN}`)).toHaveLength(0);
    expect(settled).toBe(opens);
    expect(opens).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});

// @vitest-environment happy-dom
// `<payui-checkout>` (DESIGN.md §12, issue 26) as a page uses it: its attributes, `token-url` and
// its failures, its events, a click, and what removing it from the page does.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import { createPayUI } from '../../src/index';
import type { PayUICheckoutElement } from '../../src/element/index';
import { DESKTOP_UA } from './user-agents';
import { settle } from './settle';

const UI = 'http://localhost:5176';
const LIVE = 'http://localhost:5175';
const lightboxFrame = () => document.querySelector('[data-payui-lightbox]')?.shadowRoot?.querySelector('iframe') ?? null;
/** The payment UI in the lightbox posts a message to the page. */
const uiSays = (command: string, data?: object) =>
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: lightboxFrame()!.contentWindow }));
/** The lightbox's frame, once it has the payment UI's address. */
async function frameUrl(): Promise<URL> {
  await settle(() => expect(lightboxFrame()?.getAttribute('src')).toBeTruthy());
  return new URL(lightboxFrame()!.getAttribute('src')!);
}
/** Every `payui-*` event that reaches the document, in order. */
function heard(): CustomEvent[] {
  const events: CustomEvent[] = [];
  for (const type of Object.values(createPayUI().eventTypes)) document.addEventListener(`payui-${type}`, (event) => events.push(event as CustomEvent));
  return events;
}
function checkout(attributes: Record<string, string>, html = ''): PayUICheckoutElement {
  const element = document.createElement('payui-checkout');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.options = { preload: 'none' };
  // Safe markup of the test's own, never data.
  element.append(document.createRange().createContextualFragment(html));
  document.body.append(element);
  return element;
}
const task = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  await import('../../src/element/index');
});
beforeEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
});
afterEach(async () => {
  document.body.replaceChildren();
  await task();
  vi.unstubAllGlobals();
});

describe('<payui-checkout> attributes', () => {
  it('is registered on import, typed by its tag name', () => {
    const element: PayUICheckoutElement = document.createElement('payui-checkout');
    expect(element).toBeInstanceOf(customElements.get('payui-checkout')!);
    expect(typeof element.open).toBe('function');
  });

  it('token and sandbox: a click on its slotted button opens the sandbox payment UI with that token; the attributes are properties too', async () => {
    const element = checkout({ token: 'TOKEN-A', sandbox: '' }, '<button type="button">Buy <b>now</b></button>');
    expect(element.sandbox).toBe(true);
    expect(element.mode).toBe('lightbox');
    element.querySelector('b')!.click();
    const url = await frameUrl();
    expect(url.origin).toBe(UI);
    expect(url.searchParams.get('access_token')).toBe('TOKEN-A');
    await settle(() => expect(element.isOpen).toBe(true));
  });

  it('without sandbox (or sandbox="false") the live payment UI; a later attribute change applies to the next open', async () => {
    const element = checkout({ token: 'TOKEN-A', sandbox: 'false' });
    const first = element.open();
    expect((await frameUrl()).origin).toBe(LIVE);
    element.close();
    await expect(first).resolves.toMatchObject({ reason: 'api' });
    element.token = 'TOKEN-B';
    element.sandbox = true;
    void element.open();
    const url = await frameUrl();
    expect([url.origin, url.searchParams.get('access_token')]).toEqual([UI, 'TOKEN-B']);
  });

  it('language sets the language of the widget’s own labels', async () => {
    const element = checkout({ token: 'T', sandbox: '', language: 'de' });
    void element.open();
    await frameUrl();
    await settle(() => expect(lightboxFrame()!.title).toBeTruthy());
    const german = lightboxFrame()!.title;
    element.close();
    element.language = 'en';
    void element.open();
    await frameUrl();
    await settle(() => expect(lightboxFrame()!.title).not.toBe(german));
  });

  it('a bad mode, or token with token-url: open() rejects INVALID_OPTION naming the attribute, with a payui-error event', async () => {
    const events = heard();
    const element = checkout({ token: 'T', mode: 'popover' });
    await expect(element.open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'mode' });
    element.setAttribute('mode', 'lightbox');
    element.setAttribute('token-url', '/token');
    await expect(element.open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'token-url' });
    expect(events.map((e) => [e.type, e.detail.path])).toEqual([['payui-error', 'mode'], ['payui-error', 'token-url']]);
    expect(lightboxFrame()).toBeNull();
  });

  it('preload="ui" prepares the payment UI hidden when idle and a click shows that frame; a bad value is INVALID_OPTION at preload; inline mode prepares nothing', async () => {
    const prepared = () => document.querySelectorAll('[data-payui-prepared]');
    const element = checkout({ token: 'T', sandbox: '', preload: 'ui' }, '<button type="button">Buy</button>');
    await settle(() => expect(prepared()).toHaveLength(1));
    const frame = prepared()[0]!.shadowRoot!.querySelector('iframe');
    expect(new URL(frame!.src).searchParams.get('access_token')).toBe('T');
    element.querySelector('button')!.click();
    await settle(() => expect(lightboxFrame()).toBe(frame));
    expect(prepared()).toHaveLength(0);
    element.remove();
    const inline = checkout({ token: 'T', sandbox: '', preload: 'ui', mode: 'inline' }, '<button type="button">Buy</button>');
    for (let i = 0; i < 5; i += 1) await task();
    expect(prepared()).toHaveLength(0);
    inline.remove();
    const bad = checkout({ token: 'T', preload: 'eager' });
    await expect(bad.open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'preload' });
  });

  it('options the attributes do not cover come from its options property', async () => {
    const element = checkout({ token: 'T' });
    element.options = { sandbox: true, queryParams: { theme: 'dark' }, preload: 'none' };
    void element.open();
    const url = await frameUrl();
    expect([url.origin, url.searchParams.get('theme')]).toEqual([UI, 'dark']);
  });

  it('a click in what inline mode shows (its shadow root) opens nothing', async () => {
    const events = heard();
    const element = checkout({ token: 'T', sandbox: '' }, '<button type="button">Buy</button>');
    element.shadowRoot!.querySelector('[part="frame"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await task();
    expect(element.isOpen).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['payui-init']);
    expect(lightboxFrame()).toBeNull();
  });

  it('an element not in the page refuses to open', async () => {
    const element = document.createElement('payui-checkout');
    element.token = 'T';
    await expect(element.open()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
  });
});

describe('<payui-checkout token-url>', () => {
  function server(answer: () => Response) {
    const requests: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => (requests.push({ url, init }), answer())));
    return requests;
  }

  it('POSTs the element’s data-* as JSON to the same-origin URL at every open, and opens with the token it answers', async () => {
    let count = 0;
    const requests = server(() => Response.json({ token: `FRESH-${++count}` }));
    const element = checkout({ 'token-url': '/api/checkout-token', sandbox: '', 'data-sku': 'crystals-550', 'data-item-count': '2' });
    const first = element.open();
    expect((await frameUrl()).searchParams.get('access_token')).toBe('FRESH-1');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`${location.origin}/api/checkout-token`);
    expect(requests[0]!.init.method).toBe('POST');
    expect(new Headers(requests[0]!.init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0]!.init.body as string)).toEqual({ sku: 'crystals-550', itemCount: '2' });
    element.close();
    await first;
    element.dataset.sku = 'crystals-1200';
    void element.open();
    expect((await frameUrl()).searchParams.get('access_token')).toBe('FRESH-2');
    expect(JSON.parse(requests[1]!.init.body as string)).toEqual({ sku: 'crystals-1200', itemCount: '2' });
  });

  it.each([
    ['a non-2xx answer', () => new Response('{"token":"T"}', { status: 500 }), /HTTP 500/],
    ['an answer that is not JSON', () => new Response('<html>', { status: 200 }), /not JSON/],
    ['JSON without a token', () => Response.json({ access_token: 'T' }), /no "token"/],
    ['an empty token', () => Response.json({ token: '' }), /no "token"/],
  ])('%s: TOKEN_FAILED, told to the player; the open ends with reason error when closed', async (_, answer, message) => {
    server(answer);
    const events = heard();
    const element = checkout({ 'token-url': '/token', sandbox: '' });
    const result = element.open();
    await settle(() => expect(events.map((e) => e.type)).toContain('payui-error'));
    const error = events.find((e) => e.type === 'payui-error')!.detail;
    expect(error.code).toBe('TOKEN_FAILED');
    expect(error.message).toMatch(message);
    expect(lightboxFrame()!.hasAttribute('src')).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(result).resolves.toMatchObject({ status: null, reason: 'error' });
  });

  it('asked for a payment UI prepared before the click, it says so to the server with preload=1 in the query; an open never does', async () => {
    const requests = server(() => Response.json({ token: 'T' }));
    const { tokenUrlProvider } = await import('../../src/element/token-url');
    const ask = tokenUrlProvider(`${location.origin}/api/checkout-token?shop=7`, () => ({ sku: 'crystals-550' }));
    await expect(ask({ trigger: null, preload: true })).resolves.toBe('T');
    await expect(ask({ trigger: null })).resolves.toBe('T');
    expect(requests.map((request) => request.url)).toEqual([
      `${location.origin}/api/checkout-token?shop=7&preload=1`,
      `${location.origin}/api/checkout-token?shop=7`,
    ]);
    expect(requests.map((request) => JSON.parse(request.init.body as string))).toEqual([{ sku: 'crystals-550' }, { sku: 'crystals-550' }]);
  });

  it('{"token": null} declines a prepared payment UI (nothing is prepared); at an open it is TOKEN_FAILED', async () => {
    server(() => Response.json({ token: null }));
    const { tokenUrlProvider } = await import('../../src/element/token-url');
    const ask = tokenUrlProvider(`${location.origin}/api/checkout-token`, () => ({}));
    await expect(ask({ trigger: null, preload: true })).resolves.toBeNull();
    await expect(ask({ trigger: null })).rejects.toMatchObject({ code: 'TOKEN_FAILED', message: expect.stringContaining('no "token"') });
  });

  it('a token-url on another origin is refused before any request, with a clear error', async () => {
    const requests = server(() => Response.json({ token: 'T' }));
    const element = checkout({ 'token-url': 'https://elsewhere.example/token' });
    await expect(element.open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'token-url', message: expect.stringContaining("this page's origin") });
    element.tokenUrl = '//elsewhere.example/token';
    await expect(element.open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'token-url' });
    expect(requests).toHaveLength(0);
  });
});

describe('<payui-checkout> events', () => {
  it('each widget event is a bubbling, composed payui-<event> from the element with the data as detail; open() resolves with the result', async () => {
    const events = heard();
    const element = checkout({ token: 'T', sandbox: '' });
    const result = element.open();
    await frameUrl();
    await settle(() => expect(element.isOpen).toBe(true));
    uiSays('status', { paymentInfo: { status: 'done', invoice: 42 } });
    uiSays('close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'done', invoice: 42 }, reason: 'ui' });
    expect(events.map((e) => e.type)).toEqual([
      'payui-init', 'payui-open', 'payui-open-lightbox', 'payui-status', 'payui-status-done', 'payui-close-lightbox', 'payui-close',
    ]);
    expect(events.every((e) => e.target === element && e.bubbles && e.composed)).toBe(true);
    expect(events.find((e) => e.type === 'payui-open')!.detail).toEqual({ mode: 'lightbox' });
    expect(events.find((e) => e.type === 'payui-status-done')!.detail).toEqual({ paymentInfo: { status: 'done', invoice: 42 } });
    expect(events.find((e) => e.type === 'payui-close')!.detail).toEqual({ reason: 'ui', lastStatus: 'done' });
  });
});

describe('<payui-checkout> in and out of the page', () => {
  it('removed from the page: its widget is destroyed (the open ends, reason api, nothing left)', async () => {
    const element = checkout({ token: 'T', sandbox: '' });
    const widget = element.widget!;
    const result = element.open();
    await frameUrl();
    element.remove();
    await task();
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    expect(element.widget).toBeNull();
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
    await expect(widget.open()).rejects.toMatchObject({ code: 'DESTROYED' });
    // Put back: a widget of its own again.
    document.body.append(element);
    expect(element.widget).not.toBeNull();
    expect(element.widget).not.toBe(widget);
  });

  it('moved within the page in one task: the same widget, the open goes on', async () => {
    const element = checkout({ token: 'T', sandbox: '' });
    const widget = element.widget;
    void element.open();
    await settle(() => expect(element.isOpen).toBe(true));
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(element);
    await task();
    expect(element.widget).toBe(widget);
    expect(element.isOpen).toBe(true);
  });
});

// Inline mode: the widget's mount() (issue 25) inside the element.
/** The iframe under `root`, looking into shadow roots. */
function frameIn(root: ParentNode): HTMLIFrameElement | null {
  const direct = root.querySelector('iframe');
  if (direct) return direct;
  for (const element of root.querySelectorAll('*')) {
    const found = element.shadowRoot && frameIn(element.shadowRoot);
    if (found) return found;
  }
  return null;
}

describe('<payui-checkout mode="inline">', () => {
  it('with nothing to click, shows the payment UI in the element at once; its events come from the element; the UI’s close removes it', async () => {
    const events = heard();
    const element = checkout({ token: 'T', sandbox: '', mode: 'inline' });
    await settle(() => expect(frameIn(element.shadowRoot!)?.getAttribute('src')).toBeTruthy());
    const frame = frameIn(element.shadowRoot!)!;
    expect(new URL(frame.src).searchParams.get('access_token')).toBe('T');
    expect(lightboxFrame()).toBeNull();
    const ui = (command: string, data?: object) =>
      window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: frame.contentWindow }));
    await settle(() => expect(events.map((e) => e.type)).toContain('payui-open-inline'));
    ui('status', { paymentInfo: { status: 'done' } });
    ui('close');
    await settle(() => expect(events.map((e) => e.type)).toContain('payui-close-inline'));
    expect(events.find((e) => e.type === 'payui-close')!.detail).toEqual({ reason: 'ui', lastStatus: 'done' });
    expect(frameIn(element.shadowRoot!)).toBeNull();
  });

  it('with a button in it, shows it on the click; removal from the page removes it', async () => {
    const element = checkout({ token: 'T', sandbox: '', mode: 'inline' }, '<button type="button">Pay</button>');
    await task();
    expect(frameIn(element.shadowRoot!)).toBeNull();
    const result = element.open();
    await settle(() => expect(frameIn(element.shadowRoot!)).not.toBeNull());
    element.remove();
    await task();
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    expect(frameIn(element.shadowRoot!)).toBeNull();
  });
});

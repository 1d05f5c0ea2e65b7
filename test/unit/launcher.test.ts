// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_WAIT_MS, createOutbox, findBridge, fromNativeSide, type Bridge } from '../../src/webview/bridges';
import { readAllowLists } from '../../src/webview/allow';
import { readParams } from '../../src/webview/params';

const OPEN = { paymentUi: ['https://live.test', 'https://sb.test'], returnTo: ['https://g.test'] };
const at = (hash: string, search = '') => readParams({ hash, search }, OPEN);

describe('readParams', () => {
  it('reads the fragment, with the defaults of DESIGN.md §9', () => {
    const result = at('#access_token=T&sandbox=1');
    expect(result).toEqual({
      ok: true,
      params: {
        options: { access_token: 'T', sandbox: true, iframeOnly: true, lightbox: { closeButton: true } },
        bridge: 'auto', channel: 'PayUIBridge', returnUrl: null, targetOrigin: null, closeOnDone: false, debug: false,
      },
    });
  });

  it('falls back to the query only when the fragment is empty', () => {
    expect(at('', '?access_token=Q').ok && (at('', '?access_token=Q') as any).params.options.access_token).toBe('Q');
    expect((at('#access_token=H', '?access_token=Q') as any).params.options.access_token).toBe('H');
  });

  it('takes everything else that is listed', () => {
    const data = JSON.stringify({ settings: { project_id: 200002 } });
    const result = at(`#access_data=${encodeURIComponent(data)}&bridge=opener&channel=GameBridge&return_url=${encodeURIComponent('https://g.test/back?x=1')}&target_origin=${encodeURIComponent('https://g.test')}&language=de&close_on_done=true&debug=1&payment_ui_url=${encodeURIComponent('https://live.test/')}&sandbox_payment_ui_url=${encodeURIComponent('https://sb.test/')}`);
    expect(result).toEqual({
      ok: true,
      params: {
        options: { access_data: { settings: { project_id: 200002 } }, sandbox: false, iframeOnly: true, lightbox: { closeButton: true }, language: 'de', paymentUiUrl: 'https://live.test/', sandboxPaymentUiUrl: 'https://sb.test/' },
        bridge: 'opener', channel: 'GameBridge', returnUrl: 'https://g.test/back?x=1', targetOrigin: 'https://g.test', closeOnDone: true, debug: true,
      },
    });
  });

  it.each([
    ['#sandbox=1', 'access_token (or access_data) is missing'],
    ['#access_token=T&access_data=%7B%7D', 'give access_token or access_data, not both'],
    ['#access_data=%7Bnope', 'access_data is not valid JSON'],
    ['#access_token=T&bridge=telegram', 'bridge must be one of'],
    ['#access_token=T&channel=a.b', 'channel must be a JavaScript name'],
    ['#access_token=T&target_origin=*', 'exact origin'],
    ['#access_token=T&target_origin=https%3A%2F%2Fg.test%2Fpath', 'exact origin'],
    ['#access_token=T&bridge=parent', 'bridge=parent needs target_origin'],
    ['#access_token=T&return_url=javascript%3Aalert(1)', 'return_url must be an http(s) address'],
    ['#access_token=T&return_url=nope', 'return_url must be an http(s) address'],
  ])('%s → %s', (hash, message) => {
    const result = at(hash);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it('still says how to reach the native side when the rest is wrong', () => {
    expect(at('#bridge=cordova&channel=X&target_origin=https%3A%2F%2Fg.test')).toMatchObject({
      ok: false, transport: { bridge: 'cordova', channel: 'X', targetOrigin: 'https://g.test' },
    });
    expect(at('#bridge=bogus&channel=1x')).toMatchObject({ transport: { bridge: 'auto', channel: 'PayUIBridge', targetOrigin: null } });
  });
});

describe('readParams: allow-lists (DESIGN.md §9)', () => {
  const allow = { paymentUi: ['https://pay.example', 'https://sandbox.pay.example'], returnTo: ['https://game.example'] };
  const read = (hash: string) => readParams({ hash, search: '' }, allow);
  const enc = encodeURIComponent;

  it.each([
    ['payment_ui_url', 'https://evil.example/phish'],
    ['payment_ui_url', 'https://pay.example.evil.example/'],
    ['sandbox_payment_ui_url', 'http://pay.example/'],
    ['return_url', 'https://evil.example/'],
    ['return_url', 'https://game.example.evil.example/back'],
  ])('%s=%s is refused: nothing framed, nothing opened', (name, value) => {
    const result = read(`#access_token=T&${name}=${enc(value)}`);
    expect(result).toMatchObject({ ok: false, path: name });
    expect(!result.ok && result.message).toContain('not allowed');
  });

  it('addresses on allowed origins are taken, with any path', () => {
    const result = read(`#access_token=T&payment_ui_url=${enc('https://pay.example/v2/')}&sandbox_payment_ui_url=${enc('https://sandbox.pay.example/')}&return_url=${enc('https://game.example/shop?x=1')}`);
    expect(result).toMatchObject({ ok: true, params: { returnUrl: 'https://game.example/shop?x=1', options: { paymentUiUrl: 'https://pay.example/v2/' } } });
  });
});

describe('findBridge', () => {
  const handler = () => ({ postMessage: vi.fn() });
  const fakeWindow = (extra: Record<string, unknown> = {}) => {
    const win: Record<string, unknown> = { opener: null, ...extra };
    win.parent = win;
    return win as unknown as Window;
  };

  it('finds nothing on a bare page', () => {
    expect(findBridge(fakeWindow(), 'auto', 'PayUIBridge', null)).toBeNull();
  });

  it('parent and opener need a target origin and post only to it', () => {
    const parent = handler();
    const framed = { parent, opener: null } as unknown as Window;
    expect(findBridge(framed, 'auto', 'PayUIBridge', null)).toBeNull();
    const bridge = findBridge(framed, 'auto', 'PayUIBridge', 'https://g.test')!;
    bridge.send('{}');
    expect(bridge.name).toBe('parent');
    expect(parent.postMessage).toHaveBeenCalledWith('{}', 'https://g.test');
    const opener = handler();
    const opened = findBridge(fakeWindow({ opener }), 'opener', 'PayUIBridge', 'https://g.test')!;
    opened.send('{}');
    expect(opener.postMessage).toHaveBeenCalledWith('{}', 'https://g.test');
  });

  it('an explicit bridge that is not there is null, not another one', () => {
    expect(findBridge(fakeWindow({ ReactNativeWebView: handler() }), 'cordova', 'PayUIBridge', null)).toBeNull();
  });
});

describe('fromNativeSide: whose commands the launcher obeys', () => {
  const self = { opener: null } as unknown as Window & { parent: Window };
  (self as { parent: Window }).parent = self;
  const parent = {} as Window;
  const framed = { parent, opener: null } as unknown as Window;
  const opener = {} as Window;
  const opened = { opener, parent: null } as unknown as Window;
  (opened as { parent: Window }).parent = opened;
  const other = {} as Window;

  it.each([
    ['an event a native host dispatches (no source, no origin)', { source: null, origin: '' }, self, null],
    ['the page posting to itself (React Native)', { source: self, origin: 'https://shop.test' }, self, null],
    ['the parent on target_origin', { source: parent, origin: 'https://g.test' }, framed, 'https://g.test'],
    ['the opener on target_origin', { source: opener, origin: 'https://g.test' }, opened, 'https://g.test'],
  ] as const)('obeys %s', (_, event, win, targetOrigin) => {
    expect(fromNativeSide(event as unknown as MessageEvent, win, targetOrigin)).toBe(true);
  });

  it.each([
    ['a frame removed right after posting: no source, a page origin', { source: null, origin: 'https://evil.test' }, self, null],
    ['the same, on target_origin, in a window with no opener', { source: null, origin: 'https://g.test' }, self, 'https://g.test'],
    ['the same, on target_origin, when opened', { source: null, origin: 'https://g.test' }, opened, 'https://g.test'],
    ['the parent without target_origin', { source: parent, origin: 'https://g.test' }, framed, null],
    ['the parent on another origin', { source: parent, origin: 'https://evil.test' }, framed, 'https://g.test'],
    ['another window on target_origin', { source: other, origin: 'https://g.test' }, opened, 'https://g.test'],
  ] as const)('drops %s', (_, event, win, targetOrigin) => {
    expect(fromNativeSide(event as unknown as MessageEvent, win, targetOrigin)).toBe(false);
  });
});

describe('createOutbox', () => {
  afterEach(() => vi.useRealTimers());

  it('queues until a bridge appears, then delivers in order', () => {
    vi.useFakeTimers();
    let bridge: Bridge | null = null;
    const sent: string[] = [];
    const outbox = createOutbox(() => bridge, vi.fn());
    outbox.send('1');
    outbox.send('2');
    vi.advanceTimersByTime(500);
    bridge = { name: 'rn', send: (json) => sent.push(json) };
    vi.advanceTimersByTime(60);
    outbox.send('3');
    expect(sent).toEqual(['1', '2', '3']);
  });

  it('drops the queue after 2 s without a bridge, and says so', () => {
    vi.useFakeTimers();
    const dropped = vi.fn();
    const outbox = createOutbox(() => null, dropped);
    outbox.send('1');
    outbox.send('2');
    vi.advanceTimersByTime(BRIDGE_WAIT_MS);
    expect(dropped).toHaveBeenCalledWith(2);
    outbox.send('3');
    expect(dropped).toHaveBeenLastCalledWith(1);
  });

  it('a bridge that throws does not stop the next message', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: string[] = [];
    const outbox = createOutbox(() => ({ name: 'channel', send: (json) => { if (json === 'bad') throw new TypeError('x'); sent.push(json); } }), vi.fn());
    outbox.send('bad');
    outbox.send('good');
    expect(sent).toEqual(['good']);
    spy.mockRestore();
  });
});

describe('readAllowLists', () => {
  const page = (tags: Record<string, string>) => {
    const doc = document.implementation.createHTMLDocument('launcher');
    for (const [name, content] of Object.entries(tags)) {
      const meta = doc.createElement('meta');
      meta.name = name;
      meta.content = content;
      doc.head.append(meta);
    }
    return doc;
  };

  it('reads exact origins from the two tags; self is the page; anything else is dropped', () => {
    const doc = page({ 'payui-payment-ui-origins': 'https://pay.example  https://sb.example/ https://x.example/path *', 'payui-return-origins': 'self https://game.example' });
    expect(readAllowLists(doc, 'https://shop.example')).toEqual({
      paymentUi: ['https://pay.example', 'https://sb.example'], returnTo: ['https://shop.example', 'https://game.example'],
    });
  });

  it('without the tags: the built-in payment UI bases and the page itself; an empty tag allows nothing', () => {
    expect(readAllowLists(page({}), 'https://shop.example')).toEqual({
      paymentUi: ['http://localhost:5175', 'http://localhost:5176'], returnTo: ['https://shop.example'],
    });
    expect(readAllowLists(page({ 'payui-return-origins': '' }), 'https://shop.example').returnTo).toEqual([]);
  });
});

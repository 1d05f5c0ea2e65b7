// @vitest-environment happy-dom
// `payui-embed/react` (DESIGN.md §12, issue 26) in React 19 with react-dom/client: the hook's
// state through a purchase, one widget per component destroyed on unmount, StrictMode.
import { act, createElement, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import { type PayUIOptions, type PayUIWidget, type PaymentResult } from '../../src/index';
import { PayUICheckout, usePayUI, type PayUIHook } from '../../src/react/index';
import { DESKTOP_UA } from './user-agents';
import { settle } from './settle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const UI = 'http://localhost:5176';
const lightboxFrame = () => document.querySelector('[data-payui-lightbox]')?.shadowRoot?.querySelector('iframe') ?? null;
const uiSays = (command: string, data?: object) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: UI, source: lightboxFrame()!.contentWindow }));
  });

let root: Root;
let host: HTMLElement;
async function render(node: ReactNode) {
  await act(async () => root.render(node));
}
/** What the hook gave at each render. */
let renders: PayUIHook[] = [];
function Shop({ options }: { options: PayUIOptions }) {
  const payui = usePayUI(options);
  renders.push(payui);
  return createElement('p', { 'data-testid': 'state' }, `${payui.isOpen ? 'open' : 'closed'} ${payui.lastStatus ?? 'none'}`);
}
const state = () => host.querySelector('[data-testid="state"]')!.textContent;
const hook = () => renders.at(-1)!;
/** Until the hook's widget is shown (its `open` event, which sets isOpen), inside act(). */
const shown = () => act(() => settle(() => expect(hook().widget!.isOpen).toBe(true)));
const OPTIONS: PayUIOptions = { access_token: 'T', sandbox: true, preload: 'none' };

beforeEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
  renders = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.replaceChildren();
});

describe('usePayUI', () => {
  it('prepare() loads the payment UI hidden with the latest options, and open() shows that frame', async () => {
    const provider = vi.fn(() => 'PREPARED');
    await render(createElement(Shop, { options: { access_token: provider, sandbox: true, preload: 'none' } }));
    const prepared = () => document.querySelector('[data-payui-prepared]')?.shadowRoot?.querySelector('iframe') ?? null;
    // (Its promise waits for the frame's load, which happy-dom never gives.)
    await act(async () => void hook().prepare());
    await act(() => settle(() => expect(prepared()).not.toBeNull()));
    const frame = prepared();
    expect(provider).toHaveBeenCalledWith({ trigger: null, preload: true });
    await act(async () => void hook().open());
    await shown();
    expect(lightboxFrame()).toBe(frame);
    expect(provider).toHaveBeenCalledTimes(1);
  });

  it('isOpen and lastStatus follow a purchase; open() resolves with the result', async () => {
    await render(createElement(Shop, { options: OPTIONS }));
    expect(state()).toBe('closed none');
    expect(hook().widget).not.toBeNull();
    let result!: Promise<PaymentResult>;
    await act(async () => {
      result = hook().open();
    });
    await shown();
    expect(state()).toBe('open none');
    expect(new URL(lightboxFrame()!.src).searchParams.get('access_token')).toBe('T');
    await uiSays('status', { paymentInfo: { status: 'invoice' } });
    expect(state()).toBe('open invoice');
    await uiSays('status', { paymentInfo: { status: 'done', invoice: 7 } });
    expect(state()).toBe('open done');
    await uiSays('close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'done', invoice: 7 }, reason: 'ui' });
    expect(state()).toBe('closed done');
    // A new open starts with no status.
    await act(async () => void hook().open());
    await shown();
    expect(state()).toBe('open none');
  });

  it('open() uses the options of the latest render', async () => {
    await render(createElement(Shop, { options: OPTIONS }));
    await render(createElement(Shop, { options: { ...OPTIONS, access_token: 'T2' } }));
    await act(async () => void hook().open());
    await settle(() => expect(lightboxFrame()?.src).toContain('access_token=T2'));
  });

  it('bad options: open() rejects INVALID_OPTION naming the option', async () => {
    await render(createElement(Shop, { options: { ...OPTIONS, lightbox: { zIndex: -1 } } }));
    await expect(hook().open()).rejects.toMatchObject({ code: 'INVALID_OPTION', path: 'lightbox.zIndex' });
  });

  it('unmount destroys the widget: the open ends (reason api) and nothing is left in the page', async () => {
    await render(createElement(Shop, { options: OPTIONS }));
    const { widget } = hook();
    const result = hook().open();
    await shown();
    expect(state()).toBe('open none');
    await render(null);
    await expect(result).resolves.toMatchObject({ reason: 'api' });
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
    await expect(widget!.open()).rejects.toMatchObject({ code: 'DESTROYED' });
    await expect(hook().open()).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
  });

  it('StrictMode’s double mount: the first widget is destroyed, the one the component keeps opens', async () => {
    await render(createElement(StrictMode, null, createElement(Shop, { options: OPTIONS })));
    const widgets = [...new Set(renders.map((r) => r.widget).filter((w): w is PayUIWidget => !!w))];
    expect(widgets).toHaveLength(1);
    const kept = widgets[0]!;
    // The widget StrictMode unmounted was destroyed: only the kept one opens.
    await act(async () => void hook().open());
    await shown();
    expect(state()).toBe('open none');
    expect(kept.isOpen).toBe(true);
    expect(document.querySelectorAll('[data-payui-lightbox]')).toHaveLength(1);
  });

  it('StrictMode: the widget of the first mount leaves nothing behind (one preconnect, gone at unmount)', async () => {
    const links = () => document.head.querySelectorAll('link[rel="preconnect"]').length;
    await render(createElement(StrictMode, null, createElement(Shop, { options: { ...OPTIONS, preload: 'connect' } })));
    await settle(() => expect(links()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(links()).toBe(1);
    await render(null);
    expect(links()).toBe(0);
  });
});

// Inline mode: the widget's mount() (issue 25) in the component's own element.
const frameIn = (root: ParentNode): HTMLIFrameElement | null =>
  root.querySelector('iframe') ?? [...root.querySelectorAll('*')].reduce<HTMLIFrameElement | null>((found, el) => found ?? (el.shadowRoot && frameIn(el.shadowRoot)), null);

describe('<PayUICheckout mode="inline">', () => {
  it('shows the payment UI in its div, relays events, and reports the result', async () => {
    const events: string[] = [];
    const onResult = vi.fn();
    await render(createElement(PayUICheckout, { ...OPTIONS, mode: 'inline', onEvent: (type) => events.push(type), onResult }));
    const box = host.querySelector('[data-payui-checkout]')!;
    await settle(() => expect(frameIn(box)?.getAttribute('src')).toContain('access_token=T'));
    const frame = frameIn(box)!;
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: encodeMessage('status', { paymentInfo: { status: 'done' } }), origin: UI, source: frame.contentWindow }));
      window.dispatchEvent(new MessageEvent('message', { data: encodeMessage('close'), origin: UI, source: frame.contentWindow }));
    });
    await settle(() => expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ status: 'done', reason: 'ui' })));
    expect(events).toEqual(expect.arrayContaining(['open-inline', 'status-done', 'close-inline']));
  });

  it('under StrictMode one frame; unmount removes it', async () => {
    await render(createElement(StrictMode, null, createElement(PayUICheckout, { ...OPTIONS, mode: 'inline' })));
    const box = host.querySelector('[data-payui-checkout]')!;
    await settle(() => expect(frameIn(box)).not.toBeNull());
    expect(box.querySelectorAll('iframe').length + [...box.querySelectorAll('*')].filter((el) => el.shadowRoot?.querySelector('iframe')).length).toBe(1);
    await render(null);
    expect(document.querySelector('iframe')).toBeNull();
  });
});

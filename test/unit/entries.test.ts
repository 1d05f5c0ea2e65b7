// @vitest-environment happy-dom
// The ESM entry with its on-demand chunks, and the webview launcher page, each as its user meets it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeMessage } from '../../src/core/protocol';
import { DESKTOP_UA } from './user-agents';

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const frameWindow = () => document.querySelector('[data-payui-lightbox]')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
const uiSays = (command: string, data?: object) =>
  window.dispatchEvent(new MessageEvent('message', { data: encodeMessage(command, data), origin: 'http://localhost:5176', source: frameWindow() }));

afterEach(() => {
  vi.resetModules();
  document.body.innerHTML = '';
});

describe('ESM entry', () => {
  it('createPayUI opens the lightbox from its chunks and settles with the UI’s close', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
    const { createPayUI, PayUI, version } = await import('../../src/index');
    expect(PayUI.version).toBe(version);
    const widget = createPayUI({ access_token: 'T', sandbox: true, preload: 'none' });
    const result = widget.open();
    await vi.waitFor(() => expect(widget.isOpen).toBe(true));
    uiSays('status', { paymentInfo: { status: 'done' } });
    uiSays('close');
    await expect(result).resolves.toEqual({ status: 'done', paymentInfo: { status: 'done' }, reason: 'ui' });
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
  });
});

describe('webview launcher page', () => {
  async function launch(hash: string) {
    Object.defineProperty(navigator, 'userAgent', { value: DESKTOP_UA, configurable: true });
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://localhost:5173/dist/launcher/index.html${hash}`);
    document.body.innerHTML = '<main><p id="status"></p></main>';
    const sent: { type: string; data: Record<string, unknown> }[] = [];
    (window as unknown as { ReactNativeWebView?: object }).ReactNativeWebView = {
      postMessage: (json: unknown) => {
        if (typeof json !== 'string') throw new TypeError('strings only');
        sent.push(JSON.parse(json));
      },
    };
    await import('../../src/webview/main');
    return sent;
  }
  afterEach(() => {
    delete (window as unknown as { ReactNativeWebView?: object }).ReactNativeWebView;
  });

  it('forwards every event as a JSON string; native back closes with reason user and is answered', async () => {
    const sent = await launch('#access_token=T&sandbox=1&bridge=rn');
    await vi.waitFor(() => expect(sent.map((m) => m.type)).toContain('open-lightbox'));
    uiSays('status', { paymentInfo: { status: 'invoice' } });
    window.PayUILauncher.receive('{"type":"back"}');
    window.PayUILauncher.receive('not json');
    await settle();
    expect(sent.map((m) => m.type)).toEqual(['init', 'open', 'open-lightbox', 'status', 'status-invoice', 'close-lightbox', 'close', 'back-handled']);
    expect(sent.find((m) => m.type === 'close')!.data).toEqual({ reason: 'user', lastStatus: 'invoice' });
    expect(window.PayUILauncher.bridge).toBe('rn');
    expect(document.body.dataset.state).toBe('closed');
  });

  it('a link to a payment UI outside the allow-list: the error page and an error with the path, nothing framed', async () => {
    const sent = await launch(`#access_token=T&payment_ui_url=${encodeURIComponent('https://evil.example/')}`);
    await settle();
    expect(sent).toEqual([expect.objectContaining({ type: 'error', data: expect.objectContaining({ code: 'INVALID_OPTION', path: 'payment_ui_url' }) })]);
    expect(document.body.dataset.state).toBe('error');
    expect(document.querySelector('[data-payui-lightbox]')).toBeNull();
  });

  it('a done status with return_url closes and goes back there', async () => {
    const sent = await launch(`#access_token=T&sandbox=1&return_url=${encodeURIComponent('http://localhost:5173/return.html')}&close_on_done=1`);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await vi.waitFor(() => expect(sent.map((m) => m.type)).toContain('open-lightbox'));
    uiSays('status', { paymentInfo: { status: 'done', invoice: 42 } });
    await settle(80);
    expect(sent.filter((m) => m.type === 'close')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('http://localhost:5173/return.html?status=done&invoice_id=42');
  });
});

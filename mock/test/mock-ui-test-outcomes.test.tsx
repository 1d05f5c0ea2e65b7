// @vitest-environment happy-dom
// The offline payment UI's test outcomes (mock/payment-ui/App.tsx) reach every error a payment can meet on
// purpose: picked, Pay sends it, and the page shows the code the service answered.
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout, createPaymentState } from '../payment-ui/App';
import type { Bridge } from '../payment-ui/bridge';
import { translator } from '../payment-ui/i18n';
import type { Session } from '../spec/session';
import { httpAddress } from '../lib/plain';
import { uiSettingsOf } from '../spec/ui-settings';

const session = {
  merchantId: 100001, project: { id: 200001, name: 'Star Miners' }, mode: 'sandbox', tokenless: false,
  user: { id: 'player-42', email: 'player42@example.test', name: 'Nova', country: 'DE', phone: null },
  language: 'en', theme: 'default', compact: false, ui: uiSettingsOf({}, httpAddress), store: null, account: null, balance: null, currency: 'USD', returnUrl: null, externalId: null, customParameters: null,
  purchase: { kind: 'virtual_currency', quantity: 5, lines: [{ sku: null, name: '5 Crystals', quantity: 1, price: { amount: 0.5, currency: 'USD' }, image: null, delivers: { currency: 5 } }] },
} as Session;
const bridge: Bridge = { embedded: true, post: () => undefined, onDetected: () => undefined };

afterEach(() => {
  render(null, document.body);
  vi.unstubAllGlobals();
});

describe('the payment UI\'s test outcomes', () => {
  it.each(['0003-0001', '0004-0002', '1000-0001'])('offers "fails with %s": Pay sends it and the page shows the code', async (code) => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ http_status_code: 422, message: code }), { status: 422 });
    });
    render(<Checkout session={session} bridge={bridge} t={translator('en')} state={createPaymentState(session)} />, document.body);
    const option = [...document.querySelectorAll('label')].find((label) => label.textContent === `Payment fails with error ${code}`);
    expect(option).toBeDefined();
    option!.querySelector('input')!.click();
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(document.querySelector('h2')?.textContent).toBe('Payment failed'));
    expect(sent).toEqual([expect.objectContaining({ outcome: code })]);
    expect(document.body.textContent).toContain(`(${code})`);
  });
});

// @vitest-environment happy-dom
// The offline payment UI's checkout (mock/payment-ui/App.tsx) opened on a token that has paid: it shows
// what the token paid, not a new checkout (the service takes no second payment with it: 409).
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout, createPaymentState, paymentInfo } from '../payment-ui/App';
import type { Bridge } from '../payment-ui/bridge';
import { translator } from '../payment-ui/i18n';
import type { Session } from '../spec/session';
import { httpAddress } from '../lib/plain';
import { uiSettingsOf } from '../spec/ui-settings';

const session: Session = {
  merchantId: 100001, project: { id: 200001, name: 'Star Miners' }, mode: 'sandbox', tokenless: false,
  user: { id: 'player-42', email: 'player42@example.test', name: 'Nova', country: 'DE', phone: null },
  language: 'en', theme: 'default', compact: false, ui: uiSettingsOf({}, httpAddress), store: null, account: null, balance: null, currency: 'USD', returnUrl: null, externalId: null, customParameters: null,
  purchase: { kind: 'game', drm: 'steam', drms: ['steam'], lines: [{ sku: 'star-miners', name: 'Star Miners', quantity: 1, price: { amount: 19.99, currency: 'USD' }, image: null, delivers: { game: 1 } }] },
};
const posted: string[] = [];
const bridge: Bridge = { embedded: true, post: (command) => void posted.push(command), onDetected: () => undefined };

afterEach(() => {
  render(null, document.body);
  posted.length = 0;
});

describe('the payment UI opened on a paid token', () => {
  it('shows the done page with the invoice and key it paid, and no Pay button', () => {
    render(<Checkout session={session} bridge={bridge} t={translator('en')} state={createPaymentState(session, { invoice: 123456789, status: 'done', key: { drm: 'steam', code: 'STEAM-AAAA' } })} />, document.body);
    expect(document.querySelector('h2')?.textContent).toBe('Payment successful');
    expect(document.querySelector('[data-testid="invoice"]')?.textContent).toBe('123456789');
    expect(document.querySelector('[data-testid="game-key"]')?.textContent).toBe('STEAM-AAAA');
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).not.toContainEqual(expect.stringMatching(/^Pay/));
    expect(posted).toEqual([]);
  });

  it('a token that has not paid opens on the checkout', () => {
    render(<Checkout session={session} bridge={bridge} t={translator('en')} state={createPaymentState(session)} />, document.body);
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).toContainEqual(expect.stringMatching(/^Pay/));
  });
});

describe('settings.payment_method', () => {
  it('is the method the page shows and reports in paymentInfo, the one the transaction is made with: not the test card', () => {
    const fixed: Session = { ...session, paymentMethod: 1380, ui: uiSettingsOf({ payment_widget: 'giftcard' }, httpAddress) };
    render(<Checkout session={fixed} bridge={bridge} t={translator('de')} state={createPaymentState(fixed)} />, document.body);
    expect(document.querySelector('[data-testid="method-form"]')?.textContent).toBe('Zahlungsart 1380');
    // No other method to pick, and no test card: the transaction is made with 1380.
    expect(document.querySelectorAll('input[name="method"]')).toHaveLength(0);
    expect(document.body.textContent).not.toContain('4000 0000 0000 0002');
    expect(document.querySelector('#pay-title')?.textContent).toBe('Zahlungsart');
    expect(paymentInfo(fixed, 'done', 7, createPaymentState(fixed).method.value)).toMatchObject({ status: 'done', paymentMethod: '1380' });
    // Without it, the method the player picked.
    expect(paymentInfo(session, 'done', 7, 'test-card').paymentMethod).toBe('test-card');
  });
});

describe('settings.payment_widget', () => {
  it('the page opens on that method, and Pay sends the method the player picked, which paymentInfo names', async () => {
    const cash: Session = { ...session, ui: uiSettingsOf({ payment_widget: 'paybycash' }, httpAddress) };
    const sent: any[] = [];
    vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ok: true, invoice: 78 + sent.length, status: 'done' }), { headers: { 'content-type': 'application/json' } });
    });
    const statuses: unknown[] = [];
    const watching: Bridge = { ...bridge, post: (command, data) => void statuses.push(command === 'status' ? data : command) };
    try {
      for (const pick of [null, 'test-card'] as const) {
        render(null, document.body);
        render(<Checkout session={cash} bridge={watching} t={translator('en')} state={createPaymentState(cash)} />, document.body);
        const radios = [...document.querySelectorAll<HTMLInputElement>('input[name="method"]')];
        expect(radios.map((r) => [r.value, r.checked])).toEqual([['paybycash', true], ['test-card', false]]);
        if (pick) radios.find((r) => r.value === pick)!.click();
        document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
        await vi.waitFor(() => expect(sent).toHaveLength(pick ? 2 : 1));
      }
      expect(sent.map((body) => body.method)).toEqual(['paybycash', 'test-card']);
      await vi.waitFor(() => expect(statuses).toContainEqual({ paymentInfo: expect.objectContaining({ invoice: 80, paymentMethod: 'test-card' }) }));
      expect(statuses).toContainEqual({ paymentInfo: expect.objectContaining({ invoice: 79, paymentMethod: 'paybycash' }) });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('game keys whose token names no DRM', () => {
  it('the player picks each game\'s DRM among its own, Pay sends the picks per game, and the done page shows every key', async () => {
    const price = { amount: 9.99, currency: 'USD' };
    const games: Session = {
      ...session,
      purchase: {
        kind: 'game', drm: null, drms: [], lines: [
          { sku: 'star-miners', name: 'Star Miners', quantity: 1, price, image: null, delivers: { game: 1, drm: null, drms: ['steam'] } },
          { sku: 'moon-miners', name: 'Moon Miners', quantity: 1, price, image: null, delivers: { game: 2, drm: null, drms: ['gog', 'epicgames'] } },
        ],
      },
    };
    const sent: any[] = [];
    const keys = [{ sku: 'star-miners', drm: 'steam', code: 'STEAM-1' }, { sku: 'moon-miners', drm: 'gog', code: 'GOG-1' }];
    vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ok: true, invoice: 77, status: 'done', key: keys[0], keys }), { headers: { 'content-type': 'application/json' } });
    });
    try {
      render(<Checkout session={games} bridge={bridge} t={translator('en')} state={createPaymentState(games)} />, document.body);
      const groups = [...document.querySelectorAll('fieldset')].filter((f) => f.querySelector('input[type="radio"][value="steam"], input[type="radio"][value="gog"]'));
      expect(groups.map((g) => [g.querySelector('legend')?.textContent, [...g.querySelectorAll('input')].map((i) => i.value)])).toEqual([
        ['Platform of your Star Miners key', ['steam']],
        ['Platform of your Moon Miners key', ['gog', 'epicgames']],
      ]);
      for (const value of ['steam', 'gog']) (document.querySelector(`input[type="radio"][value="${value}"]`) as HTMLInputElement).click();
      document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
      await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="game-key"]')).toHaveLength(2), { timeout: 3000 });
      expect(sent).toEqual([expect.objectContaining({ drm: { 'star-miners': 'steam', 'moon-miners': 'gog' } })]);
      expect([...document.querySelectorAll('.game-key')].map((p) => p.textContent)).toEqual(['Your Star Miners key (steam): STEAM-1', 'Your Moon Miners key (gog): GOG-1']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

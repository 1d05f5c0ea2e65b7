// @vitest-environment happy-dom
// The payment UI's settings (issue 39, item 3): `settings.ui` as the page acts on it
// (mock/spec/ui-settings.ts), the store's typed amount and first group (mock/payment-ui/Store.tsx), and
// the store's components drawn in their order, a pick changing what is sold.
import { signal } from '@preact/signals';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { httpAddress } from '../lib/plain';
import { uiSettingsOf } from '../spec/ui-settings';
import { translator } from '../payment-ui/i18n';
import { isChoice, type Choice, type Offer, type Purchase, type Session, type Store } from '../spec/session';
import { StoreView, customPurchase, firstGroup } from '../payment-ui/Store';

const settings = (ui: object, extra: object = {}) => uiSettingsOf({ ui, ...extra }, httpAddress);
const price = (amount: number) => ({ amount, currency: 'USD' });
const itemOffer = (sku: string, name: string, amount: number, groups: string[]): Offer => ({
  choice: { sku }, groups, purchase: { kind: 'items', lines: [{ sku, name, quantity: 1, price: price(amount), image: null, delivers: { item: 1 } }] },
});
const packOffer = (amount: number, cost: number): Offer => ({
  choice: { package: `crystals-${amount}` }, groups: [],
  purchase: { kind: 'virtual_currency', quantity: amount, lines: [{ sku: null, name: `${amount} Crystals`, quantity: 1, price: price(cost), image: null, delivers: { currency: amount } }] },
});
const store: Store = {
  groups: [{ code: '7', name: 'Tools' }, { code: '8', name: 'Armour' }],
  items: [itemOffer('drill', 'Laser drill', 3, ['7']), itemOffer('shield', 'Ion shield', 5, ['8'])],
  packages: [packOffer(100, 0.99), packOffer(550, 4.99)],
  plans: [{
    choice: { plan: 'monthly' }, groups: [],
    purchase: { kind: 'subscription', planId: 1, period: { value: 1, type: 'month' }, trialDays: 0, lines: [{ sku: 'monthly', name: 'Monthly', quantity: 1, price: price(6.99), image: null, delivers: null }] },
  }],
  custom: { name: 'Crystals', unit: price(0.0099), min: 1, max: 100_000, whole: true },
};

describe('settings.ui as the page acts on it', () => {
  it('a token without settings.ui shows everything the spec defaults to', () => {
    expect(settings({})).toEqual({
      header: { visible: true, logo: true, name: true, purchase: true, compact: false, closeButton: false, balance: true },
      footer: true,
      licenseUrl: null,
      methods: ['test-card'],
      lists: {
        items: { layout: 'list', buttonWithPrice: false, groupsAcross: false },
        currency: { buttonWithPrice: false, description: null },
        subscriptions: { layout: 'list', description: null },
      },
      components: ['virtual_items', 'virtual_currency', 'subscriptions'],
      selectedGroup: null,
      selectedItem: null,
      customAmount: false,
      account: null,
    });
  });

  it('components and account sections follow their order, hidden and disabled ones left out; the ones without an order keep their place after', () => {
    const ui = settings({
      components: { virtual_items: { order: 3 }, virtual_currency: { hidden: true }, subscriptions: { order: 1 } },
      mode: 'user_account',
      user_account: { info: { enable: true }, history: { enable: true, order: 2 }, payment_accounts: { enable: false, order: 0 }, subscriptions: { enable: true, order: 1 } },
    });
    expect(ui.components).toEqual(['subscriptions', 'virtual_items']);
    expect(ui.account).toEqual(['subscriptions', 'history', 'info']);
    // enable defaults to false: an account page with no section enabled shows none.
    expect(settings({ mode: 'user_account' }).account).toEqual([]);
  });

  it('the mobile version takes its close button and footer from settings.ui.mobile, the desktop one from settings.ui.desktop', () => {
    const both = { desktop: { header: { close_button: true } }, mobile: { header: { close_button: false }, footer: { is_visible: false } } };
    expect(settings({ ...both, version: 'mobile' })).toMatchObject({ header: { closeButton: false }, footer: false });
    expect(settings(both)).toMatchObject({ header: { closeButton: true }, footer: true });
  });

  it('payment_widget is offered first and picked; license_url is linked only when it is an http(s) address', () => {
    expect(settings({}, { payment_widget: 'giftcard' }).methods).toEqual(['giftcard', 'test-card']);
    expect(settings({}, { payment_widget: 'paybycash' }).methods).toEqual(['paybycash', 'test-card']);
    expect(settings({ license_url: 'https://game.example.test/eula' }).licenseUrl).toBe('https://game.example.test/eula');
    expect(settings({ license_url: 'javascript:alert(1)' }).licenseUrl).toBeNull();
  });
});

describe('the store', () => {
  it('a typed amount costs its package\'s price when a package has that amount, else the unit price each; outside the limits nothing', () => {
    expect(customPurchase(store, 550)?.lines[0]!.price).toEqual(price(4.99));
    expect(customPurchase(store, 250)).toMatchObject({ kind: 'virtual_currency', quantity: 250, lines: [{ name: '250 Crystals', price: price(2.48), delivers: { currency: 250 } }] });
    expect(customPurchase(store, 0)).toBeNull();
    expect(customPurchase(store, 100_001)).toBeNull();
    expect(customPurchase(store, 2.5)).toBeNull();
    expect(customPurchase({ ...store, custom: null }, 250)).toBeNull();
  });

  it('opens on selected_group when the store lists it, else on all groups', () => {
    expect(firstGroup(store, '8')).toBe('8');
    expect(firstGroup(store, '99')).toBeNull();
    expect(firstGroup(store, null)).toBeNull();
  });

  it('a choice Pay may send is one of sku, package, plan (text) or amount (a number)', () => {
    expect([{ sku: 'a' }, { package: 'b' }, { plan: 'c' }, { amount: 5 }].every(isChoice)).toBe(true);
    expect([{ sku: 1 }, { amount: '5' }, { sku: 'a', plan: 'b' }, {}, null, ['sku'], { gift: 'x' }].some(isChoice)).toBe(false);
  });
});

describe('the store drawn', () => {
  afterEach(() => render(null, document.body));

  function draw(ui: object) {
    const session = { language: 'en', currency: 'USD', ui: settings(ui), purchase: store.packages[1]!.purchase } as unknown as Session;
    const choice = signal<Choice | null>(null);
    const purchase = signal<Purchase>(session.purchase);
    const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    render(<StoreView session={session} store={store} t={translator('en')} money={money} choice={choice} purchase={purchase} disabled={false} />, document.body);
    return { choice, purchase };
  }
  /** Preact draws a signal's change on a later tick. */
  const rendered = () => new Promise((resolve) => setTimeout(resolve));
  const headings = () => [...document.querySelectorAll('h3')].map((h) => h.textContent);
  const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')];

  it('in the components\' order, on the selected group, the service\'s first pick checked; a pick changes what is sold', async () => {
    const { choice, purchase } = draw({ components: { virtual_currency: { order: 1 }, virtual_items: { order: 2, selected_group: '8' } }, desktop: { virtual_item_list: { layout: 'grid' } } });
    expect(headings()).toEqual(['Virtual currency', 'Items', 'Subscriptions']);
    expect(document.querySelector('[aria-pressed="true"]')?.textContent).toBe('Armour');
    expect(document.querySelector('[data-component="virtual_items"] ul')?.className).toBe('offers offers-grid');
    expect(radios().map((r) => r.parentElement!.querySelector('.offer-name')!.textContent)).toEqual(['100 Crystals', '550 Crystals', 'Ion shield', 'Monthly']);
    expect(radios().map((r) => r.checked)).toEqual([false, true, false, false]);
    radios()[2]!.click();
    expect(choice.value).toEqual({ sku: 'shield' });
    expect(purchase.value.lines[0]!.name).toBe('Ion shield');
    // Another group: its items only.
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'All')!.click();
    await Promise.resolve();
    expect(radios().map((r) => r.parentElement!.querySelector('.offer-name')!.textContent)).toContain('Laser drill');
  });

  it('a typed amount is what is sold while it is within the limits; a package picked after it clears it', async () => {
    const { choice, purchase } = draw({ components: { virtual_currency: { custom_amount: true } } });
    const input = document.querySelector<HTMLInputElement>('#custom-amount')!;
    input.value = '250';
    input.dispatchEvent(new Event('input'));
    expect(choice.value).toEqual({ amount: 250 });
    expect(purchase.value).toMatchObject({ quantity: 250 });
    await rendered();
    expect(radios().some((r) => r.checked)).toBe(false);
    radios().find((r) => r.value === '{"package":"crystals-100"}')!.click();
    await rendered();
    expect(choice.value).toEqual({ package: 'crystals-100' });
    expect(document.querySelector<HTMLInputElement>('#custom-amount')!.value).toBe('');
  });

  it('a hidden component is not drawn; the plans\' layout and the packages\' price buttons are the token\'s', () => {
    draw({ components: { virtual_items: { hidden: true } }, desktop: { subscription_list: { layout: 'grid' }, virtual_currency_list: { button_with_price: true } } });
    expect(headings()).toEqual(['Virtual currency', 'Subscriptions']);
    expect(document.querySelector('[data-component="subscriptions"] ul')?.className).toBe('offers offers-grid');
    expect(document.querySelectorAll('[data-component="virtual_currency"] .price-button')).toHaveLength(2);
  });
});

/**
 * The store a token that names no purchase opens on: the components `settings.ui.components` shows
 * (items, virtual currency, subscriptions), in its order, with the item groups as navigation
 * (`selected_group` first), `selected_item` picked, a typed amount of virtual currency when
 * `custom_amount` allows one, and the list layouts of `settings.ui.desktop.*_list`. Picking an
 * offer changes what the checkout beside it sells.
 */
import { useSignal, type Signal } from '@preact/signals';
import type { Component } from '../spec/ui-settings';
import type { Translate } from './i18n';
import { amountRefusal, total, type Choice, type Offer, type Purchase, type Session, type Store } from '../spec/session';

/** The purchase of `amount` typed by the player: a package of that amount at its price, else the unit price each (as the service prices it). */
export function customPurchase(store: Store, amount: number): Purchase | null {
  const custom = store.custom;
  if (!custom || amountRefusal(custom, amount) !== null) return null;
  const pack = store.packages.find((offer) => offer.purchase.kind === 'virtual_currency' && offer.purchase.quantity === amount);
  const price = pack ? pack.purchase.lines[0]!.price : { amount: Math.round(custom.unit.amount * amount * 100) / 100, currency: custom.unit.currency };
  return { kind: 'virtual_currency', quantity: amount, lines: [{ sku: null, name: `${amount} ${custom.name}`, quantity: 1, price, image: null, delivers: { currency: amount } }] };
}

/** The item group shown first: `selected_group` when the store lists it, else all of them (null). */
export function firstGroup(store: Store, selected: string | null): string | null {
  return store.groups.some((group) => group.code === selected) ? selected : null;
}

/** A unit price in full (a hundredth of a cent shows): `0.0099` is not `0.01`. */
const unitPrice = (session: Session, amount: number) =>
  new Intl.NumberFormat(session.language, { style: 'currency', currency: session.currency, maximumFractionDigits: 4 }).format(amount);

const sameChoice = (a: Choice | null, b: Choice) => a !== null && JSON.stringify(a) === JSON.stringify(b);

interface Props {
  session: Session;
  store: Store;
  t: Translate;
  money: Intl.NumberFormat;
  /** What is picked (null: what the service picked first, `session.purchase`), and what it buys. */
  choice: Signal<Choice | null>;
  purchase: Signal<Purchase>;
  disabled: boolean;
}

export function StoreView({ session, store, t, money, choice, purchase, disabled }: Props) {
  const { ui } = session;
  const group = useSignal(firstGroup(store, ui.selectedGroup));
  const typed = useSignal('');
  const pick = (offer: Offer) => {
    // A package picked after an amount was typed: the typed amount is no longer what is sold.
    typed.value = '';
    choice.value = offer.choice;
    purchase.value = offer.purchase;
  };
  // Picked: by the player, else the offer the service sold first (selected_item, or the biggest package).
  const picked = (offer: Offer) => (choice.value ? sameChoice(choice.value, offer.choice) : JSON.stringify(offer.purchase) === JSON.stringify(session.purchase));

  const offers = (list: Offer[], layout: 'list' | 'grid', withPrice: boolean) => (
    <ul class={`offers offers-${layout}`}>
      {list.map((offer) => {
        const line = offer.purchase.lines[0]!;
        const value = JSON.stringify(offer.choice);
        return (
          <li key={value}>
            <label class={`offer${picked(offer) ? ' offer-picked' : ''}`}>
              <input type="radio" name="offer" value={value} checked={picked(offer)} disabled={disabled} onChange={() => pick(offer)} />
              <span class="offer-name">{line.name}</span>
              <span class={withPrice ? 'offer-price price-button' : 'offer-price'}>{money.format(total(offer.purchase))}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );

  const parts: Record<Component, () => preact.JSX.Element | null> = {
    virtual_items: () => {
      if (!store.items.length) return null;
      const shown = group.value === null ? store.items : store.items.filter((offer) => offer.groups.includes(group.value!));
      const across = ui.lists.items.groupsAcross;
      return (
        <section class="store-part" aria-labelledby="store-items" data-component="virtual_items">
          <h3 id="store-items">{t('storeItems')}</h3>
          <div class={across || !store.groups.length ? 'items-across' : 'items-down'}>
            {store.groups.length > 0 && (
              <nav class={across ? 'groups groups-across' : 'groups groups-down'} aria-label={t('itemGroups')}>
                {[{ code: null, name: t('allGroups') }, ...store.groups].map((g) => (
                  <button key={g.code ?? ''} type="button" class="group" disabled={disabled} aria-pressed={group.value === g.code} onClick={() => (group.value = g.code)}>
                    {g.name}
                  </button>
                ))}
              </nav>
            )}
            {offers(shown, ui.lists.items.layout, ui.lists.items.buttonWithPrice)}
          </div>
        </section>
      );
    },
    virtual_currency: () => {
      if (!store.packages.length && !store.custom) return null;
      const custom = store.custom;
      const typedAmount = Number(typed.value);
      const typedPurchase = typed.value === '' ? null : customPurchase(store, typedAmount);
      return (
        <section class="store-part" aria-labelledby="store-currency" data-component="virtual_currency">
          <h3 id="store-currency">{t('storeCurrency')}</h3>
          {ui.lists.currency.description && <p class="note">{ui.lists.currency.description}</p>}
          {offers(store.packages, 'list', ui.lists.currency.buttonWithPrice)}
          {custom && (
            <div class="custom-amount">
              <label for="custom-amount">{t('customAmount', { name: custom.name })}</label>
              <input
                id="custom-amount" type="number" inputMode="numeric" min={custom.min} max={custom.max} step={custom.whole ? 1 : 'any'}
                value={typed.value} disabled={disabled} aria-describedby="custom-amount-hint"
                onInput={(event) => {
                  typed.value = (event.currentTarget as HTMLInputElement).value;
                  const bought = customPurchase(store, Number(typed.value));
                  if (!bought) return;
                  choice.value = { amount: Number(typed.value) };
                  purchase.value = bought;
                }}
              />
              <span id="custom-amount-hint" class="note">
                {typed.value !== '' && !typedPurchase ? t('customAmountRange', { min: custom.min, max: custom.max }) : t('customAmountEach', { price: unitPrice(session, custom.unit.amount) })}
              </span>
            </div>
          )}
        </section>
      );
    },
    subscriptions: () => {
      if (!store.plans.length) return null;
      return (
        <section class="store-part" aria-labelledby="store-plans" data-component="subscriptions">
          <h3 id="store-plans">{t('storePlans')}</h3>
          {ui.lists.subscriptions.description && <p class="note">{ui.lists.subscriptions.description}</p>}
          {offers(store.plans, ui.lists.subscriptions.layout, false)}
        </section>
      );
    },
  };

  return (
    <section class="store" aria-labelledby="store-title">
      <h2 id="store-title">{t('storeTitle')}</h2>
      {ui.components.map((name) => <div key={name}>{parts[name]()}</div>)}
    </section>
  );
}

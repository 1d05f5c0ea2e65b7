// The game site's own script: a token provider that asks our server for a token for the pack that
// was clicked, at every click, and a live log of the widget's events. The widget's events say what
// the player saw; the crystals count as delivered only when our server says so, after it got the
// payment's verified webhook. It may run before payui.js has loaded; the stub queues these calls.
import type { EventMap, EventType, PayUIOptions, PayUIWidget } from 'payui-embed';
import 'payui-embed/element';
import { fetchPass, listPurchases, orderLabel, paymentUiBases, requestPassCancel, requestRefund, startPurchase, waitForOrder, type Order, type Pass } from './api';
import { setUpPlayerLogin } from './player';

declare global {
  interface Window {
    PayUI: PayUIWidget;
  }
}

const ALL_EVENTS = 'init open open-lightbox open-window load close close-lightbox close-window status status-invoice status-delivering status-done status-troubled user-country fcp error';
const log = document.getElementById('log')!;
const balance = document.getElementById('balance')!;
const purchases = document.getElementById('orders')!;
type Purchase = { id: string; label: string; plan?: boolean };
/** The order of the open under way, as our server named it (`plan`: it buys the Captain's pass). */
let current: Purchase | null = null;

/** One line per paid order (newest on top, or at the end for an older one), with what the server says of it and a refund button. */
function showOrder(order: Order, label: string, older = false): void {
  let line = purchases.querySelector<HTMLLIElement>(`li[data-order="${CSS.escape(order.id)}"]`);
  if (!line) {
    line = document.createElement('li');
    line.dataset.order = order.id;
    if (older) purchases.append(line);
    else purchases.prepend(line);
  }
  const text = document.createElement('span');
  const words = { awaiting_payment: 'waiting for payment', delivered: 'delivered', refund_requested: 'refund requested', refunded: 'refunded, taken back' };
  text.textContent = `${label}: ${words[order.status]}`;
  line.replaceChildren(text);
  if (order.status === 'delivered') {
    const refund = document.createElement('button');
    refund.type = 'button';
    refund.className = 'button';
    refund.textContent = 'Refund';
    refund.setAttribute('aria-label', `Refund ${label}`);
    refund.addEventListener('click', async () => {
      refund.disabled = true;
      if (!(await requestRefund(order.id))) {
        refund.disabled = false;
        return;
      }
      showOrder({ ...order, status: 'refund_requested' }, label);
      const back = await waitForOrder(order.id, ['refunded']);
      if (back) showOrder(back, label);
    });
    line.append(refund);
  }
}

/** After the payment UI said done: wait for our server's word that the crystals are delivered. */
async function confirm(purchase: { id: string; label: string }): Promise<void> {
  balance.textContent = 'Paid. Waiting for our server to confirm the order…';
  const order = await waitForOrder(purchase.id, ['delivered', 'refund_requested', 'refunded']);
  if (current !== purchase) return; // Another purchase has begun: this one is not what the page talks about now.
  if (!order) {
    balance.textContent = 'Our server has not confirmed this order yet. It will be delivered when it does.';
    return;
  }
  balance.textContent = `${purchase.label} delivered! Our server confirmed the order through a signed webhook.`;
  showOrder(order, orderLabel(order) || purchase.label);
}

/** What the player bought before, as our server knows it: a reload keeps the list. */
let listing = 0;
async function showPurchases(): Promise<void> {
  const asked = ++listing;
  const orders = await listPurchases().catch(() => []);
  if (asked !== listing) return; // The player changed meanwhile: a later listing is theirs.
  for (const order of orders) {
    // Newest first, below any purchase made since the page loaded (that line is newer news than this list).
    if (!purchases.querySelector(`li[data-order="${CSS.escape(order.id)}"]`)) showOrder(order, orderLabel(order), true);
  }
}

// The Captain's pass: what our server knows of it from the service's subscription webhooks. The page
// asks again every moment while something may change (a running pass renews when the service's
// clock passes its date; a purchase or a cancel waits for its webhook), as it waits for a delivery.
const passState = document.getElementById('pass-state')!;
const buyPass = document.getElementById('buy-pass') as HTMLButtonElement;
const cancelPass = document.getElementById('cancel-pass') as HTMLFormElement;
const PASS_POLL_MS = 1500;
let pass: Pass | null = null;
/** Until when the page waits for a pass just paid for (its `create_subscription`), as `Date.now()`. */
let awaitingPassUntil = 0;
let passTimer: ReturnType<typeof setTimeout> | undefined;
let passAsked = 0;

/** A date as the player reads it (UTC, as the service keeps it), with its machine-readable form. */
function dateOf(iso: string | null): Node | string {
  if (!iso) return 'a date not known yet';
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return time;
}

function passWords(p: Pass | null): (Node | string)[] {
  if (!p) return ['You have no Captain’s pass.'];
  switch (p.status) {
    case 'trial': return ['Captain’s pass: in trial until ', dateOf(p.date_next_charge), p.cancel_requested ? '. Canceling…' : ', free until then.'];
    case 'active': return ['Captain’s pass: active until ', dateOf(p.date_next_charge), p.cancel_requested ? '. Canceling…' : ', when it renews.'];
    case 'non_renewing': return ['Captain’s pass: active until ', dateOf(p.date_next_charge), ', not renewing.'];
    case 'frozen': return ['Captain’s pass: the renewal was declined; kept until ', dateOf(p.date_end), '.'];
    case 'canceled': return p.date_end ? ['Captain’s pass: canceled on ', dateOf(p.date_end), '.'] : ['Captain’s pass: canceled.'];
  }
}

function showPass(next: Pass | null): void {
  pass = next;
  const running = next !== null && next.status !== 'canceled';
  buyPass.hidden = running;
  cancelPass.hidden = !running || next.cancel_requested;
  passState.replaceChildren(...passWords(next));
}

/** Asks our server for the pass, and again in a moment while it may change. */
async function watchPass(): Promise<void> {
  clearTimeout(passTimer);
  const asked = ++passAsked;
  const next = await fetchPass().catch(() => pass);
  if (asked !== passAsked) return; // Asked again meanwhile (the player changed, a cancel): that answer is newer.
  const running = next !== null && next.status !== 'canceled';
  if (running && next.id !== pass?.id) awaitingPassUntil = 0; // the pass just bought has come
  showPass(next);
  if (running || Date.now() < awaitingPassUntil) passTimer = setTimeout(() => void watchPass(), PASS_POLL_MS);
}

cancelPass.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = cancelPass.querySelector<HTMLButtonElement>('button')!;
  button.disabled = true;
  const refund = cancelPass.querySelector<HTMLInputElement>('input[name="refund"]')!.checked;
  const answer = await requestPassCancel(refund);
  button.disabled = false;
  if (!answer) {
    passState.append(' The cancel did not go through; try again.');
    return;
  }
  showPass(answer);
  void watchPass();
});

/** One line of the log, and what the page shows of this purchase (never what an earlier one did). */
function onEvent(type: string, data: unknown): void {
  const item = document.createElement('li');
  const name = document.createElement('strong');
  name.textContent = type;
  const detail = document.createElement('code');
  detail.textContent = JSON.stringify(data);
  item.append(name, ' ', detail);
  log.prepend(item);
  if (type === 'open') balance.textContent = '';
  if (type === 'status-done' && current) void confirm(current);
  if (type === 'status-done' && current?.plan) {
    awaitingPassUntil = Date.now() + 60_000;
    void watchPass();
  }
  if (type === 'status-troubled') balance.textContent = 'The payment was declined: no crystals this time.';
}
window.PayUI.on(ALL_EVENTS, (data: unknown, type: string) => onEvent(type, data));

// The 1200 pack: a <payui-checkout> element with a widget of its own. It asks our server for a
// token itself (token-url), so the page learns which order it paid from the payment UI's
// `foreignInvoice` (our order id, sent as `external_id`). Its events bubble as `payui-<event>`.
const checkout = document.querySelector('payui-checkout')!;
checkout.options = { ...paymentUiBases(), lightbox: { height: null } };
for (const type of ALL_EVENTS.split(' ') as EventType[]) {
  checkout.addEventListener(`payui-${type}`, (event) => {
    const data = (event as CustomEvent<EventMap[EventType]>).detail;
    if (type === 'open') current = null;
    if (type === 'status-done') {
      const { foreignInvoice } = (data as EventMap['status-done']).paymentInfo;
      current = typeof foreignInvoice === 'string' ? { id: foreignInvoice, label: `${checkout.dataset.pack} Crystals` } : null;
    }
    onEvent(type, data);
  });
}


// The order of the payment UI prepared for each button (`preload: 'ui'`): the one its click shows.
const preparedOrders = new Map<Element | null, Purchase>();
// Before the widget's own click handler: the purchase the page talks about is the prepared one
// (an open that cannot show it asks the provider again, which sets `current` anew).
document.addEventListener('click', (event) => {
  const trigger = (event.target as Element).closest?.('[data-payui-open]');
  if (trigger) current = preparedOrders.get(trigger) ?? null;
}, true);

// One provider for every buy button: the clicked one says which pack (`data-pack`). With
// `preload: 'ui'` it is also asked, `preload: true`, when the player points at or focuses a button,
// and the payment UI of that purchase is ready before the click (one token, one order each time).
const shopOptions: PayUIOptions = {
  access_token: async ({ trigger, preload }) => {
    const plan = (trigger as HTMLElement | null)?.dataset.plan;
    if (!preload) current = null;
    let purchase: Purchase;
    let token: string;
    if (plan) {
      // The Captain's pass: a purchase that names the plan (our server adds the player and our order id).
      const started = await startPurchase({ purchase: { subscription: { plan_id: plan } } });
      token = started.token;
      purchase = { id: started.order, label: 'Captain’s pass', plan: true };
    } else {
      const quantity = Number((trigger as HTMLElement | null)?.dataset.pack ?? 550);
      const started = await startPurchase({ purchase: { virtual_currency: { quantity } } });
      token = started.token;
      purchase = { id: started.order, label: `${quantity} Crystals` };
    }
    if (preload) preparedOrders.set(trigger, purchase);
    else current = purchase;
    return token;
  },
  preload: 'ui',
  sandbox: true,
  ...paymentUiBases(),
  // As tall as the payment UI's content (it reports it in `dimensions`), not the whole window.
  lightbox: { height: null },
};
window.PayUI.init(shopOptions);
// Who plays first (a login may just have come back with its token), then their purchases; the
// buttons wait, so nothing is bought as the demo player by mistake. A player who logs out changes
// the list too.
void setUpPlayerLogin({
  project: 200001,
  proxy: false,
  onChange: () => {
    // Another player: a payment UI prepared for the one before is dropped (init() again), and the
    // next one is prepared with this player's token.
    preparedOrders.clear();
    window.PayUI.init(shopOptions);
    purchases.replaceChildren();
    balance.textContent = '';
    void showPurchases();
    void watchPass();
  },
}).finally(() => {
  void showPurchases();
  void watchPass();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pack], [data-pack] button, [data-plan]')) button.disabled = false;
  document.body.dataset.ready = 'yes';
});

// The game site's own script: a token provider that asks our server for a token for the pack that
// was clicked, at every click, and a live log of the widget's events. The widget's events say what
// the player saw; the crystals count as delivered only when our server says so, after it got the
// payment's verified webhook. It may run before payui.js has loaded; the stub queues these calls.
import type { EventMap, EventType, PayUIWidget } from 'payui-embed';
import 'payui-embed/element';
import { listPurchases, orderLabel, paymentUiBases, requestRefund, startPurchase, waitForOrder, type Order } from './api';
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
/** The order of the open under way, as our server named it. */
let current: { id: string; label: string } | null = null;

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


// One provider for every buy button: the clicked one says which pack (`data-pack`).
window.PayUI.init({
  access_token: async ({ trigger }) => {
    const quantity = Number((trigger as HTMLElement | null)?.dataset.pack ?? 550);
    current = null;
    const { token, order } = await startPurchase({ purchase: { virtual_currency: { quantity } } });
    current = { id: order, label: `${quantity} Crystals` };
    return token;
  },
  sandbox: true,
  ...paymentUiBases(),
  // As tall as the payment UI's content (it reports it in `dimensions`), not the whole window.
  lightbox: { height: null },
});
// Who plays first (a login may just have come back with its token), then their purchases; the
// buttons wait, so nothing is bought as the demo player by mistake. A player who logs out changes
// the list too.
void setUpPlayerLogin({
  project: 200001,
  proxy: false,
  onChange: () => {
    purchases.replaceChildren();
    balance.textContent = '';
    void showPurchases();
  },
}).finally(() => {
  void showPurchases();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pack], [data-pack] button')) button.disabled = false;
  document.body.dataset.ready = 'yes';
});

// Where the payment UI sends the player back (`return_url`). The address names the order
// (`foreigninvoice`, our own id) but proves nothing: anyone can type `?status=done`. What became
// of the order is our server's word, which it has from the payment's signed webhook.
import { parseReturnParams } from 'payui-embed';
import { fetchOrder, orderLabel, waitForOrder, type Order } from './api';

/** The demo's shops: "Back to the shop" goes to one of these and nowhere else, whatever the address says. */
const SHOPS = ['/', '/game.html', '/spa.html', '/redirect.html', '/native-host.html'];

const params = parseReturnParams();
const from = new URLSearchParams(location.search).get('from');
const shop = from !== null && SHOPS.includes(from) ? from : '/';
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-shop]')) link.href = shop;

const title = document.getElementById('title')!;
const verdict = document.getElementById('verdict')!;
const facts = document.getElementById('facts')!;

function fact(label: string, key: string, value: string | null): void {
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.dataset.param = key;
  dd.textContent = value ?? '—';
  facts.append(dt, dd);
}

function say(heading: string, text: string): void {
  title.textContent = heading;
  verdict.textContent = text;
}

/** The server's word, in the player's words. */
function show(order: Order): void {
  const bought = orderLabel(order);
  if (order.status === 'delivered') say('Thank you! Your order is delivered', `${bought}: our server got the payment's signed webhook and delivered it.`);
  else if (order.status === 'refund_requested') say('Refund requested', `${bought}: the refund is on its way.`);
  else if (order.status === 'refunded') say('Refunded', `${bought}: refunded and taken back.`);
  else say('Not paid yet', 'Our server has no payment for this order yet. If you have just paid, it is delivered as soon as the payment service confirms it: this page keeps asking.');
}

fact('Order', 'foreigninvoice', params.foreigninvoice);
fact('Invoice', 'invoice_id', params.invoice_id);
fact('Player', 'user_id', params.user_id);

async function main(): Promise<void> {
  const id = params.foreigninvoice;
  const order = id ? await fetchOrder(id).catch(() => undefined) : null;
  if (order === undefined) return say('We could not check your order', 'Our server did not answer. Try this page again in a moment.');
  if (order === null) return say('We could not find this order', 'Our server knows no order by the number in this address.');
  show(order);
  if (order.status !== 'awaiting_payment') return;
  // Webhooks may come a moment after the player: ask again until the server has the payment.
  const paid = await waitForOrder(order.id, ['delivered', 'refund_requested', 'refunded']);
  if (paid) show(paid);
  else say('Not paid', 'Our server got no payment for this order, so nothing was delivered. If money was taken, contact support with the invoice number.');
}

void main();

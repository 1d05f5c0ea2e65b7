// The game site's own script: a token per pack from our server, and a live log of the widget's
// events. It may run before payui.js has loaded; the stub queues these calls until it has.
import type { PayUIWidget } from 'payui-embed';
import { paymentUiBases, requestToken } from './api';

declare global {
  interface Window {
    PayUI: PayUIWidget;
  }
}

const ALL_EVENTS = 'init open open-lightbox open-window load close close-lightbox close-window status status-invoice status-delivering status-done status-troubled user-country fcp error';
const log = document.getElementById('log')!;
const balance = document.getElementById('balance')!;

window.PayUI.on(ALL_EVENTS, (data: unknown, type: string) => {
  const item = document.createElement('li');
  const name = document.createElement('strong');
  name.textContent = type;
  const detail = document.createElement('code');
  detail.textContent = JSON.stringify(data);
  item.append(name, ' ', detail);
  log.prepend(item);
  // What this purchase did, never what an earlier one did.
  if (type === 'open') balance.textContent = '';
  if (type === 'status-done') balance.textContent = 'Crystals delivered! (The server confirms the order through webhooks.)';
  if (type === 'status-troubled') balance.textContent = 'The payment was declined: no crystals this time.';
});


const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-pack]')];
const tokens = await Promise.all(buttons.map((button) => requestToken({ purchase: { virtual_currency: { quantity: Number(button.dataset.pack) } } })));
window.PayUI.init({ access_token: tokens[0]!, sandbox: true, ...paymentUiBases() });
buttons.forEach((button, i) => {
  button.dataset.accessToken = tokens[i]!;
  button.disabled = false;
});
document.body.dataset.ready = 'yes';

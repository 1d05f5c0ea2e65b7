// The game site's own script: a token provider that asks our server for a token for the pack that
// was clicked, at every click, and a live log of the widget's events. It may run before payui.js
// has loaded; the stub queues these calls until it has.
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


// One provider for every buy button: the clicked one says which pack (`data-pack`).
window.PayUI.init({
  access_token: ({ trigger }) => requestToken({ purchase: { virtual_currency: { quantity: Number((trigger as HTMLElement | null)?.dataset.pack ?? 550) } } }),
  sandbox: true,
  ...paymentUiBases(),
});
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pack]')) button.disabled = false;
document.body.dataset.ready = 'yes';

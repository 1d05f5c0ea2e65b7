// The second game's page (Puzzle Harbor, project 200002): its players live in our server's own
// user store, so the page logs them in through the Login API's proxy variants; our server checks
// the JWT the service signs and then asks for tokens as that player.
import { createPayUI } from 'payui-embed';
import { paymentUiBases, startPurchase, waitForOrder } from './api';
import { setUpPlayerLogin } from './player';

const PROJECT = 200002;
const buy = document.getElementById('buy') as HTMLButtonElement;
const delivery = document.getElementById('delivery')!;
let order: string | null = null;

const payui = createPayUI({
  access_token: async () => {
    order = null;
    const started = await startPurchase({ purchase: { virtual_currency: { quantity: 50 } }, project_id: PROJECT });
    order = started.order;
    return started.token;
  },
  sandbox: true,
  ...paymentUiBases(),
  lightbox: { height: null },
});

buy.addEventListener('click', async () => {
  delivery.textContent = '';
  const result = await payui.open();
  const paid = order;
  if (result.status !== 'done' || !paid) return;
  delivery.textContent = 'Paid. Waiting for our server to confirm the order…';
  const confirmed = await waitForOrder(paid, ['delivered']);
  if (order === paid) delivery.textContent = confirmed ? '50 Pearls delivered: our server got the payment\'s signed webhook.' : 'Not confirmed by our server yet.';
});

// Who plays first (a login may just have come back with its token), then the button.
void setUpPlayerLogin({ project: PROJECT, proxy: true, onChange: () => { delivery.textContent = ''; } }).finally(() => {
  buy.disabled = false;
  document.body.dataset.ready = 'yes';
});

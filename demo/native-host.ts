// A stand-in for a native app: loads the launcher in a "webview" (an iframe), receives its JSON
// messages as a native message handler would, and sends back the native commands.
import { paymentUiBases, requestToken } from './api';

let webview = document.getElementById('webview') as HTMLIFrameElement;
const relay = document.getElementById('relay')!;
const empty = document.getElementById('phone-empty')!;
const [back, close] = ['back', 'close'].map((id) => document.getElementById(id) as HTMLButtonElement) as [HTMLButtonElement, HTMLButtonElement];

window.addEventListener('message', (event) => {
  if (event.source !== webview.contentWindow || typeof event.data !== 'string') return;
  const message = JSON.parse(event.data) as { source: string; seq: number; type: string; data: unknown };
  if (message.source !== 'payui') return;
  const item = document.createElement('li');
  const name = document.createElement('strong');
  name.textContent = `#${message.seq} ${message.type}`;
  const data = document.createElement('code');
  data.textContent = JSON.stringify(message.data);
  item.dataset.type = message.type;
  item.append(name, ' ', data);
  relay.append(item);
  // The newest message in view, as a log should.
  relay.scrollTop = relay.scrollHeight;
  if (message.type === 'close') back.disabled = close.disabled = true;
});

const send = (type: string) => webview.contentWindow?.postMessage(JSON.stringify({ type }), location.origin);
back.addEventListener('click', () => send('back'));
close.addEventListener('click', () => send('close'));

const start = document.getElementById('start') as HTMLButtonElement;
start.addEventListener('click', async () => {
  // The last purchase's log and commands go at once: what follows is the new purchase's.
  relay.replaceChildren();
  start.disabled = back.disabled = close.disabled = true;
  let token: string;
  try {
    token = await requestToken({ purchase: { virtual_currency: { quantity: 550 } } });
  } catch {
    empty.textContent = 'The app’s server gave no token. Is `npm start` running?';
    empty.hidden = false;
    return;
  } finally {
    start.disabled = false;
  }
  const fragment = new URLSearchParams({
    access_token: token, sandbox: '1', bridge: 'parent', target_origin: location.origin, sandbox_payment_ui_url: paymentUiBases().sandboxPaymentUiUrl,
  });
  // A new webview each time: a change of the fragment alone would not load the page again.
  const next = webview.cloneNode() as HTMLIFrameElement;
  next.src = `/dist/launcher/index.html#${fragment}`;
  webview.replaceWith(next);
  webview = next;
  empty.hidden = true;
  back.disabled = close.disabled = false;
});

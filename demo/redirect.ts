// The shop page: one card per item our server sells (it synced them from the merchant API);
// "Buy" asks our server for a token, then hands the player to the payment UI, which brings them
// back to return.html (told which shop to go back to).
import { fetchCatalogue, paymentUiBases, requestToken, type ShopItem } from './api';

const list = document.getElementById('products')!;
const message = document.getElementById('message')!;

async function buy(sku: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  message.textContent = 'Preparing your order…';
  try {
    const back = new URL('/return.html', location.href);
    back.searchParams.set('from', location.pathname);
    const token = await requestToken({ purchase: { virtual_items: { items: [{ sku, amount: 1 }] } }, return_url: back.href });
    const url = new URL(paymentUiBases().sandboxPaymentUiUrl);
    url.searchParams.set('access_token', token);
    location.assign(url.href);
  } catch {
    message.textContent = 'The shop could not start the payment. Is `npm start` running?';
    button.disabled = false;
  }
}

function show(item: ShopItem): void {
  const card = document.createElement('li');
  card.className = 'product';
  const name = document.createElement('h2');
  name.textContent = item.name;
  const price = document.createElement('p');
  price.className = 'price';
  price.textContent = new Intl.NumberFormat('en', { style: 'currency', currency: item.price.currency }).format(item.price.amount);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = 'Buy';
  button.setAttribute('aria-label', `Buy ${item.name} for ${price.textContent}`);
  button.addEventListener('click', () => void buy(item.sku, button));
  card.append(name, price, button);
  list.append(card);
}

fetchCatalogue().then(
  (items) => items.forEach(show),
  () => (message.textContent = 'The shop could not load its items. Is `npm start` running?'),
);

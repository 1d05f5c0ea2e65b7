// The SPA storefront: Preact + signals, payui-embed from npm. Cart → one click on "Pay now": the
// payment UI opens at once (a phone's window inside the click) while a token provider asks our
// server for a token for exactly this cart → result screen, where the order counts as delivered only
// when our server says it got the payment's verified webhook. Or one click on "Checkout": a checkout
// page with the payment UI inline in it (mount()), on phones too.
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { createPayUI, type PaymentResult } from 'payui-embed';
import { PROJECTS } from '../../mock/shared/catalog';
import { paymentUiBases, startPurchase, waitForOrder, type OrderStatus } from '../api';

const project = PROJECTS[200001]!;
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
type Step = { name: 'shop' } | { name: 'paying' } | { name: 'checkout' } | { name: 'result'; result: PaymentResult };
const cart = signal<Record<string, number>>({});
const step = signal<Step>({ name: 'shop' });
/** Our server's id of the order being paid, and what the server says of it. */
const order = signal<string | null>(null);
const delivery = signal<OrderStatus | 'unconfirmed' | null>(null);
const lines = computed(() => project.items.filter((item) => cart.value[item.sku]).map((item) => ({ ...item, quantity: cart.value[item.sku]! })));
const total = computed(() => lines.value.reduce((sum, line) => sum + line.price.amount * line.quantity, 0));

function add(sku: string) {
  cart.value = { ...cart.value, [sku]: (cart.value[sku] ?? 0) + 1 };
}
function remove(sku: string) {
  const { [sku]: count = 0, ...rest } = cart.value;
  cart.value = count > 1 ? { ...rest, [sku]: count - 1 } : rest;
}

/** A fresh token at every open, for the cart as it is then: our server asks the merchant API. */
const payui = createPayUI({
  access_token: async () => {
    order.value = null;
    const started = await startPurchase({ purchase: { virtual_items: { items: lines.peek().map((l) => ({ sku: l.sku, amount: l.quantity })) } } });
    order.value = started.order;
    return started.token;
  },
  sandbox: true,
  ...paymentUiBases(),
  // As tall as the payment UI's content (it reports it in `dimensions`), not the whole window.
  lightbox: { height: null },
});

/** Runs inside the click: open() must not wait for anything, or a phone's popup blocker steps in. */
async function pay() {
  step.value = { name: 'paying' };
  delivery.value = null;
  await finish(await payui.open());
}

/** The result screen of a payment that ended; delivered once our server confirms it. */
async function finish(result: PaymentResult) {
  const paid = order.peek();
  if (result.status === 'done') cart.value = {};
  step.value = { name: 'result', result };
  if (result.status === 'done' && paid) {
    const confirmed = await waitForOrder(paid, ['delivered', 'refund_requested', 'refunded']);
    if (order.peek() === paid) delivery.value = confirmed ? confirmed.status : 'unconfirmed';
  }
}

const DELIVERY_WORDS: Record<string, string> = {
  delivered: 'Delivered: our server got the payment\'s signed webhook.',
  refund_requested: 'Refund requested.',
  refunded: 'Refunded, taken back.',
  unconfirmed: 'Not confirmed by our server yet: your items arrive when it is.',
};

function Result({ result }: { result: PaymentResult }) {
  const [title, text] =
    result.status === 'done'
      ? ['Thank you!', 'Your items are on their way. Our server confirms every order before it counts.']
      : result.status === 'troubled'
        ? ['The payment did not go through', 'Nothing was charged. You can try again with another payment method.']
        : ['Payment cancelled', 'No problem — your cart is still here.'];
  return (
    <section class="panel" aria-live="polite">
      <h1 data-testid="result-title">{title}</h1>
      <p>{text}</p>
      {result.paymentInfo?.invoice !== undefined && <p>Invoice <code data-testid="result-invoice">{String(result.paymentInfo.invoice)}</code></p>}
      {result.status === 'done' && (
        <p role="status" data-testid="delivery">{delivery.value ? DELIVERY_WORDS[delivery.value] : 'Waiting for our server to confirm the order…'}</p>
      )}
      <button type="button" class="button" onClick={() => (step.value = { name: 'shop' })}>Back to the store</button>
    </section>
  );
}

/**
 * The checkout page: the payment UI inline, in the page's own column (mount()). Leaving the page
 * (Back to the cart) closes it; the payment UI's own close shows the result.
 */
function Checkout() {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let left = false;
    delivery.value = null;
    payui.mount(place.current!).then(
      (result) => {
        if (!left) void finish(result);
      },
      () => {
        if (!left) step.value = { name: 'shop' };
      },
    );
    return () => {
      left = true;
      payui.close();
    };
  }, []);
  return (
    <section class="panel checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <p class="message">{lines.value.map((line) => `${line.quantity} × ${line.name}`).join(', ')} · {money.format(total.value)}</p>
      <div class="inline-payment" ref={place} data-testid="inline-payment" />
      <button type="button" class="button" onClick={() => (step.value = { name: 'shop' })}>Back to the cart</button>
    </section>
  );
}

function App() {
  const current = step.value;
  return (
    <>
      <header class="site">
        <a class="logo" href="/">Star Miners</a>
        <nav aria-label="Site"><a href="/game.html">Crystal shop</a><a href="/spa.html" aria-current="page">Store</a></nav>
      </header>
      <main class="wrap split">
        {current.name === 'result' ? (
          <Result result={current.result} />
        ) : current.name === 'checkout' ? (
          <Checkout />
        ) : (
          <section aria-labelledby="store-title">
            <h1 id="store-title">Ship upgrades</h1>
            <ul class="products" aria-label="Products">
              {project.items.map((item) => (
                <li class="product" key={item.sku}>
                  <h2>{item.name}</h2>
                  <p class="price">{money.format(item.price.amount)}</p>
                  <button type="button" class="button" onClick={() => add(item.sku)} aria-label={`Add ${item.name} to the cart`}>Add to cart</button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <aside class="log" aria-labelledby="cart-title">
          <h2 id="cart-title">Cart</h2>
          {lines.value.length === 0 ? (
            <p class="message">Your cart is empty.</p>
          ) : (
            <ul class="cart">
              {lines.value.map((line) => (
                <li key={line.sku}>
                  <span>{line.quantity} × {line.name}</span>
                  <span>{money.format(line.price.amount * line.quantity)}</span>
                  <button type="button" class="link" onClick={() => remove(line.sku)} aria-label={`Remove one ${line.name}`}>−</button>
                </li>
              ))}
            </ul>
          )}
          <p class="total"><span>Total</span> <strong data-testid="cart-total">{money.format(total.value)}</strong></p>
          <button type="button" class="button wide" disabled={lines.value.length === 0 || current.name === 'paying' || current.name === 'checkout'} onClick={() => void pay()}>
            Pay now
          </button>
          <button type="button" class="button wide secondary" disabled={lines.value.length === 0 || current.name === 'paying' || current.name === 'checkout'} onClick={() => (step.value = { name: 'checkout' })}>
            Checkout
          </button>
        </aside>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);

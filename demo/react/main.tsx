/** @jsxImportSource react */
// The React store: payui-embed/react as a React (or Next.js) app uses it. "Buy" opens the payment
// UI over the page through usePayUI (a token provider asks our server at each open, and when the
// player points at Buy, for the payment UI the hook's prepare() readies before the click); "Pay in the
// page" shows it inline with <PayUICheckout>. What the page says of an order is our server's word.
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PaymentResult } from 'payui-embed';
import { PayUICheckout, usePayUI } from 'payui-embed/react';
import { fetchCatalogue, paymentUiBases, startPurchase, waitForOrder, type ShopItem } from '../api';

const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const bases = paymentUiBases();

/** After a done status: our server's word on the order (it has the payment's signed webhook). */
function useDelivery() {
  const [delivery, setDelivery] = useState<string | null>(null);
  const confirm = async (order: string | null, result: PaymentResult) => {
    setDelivery(null);
    if (result.status !== 'done' || !order) return;
    setDelivery('Waiting for our server to confirm the order…');
    const confirmed = await waitForOrder(order, ['delivered', 'refund_requested', 'refunded']);
    setDelivery(confirmed ? 'Delivered: our server got the payment\'s signed webhook.' : 'Not confirmed by our server yet.');
  };
  return [delivery, confirm] as const;
}

/** The store, selling `items`: our server's catalogue, synced from the merchant API. */
function Store({ items }: { items: ShopItem[] }) {
  const [sku, setSku] = useState(items[0]!.sku);
  /** Our server's id of the order being paid (set by the token provider). */
  const order = useRef<string | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [delivery, confirm] = useDelivery();
  /** Counts the inline checkouts: each one a new <PayUICheckout> (its key). */
  const [inline, setInline] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  /** A token for the chosen item, at every open (and for the inline checkout when it mounts). */
  const token = async () => {
    const started = await startPurchase({ purchase: { virtual_items: { items: [{ sku, amount: 1 }] } } });
    order.current = started.order;
    return started.token;
  };
  const payui = usePayUI({ access_token: token, sandbox: true, ...bases, lightbox: { height: null } });
  const item = items.find((i) => i.sku === sku)!;

  const buy = async () => {
    setResult(null);
    const ended = await payui.open().catch(() => null);
    if (!ended) return;
    setResult(ended);
    void confirm(order.current, ended);
  };

  return (
    <>
      <header className="site">
        <a className="logo" href="/">Star Miners</a>
        <nav aria-label="Site"><a href="/game.html">Crystal shop</a><a href="/spa.html">Store</a><a href="/react.html" aria-current="page">React store</a></nav>
      </header>
      <main className="wrap split">
        <section aria-labelledby="store-title">
          <h1 id="store-title">React store</h1>
          <p className="lead">Built with <code>payui-embed/react</code>: <code>usePayUI</code> opens the payment UI over the page; <code>&lt;PayUICheckout mode="inline"&gt;</code> shows it in the page.</p>
          <ul className="products" aria-label="Products">
            {items.map((i) => (
              <li className="product" key={i.sku}>
                <h2>{i.name}</h2>
                <p className="price">{money.format(i.price.amount)}</p>
                <button type="button" className="button" aria-pressed={i.sku === sku} onClick={() => setSku(i.sku)} aria-label={`Choose ${i.name}`}>
                  {i.sku === sku ? 'Chosen' : 'Choose'}
                </button>
              </li>
            ))}
          </ul>
          {inline > 0 && (
            <section aria-label="Payment" className="panel">
              <PayUICheckout
                key={inline}
                mode="inline"
                access_token={token}
                sandbox
                {...bases}
                onResult={(ended) => {
                  setResult(ended);
                  setInline(0);
                  void confirm(order.current, ended);
                }}
                onError={(error) => {
                  setProblem(error.message);
                  setInline(0);
                }}
              />
            </section>
          )}
        </section>
        <aside className="log" aria-labelledby="cart-title">
          <h2 id="cart-title">{item.name}</h2>
          <p className="total"><span>Total</span> <strong>{money.format(item.price.amount)}</strong></p>
          {/* Pointing at Buy, or tabbing to it, prepares its payment UI hidden, so the click shows it at once. */}
          <button type="button" className="button wide" disabled={payui.isOpen || !payui.widget} onClick={() => void buy()}
            onPointerEnter={() => void payui.prepare()} onFocus={() => void payui.prepare()}>
            Buy {item.name}
          </button>
          <button type="button" className="button wide" disabled={inline > 0 || payui.isOpen} onClick={() => setInline((n) => n + 1)}>
            Pay in the page
          </button>
          <p className="message" role="status" data-testid="hook-state">
            {payui.isOpen ? 'Payment open' : 'Payment closed'}{payui.lastStatus ? `, last status: ${payui.lastStatus}` : ''}
          </p>
          {result && (
            <p className="message" data-testid="result">
              {result.status === 'done' ? 'Thank you!' : result.status === 'troubled' ? 'The payment did not go through.' : 'Payment cancelled.'}
            </p>
          )}
          {delivery && <p className="message" data-testid="delivery">{delivery}</p>}
          {problem && <p className="message" role="alert">{problem}</p>}
        </aside>
      </main>
    </>
  );
}

const root = createRoot(document.getElementById('app')!);
fetchCatalogue().then(
  (items) => root.render(items.length > 0 ? <Store items={items} /> : <p className="message">The store has nothing to sell.</p>),
  () => root.render(<p className="message">The store could not load its items. Is `npm start` running?</p>),
);
document.body.dataset.ready = 'yes';

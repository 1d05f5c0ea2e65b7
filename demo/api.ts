/**
 * The page's calls to its own server (server/demo.ts): "a token for this purchase, please" (the
 * server asks the merchant API with credentials that never reach the browser), and "what became of
 * my order?" — delivered only once the server got the payment's verified `order_paid` webhook.
 */
import type { Order, OrderStatus, Pass, ShopItem } from '../server/shop';

export interface TokenRequest {
  purchase?: object;
  return_url?: string;
  /** The game: the shop's (200001) when left out. */
  project_id?: number;
}

/**
 * Where this demo's mock payment UI runs, as the demo server tells its pages (it writes
 * `<meta name="payui-demo-world">` into every page): `npm start` and `npm test` run the offline
 * world on different ports, from the same build. The widget has no payment UI address of its own:
 * a merchant's page sets its own service's addresses the same way.
 */
export function paymentUiBases(): { paymentUiUrl: string; sandboxPaymentUiUrl: string } {
  const { live, sandbox } = demoWorld();
  return { paymentUiUrl: live, sandboxPaymentUiUrl: sandbox };
}

/** What the demo server wrote into `<meta name="payui-demo-world">`. */
function demoWorld(): { live: string; sandbox: string; login: { api: string; projectIds: Record<string, string> } } {
  const content = document.querySelector<HTMLMetaElement>('meta[name="payui-demo-world"]')?.content;
  if (!content) throw new Error('This page needs the demo server (npm start): it tells the page where the payment UI and the Login API run.');
  return JSON.parse(content) as ReturnType<typeof demoWorld>;
}

/** Where the Login API answers and a game's Login project, as the demo server tells its pages. */
export function loginApi(project: number): { api: string; projectId: string } {
  const { api, projectIds } = demoWorld().login;
  return { api, projectId: projectIds[project]! };
}

/** A token for this purchase and our server's id of the order it opens. */
export async function startPurchase(request: TokenRequest): Promise<{ token: string; order: string }> {
  const response = await fetch('/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const { token, order } = (await response.json()) as { token?: string; order?: string };
  if (!token || !order) throw new Error(`no token (HTTP ${response.status})`);
  return { token, order };
}

export async function requestToken(request: TokenRequest): Promise<string> {
  return (await startPurchase(request)).token;
}

/** What the shop sells, as our server synced it from the merchant API (`GET /api/catalogue`). */
export async function fetchCatalogue(): Promise<ShopItem[]> {
  const response = await fetch('/api/catalogue');
  if (!response.ok) throw new Error(`the server did not answer (HTTP ${response.status})`);
  return ((await response.json()) as { items: ShopItem[] }).items;
}

/** What `GET /api/orders/{id}` answers: the server's own order record (types only; nothing of the server ships). */
export type { Order, OrderStatus, Pass, ShopItem } from '../server/shop';

/** The server's word on an order: the order, or null when it knows none by that id. Throws when it does not answer. */
export async function fetchOrder(id: string): Promise<Order | null> {
  const response = await fetch(`/api/orders/${encodeURIComponent(id)}`);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the server did not answer (HTTP ${response.status})`);
  return (await response.json()) as Order;
}

/**
 * Asks the server about an order until its status is one of `statuses`, for up to a minute
 * (webhooks are retried until the server accepts one). Null if it never got there.
 */
export async function waitForOrder(id: string, statuses: OrderStatus[], everyMs = 250): Promise<Order | null> {
  for (let waited = 0; waited < 60_000; waited += everyMs) {
    const order = await fetchOrder(id).catch(() => null);
    if (order && statuses.includes(order.status)) return order;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return null;
}

/** What the signed-in player bought, newest first, as the server knows it (`GET /api/orders`). */
export async function listPurchases(): Promise<Order[]> {
  const response = await fetch('/api/orders');
  if (!response.ok) throw new Error(`the server did not answer (HTTP ${response.status})`);
  return (await response.json()) as Order[];
}

/** An order in words, from what the paid webhook listed: "550 Crystals", "2 × Plasma drill, Starter pack". */
export function orderLabel(order: Order): string {
  // Currency is counted ("550 Crystals"), items multiplied ("2 × Plasma drill"); a package's own line goes with the currency it gave.
  return order.items.filter(({ type }) => type !== 'bundle')
    .map(({ type, name, quantity }) => (type === 'virtual_currency' ? `${quantity} ${name}` : quantity > 1 ? `${quantity} × ${name}` : name)).join(', ');
}

/** Asks the server to refund a delivered order; the service's `order_canceled` webhook then takes it back. */
export async function requestRefund(id: string): Promise<boolean> {
  const response = await fetch(`/api/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => null);
  return response?.ok ?? false;
}

/** The player's Captain's pass as our server knows it from the service's webhooks (null: never bought). Throws when it does not answer. */
export async function fetchPass(): Promise<Pass | null> {
  const response = await fetch('/api/pass');
  if (!response.ok) throw new Error(`the server did not answer (HTTP ${response.status})`);
  return ((await response.json()) as { pass: Pass | null }).pass;
}

/** Asks our server to cancel the pass (`refund`: also the last month's payment): the pass as it is now, or null when refused. */
export async function requestPassCancel(refund: boolean): Promise<Pass | null> {
  const response = await fetch('/api/pass/cancel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refund }) }).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { pass: Pass }).pass;
}

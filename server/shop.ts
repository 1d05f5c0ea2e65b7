/**
 * The demo game's backend, written as a merchant writes theirs with `payui-embed/server`: it reads
 * its catalogue and its players' balances from the merchant API, asks it for tokens, and it
 * delivers (or takes back) what was bought only when a webhook with a valid signature says so. The docs quote this code (docs/server-kit.md, the README's quick
 * start): each `#region` below is shown there as it is here (test/unit/docs.test.ts).
 */
import {
  createMerchantClient, createWebhookHandler, MerchantApiError, WebhookRefusal,
  type components, type OrderCanceledWebhook, type OrderPaidWebhook, type PaymentWebhook, type SubscriptionWebhook, type TokenRequest, type WebhookListener,
} from 'payui-embed/server';

export type OrderStatus = 'awaiting_payment' | 'delivered' | 'refund_requested' | 'refunded';

export interface Order {
  /** Our own order id, sent as `settings.external_id` in the token request. */
  id: string;
  player: string;
  status: OrderStatus;
  /** The service's transaction id, once paid. */
  transaction_id: number | null;
  /** The lines bought, as `order_paid` lists them (a package's currency is a line of its own), named from the catalogue. */
  items: { sku: string; type: string; name: string; quantity: number }[];
}

/**
 * A player's subscription (the game's Captain's pass) as the service's webhooks told it: `trial`
 * for the service's `new`, `frozen` for `freeze` (renewals failed; kept until `date_end`).
 */
export interface Pass {
  /** The service's subscription id. */
  id: number;
  player: string;
  plan_id: string;
  status: 'active' | 'trial' | 'non_renewing' | 'frozen' | 'canceled';
  /** The next charge (the end of the trial, or of the month paid for); null once canceled or frozen. */
  date_next_charge: string | null;
  date_end: string | null;
  /** Set when the player asked to cancel, until the service's `cancel_subscription` says it is done. */
  cancel_requested: boolean;
}

/** An item the shop sells, as its pages show it. */
export interface ShopItem {
  sku: string;
  name: string;
  price: { amount: number; currency: string };
}

export interface ShopOptions {
  merchantId: number;
  apiKey: string;
  /** The merchant API (here the mock's). */
  merchantApi: string;
  /** The game's registered players: `user_validation` refuses anyone else. */
  players: ReadonlySet<string>;
}

export function createShop({ merchantId, apiKey, merchantApi, players }: ShopOptions) {
  // #region client
  const client = createMerchantClient({ merchantId, apiKey, baseUrl: merchantApi });
  // #endregion client
  const orders = new Map<string, Order>();
  /** Transaction id → order: a webhook sent again (a retry) finds its delivery done and changes nothing. */
  const byTransaction = new Map<number, Order>();
  /** Player → their latest subscription, as the merchant API said it was when its webhook came. */
  const passes = new Map<string, Pass>();
  /** SKU → the item's name, from the catalogue (the webhooks name only the SKU). */
  const names = new Map<string, string>();
  /** Transaction id → our order id, from the separate variant's `payment` (its `order_paid` does not carry it). */
  const externalIds = new Map<number, string>();
  let count = 0;

  /** A token for this purchase, tied to a new order of ours through `external_id`. */
  async function startOrder(body: TokenRequest): Promise<{ token: string; order: string }> {
    count += 1;
    const id = `demo-order-${Date.now().toString(36)}-${count}`;
    // #region token
    const { token } = await client.createToken({ ...body, settings: { ...body.settings, external_id: id } });
    // #endregion token
    orders.set(id, { id, player: body.user.id.value, status: 'awaiting_payment', transaction_id: null, items: [] });
    return { token, order: id };
  }

  /**
   * The project's items for sale as the merchant API holds them (what the payment UI sells): the
   * name in English and the price in the item's default currency. The demo server syncs at start.
   */
  async function syncCatalogue(projectId: number): Promise<ShopItem[]> {
    // #region catalogue-sync
    const items: ShopItem[] = [];
    for await (const item of client.virtualItems.list(projectId, { has_price: 'real_currency' })) {
      const amount = item.prices[item.default_currency];
      if (item.enabled && amount !== undefined) items.push({ sku: item.sku, name: item.localized_name, price: { amount, currency: item.default_currency } });
    }
    // #endregion catalogue-sync
    for (const item of items) names.set(item.sku, item.name);
    return items;
  }

  /** A player's balance of the project's virtual currency, as the merchant API holds it. */
  async function balanceOf(projectId: number, player: string): Promise<number> {
    // #region user-lookup
    try {
      const user = await client.users.get(projectId, player);
      return user.balance;
    } catch (error) {
      // A player the service has not met yet has bought nothing.
      if (error instanceof MerchantApiError && error.code === 'NOT_FOUND') return 0;
      throw error;
    }
    // #endregion user-lookup
  }

  // #region deliver
  /** Our order `ours` paid by transaction `transaction`: delivered once, however often its webhook comes. */
  function deliverOrder(transaction: number, ours: string | number | undefined, player: string, items: Order['items']): void {
    if (byTransaction.has(transaction)) return; // Delivered already: a retry of an accepted webhook.
    const id = ours !== undefined ? String(ours) : `transaction-${transaction}`;
    const order = orders.get(id) ?? { id, player, status: 'awaiting_payment', transaction_id: null, items: [] };
    order.status = 'delivered';
    order.transaction_id = transaction;
    order.items = items;
    orders.set(id, order);
    byTransaction.set(transaction, order);
  }

  /**
   * `payment`: a plan's payment (in either variant) delivers the order that bought it; any other
   * (separate variant) says which of our orders the `order_paid` after it pays.
   */
  function notePayment({ transaction, purchase, user }: PaymentWebhook): void {
    const ours = transaction.external_id;
    const plan = purchase.subscription;
    if (!plan) {
      if (ours !== undefined) externalIds.set(transaction.id, String(ours));
      return;
    }
    // A renewal pays no order of ours: only the purchase's first payment does.
    if (ours === undefined || orders.get(String(ours))?.status !== 'awaiting_payment') return;
    deliverOrder(transaction.id, ours, user.id, [{ sku: String(plan.plan_id), type: 'subscription', name: PASS_NAME, quantity: 1 }]);
  }

  function deliver(paid: OrderPaidWebhook): void {
    // Combined webhooks carry the payment in `billing`; separate ones sent it in `payment` first.
    const ours = paid.billing ? paid.billing.transaction.external_id : externalIds.get(paid.order.id);
    // Lines name only SKUs: the names are the catalogue's, and the currency's the game's own.
    const items = paid.items.map(({ sku, type, quantity }) => ({ sku, type, name: type === 'virtual_currency' ? CURRENCY_NAME : names.get(sku) ?? sku, quantity }));
    deliverOrder(paid.order.id, ours, paid.user.external_id, items);
  }
  // #endregion deliver

  function takeBack(canceled: OrderCanceledWebhook): void {
    const order = byTransaction.get(canceled.order.id);
    if (order) order.status = 'refunded';
  }

  // #region pass
  /**
   * `create_subscription`, `update_subscription`, `cancel_subscription` name the subscription; the
   * merchant API says what it is now (its status and dates), which the game keeps as the player's pass.
   */
  async function keepPass(projectId: number, { notification_type: type, user, subscription }: SubscriptionWebhook): Promise<void> {
    // The pass is one of this game's plans: another game's (Puzzle Harbor's club) is not it.
    if (!PASS_PLANS.has(String(subscription.plan_id))) return;
    const id = Number(subscription.subscription_id);
    const known = passes.get(user.id);
    // A webhook of an older subscription of the player's does not hide their newer one.
    if (known && known.id > id) return;
    const now = await client.subscriptions.get(projectId, id);
    const status = type === 'cancel_subscription' ? 'canceled' : PASS_STATUS[now.status];
    passes.set(user.id, {
      id, player: user.id, plan_id: String(subscription.plan_id), status, date_next_charge: now.date_next_charge, date_end: now.date_end,
      cancel_requested: status !== 'canceled' && known?.id === id && known.cancel_requested,
    });
  }
  // #endregion pass

  /** One listener per project: each signs with its own secret key. */
  function webhooks(secret: string, projectId: number): WebhookListener {
    // #region webhooks
    return createWebhookHandler({
      secret,
      on: {
        user_validation: ({ user }) => {
          if (!players.has(user.id)) throw new WebhookRefusal('INVALID_USER', `no player ${user.id} in this game`);
        },
        payment: notePayment,
        order_paid: deliver,
        order_canceled: takeBack,
        // The Captain's pass (a subscription): bought, renewed, canceled.
        create_subscription: (created) => keepPass(projectId, created),
        update_subscription: (updated) => keepPass(projectId, updated),
        cancel_subscription: (canceled) => keepPass(projectId, canceled),
      },
    });
    // #endregion webhooks
  }

  /** Asks the (mock) service to refund a delivered order; the `order_canceled` webhook takes it back. */
  async function refund(id: string): Promise<Order | null> {
    const order = orders.get(id);
    if (!order || order.status !== 'delivered' || order.transaction_id === null) return null;
    const response = await fetch(new URL(`mock/transactions/${order.transaction_id}/refund`, `${merchantApi.replace(/\/$/, '')}/`), {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${merchantId}:${apiKey}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Requested by the player' }),
    });
    if (!response.ok) throw new Error(`the merchant API refused the refund (HTTP ${response.status})`);
    if (order.status === 'delivered') order.status = 'refund_requested';
    return order;
  }

  /**
   * Cancels a player's running pass through the merchant API; `refundLastPayment` also refunds the
   * month paid last. The `cancel_subscription` webhook then marks it canceled. Null when the player
   * has no running pass.
   */
  async function cancelPass(player: string, projectId: number, refundLastPayment: boolean): Promise<Pass | null> {
    const pass = passes.get(player);
    if (!pass || pass.status === 'canceled') return null;
    // #region cancel-pass
    await client.subscriptions.update(projectId, player, pass.id, { status: 'canceled', cancel_subscription_payment: refundLastPayment });
    // #endregion cancel-pass
    // Its webhook may have come meanwhile (each webhook writes the pass anew).
    const now = passes.get(player) ?? pass;
    if (now.status !== 'canceled') now.cancel_requested = true;
    return now;
  }

  /** What a player bought (every order paid, refunded or not), newest first; never an order still awaiting payment. */
  function purchasesOf(player: string): Order[] {
    return [...orders.values()].filter((order) => order.player === player && order.status !== 'awaiting_payment').reverse();
  }

  /**
   * What the game delivered, as the reconciliation with the reports asks it (server/reconcile.ts):
   * the order a transaction paid for, and the pass of a subscription.
   */
  const ledger: SalesLedger = {
    orderOf: (transactionId) => byTransaction.get(transactionId) ?? null,
    passOf: (subscriptionId) => [...passes.values()].find((pass) => pass.id === subscriptionId) ?? null,
  };

  return {
    startOrder, webhooks, refund, order: (id: string) => orders.get(id), purchasesOf, syncCatalogue, balanceOf,
    passOf: (player: string) => passes.get(player) ?? null, cancelPass, ledger, client,
  };
}

export type Shop = ReturnType<typeof createShop>;

/** What the game delivered: the order a transaction paid for, the pass of a subscription. */
export interface SalesLedger {
  orderOf(transactionId: number): Order | null;
  passOf(subscriptionId: number): Pass | null;
}

/** The game's virtual currency, as its pages name it. */
const CURRENCY_NAME = 'Crystals';
/** The game's subscription, as the plan is named. */
const PASS_NAME = 'Captain’s Pass';

/** The plans that are the Captain's pass (the demo's fixtures, project 200001). */
const PASS_PLANS: ReadonlySet<string> = new Set(['captain-monthly', 'captain-yearly']);

/** The service's subscription status → the pass's, in the game's words. */
const PASS_STATUS: Record<components['schemas']['Subscription']['status'], Pass['status']> = {
  active: 'active', new: 'trial', non_renewing: 'non_renewing', freeze: 'frozen', canceled: 'canceled',
};

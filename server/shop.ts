/**
 * The demo game's backend, written as a merchant writes theirs with `payui-embed/server`: it reads
 * its catalogue and its players' balances from the merchant API, asks it for tokens, and it
 * delivers (or takes back) what was bought only when a webhook with a valid signature says so. The docs quote this code (docs/server-kit.md, the README's quick
 * start): each `#region` below is shown there as it is here (test/unit/docs.test.ts).
 */
import {
  createMerchantClient, createWebhookHandler, MerchantApiError, WebhookRefusal,
  type OrderCanceledWebhook, type OrderPaidWebhook, type SubscriptionWebhook, type TokenRequest, type WebhookListener,
  type WebhookSubscription,
} from 'payui-embed/server';

export type OrderStatus = 'awaiting_payment' | 'delivered' | 'refund_requested' | 'refunded';

export interface Order {
  /** Our own order id, sent as `settings.external_id` in the token request. */
  id: string;
  player: string;
  status: OrderStatus;
  /** The service's transaction id, once paid. */
  transaction_id: number | null;
  items: { sku: string | null; name: string; quantity: number }[];
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
  /** Player → their latest subscription, as the service's webhooks told it. */
  const passes = new Map<string, Pass>();
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
  function deliver(paid: OrderPaidWebhook): void {
    if (byTransaction.has(paid.order.id)) return; // Delivered already: a retry of an accepted webhook.
    const id = paid.order.external_id ?? `transaction-${paid.order.id}`;
    const order = orders.get(id) ?? { id, player: paid.user.id, status: 'awaiting_payment', transaction_id: null, items: [] };
    order.status = 'delivered';
    order.transaction_id = paid.order.id;
    order.items = paid.items.map(({ sku, name, quantity }) => ({ sku, name, quantity }));
    orders.set(id, order);
    byTransaction.set(paid.order.id, order);
  }
  // #endregion deliver

  function takeBack(canceled: OrderCanceledWebhook): void {
    const order = byTransaction.get(canceled.transaction.id);
    if (order) order.status = 'refunded';
  }

  // #region pass
  /** `create_subscription`, `update_subscription`, `cancel_subscription`: the player's pass as the service says it is now. */
  function keepPass({ notification_type: type, user, subscription: s }: SubscriptionWebhook<'create_subscription' | 'update_subscription' | 'cancel_subscription'>): void {
    // The pass is one of this game's plans: another game's (Puzzle Harbor's club) is not it.
    if (!PASS_PLANS.has(s.plan_id)) return;
    const status = type === 'cancel_subscription' ? 'canceled' : PASS_STATUS[s.status];
    const known = passes.get(user.id);
    // A webhook of an older subscription of the player's does not hide their newer one.
    if (known && known.id > s.id) return;
    passes.set(user.id, {
      id: s.id, player: user.id, plan_id: s.plan_id, status, date_next_charge: s.date_next_charge, date_end: s.date_end,
      cancel_requested: status !== 'canceled' && known?.id === s.id && known.cancel_requested,
    });
  }
  // #endregion pass

  /** One listener per project: each signs with its own secret key. */
  function webhooks(secret: string): WebhookListener {
    // #region webhooks
    return createWebhookHandler({
      secret,
      on: {
        user_validation: ({ user }) => {
          if (!players.has(user.id)) throw new WebhookRefusal('INVALID_USER', `no player ${user.id} in this game`);
        },
        order_paid: deliver,
        order_canceled: takeBack,
        // The Captain's pass (a subscription): bought, renewed, canceled.
        create_subscription: keepPass,
        update_subscription: keepPass,
        cancel_subscription: keepPass,
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

/** The plans that are the Captain's pass (the demo's fixtures, project 200001). */
const PASS_PLANS: ReadonlySet<string> = new Set(['captain-monthly', 'captain-yearly']);

/** The service's subscription status → the pass's, in the game's words. */
const PASS_STATUS: Record<WebhookSubscription['status'], Pass['status']> = {
  active: 'active', new: 'trial', non_renewing: 'non_renewing', freeze: 'frozen', canceled: 'canceled',
};

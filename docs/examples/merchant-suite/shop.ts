// The shop's backend under test: what a merchant's own code does with the payment service. It asks
// for tokens with the server kit and takes the service's webhooks; the tests beside it run it against
// payui-mock, each test file in a sandbox of its own.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMerchantClient, createWebhookHandler, MerchantApiError, WebhookRefusal } from 'payui-embed/server';

export interface ShopConfig {
  merchantApiUrl: string;
  merchantId: number;
  apiKey: string;
  projectId: number;
  webhookSecret: string;
}

// #region shop
export async function startShop(config: ShopConfig) {
  const payments = createMerchantClient({ merchantId: config.merchantId, apiKey: config.apiKey, baseUrl: config.merchantApiUrl, maxRetries: 0 });
  const players = new Set<string>();
  const crystals = new Map<string, number>();
  // Each checkout is an order of the shop's own, named in the token (`external_id`) and in its order_paid's `billing`.
  const orders = new Map<string, { player: string; crystals: number }>();
  const passes = new Map<string, { status: string; nextCharge: string | null }>();

  async function keepPass(player: string, subscriptionId: string | number): Promise<void> {
    const now = await payments.subscriptions.get(config.projectId, Number(subscriptionId));
    passes.set(player, { status: now.status, nextCharge: now.date_next_charge });
  }

  /** The checkout: a token for the payment UI, or a message the page shows when the service fails. */
  async function checkout(player: string, purchase: { virtual_currency?: { quantity: number }; subscription?: { plan_id: string } }): Promise<{ token: string } | { retryLater: string }> {
    players.add(player);
    const order = randomUUID();
    orders.set(order, { player, crystals: purchase.virtual_currency?.quantity ?? 0 });
    try {
      return await payments.createToken({
        user: { id: { value: player }, email: { value: `${player}@example.test` } },
        settings: { project_id: config.projectId, mode: 'sandbox', currency: 'USD', external_id: order },
        purchase,
      });
    } catch (error) {
      if (error instanceof MerchantApiError && (error.status === null || error.status >= 500)) return { retryLater: 'Payments are unavailable, try again in a minute.' };
      throw error;
    }
  }

  const webhooks = createWebhookHandler({
    secret: config.webhookSecret,
    on: {
      user_validation: ({ user }) => {
        if (!players.has(user.id)) throw new WebhookRefusal('INVALID_USER', `no player ${user.id}`);
      },
      // Combined webhooks: the payment, with our order id, is in `billing`; the lines say what was bought.
      order_paid: ({ items, billing }) => {
        const ours = String(billing?.transaction.external_id ?? '');
        const paid = orders.get(ours);
        if (!paid) return;
        orders.delete(ours);                        // a repeated webhook credits nothing more
        const bought = items.filter((item) => item.type === 'virtual_currency').reduce((sum, item) => sum + item.quantity, 0);
        crystals.set(paid.player, (crystals.get(paid.player) ?? 0) + bought);
      },
      // The subscription webhooks name the subscription; the merchant API says what it is now.
      create_subscription: ({ user, subscription }) => keepPass(user.id, subscription.subscription_id),
      update_subscription: ({ user, subscription }) => keepPass(user.id, subscription.subscription_id),
    },
  });
  const server: Server = createServer((req, res) => void webhooks(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    checkout,
    crystalsOf: (player: string) => crystals.get(player) ?? 0,
    passOf: (player: string) => passes.get(player),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
// #endregion shop

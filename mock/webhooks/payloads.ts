/**
 * The webhooks of one payment, in the payment service's published shapes, as the contract's
 * `webhooks` section records them (mock/spec/openapi.json; the sources of each shape in
 * mock/spec/webhook-sources.md; the kit's payload types are generated from the section, and
 * mock/test/webhook-payloads.test.ts holds what is sent here to its schemas, where a field they do
 * not name fails). What the published shapes have no field for (a game key's code, a subscription's
 * status) is not sent: the reports, the subscriptions API and `POST /mock/payments` say it.
 */
import document from '../spec/openapi.json' with { type: 'json' };
import type {
  NotificationType, OrderCanceledWebhook, OrderPaidWebhook, PaymentWebhook, RefundWebhook, SubscriptionWebhook, UserValidationWebhook, Webhook, WebhookItem,
  WebhookOrder, WebhookOrderUser, WebhookPaymentDetails, WebhookPaymentUser, WebhookProjectSettings, WebhookPurchase, WebhookRefundDetails, WebhookSubscription,
  WebhookTransaction,
} from 'payui-embed/server';
import type { SubscriptionData } from '../store/subscriptions';
import type { PaymentRecord } from '../store/payments';
import { reportMethod } from '../store/transactions';
import type { Variant } from '../store/webhook-settings';

/** Who gets what a payment bought: a gift's receiver, else the payer. */
export const recipientOf = (p: PaymentRecord): { id: string; name: string | null; email: string } =>
  p.gift ? { id: p.gift.receiver.id, name: p.gift.receiver.name, email: p.gift.receiver.email ?? '' } : { id: p.user.id, name: p.user.name, email: p.user.email };

/** The SKU of the project's virtual currency on an order's line: the service's virtual currency record has no SKU of its own. */
export const CURRENCY_SKU = 'virtual_currency';
/** The merchant's agreement the payments are made under: the offline service has one. */
const AGREEMENT = 1;
/** `order.platform`: where the order was placed. */
const PLATFORM = 'payui';

const round = (n: number) => Math.round(n * 100) / 100;
/** A sum as the order webhooks send it: a decimal string. */
const text = (n: number) => String(round(n));
const lineTotal = (line: PaymentRecord['lines'][number]) => round(line.unitPrice * line.quantity);

const settings = (p: PaymentRecord): WebhookProjectSettings => ({ project_id: p.projectId, merchant_id: p.merchantId });

/** The player who pays, with what the token said of them. */
const payer = (p: PaymentRecord): WebhookPaymentUser => ({
  id: p.user.id, ip: p.ip ?? '127.0.0.1', email: p.user.email, country: p.user.country,
  ...(p.user.name ? { name: p.user.name } : {}), ...(p.user.phone ? { phone: p.user.phone } : {}),
});

/** The user of an order: who gets it (a gift's receiver, else the payer). */
function orderUser(p: PaymentRecord): WebhookOrderUser {
  const to = recipientOf(p);
  return { external_id: to.id, ...(to.email ? { email: to.email } : {}) };
}

/**
 * The lines of an order. A game key is a `game_key` line whose SKU is `<game sku>_<drm>`; a
 * currency package is its `bundle` line followed by the `virtual_currency` line of the currency it
 * gives (amount null: it came inside the package); an amount of currency bought by quantity is one
 * `virtual_currency` line.
 */
function items(p: PaymentRecord): WebhookItem[] {
  const line = (sku: string, type: WebhookItem['type'], quantity: number, amount: string | null): WebhookItem =>
    ({ sku, type, is_pre_order: false, quantity, amount, promotions: [] });
  return p.lines.flatMap((l): WebhookItem[] => {
    if (p.kind === 'game') return [line(l.drm ? `${l.sku}_${l.drm}` : l.sku!, 'game_key', l.quantity, text(lineTotal(l)))];
    if (p.kind === 'virtual_currency') {
      const units = l.units ?? l.quantity;
      return l.sku === null
        ? [line(CURRENCY_SKU, 'virtual_currency', units, text(lineTotal(l)))]
        : [line(l.sku, 'bundle', l.quantity, text(lineTotal(l))), line(CURRENCY_SKU, 'virtual_currency', units, null)];
    }
    return [line(l.sku!, 'virtual_good', l.quantity, text(lineTotal(l)))];
  });
}

const order = (p: PaymentRecord, status: WebhookOrder['status']): WebhookOrder => ({
  id: p.id, mode: p.mode === 'sandbox' ? 'sandbox' : 'default', currency_type: 'real', currency: p.currency, amount: text(p.amount), status,
  platform: PLATFORM, comment: null, invoice_id: String(p.id), promotions: [],
});

const transaction = (p: PaymentRecord): WebhookTransaction => {
  const method = reportMethod(p.paymentMethod);
  return {
    id: p.id, ...(p.externalId !== null ? { external_id: p.externalId } : {}), payment_date: p.date,
    payment_method: method.id, payment_method_name: method.name, dry_run: p.mode === 'sandbox' ? 1 : 0, agreement: AGREEMENT,
  };
};

/** What the payment came to and where the money goes: the offline service takes no fee and no tax, so the payout is the payment. */
function paymentDetails(p: PaymentRecord): WebhookPaymentDetails {
  const money = (amount: number) => ({ currency: p.currency, amount });
  return {
    payment: money(p.amount), vat: { ...money(0), percent: 0 }, sales_tax: { ...money(0), percent: 0 },
    payout_currency_rate: 1, payout: money(p.amount), vendor_fee: money(0), payment_method_fee: money(0),
  };
}

/** What was bought, by the published parts: virtual items, virtual currency, game keys, a subscription; a gift; the total. */
function purchase(p: PaymentRecord, s?: SubscriptionData): WebhookPurchase {
  const total = { currency: p.currency, amount: p.amount };
  const bought: WebhookPurchase = {};
  if (p.kind === 'items') bought.virtual_items = { items: p.lines.map((l) => ({ sku: l.sku!, amount: l.quantity })), ...total };
  if (p.kind === 'virtual_currency') {
    const units = p.lines.reduce((sum, l) => sum + (l.units ?? l.quantity), 0);
    const packaged = p.lines.find((l) => l.sku !== null);
    bought.virtual_currency = { ...(packaged ? { sku: packaged.sku! } : {}), quantity: units, ...total };
  }
  if (p.kind === 'game') bought.pin_codes = p.lines.map((l) => ({ digital_content: l.sku!, drm: l.drm ?? '', currency: p.currency, amount: lineTotal(l) }));
  if (p.kind === 'subscription' && p.subscription) {
    bought.subscription = {
      plan_id: p.subscription.planId, subscription_id: String(p.subscription.id), ...productOf(s), date_create: s?.date_create ?? p.date, ...total,
    };
  }
  if (p.gift) {
    const { receiver, giverId, message, hideGiver } = p.gift;
    bought.gift = {
      giver_id: giverId, receiver_id: receiver.id, ...(receiver.email ? { receiver_email: receiver.email } : {}), ...(message !== null ? { message } : {}),
      hide_giver_from_receiver: hideGiver ? 1 : 0,
    };
  }
  bought.total = total;
  return bought;
}

const custom = (p: PaymentRecord) => (p.customParameters ? { custom_parameters: p.customParameters } : {});

/** Why a payment was refunded: code 1 (canceled by the merchant, the one way this service refunds) and its reason. */
const refundDetails = (reason: string): WebhookRefundDetails => ({ code: 1, reason });

/** The payment's data, as `payment` carries it and combined `order_paid` nests it in `billing`. */
const paymentData = (p: PaymentRecord, s?: SubscriptionData) =>
  ({ settings: settings(p), purchase: purchase(p, s), user: payer(p), transaction: transaction(p), payment_details: paymentDetails(p) });

function paymentWebhook(p: PaymentRecord, s?: SubscriptionData): PaymentWebhook {
  return { notification_type: 'payment', ...paymentData(p, s), ...custom(p) };
}

function refundWebhook(p: PaymentRecord, reason: string, s?: SubscriptionData): RefundWebhook {
  return { notification_type: 'refund', ...paymentData(p, s), refund_details: refundDetails(reason), ...custom(p) };
}

const productOf = (s: SubscriptionData | undefined) => (s?.product && s.product.id !== undefined ? { product_id: String(s.product.id) } : {});

/** A subscription as its webhooks show it: the dates that apply to the webhook's type. */
export function webhookSubscription(type: SubscriptionWebhook['notification_type'], s: SubscriptionData): WebhookSubscription {
  return {
    plan_id: s.plan.external_id ?? String(s.plan.id), subscription_id: String(s.id), ...productOf(s), date_create: s.date_create,
    ...(type !== 'cancel_subscription' && s.date_next_charge ? { date_next_charge: s.date_next_charge } : {}),
    ...(type !== 'create_subscription' && s.date_end ? { date_end: s.date_end } : {}),
    ...(type === 'create_subscription' && s.trial_days > 0 ? { trial: { value: s.trial_days, type: 'day' } } : {}),
  };
}

export function subscriptionWebhook<T extends 'create_subscription' | 'update_subscription' | 'cancel_subscription'>(
  type: T, p: PaymentRecord, s: SubscriptionData,
): SubscriptionWebhook<T> {
  const to = recipientOf(p);
  return { notification_type: type, user: { id: to.id, ...(to.name ? { name: to.name } : {}) }, subscription: webhookSubscription(type, s) };
}

export function userValidation(p: PaymentRecord, ip: string): UserValidationWebhook {
  return { notification_type: 'user_validation', settings: settings(p), user: { ...payer(p), ip } };
}

/**
 * After a successful payment. Items, currency and keys: `payment` + `order_paid` (separate) or
 * `order_paid` with `billing` (combined). A plan: `payment` in either variant (the published
 * console test of subscriptions asks for `payment` with combined webhooks too), then
 * `create_subscription`.
 */
export function paidWebhooks(p: PaymentRecord, variant: Variant, bought?: SubscriptionData): Webhook[] {
  if (p.kind === 'subscription') return [paymentWebhook(p, bought), ...(bought ? [subscriptionWebhook('create_subscription', p, bought)] : [])];
  const paid = { notification_type: 'order_paid', items: items(p), order: order(p, 'paid'), user: orderUser(p) } as const;
  if (variant === 'separate') return [paymentWebhook(p), { ...paid, ...custom(p) } satisfies OrderPaidWebhook];
  return [{ ...paid, billing: { notification_type: 'payment', ...paymentData(p) }, ...custom(p) } satisfies OrderPaidWebhook];
}

/**
 * After a refund: `refund` + `order_canceled` (separate) or `order_canceled` with `billing`
 * (combined); a plan's payment: `refund` in either variant, and `cancel_subscription`.
 */
export function refundWebhooks(p: PaymentRecord, variant: Variant, reason: string, _date: string, canceled?: SubscriptionData): Webhook[] {
  if (p.kind === 'subscription') return [refundWebhook(p, reason, canceled), ...(canceled ? [subscriptionWebhook('cancel_subscription', p, canceled)] : [])];
  const canceledOrder = { notification_type: 'order_canceled', items: items(p), order: order(p, 'canceled'), user: orderUser(p) } as const;
  if (variant === 'separate') return [refundWebhook(p, reason), { ...canceledOrder, ...custom(p) } satisfies OrderCanceledWebhook];
  return [{ ...canceledOrder, billing: { notification_type: 'refund', ...paymentData(p), refund_details: refundDetails(reason) }, ...custom(p) } satisfies OrderCanceledWebhook];
}

/** A plan renewed: `payment` (either variant) and `update_subscription`. */
export function renewalWebhooks(p: PaymentRecord, _variant: Variant, s: SubscriptionData): Webhook[] {
  return [paymentWebhook(p, s), subscriptionWebhook('update_subscription', p, s)];
}

/** What the trigger command may change in a sample: the user's id (`user.id`) and the project (`settings.project_id`). */
export interface SampleFields {
  userId?: string | undefined;
  projectId?: number | undefined;
}

/** A sample payment for the trigger command, signed and sent as the service's console test does. */
function samplePayment(kind: PaymentRecord['kind'], { userId = 'sample-player', projectId = 200001 }: SampleFields): PaymentRecord {
  return {
    id: 900000001, merchantId: 100001, projectId, mode: 'sandbox', kind,
    user: { id: userId, email: 'sample-player@example.test', name: 'Sample Player', country: 'US', phone: null }, ip: '127.0.0.1',
    externalId: 'sample-order-1', currency: 'USD', amount: kind === 'subscription' ? 6.99 : 4.99,
    lines: kind === 'subscription' ? [{ sku: 'captain-monthly', name: 'Captain’s Pass', quantity: 1, unitPrice: 6.99 }] : [{ sku: 'starter-pack', name: 'Starter pack', quantity: 1, unitPrice: 4.99 }],
    date: '2026-01-01T00:00:00.000Z',
    ...(kind === 'subscription' ? { subscription: { id: 700000001, planId: 'captain-monthly', trialDays: 0 } } : {}),
    refunded: false,
  };
}

/** One sample webhook of any type, with the caller's user id and project where its shape has them. */
export function sampleWebhook(type: NotificationType, fields: SampleFields = {}): Webhook {
  const subscriptionTypes = ['create_subscription', 'update_subscription', 'cancel_subscription'];
  const p = samplePayment(subscriptionTypes.includes(type) ? 'subscription' : 'items', fields);
  const s: SubscriptionData = {
    id: 700000001, status: type === 'cancel_subscription' ? 'canceled' : 'active', charge_amount: 6.99, currency: 'USD', comment: null,
    date_create: p.date, date_end: type === 'cancel_subscription' ? p.date : null, date_last_charge: p.date,
    date_next_charge: type === 'cancel_subscription' ? null : '2026-02-01T00:00:00.000Z', user: { id: p.user.id, name: p.user.name ?? '' },
    plan: { id: 1, external_id: 'captain-monthly' }, period: { value: 1, type: 'month' }, trial_days: 0, expires_at: null,
    decline_renewals: false, failures: 0, model: p,
  };
  const pick = (list: Webhook[]) => list.find((w) => w.notification_type === type)!;
  switch (type) {
    case 'user_validation':
      return userValidation(p, '127.0.0.1');
    case 'update_subscription':
      return subscriptionWebhook('update_subscription', p, s);
    case 'create_subscription':
      return subscriptionWebhook('create_subscription', p, s);
    case 'payment':
      return pick(paidWebhooks(p, 'separate'));
    case 'order_paid':
      return pick(paidWebhooks(p, 'combined'));
    case 'cancel_subscription':
      return subscriptionWebhook('cancel_subscription', p, s);
    case 'refund':
      return pick(refundWebhooks(p, 'separate', 'sample refund', p.date));
    case 'order_canceled':
      return pick(refundWebhooks(p, 'combined', 'sample refund', p.date));
  }
}

/** Every type the service sends: those the contract's `webhooks` section describes. */
export const NOTIFICATION_TYPES = Object.keys(document.webhooks) as NotificationType[];

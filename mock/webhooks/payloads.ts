/**
 * The webhooks of one payment, in the shapes the contract's `webhooks` section describes
 * (mock/spec/openapi.json; the kit's payload types are generated from it, and
 * mock/test/webhook-payloads.test.ts holds what is sent here to its schemas). `user_validation` is
 * the service's documented shape; the rest are the mock's own, written down in the docs.
 */
import document from '../spec/openapi.json' with { type: 'json' };
import type {
  NotificationType, OrderCanceledWebhook, OrderPaidWebhook, PaymentWebhook, RefundWebhook, SubscriptionWebhook, UserValidationWebhook,
  Webhook, WebhookGift, WebhookItem, WebhookOrder, WebhookSubscription, WebhookTransaction, WebhookUser,
} from 'payui-embed/server';
import { methodOf } from '../spec/session';
import type { SubscriptionData } from '../store/subscriptions';
import type { PaymentRecord } from '../store/payments';
import type { Variant } from '../store/webhook-settings';

const user = (p: PaymentRecord): WebhookUser => ({ id: p.user.id, email: p.user.email, ...(p.user.name ? { name: p.user.name } : {}), country: p.user.country });

/** Who gets what a payment bought: a gift's receiver, else the payer. */
export const recipientOf = (p: PaymentRecord): { id: string; name: string | null; email: string } =>
  p.gift ? { id: p.gift.receiver.id, name: p.gift.receiver.name, email: p.gift.receiver.email ?? '' } : { id: p.user.id, name: p.user.name, email: p.user.email };

/**
 * The user of a webhook about what was bought (`order_paid`, `order_canceled`, the subscription
 * webhooks): who gets it, a gift's receiver (with `gift`: who gave it and why), else the payer.
 */
function receiver(p: PaymentRecord): { user: WebhookUser; gift?: WebhookGift } {
  if (!p.gift) return { user: user(p) };
  const { receiver: to, giverId, message, hideGiver } = p.gift;
  return {
    user: { id: to.id, email: to.email ?? '', ...(to.name ? { name: to.name } : {}), country: p.user.country },
    gift: { giver_id: giverId, message, hide_giver_from_receiver: hideGiver },
  };
}

/** A game's key is a digital good to the webhooks (the kit's item types have no type of its own for it). */
const ITEM_TYPE = { items: 'virtual_good', virtual_currency: 'virtual_currency', subscription: 'subscription', game: 'virtual_good' } as const;
/** The lines bought; a game key sold is named (`key`, with its `drm`). */
const items = (p: PaymentRecord): WebhookItem[] =>
  p.lines.map((line) => ({
    sku: line.sku, type: ITEM_TYPE[p.kind], name: line.name, quantity: line.quantity, amount: Math.round(line.unitPrice * line.quantity * 100) / 100,
    ...(line.key !== undefined ? { drm: line.drm!, key: line.key } : {}),
  }));

const order = (p: PaymentRecord, status: WebhookOrder['status']): WebhookOrder =>
  ({ id: p.id, status, mode: p.mode, amount: p.amount, currency: p.currency, external_id: p.externalId });

const transaction = (p: PaymentRecord): WebhookTransaction =>
  ({ id: p.id, external_id: p.externalId, project_id: p.projectId, dry_run: p.mode === 'sandbox', payment_date: p.date, payment_method: methodOf(p.paymentMethod) });

const payment = (p: PaymentRecord) => ({ amount: p.amount, currency: p.currency });
const custom = (p: PaymentRecord) => (p.customParameters ? { custom_parameters: p.customParameters } : {});

/** A subscription as its webhooks show it. */
export function webhookSubscription(s: SubscriptionData): WebhookSubscription {
  return {
    id: s.id, plan_id: s.plan.external_id ?? String(s.plan.id), status: s.status, amount: s.charge_amount, currency: s.currency,
    date_create: s.date_create, date_next_charge: s.date_next_charge, date_end: s.date_end, trial_days: s.trial_days,
  };
}

export function subscriptionWebhook<T extends 'create_subscription' | 'update_subscription' | 'cancel_subscription'>(
  type: T, p: PaymentRecord, s: SubscriptionData,
): SubscriptionWebhook<T> {
  return { notification_type: type, ...receiver(p), subscription: webhookSubscription(s) };
}

export function userValidation(p: PaymentRecord, ip: string): UserValidationWebhook {
  return { notification_type: 'user_validation', user: { id: p.user.id, email: p.user.email, name: p.user.name, country: p.user.country, ip, phone: p.user.phone } };
}

/** After a successful payment: `payment` + `order_paid` (separate) or `order_paid` (combined); a plan adds `create_subscription`. */
export function paidWebhooks(p: PaymentRecord, variant: Variant, bought?: SubscriptionData): Webhook[] {
  const list: Webhook[] = [];
  if (variant === 'separate') {
    list.push({ notification_type: 'payment', user: user(p), transaction: transaction(p), payment: payment(p), ...custom(p) } satisfies PaymentWebhook);
    list.push({ notification_type: 'order_paid', order: order(p, 'paid'), items: items(p), ...receiver(p), ...custom(p) } satisfies OrderPaidWebhook);
  } else {
    list.push({ notification_type: 'order_paid', order: order(p, 'paid'), items: items(p), ...receiver(p), transaction: transaction(p), payment: payment(p), ...custom(p) } satisfies OrderPaidWebhook);
  }
  if (bought) list.push(subscriptionWebhook('create_subscription', p, bought));
  return list;
}

/** After a refund: `refund` + `order_canceled` (separate) or `order_canceled` (combined); a plan adds `cancel_subscription`. */
export function refundWebhooks(p: PaymentRecord, variant: Variant, reason: string, date: string, canceled?: SubscriptionData): Webhook[] {
  const list: Webhook[] = [];
  const refund = { reason, date };
  if (variant === 'separate') {
    list.push({ notification_type: 'refund', user: user(p), transaction: transaction(p), payment: payment(p), refund, ...custom(p) } satisfies RefundWebhook);
    list.push({ notification_type: 'order_canceled', order: order(p, 'canceled'), items: items(p), ...receiver(p), transaction: { id: p.id } } satisfies OrderCanceledWebhook);
  } else {
    list.push({ notification_type: 'order_canceled', order: order(p, 'canceled'), items: items(p), ...receiver(p), transaction: transaction(p), payment: payment(p), refund } satisfies OrderCanceledWebhook);
  }
  if (canceled) list.push(subscriptionWebhook('cancel_subscription', p, canceled));
  return list;
}

/** A plan renewed: `payment` (separate variant) and `update_subscription`. */
export function renewalWebhooks(p: PaymentRecord, variant: Variant, s: SubscriptionData): Webhook[] {
  const list: Webhook[] = [];
  if (variant === 'separate') list.push({ notification_type: 'payment', user: user(p), transaction: transaction(p), payment: payment(p), ...custom(p) } satisfies PaymentWebhook);
  list.push(subscriptionWebhook('update_subscription', p, s));
  return list;
}

/** What the trigger command may change in a sample: the user's id (`user.id`) and the project (`transaction.project_id`). */
export interface SampleFields {
  userId?: string | undefined;
  projectId?: number | undefined;
}

/** A sample payment for the trigger command, signed and sent as the service's console test does. */
function samplePayment(kind: PaymentRecord['kind'], { userId = 'sample-player', projectId = 200001 }: SampleFields): PaymentRecord {
  return {
    id: 900000001, merchantId: 100001, projectId, mode: 'sandbox', kind,
    user: { id: userId, email: 'sample-player@example.test', name: 'Sample Player', country: 'US', phone: null },
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

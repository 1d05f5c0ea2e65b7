/**
 * The webhook the service would send for a transaction or subscription it holds, as it is now
 * (`POST /mock/webhooks/trigger`), made by the same payloads as the event's own: a payment's
 * `order_paid` sent again is the body the payment sent.
 */
import type { NotificationType, Webhook } from 'payui-embed/server';
import type { SubscriptionData } from '../store/subscriptions';
import { paidWebhooks, refundWebhooks, subscriptionWebhook } from './payloads';
import type { KeptPayment } from '../store/payments';
import type { Variant } from '../store/webhook-settings';

/** What a webhook is sent for: a transaction (its status and kept payment) or a subscription. */
export type Source = { transaction: { status: string; payment: KeptPayment } } | { subscription: SubscriptionData };

type SubscriptionType = 'create_subscription' | 'update_subscription' | 'cancel_subscription';
const isSubscriptionType = (type: NotificationType): type is SubscriptionType => type.endsWith('_subscription');

/** The webhook of `type` for `source`, `order_paid` and `order_canceled` in `variant`; or why that type does not fit it, in words. */
export function replayWebhook(type: NotificationType, source: Source, variant: Variant): Webhook | string {
  if (type === 'user_validation') {
    return 'user_validation is asked before a payment and not sent again (the player\'s address is not kept); `payui-mock trigger user_validation --to URL --secret SECRET` sends a sample';
  }
  const pick = (list: Webhook[]) => list.find((webhook) => webhook.notification_type === type)!;
  if ('transaction' in source) {
    if (isSubscriptionType(type)) return `${type} is sent for a subscription: give its subscription_id`;
    const { status, payment } = source.transaction;
    if (type === 'order_paid' || type === 'payment') {
      if (status !== 'done' && status !== 'refunded') return `transaction ${payment.id} was not paid (it is ${status}): it has no ${type}`;
      if (type === 'order_paid' && payment.renewal) return `transaction ${payment.id} is a renewal of subscription ${payment.subscription?.id}: a renewal sends payment and update_subscription, no order_paid`;
      if (type === 'order_paid' && payment.kind === 'subscription') return `transaction ${payment.id} is a subscription's payment: it sends payment and create_subscription, no order_paid`;
      return pick(paidWebhooks(payment, type === 'payment' ? 'separate' : variant));
    }
    if (status !== 'refunded' || !payment.refund) return `transaction ${payment.id} is not refunded (it is ${status}): it has no ${type}`;
    if (type === 'order_canceled' && payment.kind === 'subscription') return `transaction ${payment.id} is a subscription's payment: its refund sends refund and cancel_subscription, no order_canceled`;
    return pick(refundWebhooks(payment, type === 'refund' ? 'separate' : variant, payment.refund.reason, payment.refund.date));
  }
  if (!isSubscriptionType(type)) return `${type} is sent for a transaction: give its transaction_id`;
  const s = source.subscription;
  if (type === 'update_subscription' && s.status === 'canceled') return `subscription ${s.id} is canceled: its webhook is cancel_subscription`;
  if (type === 'cancel_subscription' && s.status !== 'canceled') return `subscription ${s.id} is not canceled (it is ${s.status})`;
  return subscriptionWebhook(type, s.model, s);
}

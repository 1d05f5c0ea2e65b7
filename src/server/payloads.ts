/**
 * What each webhook carries: names for the payload types generated (api-types.ts) from the
 * `webhooks` section of the service's description, mock/spec/openapi.json, where each type's schema
 * is the payment service's published shape, in both variants (the sources of each are named in
 * mock/spec/webhook-sources.md; the deliberate differences in docs/offline-service.md, "Payload
 * shapes"). Types only: nothing here is code.
 */
import type { components, webhooks } from './api-types';

type Schemas = components['schemas'];

/** Every type of webhook the service sends. */
export type NotificationType = keyof webhooks;

/** The payload of each type, as the description's `webhooks` section says. */
export type WebhookPayloads = { [K in NotificationType]: webhooks[K]['post']['requestBody']['content']['application/json'] };

export type Webhook = WebhookPayloads[NotificationType];

/** The project a webhook is about (`settings`). */
export type WebhookProjectSettings = Schemas['WebhookProjectSettings'];
/** A sum and its currency. */
export type WebhookMoney = Schemas['WebhookMoney'];
/** The player who pays (`user` of `user_validation`, `payment`, `refund` and `billing`). */
export type WebhookPaymentUser = Schemas['WebhookPaymentUser'];
/** Who gets an order (`user` of `order_paid` and `order_canceled`): `external_id` is the game's user id. */
export type WebhookOrderUser = Schemas['WebhookOrderUser'];
/** The user of the subscription webhooks. */
export type WebhookSubscriptionUser = Schemas['WebhookSubscriptionUser'];
export type WebhookTransaction = Schemas['WebhookTransaction'];
export type WebhookPurchase = Schemas['WebhookPurchase'];
export type WebhookPaymentDetails = Schemas['WebhookPaymentDetails'];
export type WebhookRefundDetails = Schemas['WebhookRefundDetails'];
export type WebhookItem = Schemas['WebhookItem'];
export type WebhookPromotion = Schemas['WebhookPromotion'];
export type WebhookOrder = Schemas['WebhookOrder'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
/** `billing` of a combined `order_paid`: what a separate `payment` carries. */
export type WebhookBillingPaid = Schemas['WebhookBillingPaid'];
/** `billing` of a combined `order_canceled`: what a separate `refund` carries. */
export type WebhookBillingCanceled = Schemas['WebhookBillingCanceled'];

export type UserValidationWebhook = Schemas['UserValidationWebhook'];
/** Separate variant, and a subscription's payments in both. */
export type PaymentWebhook = Schemas['PaymentWebhook'];
/** Separate variant, and a subscription's refunds in both. */
export type RefundWebhook = Schemas['RefundWebhook'];
/** Either variant: narrow with `paid.billing !== undefined` (combined). */
export type OrderPaidWebhook = Schemas['OrderPaidWebhook'];
export type OrderPaidCombinedWebhook = Schemas['OrderPaidCombinedWebhook'];
export type OrderPaidSeparateWebhook = Schemas['OrderPaidSeparateWebhook'];
/** Either variant: narrow with `canceled.billing !== undefined` (combined). */
export type OrderCanceledWebhook = Schemas['OrderCanceledWebhook'];
export type OrderCanceledCombinedWebhook = Schemas['OrderCanceledCombinedWebhook'];
export type OrderCanceledSeparateWebhook = Schemas['OrderCanceledSeparateWebhook'];

export type SubscriptionNotificationType = 'create_subscription' | 'update_subscription' | 'cancel_subscription';
/** The three subscription types have one shape (the description's `CreateSubscriptionWebhook` and its two twins). */
export type SubscriptionWebhook<T extends SubscriptionNotificationType = SubscriptionNotificationType> =
  Omit<Schemas['CreateSubscriptionWebhook'], 'notification_type'> & { notification_type: T };

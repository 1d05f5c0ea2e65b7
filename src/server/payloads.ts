/**
 * What each webhook carries: names for the payload types generated (api-types.ts) from the
 * `webhooks` section of the service's description, mock/spec/openapi.json, where each type's schema
 * says what the offline service sends, in both variants. `user_validation` is the service's
 * documented shape; the others are the offline service's own (the service does not publish them),
 * written down in docs/offline-service.md, "Payload shapes". Types only: nothing here is code.
 */
import type { components, webhooks } from './api-types';

type Schemas = components['schemas'];

/** Every type of webhook the service sends. */
export type NotificationType = keyof webhooks;

/** The payload of each type, as the description's `webhooks` section says. */
export type WebhookPayloads = { [K in NotificationType]: webhooks[K]['post']['requestBody']['content']['application/json'] };

export type Webhook = WebhookPayloads[NotificationType];

/** The player, as the token named them. */
export type WebhookUser = Schemas['WebhookUser'];
export type WebhookItem = Schemas['WebhookItem'];
export type WebhookOrder = Schemas['WebhookOrder'];
export type WebhookTransaction = Schemas['WebhookTransaction'];
export type WebhookPayment = Schemas['WebhookPayment'];
export type WebhookRefund = Schemas['WebhookRefund'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
/** A gift (the token's `purchase.gift`): the webhook's `user` is the friend who gets it; this says who gave it. */
export type WebhookGift = Schemas['WebhookGift'];

export type UserValidationWebhook = Schemas['UserValidationWebhook'];
/** Separate variant only. */
export type PaymentWebhook = Schemas['PaymentWebhook'];
/** Separate variant only. */
export type RefundWebhook = Schemas['RefundWebhook'];
/** Either variant: narrow with `paid.transaction !== undefined` (combined). */
export type OrderPaidWebhook = Schemas['OrderPaidWebhook'];
export type OrderPaidCombinedWebhook = Schemas['OrderPaidCombinedWebhook'];
export type OrderPaidSeparateWebhook = Schemas['OrderPaidSeparateWebhook'];
/** Either variant: narrow with `canceled.payment !== undefined` (combined). */
export type OrderCanceledWebhook = Schemas['OrderCanceledWebhook'];
export type OrderCanceledCombinedWebhook = Schemas['OrderCanceledCombinedWebhook'];
export type OrderCanceledSeparateWebhook = Schemas['OrderCanceledSeparateWebhook'];

export type SubscriptionNotificationType = 'create_subscription' | 'update_subscription' | 'cancel_subscription';
/** The three subscription types have one shape (the description's `CreateSubscriptionWebhook` and its two twins). */
export type SubscriptionWebhook<T extends SubscriptionNotificationType = SubscriptionNotificationType> =
  Omit<Schemas['CreateSubscriptionWebhook'], 'notification_type'> & { notification_type: T };

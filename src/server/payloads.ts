/**
 * What each webhook carries. `user_validation` is the service's documented shape; the others are
 * the shapes the mock service sends (the service does not publish them), written down in
 * docs/offline-service.md, "Payload shapes". Every shape may carry more fields than listed.
 */

export type NotificationType =
  | 'user_validation'
  | 'payment'
  | 'refund'
  | 'order_paid'
  | 'order_canceled'
  | 'create_subscription'
  | 'update_subscription'
  | 'cancel_subscription';

/** The player, as the token named them. */
export interface WebhookUser {
  id: string;
  email: string;
  name?: string;
  country?: string;
}

export interface UserValidationWebhook {
  notification_type: 'user_validation';
  user: { id: string; email: string; name: string | null; country: string; ip: string; phone: string | null };
}

export interface WebhookItem {
  /** null for virtual currency bought by quantity. */
  sku: string | null;
  type: 'virtual_good' | 'virtual_currency' | 'subscription';
  name: string;
  quantity: number;
  /** Price of the line (unit price × quantity). */
  amount: number;
}

export interface WebhookOrder {
  /** The transaction id: the same number as `transaction.id` and the payment UI's invoice. */
  id: number;
  status: 'paid' | 'canceled';
  mode: 'live' | 'sandbox';
  amount: number;
  currency: string;
  /** `settings.external_id` of the token, when it had one. */
  external_id: string | null;
}

export interface WebhookTransaction {
  /** The payment's transaction id: the idempotency key of a delivery. */
  id: number;
  external_id: string | null;
  project_id: number;
  /** True for a sandbox payment: nothing was charged. */
  dry_run: boolean;
  /** ISO 8601. */
  payment_date: string;
  payment_method: string;
}

export interface WebhookPayment {
  amount: number;
  currency: string;
}

export interface PaymentWebhook {
  notification_type: 'payment';
  user: WebhookUser;
  transaction: WebhookTransaction;
  payment: WebhookPayment;
  custom_parameters?: Record<string, unknown>;
}

export interface RefundWebhook {
  notification_type: 'refund';
  user: WebhookUser;
  transaction: WebhookTransaction;
  payment: WebhookPayment;
  refund: { reason: string; date: string };
  custom_parameters?: Record<string, unknown>;
}

export interface OrderPaidWebhook {
  notification_type: 'order_paid';
  order: WebhookOrder;
  items: WebhookItem[];
  user: WebhookUser;
  /** Combined variant only (the separate variant sends them in `payment`). */
  transaction?: WebhookTransaction;
  payment?: WebhookPayment;
  custom_parameters?: Record<string, unknown>;
}

export interface OrderCanceledWebhook {
  notification_type: 'order_canceled';
  order: WebhookOrder;
  items: WebhookItem[];
  user: WebhookUser;
  /** The canceled transaction (`transaction.id` equals `order.id`). */
  transaction: Pick<WebhookTransaction, 'id'> & Partial<WebhookTransaction>;
  /** Combined variant only. */
  payment?: WebhookPayment;
  refund?: { reason: string; date: string };
}

export interface WebhookSubscription {
  id: number;
  plan_id: string;
  /** `new` during a trial; `freeze` after failed renewals, during the plan's grace period. */
  status: 'active' | 'canceled' | 'non_renewing' | 'freeze' | 'new';
  amount: number;
  currency: string;
  date_create: string;
  date_next_charge: string | null;
  date_end: string | null;
  trial_days: number;
}

export interface SubscriptionWebhook<T extends 'create_subscription' | 'update_subscription' | 'cancel_subscription'> {
  notification_type: T;
  user: WebhookUser;
  subscription: WebhookSubscription;
}

export interface WebhookPayloads {
  user_validation: UserValidationWebhook;
  payment: PaymentWebhook;
  refund: RefundWebhook;
  order_paid: OrderPaidWebhook;
  order_canceled: OrderCanceledWebhook;
  create_subscription: SubscriptionWebhook<'create_subscription'>;
  update_subscription: SubscriptionWebhook<'update_subscription'>;
  cancel_subscription: SubscriptionWebhook<'cancel_subscription'>;
}

export type Webhook = WebhookPayloads[NotificationType];

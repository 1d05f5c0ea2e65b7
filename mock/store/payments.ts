/**
 * Payments as the `payments` table keeps them: what the payment UI (or `POST /mock/payments`) took,
 * the record every webhook and report entry about it is made of.
 */
import type { Gift } from '../spec/session';
import type { Credit } from './users';

export interface PaymentLine {
  sku: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  /** A game key sold: its DRM and the key. */
  drm?: string;
  key?: string;
}

/** A payment the mock UI took: what the webhooks are made of. */
export interface PaymentRecord {
  /** The transaction id, shown as the invoice in the payment UI. */
  id: number;
  merchantId: number;
  projectId: number;
  mode: 'live' | 'sandbox';
  kind: 'items' | 'virtual_currency' | 'subscription' | 'game';
  user: { id: string; email: string; name: string | null; country: string; phone: string | null };
  externalId: string | null;
  currency: string;
  amount: number;
  lines: PaymentLine[];
  /** ISO 8601. */
  date: string;
  customParameters?: Record<string, unknown>;
  /** A gift: the friend who gets what was bought (`user` is the giver, who paid). */
  gift?: Gift;
  /** The id of the method it was paid with (`settings.payment_method`); absent: the test card. */
  paymentMethod?: number;
  /** For a subscription purchase or renewal: the subscription (its state is the `subscriptions` table's). */
  subscription?: { id: number; planId: string; trialDays: number };
  refunded: boolean;
}

/** A payment as the `payments` table keeps it: the record the webhooks are made of, and what it gave. */
export type KeptPayment = PaymentRecord & { credit?: Credit; refund?: { reason: string; date: string } };

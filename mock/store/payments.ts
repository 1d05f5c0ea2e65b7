/**
 * Payments as the `payments` table keeps them: what the payment UI (or `POST /mock/payments`) took,
 * the record every webhook and report entry about it is made of; its one writer.
 */
import { randomInt } from 'node:crypto';
import type { Gift, PaidWith } from '../spec/session';
import type { Sql } from './database';
import type { Credit } from './users';

export interface PaymentLine {
  sku: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  /** A line of virtual currency (a package, or an amount): the units it gave, all its quantity. */
  units?: number;
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
  /** The player's address as the payment UI saw it (absent in payments kept before it was kept). */
  ip?: string;
  externalId: string | null;
  currency: string;
  amount: number;
  lines: PaymentLine[];
  /** ISO 8601. */
  date: string;
  customParameters?: Record<string, unknown>;
  /** A gift: the friend who gets what was bought (`user` is the giver, who paid). */
  gift?: Gift;
  /** What it was paid with: the method the player picked on the page, or the id the token's `settings.payment_method` names; absent: the test card. */
  paymentMethod?: PaidWith;
  /** For a subscription purchase or renewal: the subscription (its state is the `subscriptions` table's). */
  subscription?: { id: number; planId: string; trialDays: number };
  /** A subscription's renewal, charged by the clock (its webhooks are `payment` and `update_subscription`, never `order_paid`). */
  renewal?: true;
  refunded: boolean;
}

/** A payment as the `payments` table keeps it: the record the webhooks are made of, and what it gave. */
export type KeptPayment = PaymentRecord & { credit?: Credit; refund?: { reason: string; date: string } };

/** A payment's state: `done`, `refunded`, `error` (declined) or `canceled` (the game refused the player). */
export type PaymentStatus = 'done' | 'refunded' | 'error' | 'canceled';

/** Payment `id` as kept, with its status; undefined when there is none. */
export async function paymentById(sql: Sql, id: number): Promise<{ status: string; payment: KeptPayment } | undefined> {
  const { rows } = await sql.query<{ status: string; data: KeptPayment }>('SELECT status, data FROM payments WHERE id = $1', [id]);
  return rows[0] && { status: rows[0].status, payment: rows[0].data };
}

/** Locks payment `id`'s row until the transaction of `sql` ends (mock/domain/lock-order.ts); false when there is none. */
export async function lockPayment(sql: Sql, id: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** Keeps a payment with `status`, made at its `date`. */
export async function insertPayment(sql: Sql, payment: KeptPayment, status: PaymentStatus): Promise<void> {
  await sql.query(
    'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [payment.id, payment.merchantId, payment.projectId, status, JSON.stringify(payment), payment.date],
  );
}

/**
 * Marks payment `id` refunded (with when and why, as the reports show them) by a write that holds
 * only while it is `done`: answers it as refunded, or undefined when it was not `done` (a second
 * refund at the same moment finds it refunded).
 */
export async function markRefunded(sql: Sql, id: number, reason: string, date: string): Promise<KeptPayment | undefined> {
  const { rows } = await sql.query<{ data: KeptPayment }>(
    `UPDATE payments SET status = 'refunded', data = data || jsonb_build_object('refunded', true, 'refund', jsonb_build_object('reason', $2::text, 'date', $3::text))
     WHERE id = $1 AND status = 'done' RETURNING data`,
    [id, reason, date],
  );
  return rows[0]?.data;
}

/** A new transaction id (nine digits), used by no payment nor subscription yet. */
export async function newPaymentId(sql: Sql): Promise<number> {
  for (;;) {
    const id = randomInt(100_000_000, 999_999_999);
    const { rows } = await sql.query<{ taken: boolean }>("SELECT EXISTS (SELECT 1 FROM payments WHERE id = $1 OR data->'subscription'->>'id' = $1::text) AS taken", [id]);
    if (!rows[0]!.taken) return id;
  }
}

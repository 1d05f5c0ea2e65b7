/**
 * Subscriptions as the database keeps them (service-spec.md "Subscription", "Subscription payment
 * entry"): the subscriptions bought in the payment UI, and their payments (plans and products are
 * mock/store/subscription-plans.ts).
 * A subscription's `due_at` is when something next happens to it on the service clock (a charge,
 * a retry, the end of a grace period or of its expiry); null when nothing will.
 */
import type { Plain } from '../lib/plain';
import { addDuration } from './clock';
import type { Sql } from './database';
import type { PaymentRecord } from './payments';
import type { Span, Unit } from './subscription-plans';

export type SubscriptionStatus = 'active' | 'canceled' | 'non_renewing' | 'freeze' | 'new';

/** A subscription's record (`subscriptions.data`). */
export interface SubscriptionData {
  id: number;
  status: SubscriptionStatus;
  charge_amount: number;
  currency: string;
  comment: string | null;
  date_create: string;
  date_end: string | null;
  date_last_charge: string | null;
  date_next_charge: string | null;
  user: { id: string; name: string };
  plan: { id: number; external_id: string | null };
  /** The product the token named (`purchase.subscription.product_id`), as it was when bought; absent: none. */
  product?: Plain | null;
  period: Span;
  trial_days: number;
  /** When the plan's expiry ends it (null: never). */
  expires_at: string | null;
  /** Renewals decline (the payment UI's "renewals are declined" test outcome). */
  decline_renewals: boolean;
  /** Failed charges since the last one that went through. */
  failures: number;
  /** The purchase the subscription was bought with (its user, mode, lines): the model of its charges. */
  model: PaymentRecord;
}

/**
 * `iso` moved later by `n` units. A month shift keeps the day of the month, clamped to the last day
 * of the month it lands in (Jan 31 + 1 month = Feb 28/29).
 */
export function shift(iso: string, n: number, unit: Unit): string {
  return new Date(addDuration(new Date(iso).getTime(), unit === 'day' ? `P${n}D` : `P${n}M`)!).toISOString();
}

export interface SubscriptionRow {
  id: number;
  merchantId: number;
  projectId: number;
  planId: number;
  userId: string;
  data: SubscriptionData;
}

type RawSubscription = { id: string; merchant_id: string; project_id: string; plan_id: string; user_id: string; data: SubscriptionData };
const subscriptionOf = (row: RawSubscription): SubscriptionRow => ({
  id: Number(row.id), merchantId: Number(row.merchant_id), projectId: Number(row.project_id), planId: Number(row.plan_id), userId: row.user_id, data: row.data,
});

/** The subscription `id`; `lock`: its row locked until the transaction of `sql` ends (it is read to be changed). */
export async function subscriptionById(sql: Sql, id: number, lock = false): Promise<SubscriptionRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const { rows } = await sql.query<RawSubscription>(`SELECT * FROM subscriptions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && subscriptionOf(rows[0]);
}

/** The player's newest running (not canceled) subscription in the project. */
export async function runningSubscription(sql: Sql, projectId: number, userId: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql.query<RawSubscription>(
    "SELECT * FROM subscriptions WHERE project_id = $1 AND user_id = $2 AND status <> 'canceled' ORDER BY (data->>'date_create') DESC, id DESC LIMIT 1",
    [projectId, userId],
  );
  return rows[0] && subscriptionOf(rows[0]);
}

/**
 * When something next happens to a subscription: a frozen one ends with its grace period
 * (`date_end`); a running one (`new`, `active`, `non_renewing`) at its next charge date (a charge, a
 * retry, or the end of a non-renewing one) or its expiry, whichever is first; a canceled one never.
 */
export function dueAt(data: SubscriptionData): string | null {
  if (data.status === 'canceled') return null;
  if (data.status === 'freeze') return data.date_end;
  const times = [data.date_next_charge, data.expires_at].filter((t): t is string => t !== null);
  return times.length ? times.reduce((a, b) => (a < b ? a : b)) : null;
}

/**
 * The merchant's subscription due first at or before `until` (ISO 8601), its row locked until the
 * transaction of `sql` ends: picked and locked at once, so on a Postgres server a row another
 * transaction changed meanwhile is judged as it is now. Undefined when nothing is due.
 */
export async function nextDue(sql: Sql, merchantId: number, until: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql.query<RawSubscription>('SELECT * FROM subscriptions WHERE merchant_id = $1 AND due_at <= $2 ORDER BY due_at, id LIMIT 1 FOR UPDATE', [merchantId, until]);
  return rows[0] && subscriptionOf(rows[0]);
}

/** The transaction id of the subscription's last payment that went through; undefined when none did. */
export async function lastDonePayment(sql: Sql, subscriptionId: number): Promise<number | undefined> {
  const { rows } = await sql.query<{ payment_id: string }>(
    "SELECT payment_id FROM subscription_payments WHERE subscription_id = $1 AND status = 'done' ORDER BY date_payment DESC, id DESC LIMIT 1",
    [subscriptionId],
  );
  return rows[0] && Number(rows[0].payment_id);
}

/** The merchants with a subscription something will happen to (a charge, a retry, an end). */
export async function merchantsWithDueWork(sql: Sql): Promise<number[]> {
  const { rows } = await sql.query<{ merchant_id: string }>('SELECT DISTINCT merchant_id FROM subscriptions WHERE due_at IS NOT NULL');
  return rows.map((row) => Number(row.merchant_id));
}

export async function saveSubscription(sql: Sql, row: SubscriptionRow, insert = false): Promise<void> {
  const values = [row.id, row.data.status, dueAt(row.data), JSON.stringify(row.data)];
  if (insert) {
    await sql.query(
      'INSERT INTO subscriptions (id, merchant_id, project_id, plan_id, user_id, status, due_at, data) VALUES ($1, $5, $6, $7, $8, $2, $3, $4)',
      [...values, row.merchantId, row.projectId, row.planId, row.userId],
    );
  } else {
    await sql.query('UPDATE subscriptions SET status = $2, due_at = $3, data = $4, plan_id = $5 WHERE id = $1', [...values, row.planId]);
  }
}

/** The subscription as `GET …/subscriptions/{id}` answers it (`plan` is `{id, external_id}`). */
export function subscriptionRecord(data: SubscriptionData): Plain {
  return {
    id: data.id,
    status: data.status,
    charge_amount: data.charge_amount,
    currency: data.currency,
    comment: data.comment,
    date_create: data.date_create,
    date_end: data.date_end,
    date_last_charge: data.date_last_charge,
    date_next_charge: data.date_next_charge,
    product: data.product ?? null,
    user: data.user,
    plan: data.plan,
  };
}

export async function addSubscriptionPayment(sql: Sql, row: SubscriptionRow, paymentId: number, status: 'done' | 'fail', date: string): Promise<void> {
  await sql.query('INSERT INTO subscription_payments (subscription_id, project_id, payment_id, status, date_payment) VALUES ($1, $2, $3, $4, $5)', [
    row.id, row.projectId, paymentId, status, date,
  ]);
}

/** What a list of a project's subscriptions (`GET /mock/projects/{id}/subscriptions`) may be filtered by. */
export interface SubscriptionFilter {
  user_id?: string;
  /** The plan's numeric id. */
  plan_id?: number;
  status?: SubscriptionStatus;
}

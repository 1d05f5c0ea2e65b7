/**
 * Subscriptions as the database keeps them (service-spec.md "Subscription plan", "Subscription",
 * "Subscription payment entry"): plans (`data` is the plan as the merchant wrote it, `status` the
 * plan's `active`/`deleted`), the subscriptions bought in the payment UI, and their payments.
 * A subscription's `due_at` is when something next happens to it on the service clock (a charge,
 * a retry, the end of a grace period or of its expiry); null when nothing will.
 */
import { isObject, type Plain } from '../lib/plain';
import { addDuration } from './clock';
import type { Sql } from './database';
import type { PaymentRecord } from './payments';
import { localize } from './sellables';

export type Unit = 'day' | 'month';
export interface Span {
  value: number;
  type: Unit;
}

export interface PlanRow {
  id: number;
  projectId: number;
  externalId: string | null;
  status: 'active' | 'deleted';
  data: Plain;
}

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

const span = (value: unknown): Span | null =>
  isObject(value) && typeof value.value === 'number' && value.value > 0 && (value.type === 'day' || value.type === 'month')
    ? { value: value.value, type: value.type }
    : null;

export const planPeriod = (plan: Plain): Span => span(isObject(plan.charge) ? plan.charge.period : null) ?? { value: 1, type: 'month' };
export const planTrialDays = (plan: Plain): number => span(plan.trial)?.value ?? 0;
export const planGraceDays = (plan: Plain): number => span(plan.grace_period)?.value ?? 0;
export const planRetries = (plan: Plain): number =>
  isObject(plan.billing_retry) && typeof plan.billing_retry.value === 'number' ? plan.billing_retry.value : 0;
export const planCharge = (plan: Plain): { amount: number; currency: string } => {
  const charge = isObject(plan.charge) ? plan.charge : {};
  return { amount: typeof charge.amount === 'number' ? charge.amount : 0, currency: typeof charge.currency === 'string' ? charge.currency : 'USD' };
};

/**
 * `iso` moved later by `n` units. A month shift keeps the day of the month, clamped to the last day
 * of the month it lands in (Jan 31 + 1 month = Feb 28/29).
 */
export function shift(iso: string, n: number, unit: Unit): string {
  return new Date(addDuration(new Date(iso).getTime(), unit === 'day' ? `P${n}D` : `P${n}M`)!).toISOString();
}

type Raw = { id: string; project_id: string; external_id: string | null; status: 'active' | 'deleted'; data: Plain };
const planOf = (row: Raw): PlanRow => ({ id: Number(row.id), projectId: Number(row.project_id), externalId: row.external_id, status: row.status, data: row.data });

/** A product as the API answers it (service-spec.md "Subscription product"). */
export const productRecord = (id: number, data: Plain) => ({ id, name: data.name, group_id: data.group_id ?? null, description: data.description ?? [] });

/** The project's product `id` (as a token names it: digits), as the API answers it; undefined when it has none such. */
export async function productById(sql: Sql, projectId: number, id: unknown): Promise<Plain | undefined> {
  const number = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  if (number === null) return undefined;
  const { rows } = await sql.query<{ data: Plain }>('SELECT data FROM subscription_products WHERE project_id = $1 AND id = $2', [projectId, number]);
  return rows[0] ? productRecord(number, rows[0].data) : undefined;
}

export async function planById(sql: Sql, projectId: number, id: number): Promise<PlanRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const { rows } = await sql.query<Raw>('SELECT * FROM subscription_plans WHERE project_id = $1 AND id = $2', [projectId, id]);
  return rows[0] && planOf(rows[0]);
}

/** The plan a token names by its `plan_id` (the plan's `external_id`). */
export async function planByExternalId(sql: Sql, projectId: number, externalId: string): Promise<PlanRow | undefined> {
  const { rows } = await sql.query<Raw>('SELECT * FROM subscription_plans WHERE project_id = $1 AND external_id = $2', [projectId, externalId]);
  return rows[0] && planOf(rows[0]);
}

/** The project's active plans, in id order. */
export async function activePlans(sql: Sql, projectId: number): Promise<PlanRow[]> {
  const { rows } = await sql.query<Raw>("SELECT * FROM subscription_plans WHERE project_id = $1 AND status = 'active' ORDER BY id", [projectId]);
  return rows.map(planOf);
}

/** The plans of a project by id, each with its subscriptions counted per state. */
export async function planCounters(sql: Sql, ids: number[]): Promise<Map<number, Record<'active' | 'canceled' | 'frozen' | 'non_renewing', number>>> {
  const { rows } = await sql.query<{ plan_id: string; status: string; n: number }>(
    'SELECT plan_id, status, count(*)::int AS n FROM subscriptions WHERE plan_id = ANY($1::bigint[]) GROUP BY plan_id, status',
    [ids],
  );
  const found = new Map(ids.map((id) => [id, { active: 0, canceled: 0, frozen: 0, non_renewing: 0 }]));
  for (const row of rows) {
    const counters = found.get(Number(row.plan_id))!;
    const key = row.status === 'freeze' ? 'frozen' : row.status;
    if (key === 'active' || key === 'canceled' || key === 'frozen' || key === 'non_renewing') counters[key] += row.n;
  }
  return found;
}

/** The plan as the API answers it (v1 adds `billing_retry`). */
export function planRecord(plan: PlanRow, counters: Record<string, number>, version: 'v1' | 'v2'): Plain {
  const d = plan.data;
  const or = (v: unknown) => (v === undefined ? null : v);
  return {
    id: plan.id,
    external_id: plan.externalId,
    name: d.name,
    description: or(d.description),
    group_id: or(d.group_id),
    charge: d.charge,
    expiration: or(d.expiration),
    trial: or(d.trial),
    grace_period: or(d.grace_period),
    tags: or(d.tags),
    status: { value: plan.status, counters },
    localized_name: localize(d.name, 'en') || null,
    project_id: plan.projectId,
    type: 'charge',
    ...(version === 'v1' ? { billing_retry: or(d.billing_retry) } : {}),
  };
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

export async function saveSubscription(sql: Sql, row: SubscriptionRow, insert = false): Promise<void> {
  const values = [row.id, row.data.status, dueAt(row.data), JSON.stringify(row.data)];
  if (insert) {
    await sql.query(
      'INSERT INTO subscriptions (id, merchant_id, project_id, plan_id, user_id, status, due_at, data) VALUES ($1, $5, $6, $7, $8, $2, $3, $4)',
      [...values, row.merchantId, row.projectId, row.planId, row.userId],
    );
  } else {
    await sql.query('UPDATE subscriptions SET status = $2, due_at = $3, data = $4 WHERE id = $1', values);
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

/** The `WHERE` of a project's subscriptions that pass `filter`, and its values. */
export function subscriptionsWhere(projectId: number, filter: SubscriptionFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [projectId];
  let where = 'project_id = $1';
  if (filter.user_id !== undefined) where += ` AND user_id = $${values.push(filter.user_id)}`;
  if (filter.plan_id !== undefined) where += ` AND plan_id = $${values.push(filter.plan_id)}`;
  if (filter.status !== undefined) where += ` AND status = $${values.push(filter.status)}`;
  return { where, values };
}

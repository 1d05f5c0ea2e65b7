/**
 * Subscription plans and products (service-spec.md "Subscription plan", "Subscription product"):
 * plans (`data` is the plan as the merchant wrote it, `status` the plan's `active`/`deleted`) and
 * products, as the merchant API writes them and the rest of the service reads them.
 */
import { isObject, type Plain } from '../lib/plain';
import type { Sql } from './database';
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

/** Plan `id` of the project (`lock`: its row locked for the rest of the transaction `sql` is, for a change made from it). */
export async function planById(sql: Sql, projectId: number, id: number, lock = false): Promise<PlanRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const { rows } = await sql.query<Raw>(`SELECT * FROM subscription_plans WHERE project_id = $1 AND id = $2${lock ? ' FOR NO KEY UPDATE' : ''}`, [projectId, id]);
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

/** Adds a plan to the project; answers its id (a duplicate `external_id` is Postgres' unique violation). */
export async function insertPlan(sql: Sql, projectId: number, externalId: string | null, data: Plain): Promise<number> {
  const { rows } = await sql.query<{ id: string }>('INSERT INTO subscription_plans (project_id, external_id, data) VALUES ($1, $2, $3) RETURNING id', [
    projectId, externalId, JSON.stringify(data),
  ]);
  return Number(rows[0]!.id);
}

/** Writes plan `id`'s `external_id` and `data` (a duplicate `external_id` is Postgres' unique violation). */
export async function updatePlan(sql: Sql, id: number, externalId: string | null, data: Plain): Promise<void> {
  await sql.query('UPDATE subscription_plans SET external_id = $2, data = $3 WHERE id = $1', [id, externalId, JSON.stringify(data)]);
}

/** Plan `id` is `deleted`: still readable, its subscriptions run on, no token buys it. */
export async function markPlanDeleted(sql: Sql, id: number): Promise<void> {
  await sql.query("UPDATE subscription_plans SET status = 'deleted' WHERE id = $1", [id]);
}

/** What the merchant wrote of the project's product `id`; undefined when it has none such (`lock`: as planById's). */
export async function productData(sql: Sql, projectId: number, id: number, lock = false): Promise<Plain | undefined> {
  const { rows } = await sql.query<{ data: Plain }>(`SELECT data FROM subscription_products WHERE project_id = $1 AND id = $2${lock ? ' FOR NO KEY UPDATE' : ''}`, [projectId, id]);
  return rows[0]?.data;
}

/** Adds a product to the project; answers its id. */
export async function insertProduct(sql: Sql, projectId: number, data: Plain): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    'INSERT INTO subscription_products (project_id, group_id, data) VALUES ($1, $2, $3) RETURNING id',
    [projectId, data.group_id ?? null, JSON.stringify(data)],
  );
  return Number(rows[0]!.id);
}

/** Writes product `id` as `data`. */
export async function updateProduct(sql: Sql, id: number, data: Plain): Promise<void> {
  await sql.query('UPDATE subscription_products SET group_id = $2, data = $3 WHERE id = $1', [id, data.group_id ?? null, JSON.stringify(data)]);
}

export async function deleteProduct(sql: Sql, id: number): Promise<void> {
  await sql.query('DELETE FROM subscription_products WHERE id = $1', [id]);
}

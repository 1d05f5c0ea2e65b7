/**
 * Subscription plans and products (service-spec.md "Subscription plan", "Subscription product",
 * the Subscriptions table). Plans: create `{external_id, plan_id}`; read, list (not shown by the
 * spec: as every list); update (v1 204, v2 the plan); delete keeps the plan readable with
 * `status.value` `deleted` (its subscriptions run on). `status.counters` count the plan's
 * subscriptions per state (`frozen` counts `freeze`). v1 carries `billing_retry`, v2 never.
 * Products: create `{product_id}`, update (the product), list with `group_id`/`product_id`, delete 204.
 */
import type { Plain } from '../../lib/plain';
import { planById, planCounters, planRecord, productRecord, type PlanRow } from '../../store/subscriptions';
import type { Sql } from '../../store/database';
import { idParam, listPage, noContent, notFound, unique, type Op, type OpCall } from './common';

const projectOf = (call: OpCall) => idParam(call, 'project_id');
const versionOf = (call: OpCall) => (call.version === 'v1' ? 'v1' : 'v2');

/** What a plan keeps of a write body: every field but `status` (the service's own). */
function planData(body: Plain, version: 'v1' | 'v2'): Plain {
  const { status: _status, ...data } = body;
  if (version === 'v2') delete data.billing_retry;
  return data;
}

async function shapePlans(sql: Sql, plans: PlanRow[], version: 'v1' | 'v2'): Promise<Plain[]> {
  const counters = await planCounters(sql, plans.map((p) => p.id));
  return plans.map((plan) => planRecord(plan, counters.get(plan.id)!, version));
}

async function storedPlan(call: OpCall): Promise<PlanRow> {
  const plan = await planById(call.context.db.sql, projectOf(call), idParam(call, 'plan_id'));
  if (!plan) throw notFound(`no plan ${call.params.plan_id} in project ${call.params.project_id}`);
  return plan;
}

const createPlan: Op = async (call) => {
  const body = call.body as Plain;
  const externalId = typeof body.external_id === 'string' ? body.external_id : null;
  const { rows } = await unique('external_id', externalId, () =>
    call.context.db.sql.query<{ id: string }>('INSERT INTO subscription_plans (project_id, external_id, data) VALUES ($1, $2, $3) RETURNING id', [
      projectOf(call), externalId, JSON.stringify(planData(body, versionOf(call))),
    ]),
  );
  return { status: 201, body: { external_id: externalId, plan_id: Number(rows[0]!.id) } };
};

const getPlan: Op = async (call) => {
  const [record] = await shapePlans(call.context.db.sql, [await storedPlan(call)], versionOf(call));
  return { body: record };
};

const listPlans: Op = async (call) => {
  const { sql } = call.context.db;
  const page = await listPage(sql, 'subscription_plans', 'project_id = $1', [projectOf(call)], call, (row) => ({
    id: row.id, projectId: Number(row.project_id), externalId: row.external_id as string | null, status: row.status as PlanRow['status'], data: row.data as Plain,
  }));
  return { ...page, body: await shapePlans(sql, page.body as PlanRow[], versionOf(call)) };
};

const updatePlan: Op = async (call) => {
  const plan = await storedPlan(call);
  const body = call.body as Plain;
  // An update changes the fields it sends and keeps the others (docs/offline-service.md), the
  // external_id that tokens name among them; v2 cannot send `billing_retry`, so it keeps v1's.
  const externalId = 'external_id' in body ? (typeof body.external_id === 'string' ? body.external_id : null) : plan.externalId;
  const data = { ...plan.data, ...planData(body, versionOf(call)) };
  await unique('external_id', externalId, () =>
    call.context.db.sql.query('UPDATE subscription_plans SET external_id = $2, data = $3 WHERE id = $1', [plan.id, externalId, JSON.stringify(data)]),
  );
  if (call.version === 'v1') return noContent;
  return getPlan(call);
};

const deletePlan: Op = async (call) => {
  const plan = await storedPlan(call);
  await call.context.db.sql.query("UPDATE subscription_plans SET status = 'deleted' WHERE id = $1", [plan.id]);
  return getPlan(call);
};

export const createPlanV1 = createPlan;
export const createPlanV2 = createPlan;
export const getPlanV1 = getPlan;
export const getPlanV2 = getPlan;
export const listPlansV1 = listPlans;
export const listPlansV2 = listPlans;
export const updatePlanV1 = updatePlan;
export const updatePlanV2 = updatePlan;
export const deletePlanV1 = deletePlan;
export const deletePlanV2 = deletePlan;

async function storedProduct(call: OpCall): Promise<{ id: number; data: Plain }> {
  const id = idParam(call, 'product_id');
  const { rows } = await call.context.db.sql.query<{ data: Plain }>('SELECT data FROM subscription_products WHERE project_id = $1 AND id = $2', [
    projectOf(call), id,
  ]);
  if (!rows[0]) throw notFound(`no product ${call.params.product_id} in project ${call.params.project_id}`);
  return { id, data: rows[0].data };
}

export const createProduct: Op = async (call) => {
  const body = call.body as Plain;
  const { rows } = await call.context.db.sql.query<{ id: string }>(
    'INSERT INTO subscription_products (project_id, group_id, data) VALUES ($1, $2, $3) RETURNING id',
    [projectOf(call), body.group_id ?? null, JSON.stringify(body)],
  );
  return { status: 201, body: { product_id: Number(rows[0]!.id) } };
};

export const updateProduct: Op = async (call) => {
  const { id, data } = await storedProduct(call);
  const next = { ...data, ...(call.body as Plain) };
  await call.context.db.sql.query('UPDATE subscription_products SET group_id = $2, data = $3 WHERE id = $1', [id, next.group_id ?? null, JSON.stringify(next)]);
  return { body: productRecord(id, next) };
};

export const deleteProduct: Op = async (call) => {
  const { id } = await storedProduct(call);
  await call.context.db.sql.query('DELETE FROM subscription_products WHERE id = $1', [id]);
  return noContent;
};

export const listProducts: Op = async (call) => {
  const values: unknown[] = [projectOf(call)];
  let where = 'project_id = $1';
  if (typeof call.query.group_id === 'string') where += ` AND group_id = $${values.push(call.query.group_id)}`;
  if (typeof call.query.product_id === 'number') where += ` AND id = $${values.push(call.query.product_id)}`;
  return listPage(call.context.db.sql, 'subscription_products', where, values, call, (row) => productRecord(row.id, row.data as Plain));
};

/**
 * Subscription plans and products (service-spec.md "Subscription plan", "Subscription product",
 * the Subscriptions table). Plans: create `{external_id, plan_id}`; read, list (not shown by the
 * spec: as every list); update (v1 204, v2 the plan); delete keeps the plan readable with
 * `status.value` `deleted` (its subscriptions run on). `status.counters` count the plan's
 * subscriptions per state (`frozen` counts `freeze`). v1 carries `billing_retry`, v2 never.
 * Products: create `{product_id}`, update (the product), list with `group_id`/`product_id`, delete 204.
 */
import type { Plain } from '../../lib/plain';
import { addPlan, addProduct, changePlan, changeProduct, removePlan, removeProduct } from '../../domain/records';
import { planById, planCounters, planRecord, productData, productRecord, type PlanRow } from '../../store/subscription-plans';
import type { Sql } from '../../store/database';
import { idParam, listPage, noContent, notFound, paging, rememberedAnswer, unique, type Op, type OpCall } from './common';

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

const noPlan = (call: OpCall) => notFound(`no plan ${call.params.plan_id} in project ${call.params.project_id}`);

async function storedPlan(call: OpCall): Promise<PlanRow> {
  const plan = await planById(call.context.db.sql, projectOf(call), idParam(call, 'plan_id'));
  if (!plan) throw noPlan(call);
  return plan;
}

const createPlan: Op = async (call) => {
  const body = call.body as Plain;
  const externalId = typeof body.external_id === 'string' ? body.external_id : null;
  const id = await unique('external_id', externalId, () => addPlan(call.context.db, projectOf(call), externalId, planData(body, versionOf(call))));
  return { status: 201, body: { external_id: externalId, plan_id: id } };
};

const getPlan: Op = async (call) => {
  const [record] = await shapePlans(call.context.db.sql, [await storedPlan(call)], versionOf(call));
  return { body: record };
};

// Remembered as shaped until the next write (rememberedAnswer): the counters are read again after one.
const listPlans: Op = async (call) => {
  const { sql } = call.context.db;
  const { offset, limit } = paging(call);
  return rememberedAnswer(call, `subscription_plans ${projectOf(call)} ${offset} ${limit} ${versionOf(call)}`, async () => {
    const page = await listPage(sql, 'subscription_plans', { project_id: projectOf(call) }, call, (row) => ({
      id: row.id, projectId: Number(row.project_id), externalId: row.external_id as string | null, status: row.status as PlanRow['status'], data: row.data as Plain,
    }));
    return { ...page, body: await shapePlans(sql, page.body as PlanRow[], versionOf(call)) };
  });
};

/**
 * An update changes the fields it sends and keeps the others (docs/offline-service.md), the
 * external_id that tokens name among them; v2 cannot send `billing_retry`, so it keeps v1's. Made
 * from the plan under its lock: an update at the same time waits, and no field either sends is lost.
 */
const updatePlan: Op = async (call) => {
  const body = call.body as Plain;
  let externalId: string | null = null;
  const found = await unique('external_id', () => externalId, () => changePlan(call.context.db, projectOf(call), idParam(call, 'plan_id'), (plan) => {
    externalId = 'external_id' in body ? (typeof body.external_id === 'string' ? body.external_id : null) : plan.externalId;
    return { externalId, data: { ...plan.data, ...planData(body, versionOf(call)) } };
  }));
  if (!found) throw noPlan(call);
  if (call.version === 'v1') return noContent;
  return getPlan(call);
};

const deletePlan: Op = async (call) => {
  if (!(await removePlan(call.context.db, projectOf(call), idParam(call, 'plan_id')))) throw noPlan(call);
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

const noProduct = (call: OpCall) => notFound(`no product ${call.params.product_id} in project ${call.params.project_id}`);

export const createProduct: Op = async (call) => {
  const body = call.body as Plain;
  return { status: 201, body: { product_id: await addProduct(call.context.db, projectOf(call), body) } };
};

/** The product's fields sent over what it holds under its lock (as a plan's update). */
export const updateProduct: Op = async (call) => {
  const id = idParam(call, 'product_id');
  const next = await changeProduct(call.context.db, projectOf(call), id, (data) => ({ ...data, ...(call.body as Plain) }));
  if (!next) throw noProduct(call);
  return { body: productRecord(id, next) };
};

export const deleteProduct: Op = async (call) => {
  if (!(await removeProduct(call.context.db, projectOf(call), idParam(call, 'product_id')))) throw noProduct(call);
  return noContent;
};

export const listProducts: Op = async (call) => {
  const filter = {
    project_id: projectOf(call),
    group_id: typeof call.query.group_id === 'string' ? call.query.group_id : undefined,
    id: typeof call.query.product_id === 'number' ? call.query.product_id : undefined,
  };
  const { offset, limit } = paging(call);
  return rememberedAnswer(call, `subscription_products ${JSON.stringify(filter)} ${offset} ${limit}`, () =>
    listPage(call.context.db.sql, 'subscription_products', filter, call, (row) => productRecord(row.id, row.data as Plain)));
};

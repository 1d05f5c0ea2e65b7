/**
 * The merchant's changes of the records around the catalogue: projects with their webhook settings,
 * subscription plans and products, users. Each is one use case (its transaction, and the lock a
 * change made from what a record holds is made under, as in domain/catalog.ts); the handlers (api/)
 * check what is sent and shape the answer.
 */
import type { Plain } from '../lib/plain';
import type { Database } from '../store/database';
import { insertProject, lockProject, updateProjectFields } from '../store/projects';
import {
  deleteProduct, insertPlan, insertProduct, markPlanDeleted, planById, productData, updatePlan, updateProduct, type PlanRow,
} from '../store/subscription-plans';
import { insertUser, writeUserFields, type NewUser, type UserRecord } from '../store/users';
import { readWebhookFields, writeWebhookFields, writeWebhookSettings, type WebhookFields, type WebhookSettings } from '../store/webhook-settings';

/** A new project of the merchant with its own fields and, if any, its webhook fields; answers its id. */
export function addProject(db: Database, merchantId: number, fields: object, webhooks?: WebhookFields): Promise<number> {
  return db.transaction(async (sql) => {
    const id = await insertProject(sql, merchantId, fields);
    if (webhooks) await writeWebhookFields(sql, id, webhooks, 'combined');
    return id;
  });
}

/**
 * Writes `fields` over project `id`'s own and, when `webhooks` is given, the webhook fields it
 * makes from the project's (undefined: no change), read under the project's lock.
 */
export function changeProject(db: Database, id: number, fields: object, webhooks?: (current: WebhookFields | undefined) => WebhookFields | undefined): Promise<void> {
  return db.transaction(async (sql) => {
    if (webhooks) {
      await lockProject(sql, id);
      const current = (await readWebhookFields(sql, [id])).get(id);
      const change = webhooks(current);
      if (change) await writeWebhookFields(sql, id, change, current?.variant ?? 'combined');
    }
    await updateProjectFields(sql, id, fields);
  });
}

/**
 * Sets (null: removes) a project's webhook settings, under the project's lock, as a project's own
 * change of its webhook fields is made (`changeProject`): neither puts back what the other wrote.
 */
export const setWebhookSettings = (db: Database, projectId: number, settings: WebhookSettings | null): Promise<void> =>
  db.transaction(async (sql) => {
    await lockProject(sql, projectId);
    await writeWebhookSettings(sql, projectId, settings);
  });

export const addPlan = (db: Database, projectId: number, externalId: string | null, data: Plain): Promise<number> => insertPlan(db.sql, projectId, externalId, data);

/** Changes plan `id` of the project to what `change` makes of it, under the plan's lock; false when there is none. */
export function changePlan(db: Database, projectId: number, id: number, change: (plan: PlanRow) => { externalId: string | null; data: Plain }): Promise<boolean> {
  return db.transaction(async (sql) => {
    const plan = await planById(sql, projectId, id, true);
    if (!plan) return false;
    const { externalId, data } = change(plan);
    await updatePlan(sql, plan.id, externalId, data);
    return true;
  });
}

/** Plan `id` is `deleted` (still readable; its subscriptions run on); false when the project has no such plan. */
export function removePlan(db: Database, projectId: number, id: number): Promise<boolean> {
  return db.transaction(async (sql) => {
    const plan = await planById(sql, projectId, id, true);
    if (plan) await markPlanDeleted(sql, plan.id);
    return Boolean(plan);
  });
}

export const addProduct = (db: Database, projectId: number, data: Plain): Promise<number> => insertProduct(db.sql, projectId, data);

/** Changes product `id` of the project to what `change` makes of its fields, under its lock: its new fields, or undefined when there is none. */
export function changeProduct(db: Database, projectId: number, id: number, change: (data: Plain) => Plain): Promise<Plain | undefined> {
  return db.transaction(async (sql) => {
    const data = await productData(sql, projectId, id, true);
    if (!data) return undefined;
    const next = change(data);
    await updateProduct(sql, id, next);
    return next;
  });
}

/** Removes product `id` of the project; false when there is none. */
export function removeProduct(db: Database, projectId: number, id: number): Promise<boolean> {
  return db.transaction(async (sql) => {
    if (!(await productData(sql, projectId, id, true))) return false;
    await deleteProduct(sql, id);
    return true;
  });
}

/** A new user of the project (a duplicate `user_id` is Postgres' unique violation), registered at `now`. */
export const addUser = (db: Database, projectId: number, user: NewUser, now: Date): Promise<UserRecord> => insertUser(db.sql, projectId, user, now);

/** Writes `fields` over the user's; false when the project has no such user. */
export const changeUser = (db: Database, projectId: number, userId: string, fields: Partial<UserRecord>): Promise<boolean> => writeUserFields(db.sql, projectId, userId, fields);

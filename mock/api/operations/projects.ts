/**
 * Projects (service-spec.md "Project", "Projects"): create (`{id}`), read (its fields plus `id`),
 * update (the fields sent replace theirs; 204), and the merchant's list. `payment_url`, `key` and
 * `ipn_enabled` are the project's webhook settings: `ipn_enabled: true` sends its webhooks to
 * `payment_url`, signed with `key` (checked as the service's own settings call checks them: 422 at
 * the field), `false` stops them; reads show where they go now, never the key.
 */
import { settingsProblem, type WebhookSettings } from '../../store/webhook-settings';
import type { Sql } from '../../store/database';
import { insertProject, projectData, updateProjectFields } from '../../store/projects';
import { writeWebhookSettings } from '../../store/webhook-settings';
import { fieldError } from '../app';
import { created, idParam, listPage, noContent, notFound, type Op, type OpCall, type Row } from './common';

type ProjectData = Record<string, unknown>;

/** The project fields that are its webhook settings. */
const WEBHOOK_FIELDS = ['payment_url', 'key', 'ipn_enabled'];

/**
 * Its fields, with the webhook settings as the sender has them now (the service's start or console
 * may have set them), and never its `key`: the secret that signs its webhooks is written, not read
 * back (as the service's own settings call never shows it). A project that never set `enabled` is
 * enabled (it takes payments), and its read says so.
 */
function shown(call: OpCall, { id, data }: Row<ProjectData>) {
  const live = call.context.sender.settings(Number(id));
  const { key: _secret, ...fields } = data;
  return { id, enabled: true, ...fields, ...(live ? { payment_url: live.url, ipn_enabled: true } : 'ipn_enabled' in data ? { ipn_enabled: false } : {}) };
}

/**
 * What the webhook fields of `body` ask of the project whose fields become `merged` (its own and
 * the body's), checked now (422 at `payment_url` or `key` when webhooks are on and those cannot
 * carry them): the settings to write, `null` to stop them, or `undefined` when the body has no
 * webhook field or switches nothing. `current`: the project's settings now (their variant is kept).
 */
function webhookChange(merged: ProjectData, body: ProjectData, current: WebhookSettings | null): WebhookSettings | null | undefined {
  if (!WEBHOOK_FIELDS.some((field) => field in body)) return undefined;
  if (merged.ipn_enabled === false && 'ipn_enabled' in body) return null;
  if (merged.ipn_enabled !== true) return undefined;
  const problem = settingsProblem({ url: merged.payment_url, secret: merged.key, variant: 'combined' });
  if (problem) throw fieldError(problem.path === 'url' ? 'payment_url' : 'key', problem.message);
  return { url: merged.payment_url as string, secret: merged.key as string, variant: current?.variant ?? 'combined' };
}

/** Writes the project (`write`, in one transaction with its webhook settings when they change), then tells the sender. */
async function save(call: OpCall, change: WebhookSettings | null | undefined, write: (sql: Sql) => Promise<number>): Promise<number> {
  const { db, sender } = call.context;
  const id = await db.transaction(async (sql) => {
    const id = await write(sql);
    if (change !== undefined) await writeWebhookSettings(sql, id, change);
    return id;
  });
  if (change !== undefined) sender.configure(id, change);
  return id;
}

export const createProject: Op = async (call) => {
  const body = call.body as ProjectData;
  const change = webhookChange(body, body, null);
  const id = await save(call, change, (sql) => insertProject(sql, call.merchantId, body));
  return created(id);
};

export const listProjects: Op = (call) =>
  listPage(call.context.db.sql, 'projects', { merchant_id: call.merchantId }, call, (row) => shown(call, row as unknown as Row<ProjectData>));

export const getProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const data = await projectData<ProjectData>(call.context.db.sql, id);
  if (!data) throw notFound(`no project ${id}`);
  return { body: shown(call, { id, data }) };
};

export const updateProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const body = call.body as ProjectData;
  // The stored fields matter only to a change of its webhooks (an address sent alone while they are on, say).
  let change: WebhookSettings | null | undefined;
  if (WEBHOOK_FIELDS.some((field) => field in body)) {
    change = webhookChange({ ...(await projectData<ProjectData>(call.context.db.sql, id)), ...body }, body, call.context.sender.settings(id));
  }
  await save(call, change, async (sql) => {
    await updateProjectFields(sql, id, body);
    return id;
  });
  return noContent;
};

/**
 * Projects (service-spec.md "Project", "Projects"): create (`{id}`), read (its fields plus `id`),
 * update (the fields sent replace theirs; 204), and the merchant's list. `payment_url`, `key` and
 * `ipn_enabled` are the project's webhook settings: `ipn_enabled: true` sends its webhooks to
 * `payment_url`, signed with `key` (checked as the service's own settings call checks them: 422 at
 * the field), `false` stops them; reads show where they go now, never the key.
 */
import { addProject, changeProject } from '../../domain/records';
import { readWebhookFields, settingsProblem, type WebhookFields } from '../../store/webhook-settings';
import type { Sql } from '../../store/database';
import { projectData } from '../../store/projects';
import { fieldError } from '../app';
import { created, idParam, listPage, noContent, notFound, paging, rememberedAnswer, type Op, type OpCall, type Row } from './common';

type ProjectData = Record<string, unknown>;

/** The project fields that are its webhook settings (kept in table `webhook_settings`, not with its other fields). */
const WEBHOOK_FIELDS = ['payment_url', 'key', 'ipn_enabled'] as const;

/** The body's fields, less its webhook fields. */
const ownFields = (body: ProjectData): ProjectData => Object.fromEntries(Object.entries(body).filter(([field]) => !(WEBHOOK_FIELDS as readonly string[]).includes(field)));

/**
 * Its fields, with its webhook fields as their table holds them, and never its `key`: the secret
 * that signs its webhooks is written, not read back (as the service's own settings call never shows
 * it). A project that never set `enabled` is enabled (it takes payments), and its read says so.
 */
function shown({ id, data }: Row<ProjectData>, hooks: WebhookFields | undefined) {
  const { key: _secret, ...fields } = { ...data, ...(hooks ?? {}) };
  return { id, enabled: true, ...fields };
}

/** The projects' reads: each with its webhook fields. */
async function shownAll(sql: Sql, rows: Row<ProjectData>[]) {
  const hooks = await readWebhookFields(sql, rows.map((row) => Number(row.id)));
  return rows.map((row) => shown(row, hooks.get(Number(row.id))));
}

/**
 * The webhook fields the project is to have when `body` changes `current` (its fields now), checked
 * now (422 at `payment_url` or `key` when webhooks are on and those cannot carry them); undefined
 * when the body has no webhook field.
 */
function webhookChange(current: WebhookFields, body: ProjectData): WebhookFields | undefined {
  if (!WEBHOOK_FIELDS.some((field) => field in body)) return undefined;
  const merged = { ...current, ...body } as ProjectData;
  if (merged.ipn_enabled === true) {
    const problem = settingsProblem({ url: merged.payment_url, secret: merged.key, variant: 'combined' });
    if (problem) throw fieldError(problem.path === 'url' ? 'payment_url' : 'key', problem.message);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const [url, key] = [text(merged.payment_url), text(merged.key)];
  return { ...(url !== undefined ? { payment_url: url } : {}), ...(key !== undefined ? { key } : {}), ipn_enabled: merged.ipn_enabled === true };
}

export const createProject: Op = async (call) => {
  const body = call.body as ProjectData;
  return created(await addProject(call.context.db, call.merchantId, ownFields(body), webhookChange({}, body)));
};

export const listProjects: Op = async (call) => {
  const { sql } = call.context.db;
  const { offset, limit } = paging(call);
  // Remembered as shaped until the next write (a project's webhook settings changed is one).
  return rememberedAnswer(call, `projects ${call.merchantId} ${offset} ${limit}`, async () => {
    const page = await listPage(sql, 'projects', { merchant_id: call.merchantId }, call, (row) => row as unknown as Row<ProjectData>);
    return { ...page, body: await shownAll(sql, page.body as Row<ProjectData>[]) };
  });
};

export const getProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const { sql } = call.context.db;
  return rememberedAnswer(call, `project ${id}`, async () => {
    const data = await projectData<ProjectData>(sql, id);
    if (!data) throw notFound(`no project ${id}`);
    return { body: (await shownAll(sql, [{ id, data }]))[0] };
  });
};

export const updateProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const body = call.body as ProjectData;
  // The webhook fields now matter only to a change of them (an address sent alone while they are on, say),
  // read under the project's lock: a change of them at the same time waits, and neither is lost.
  const webhooks = WEBHOOK_FIELDS.some((field) => field in body) ? (current: WebhookFields | undefined) => webhookChange(current ?? {}, body) : undefined;
  await changeProject(call.context.db, id, ownFields(body), webhooks);
  return noContent;
};

/**
 * Projects (service-spec.md "Project", "Projects"): create (`{id}`), read (its fields plus `id`),
 * update (the fields sent replace theirs; 204), and the merchant's list. `payment_url`, `key` and
 * `ipn_enabled` are the project's webhook settings: `ipn_enabled: true` sends its webhooks to
 * `payment_url`, signed with `key` (checked as the service's own settings call checks them: 422 at
 * the field), `false` stops them; reads show where they go now, never the key.
 */
import { settingsProblem, type WebhookSettings } from '../../webhooks/sender';
import { dropWebhookSettings, saveWebhookSettings } from '../../store/webhook-settings';
import { fieldError } from '../app';
import { created, idParam, listPage, noContent, notFound, type Op, type OpCall, type Row } from './common';

type ProjectData = Record<string, unknown>;

/**
 * Its fields, with the webhook settings as the sender has them now (the service's start or console
 * may have set them), and never its `key`: the secret that signs its webhooks is written, not read
 * back (as the service's own settings call never shows it).
 */
function shown(call: OpCall, { id, data }: Row<ProjectData>) {
  const live = call.context.sender.settings(Number(id));
  const { key: _secret, ...fields } = data;
  return { id, ...fields, ...(live ? { payment_url: live.url, ipn_enabled: true } : 'ipn_enabled' in data ? { ipn_enabled: false } : {}) };
}

/**
 * What the webhook fields of `body` ask of the project whose fields become `merged` (its own and
 * the body's): checked now (422 at `payment_url` or `key` when webhooks are on and those cannot
 * carry them), carried out by the function returned once the project is written. Null when the
 * body has no webhook field or switches nothing.
 */
function webhookChange(call: OpCall, merged: ProjectData, body: ProjectData): ((id: number) => Promise<void>) | null {
  if (!['payment_url', 'key', 'ipn_enabled'].some((field) => field in body)) return null;
  const { db, sender } = call.context;
  if (merged.ipn_enabled === false && 'ipn_enabled' in body) {
    return async (id) => {
      await dropWebhookSettings(db, id);
      sender.configure(id, null);
    };
  }
  if (merged.ipn_enabled !== true) return null;
  const problem = settingsProblem({ url: merged.payment_url, secret: merged.key, variant: 'combined' });
  if (problem) throw fieldError(problem.path === 'url' ? 'payment_url' : 'key', problem.message);
  return async (id) => {
    const settings: WebhookSettings = { url: merged.payment_url as string, secret: merged.key as string, variant: sender.settings(id)?.variant ?? 'combined' };
    await saveWebhookSettings(db, id, settings);
    sender.configure(id, settings);
  };
}

export const createProject: Op = async (call) => {
  const { merchantId, context } = call;
  const body = call.body as ProjectData;
  const change = webhookChange(call, body, body);
  const { rows } = await context.db.sql.query<{ id: number }>(
    'INSERT INTO projects (merchant_id, data) VALUES ($1, $2) RETURNING id',
    [merchantId, JSON.stringify(body)],
  );
  const id = Number(rows[0]!.id);
  await change?.(id);
  return created(id);
};

export const listProjects: Op = (call) =>
  listPage(call.context.db.sql, 'projects', 'merchant_id = $1', [call.merchantId], call, (row) => shown(call, row as Row<ProjectData>));

export const getProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const { rows } = await call.context.db.sql.query<Row<ProjectData>>('SELECT id, data FROM projects WHERE id = $1', [id]);
  if (!rows[0]) throw notFound(`no project ${id}`);
  return { body: shown(call, { id, data: rows[0].data }) };
};

export const updateProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const body = call.body as ProjectData;
  const { rows } = await call.context.db.sql.query<Row<ProjectData>>('SELECT id, data FROM projects WHERE id = $1', [id]);
  const merged = { ...rows[0]?.data, ...body };
  const change = webhookChange(call, merged, body);
  await call.context.db.sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [id, JSON.stringify(body)]);
  await change?.(id);
  return noContent;
};

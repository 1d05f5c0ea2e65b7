/**
 * Projects (service-spec.md "Project", "Projects"): create (`{id}`), read (its fields plus `id`),
 * update (the fields sent replace theirs; 204), and the merchant's list.
 */
import { created, idParam, listPage, noContent, notFound, type Op, type Row } from './common';

type ProjectData = Record<string, unknown>;

const shown = (row: Row<ProjectData>) => ({ id: row.id, ...row.data });

export const createProject: Op = async ({ merchantId, body, context }) => {
  const { rows } = await context.db.sql.query<{ id: number }>(
    'INSERT INTO projects (merchant_id, data) VALUES ($1, $2) RETURNING id',
    [merchantId, JSON.stringify(body)],
  );
  return created(Number(rows[0]!.id));
};

export const listProjects: Op = (call) =>
  listPage(call.context.db.sql, 'projects', 'merchant_id = $1', [call.merchantId], call, (row) => shown(row as Row<ProjectData>));

export const getProject: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const { rows } = await call.context.db.sql.query<Row<ProjectData>>('SELECT id, data FROM projects WHERE id = $1', [id]);
  if (!rows[0]) throw notFound(`no project ${id}`);
  return { body: shown({ id, data: rows[0].data }) };
};

export const updateProject: Op = async (call) => {
  await call.context.db.sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [idParam(call, 'project_id'), JSON.stringify(call.body)]);
  return noContent;
};

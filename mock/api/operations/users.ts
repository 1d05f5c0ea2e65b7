/**
 * Users (service-spec.md "User", "Users"): create (201 with the user record; keyed by the
 * merchant's `user_id`, a duplicate is 409), read (the record), update (`user_id` and `enabled`
 * required; 204), the project's list `{data, recordsTotal}`, and what each user holds
 * (`users/virtual_items/total`). Lists are in `user_id` order with `X-Total-Count`.
 */
import type { Sql } from '../../store/database';
import { findUser, insertUser, userRecord, type NewUser, type UserRecord } from '../../store/users';
import { fieldError } from '../app';
import { idParam, noContent, notFound, paging, unique, type Op } from './common';

export const createUser: Op = async (call) => {
  const body = call.body as NewUser;
  const projectId = idParam(call, 'project_id');
  const record = await unique('user_id', body.user_id, () => insertUser(call.context.db.sql, projectId, body, new Date(call.context.now(call.merchantId))));
  return { status: 201, body: record };
};

export const getUser: Op = async (call) => {
  const userId = call.params.user_id!;
  const user = await findUser(call.context.db.sql, idParam(call, 'project_id'), userId);
  if (!user) throw notFound(`no user ${JSON.stringify(userId)} in project ${call.params.project_id}`);
  return { body: user };
};

export const updateUser: Op = async (call) => {
  const userId = call.params.user_id!;
  const { user_id: _id, ...fields } = call.body as Pick<UserRecord, 'user_id' | 'enabled'> & Partial<UserRecord>;
  const { rowCount } = await call.context.db.sql.query(
    'UPDATE users SET data = data || $3::jsonb WHERE project_id = $1 AND user_id = $2',
    [idParam(call, 'project_id'), userId, JSON.stringify(fields)],
  );
  if (!rowCount) throw notFound(`no user ${JSON.stringify(userId)} in project ${call.params.project_id}`);
  return noContent;
};

/** The body's `user_id` must name the user of the path. */
updateUser.check = (call) => {
  const sent = (call.body as { user_id?: unknown } | undefined)?.user_id;
  if (typeof sent !== 'string' || sent === call.params.user_id) return null;
  return fieldError('user_id', `must be the user of the path, ${JSON.stringify(call.params.user_id)}`).extended;
};

export const listUsers: Op = async (call) => {
  const { offset, limit } = paging(call);
  const sql = call.context.db.sql;
  const projectId = idParam(call, 'project_id');
  const { rows } = await sql.query<{ user_id: string; data: Partial<UserRecord> }>(
    'SELECT user_id, data FROM users WHERE project_id = $1 ORDER BY user_id OFFSET $2 LIMIT $3',
    [projectId, offset, limit],
  );
  const total = await countUsers(sql, projectId, null);
  return { body: { data: rows.map((row) => userRecord(row.user_id, row.data)), recordsTotal: total }, headers: { 'x-total-count': total } };
};

export const listUserVirtualItemsTotal: Op = async (call) => {
  const { offset, limit } = paging(call);
  const sql = call.context.db.sql;
  const projectId = idParam(call, 'project_id');
  const only = (call.query.user_id as string | undefined) ?? null;
  const { rows } = await sql.query<{ user_id: string; virtual_items: { id: number; quantity: number; sku: string }[] }>(
    `SELECT u.user_id,
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', i.item_id, 'quantity', i.quantity, 'sku', i.sku) ORDER BY i.item_id)
                        FROM inventory i WHERE i.project_id = u.project_id AND i.user_id = u.user_id AND i.quantity > 0), '[]'::jsonb) AS virtual_items
       FROM users u WHERE u.project_id = $1 AND ($2::text IS NULL OR u.user_id = $2)
      ORDER BY u.user_id OFFSET $3 LIMIT $4`,
    [projectId, only, offset, limit],
  );
  const total = await countUsers(sql, projectId, only);
  return { body: rows, headers: { 'x-total-count': total } };
};

async function countUsers(sql: Sql, projectId: number, userId: string | null): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE project_id = $1 AND ($2::text IS NULL OR user_id = $2)', [projectId, userId]);
  return rows[0]!.n;
}

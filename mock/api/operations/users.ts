/**
 * Users (service-spec.md "User", "Users"): create (201 with the user record; keyed by the
 * merchant's `user_id`, a duplicate is 409), read (the record), update (`user_id` and `enabled`
 * required; 204), the project's list `{data, recordsTotal}`, and what each user holds
 * (`users/virtual_items/total`). Lists are in `user_id` order with `X-Total-Count`.
 */
import { addUser, changeUser } from '../../domain/records';
import { countUsers, findUser, holdingsPage, usersPage, type NewUser, type UserRecord } from '../../store/users';
import { fieldError } from '../app';
import { idParam, noContent, notFound, paging, rememberedAnswer, unique, type Op } from './common';

export const createUser: Op = async (call) => {
  const body = call.body as NewUser;
  const projectId = idParam(call, 'project_id');
  const now = new Date(await call.now());
  const record = await unique('user_id', body.user_id, () => addUser(call.context.db, projectId, body, now));
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
  if (!(await changeUser(call.context.db, idParam(call, 'project_id'), userId, fields))) {
    throw notFound(`no user ${JSON.stringify(userId)} in project ${call.params.project_id}`);
  }
  return noContent;
};

/** The body's `user_id` must name the user of the path. */
updateUser.check = (call) => {
  const sent = (call.body as { user_id?: unknown } | undefined)?.user_id;
  if (typeof sent !== 'string' || sent === call.params.user_id) return null;
  return fieldError('user_id', `must be the user of the path, ${JSON.stringify(call.params.user_id)}`).extended;
};

export const listUsers: Op = async (call) => {
  const { sql } = call.context.db;
  const projectId = idParam(call, 'project_id');
  const { offset, limit } = paging(call);
  // Remembered as shaped until the next write (a user made or changed, a payment: store/read-cache.ts).
  return rememberedAnswer(call, `users ${projectId} ${offset} ${limit}`, async () => {
    const data = await usersPage(sql, projectId, { offset, limit });
    const total = await countUsers(sql, projectId);
    return { body: { data, recordsTotal: total }, headers: { 'x-total-count': total } };
  });
};

export const listUserVirtualItemsTotal: Op = async (call) => {
  const { sql } = call.context.db;
  const projectId = idParam(call, 'project_id');
  const only = (call.query.user_id as string | undefined) ?? null;
  const rows = await holdingsPage(sql, projectId, only, paging(call));
  const total = await countUsers(sql, projectId, only);
  return { body: rows, headers: { 'x-total-count': total } };
};

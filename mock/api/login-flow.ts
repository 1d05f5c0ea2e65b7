/**
 * What the Login API's operations share (DESIGN.md §8a): the Login project a call names, the
 * callback address it may go back to, the rate limit of failed logins, the JWT in the redirect,
 * the mailed links, and the answers made of a user store's reply.
 */
import { createHash } from 'node:crypto';
import { ApiError, fieldError, type Answer } from './app';
import type { OpCall } from './operations/common';
import type { Sql } from '../store/database';
import { findProject } from '../store/sellables';
import { loginProjectById, type LoginLink, type LoginProject, type UserStoreAddress } from '../store/login';
import { countAttempt as count, loginSucceeded, loginUnjudged, mailLink as mail } from '../domain/login-accounts';
import { loginRedirect, signLoginToken, type LoginIdentity } from '../domain/login-jwt';
import type { StoreReply } from '../domain/user-store';

/** The same words for an unknown user and a wrong password: a login says nothing of who exists. */
export const WRONG_CREDENTIALS = 'wrong username or password';
export const NOT_CONFIRMED = 'email not confirmed';

/** 422 with one global error. */
export const globalError = (text: string) => new ApiError(422, 'Unprocessable Entity', { global_errors: [text], property_errors: {} });

/** The Login project of `projectId`, or 404. */
export async function loginProjectOfCall(call: OpCall): Promise<LoginProject> {
  const id = String(call.query.projectId);
  const project = await loginProjectById(call.context.db.sql, id);
  if (!project) throw new ApiError(404, `Not Found: no Login project ${id}`);
  return project;
}

/** `login_url` when it is one of the project's callback addresses; the only one when it is left out. */
export function callbackOf(project: LoginProject, call: OpCall): string {
  const given = call.query.login_url as string | undefined;
  const callbacks = project.callback_urls;
  if (given !== undefined) {
    if (callbacks.includes(given)) return given;
    throw fieldError('login_url', callbacks.length ? 'must be one of the callback addresses in the Login settings' : 'no callback address is set in the Login settings');
  }
  if (callbacks.length === 1) return callbacks[0]!;
  throw fieldError('login_url', callbacks.length ? 'is required: the Login settings have several callback addresses' : 'no callback address is set in the Login settings');
}

/** Counts the attempt before its password is checked (domain/login-accounts.ts); 429 past the rate limit. */
async function countAttempt(sql: Sql, project: LoginProject, username: string, now: Date): Promise<void> {
  const attempt = await count(sql, project, username, now);
  if (attempt.counted) return;
  const wait = attempt.waitSeconds;
  throw new ApiError(429, `Too Many Requests: ${attempt.count} failed logins of this user within a minute; try again in ${wait} s`, null, { 'retry-after': String(wait) });
}

export interface LoginAttempt {
  project: LoginProject;
  callback: string;
  username: string;
  password: string;
  sql: Sql;
  /** A success forgets the user's failed attempts (this one was counted as failed until then). */
  succeeded(): Promise<void>;
  /** An attempt that got no verdict (the user store did not answer) is not held against the user. */
  unjudged(): Promise<void>;
}

/** Now, by the clock of the merchant whose Login project this is (0 when the project is gone: real time). */
export async function loginNow(call: OpCall, sql: Sql, project: Pick<LoginProject, 'project_id'>): Promise<number> {
  return call.context.merchantNow((await findProject(sql, project.project_id))?.merchantId ?? 0, sql);
}

/** A login (plain or proxy) up to the password check: its Login project, callback, and the attempt counted. */
export async function beginLogin(call: OpCall): Promise<LoginAttempt> {
  const project = await loginProjectOfCall(call);
  const callback = callbackOf(project, call);
  const { username, password } = call.body as { username: string; password: string };
  const { sql } = call.context.db;
  await countAttempt(sql, project, username, new Date(await loginNow(call, sql, project)));
  return {
    project, callback, username, password, sql,
    succeeded: () => loginSucceeded(sql, project, username),
    unjudged: () => loginUnjudged(sql, project, username),
  };
}

/**
 * 200 `{login_url}`: the callback with the signed JWT and `remember_me`. The JWT's `iat` and `exp`
 * are real time, not the service clock: the merchant's server checks them on its own clock, and a
 * test that moved the service clock (for renewals) must not make its logins "issued in the future".
 */
export async function loggedIn(call: OpCall, project: LoginProject, callback: string, user: LoginIdentity): Promise<Answer> {
  const rememberMe = (call.body as { remember_me?: boolean }).remember_me === true;
  const token = await signLoginToken(user, {
    issuer: call.context.origin(), loginProjectId: project.id, secret: project.secret_key, rememberMe, now: Date.now(),
  });
  return { body: { login_url: loginRedirect(callback, token, rememberMe) } };
}

/** A one-time link of the service's own pages (mock/api/login-pages.ts), mailed to `to`. */
export async function mailLink(call: OpCall, sql: Sql, link: LoginLink, to: string): Promise<void> {
  const now = await loginNow(call, sql, (await loginProjectById(sql, link.login_project_id)) ?? { project_id: 0 });
  await mail(sql, link, to, now, call.context.origin());
}

const STORE_NAMES: Record<UserStoreAddress, string> = { new_user: 'New user', user_verification: 'User verification', password_reset: 'Password reset' };

/** The user-store address the proxy variant forwards to, or 422 when the settings have none. */
export function storeAddress(project: LoginProject, which: UserStoreAddress): string {
  const address = project[which];
  if (!address) throw globalError(`the Login settings have no ${STORE_NAMES[which]} address (user_store.${which}) for the proxy variant`);
  return address;
}

/** The answer of a store that refused (422, its message) or did not answer (502). */
export function storeProblem(reply: Exclude<StoreReply, { kind: 'accepted' }>, fields: readonly string[]): ApiError {
  if (reply.kind === 'no-answer') return new ApiError(502, `Bad Gateway: the merchant's user store gave no usable answer: ${reply.why}`);
  if (reply.field && fields.includes(reply.field)) return fieldError(reply.field, reply.message);
  return globalError(reply.message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name-based UUID (RFC 9562 version 5) of `name` in the namespace `namespace` (a UUID). */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Who a user store's 2xx says logged in: `sub` is the store's `id` when that is a UUID, else a
 * UUID made of the Login project and the store's id (or the username): the same player, the same
 * `sub`, every time. `email` is the store's, or empty when it sent none.
 */
export function storeIdentity(project: LoginProject, answer: Record<string, unknown>, username: string): LoginIdentity {
  const id = typeof answer.id === 'string' || typeof answer.id === 'number' ? String(answer.id) : '';
  return {
    sub: UUID.test(id) ? id.toLowerCase() : uuidV5(project.id, id ? `id:${id}` : `username:${username}`),
    username: typeof answer.username === 'string' && answer.username ? answer.username : username,
    email: typeof answer.email === 'string' ? answer.email : '',
  };
}

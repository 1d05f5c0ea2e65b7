/**
 * The Login API (service-spec.md "Login", DESIGN.md §8a): players register and log in under
 * `/api`, without credentials; `projectId` names the Login project. A login answers the callback
 * address carrying an HS256 JWT; confirmation and password-reset links land in the mailbox
 * (`/mock/mail`). The proxy variants ask the merchant's user store instead of the service's users.
 */
import { randomUUID } from 'node:crypto';
import { fieldError } from '../app';
import {
  beginLogin, callbackOf, globalError, loggedIn, loginNow, loginProjectOfCall, mailLink, NOT_CONFIRMED, storeAddress, storeIdentity, storeProblem,
  WRONG_CREDENTIALS,
} from '../login-flow';
import { checkPassword, hashPassword } from '../../lib/password';
import { callUserStore } from '../../domain/user-store';
import { registerUser } from '../../domain/login-accounts';
import { findUser, takenFields } from '../../store/login';
import type { UserStoreNewUserRequest, UserStorePasswordResetRequest, UserStoreVerificationRequest } from 'payui-embed/server';
import { noContent, type Op } from './common';

interface Registration { username: string; password: string; email: string }

export const loginRegister: Op = async (call) => {
  const project = await loginProjectOfCall(call);
  const callback = callbackOf(project, call);
  const { username, password, email } = call.body as Registration;
  const passwordHash = await hashPassword(password);
  const { db } = call.context;
  await db.transaction(async (sql) => {
    const taken = await takenFields(sql, project.id, username, email);
    if (taken.length) {
      const error = fieldError(taken[0]!, 'is already taken');
      for (const field of taken) error.extended!.property_errors[field] = ['is already taken'];
      throw error;
    }
    const id = randomUUID();
    try {
      await registerUser(sql, { id, loginProjectId: project.id, username, email, password_hash: passwordHash, confirmed: !project.email_confirmation, createdAt: new Date(await loginNow(call, sql, project)) });
    } catch (error) {
      // Another registration of the same name or address got in first (a Postgres server runs them side by side).
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505') throw fieldError(constraint === 'login_users_email' ? 'email' : 'username', 'is already taken');
      throw error;
    }
    if (project.email_confirmation) {
      await mailLink(call, sql, { kind: 'confirm', login_project_id: project.id, user_id: id, username, login_url: callback }, email);
    }
  });
  return noContent;
};

export const login: Op = async (call) => {
  const attempt = await beginLogin(call);
  const user = await findUser(attempt.sql, attempt.project.id, attempt.username);
  // The attempt is counted already: a wrong password leaves it counted.
  if (!(await checkPassword(attempt.password, user?.password_hash ?? null)) || !user) throw globalError(WRONG_CREDENTIALS);
  await attempt.succeeded();
  if (attempt.project.email_confirmation && !user.confirmed) throw globalError(NOT_CONFIRMED);
  return loggedIn(call, attempt.project, attempt.callback, { sub: user.id, username: user.username, email: user.email });
};

export const passwordReset: Op = async (call) => {
  const project = await loginProjectOfCall(call);
  const callback = callbackOf(project, call);
  const { username } = call.body as { username: string };
  // The same answer whether or not the user exists: a reset says nothing of who is registered.
  const user = await findUser(call.context.db.sql, project.id, username);
  if (user) {
    await mailLink(call, call.context.db.sql, { kind: 'reset', login_project_id: project.id, user_id: user.id, username: user.username, login_url: callback }, user.email);
  }
  return noContent;
};

export const proxyRegister: Op = async (call) => {
  const project = await loginProjectOfCall(call);
  callbackOf(project, call);
  const { username, password, email } = call.body as Registration;
  const reply = await callUserStore(storeAddress(project, 'new_user'), { login_project_id: project.id, username, password, email } satisfies UserStoreNewUserRequest, project.secret_key, call.context.userStoreTimeoutMs);
  if (reply.kind !== 'accepted') throw storeProblem(reply, ['username', 'password', 'email']);
  return noContent;
};

export const proxyLogin: Op = async (call) => {
  const { project, callback, username, password, succeeded, unjudged } = await beginLogin(call);
  const reply = await callUserStore(storeAddress(project, 'user_verification'), { login_project_id: project.id, username, password } satisfies UserStoreVerificationRequest, project.secret_key, call.context.userStoreTimeoutMs);
  if (reply.kind === 'no-answer') await unjudged();
  if (reply.kind !== 'accepted') throw storeProblem(reply, ['username', 'password']);
  await succeeded();
  return loggedIn(call, project, callback, storeIdentity(project, reply.body, username));
};

export const proxyPasswordReset: Op = async (call) => {
  const project = await loginProjectOfCall(call);
  const callback = callbackOf(project, call);
  const { username } = call.body as { username: string };
  const reply = await callUserStore(storeAddress(project, 'password_reset'), { login_project_id: project.id, username } satisfies UserStorePasswordResetRequest, project.secret_key, call.context.userStoreTimeoutMs);
  if (reply.kind !== 'accepted') throw storeProblem(reply, ['username']);
  const email = reply.body.email;
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw storeProblem({ kind: 'no-answer', why: 'its 2xx answer did not name the user\'s "email"' }, []);
  }
  await mailLink(call, call.context.db.sql, { kind: 'reset', login_project_id: project.id, user_id: null, username, login_url: callback }, email);
  return noContent;
};

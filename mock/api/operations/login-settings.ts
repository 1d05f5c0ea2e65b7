/**
 * The offline service's own Login calls (`/mock/…`; the real service keeps these in its console):
 * a project's Login settings, and the mailbox the Login API "sends" to.
 */
import { isSecureOrLoopback, SECURE_OR_LOOPBACK } from '../../lib/address';
import type { ExtendedMessage } from '../../spec/errors';
import { changeLoginSettings, loginSettingsOf, type LoginSettingsWrite } from '../../domain/login-accounts';
import { mailOf, type LoginProject, type UserStoreAddress } from '../../store/login';
import { idParam, type Op } from './common';

const shown = (project: LoginProject) => ({
  login_project_id: project.id,
  secret_key: project.secret_key,
  callback_urls: project.callback_urls,
  email_confirmation: project.email_confirmation,
  user_store: { new_user: project.new_user, user_verification: project.user_verification, password_reset: project.password_reset },
});

export const getLoginSettings: Op = async (call) => ({ body: shown(await loginSettingsOf(call.context.db, idParam(call, 'project_id'))) });

export const putLoginSettings: Op = async (call) => ({
  body: shown(await changeLoginSettings(call.context.db, idParam(call, 'project_id'), call.body as LoginSettingsWrite)),
});

/** The service calls a user store from the server: HTTPS anywhere, plain HTTP to loopback only (as webhooks). */
putLoginSettings.check = (call) => {
  const store = (call.body as LoginSettingsWrite | undefined)?.user_store;
  const findings: ExtendedMessage = { global_errors: [], property_errors: {} };
  for (const [name, address] of Object.entries(store ?? {}) as [UserStoreAddress, unknown][]) {
    if (typeof address !== 'string') continue;
    let url: URL | null = null;
    try {
      url = new URL(address);
    } catch {
      url = null;
    }
    if (url && !isSecureOrLoopback(url)) {
      findings.property_errors[`user_store.${name}`] = [SECURE_OR_LOOPBACK];
    }
  }
  return Object.keys(findings.property_errors).length ? findings : null;
};

export const listMail: Op = async (call) => ({ body: await mailOf(call.context.db.sql, call.merchantId) });

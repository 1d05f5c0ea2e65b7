/**
 * The offline service's own webhook calls (`/mock/…`; the real service keeps these in its console):
 * a project's settings, kept in the database; the log; a refund or a renewal on demand.
 */
import { setWebhookSettings } from '../../domain/records';
import { readWebhookSettings, settingsProblem, type WebhookSettings } from '../../store/webhook-settings';
import { holdWait, logScope, waitForLog, webhookLog, WAITS_PER_MERCHANT, type LogFilter } from '../../webhooks/log';
import { projectNames } from '../../store/projects';
import { ApiError, fieldError } from '../app';
import { idParam, refused, type Op, type OpCall } from './common';

/** The settings as the API shows them: the secret never leaves. */
const shown = (projectId: number, settings: WebhookSettings | null) =>
  ({ project_id: projectId, enabled: settings !== null, ...(settings ? { url: settings.url, variant: settings.variant } : {}) });

export const getWebhookSettings: Op = async (call) => {
  const id = idParam(call, 'project_id');
  return { body: shown(id, await readWebhookSettings(call.context.db.sql, id)) };
};

export const putWebhookSettings: Op = async (call) => {
  const id = idParam(call, 'project_id');
  const problem = settingsProblem(call.body);
  if (problem) throw fieldError(problem.path, problem.message);
  const { url, secret, variant } = call.body as WebhookSettings;
  await setWebhookSettings(call.context.db, id, { url, secret, variant });
  return { body: shown(id, { url, secret, variant }) };
};

export const deleteWebhookSettings: Op = async (call) => {
  const id = idParam(call, 'project_id');
  await setWebhookSettings(call.context.db, id, null);
  return { body: shown(id, null) };
};

/** The log of the caller's projects: filtered by `type`, `after` and `state`, and with `wait`, answered once it holds a delivery. */
export const listWebhookLog: Op = async ({ context, merchantId, query, request }) => {
  const { type, after, state, wait = 0 } = query as LogFilter & { wait?: number };
  const filter = { type, after, state };
  const scope = await logScope(context.db, await projectNames(context.db, merchantId));
  // A look first: one that answers (or a look without a wait) is no wait, and takes no place among the merchant's waits.
  const first = await webhookLog(scope, filter);
  if (wait <= 0 || first.deliveries.length > 0) return { body: first };
  // A wait counts against the merchant's cap while it is under way.
  const done = await holdWait(context.db, merchantId, wait);
  if (!done) {
    throw new ApiError(429, `Too Many Requests: merchant ${merchantId} has ${WAITS_PER_MERCHANT} waits of GET /mock/webhooks under way, the most one merchant may have; wait for one to end, or ask without wait`);
  }
  try {
    return { body: await waitForLog(context.sender, scope, filter, wait, request.raw.socket) };
  } finally {
    await done();
  }
};

const reasonOf = (call: OpCall) => {
  const reason = (call.body as { reason?: unknown } | undefined)?.reason;
  if (reason !== undefined && typeof reason !== 'string') throw fieldError('reason', 'must be a string');
  return reason as string | undefined;
};

export const refundTransaction: Op = async (call) => {
  const id = idParam(call, 'transaction_id');
  const result = await call.context.payments.refund(call.merchantId, id, reasonOf(call));
  if (!result.ok) throw refused(result);
  return { body: { transaction_id: id, status: 'refunded' } };
};

export const renewSubscription: Op = async (call) => {
  const id = idParam(call, 'subscription_id');
  const result = await call.context.payments.renew(call.merchantId, id);
  if (!result.ok) throw refused(result);
  // What happened: the subscription as the charge left it (a declined one is retried, frozen or ended), and the charge.
  return { body: { subscription_id: id, status: result.subscription.status, charge: result.declined ? 'declined' : 'done', transaction_id: result.payment.id } };
};

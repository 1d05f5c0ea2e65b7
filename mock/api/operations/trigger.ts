/**
 * `POST /mock/webhooks/trigger`: the webhook of `type` the service would send for a transaction or
 * subscription of the caller's, as it is now (mock/webhooks/replay.ts), queued to its project's
 * listener through the outbox as every webhook (signed, logged); 202 with the delivery as logged. Not the caller's: 404; a type
 * that does not fit: 422 at `type`; a project without webhook settings (or a full queue): 409.
 */
import type { NotificationType } from 'payui-embed/server';
import { findTransaction } from '../../store/transactions';
import { subscriptionById } from '../../store/subscriptions';
import { replayWebhook, type Source } from '../../webhooks/replay';
import { readWebhookSettings } from '../../store/webhook-settings';
import { ApiError, fieldError } from '../app';
import { notFound, type Op, type OpCall } from './common';

/** The transaction or subscription the body names, the caller's: what the webhook is for, and its project. */
async function sourceOf(call: OpCall, transactionId: number | undefined, subscriptionId: number | undefined): Promise<{ source: Source; projectId: number }> {
  const { db } = call.context;
  if (transactionId !== undefined && subscriptionId !== undefined) throw fieldError('subscription_id', 'give transaction_id or subscription_id, not both');
  if (transactionId !== undefined) {
    const found = await findTransaction(db.sql, call.merchantId, transactionId);
    if (!found) throw notFound(`no transaction ${transactionId} of merchant ${call.merchantId}`);
    return { source: { transaction: found }, projectId: found.payment.projectId };
  }
  if (subscriptionId === undefined) throw fieldError('transaction_id', 'give transaction_id (order_paid, payment, order_canceled, refund) or subscription_id (the subscription types)');
  const row = await subscriptionById(db.sql, subscriptionId);
  if (!row || row.merchantId !== call.merchantId) throw notFound(`no subscription ${subscriptionId} of merchant ${call.merchantId}`);
  return { source: { subscription: row.data }, projectId: row.projectId };
}

export const triggerWebhook: Op = async (call) => {
  const { type, transaction_id: transactionId, subscription_id: subscriptionId } = call.body as { type: NotificationType; transaction_id?: number; subscription_id?: number };
  const { source, projectId } = await sourceOf(call, transactionId, subscriptionId);
  const settings = await readWebhookSettings(call.context.db.sql, projectId);
  const webhook = replayWebhook(type, source, settings?.variant ?? 'combined');
  if (typeof webhook === 'string') throw fieldError('type', webhook);
  if (!settings) throw new ApiError(409, `Conflict: project ${projectId} has no webhook settings (PUT /mock/projects/${projectId}/webhooks sets them)`);
  const queued = await call.context.payments.queueWebhook(projectId, { type: webhook.notification_type, body: JSON.stringify(webhook) });
  if (!queued.queued) throw new ApiError(409, `Conflict: ${queued.reason}`);
  return { status: 202, body: queued.delivery };
};

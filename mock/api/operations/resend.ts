/**
 * `POST /mock/webhooks/{delivery_id}/resend`: a logged webhook of one of the caller's projects,
 * queued again through the outbox, as an event's (the same body, read from the log, signed anew with
 * the project's settings of now); 202. A delivery the log does not hold, or of another merchant's
 * project, is 404; a project without webhook settings now (or a full queue) is 409. Any process of
 * a shared database resends any delivery; the holder of the project's lease sends it.
 */
import { projectNames } from '../../store/projects';
import { loggedDelivery } from '../../store/webhook-log';
import { ApiError } from '../app';
import { idParam, notFound, type Op } from './common';

export const resendWebhook: Op = async (call) => {
  const id = idParam(call, 'delivery_id');
  const { payments, db } = call.context;
  const own = new Set((await projectNames(db, call.merchantId)).map((p) => p.id));
  const original = await loggedDelivery(db.sql, id);
  if (!original || !own.has(original.project_id)) throw notFound(`no delivery ${id} in your webhook log`);
  // The settings are read once, where the webhook is kept (no settings: not queued, with the reason).
  const queued = await payments.queueWebhook(original.project_id, { type: original.notification_type, body: original.body });
  if (!queued.queued) throw new ApiError(409, `Conflict: ${queued.reason}`);
  return { status: 202 };
};

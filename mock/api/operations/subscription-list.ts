/**
 * The offline service's list of a project's subscriptions (`GET /mock/projects/{project_id}/
 * subscriptions`): the spec shows none, and the console needs one to find a user's or a plan's
 * subscriptions. One page in id order, each as `GET …/subscriptions/{id}` answers it, filtered by
 * `user_id`, `plan_id` (the plan's numeric id) and `status`.
 */
import { subscriptionRecord, type SubscriptionData, type SubscriptionFilter } from '../../store/subscriptions';
import { idParam, listPage, paging, rememberedAnswer, type Op } from './common';

export const listSubscriptions: Op = async (call) => {
  const { user_id, plan_id, status } = call.query as SubscriptionFilter;
  const filter = { project_id: idParam(call, 'project_id'), user_id, plan_id, status };
  const { offset, limit } = paging(call);
  // Remembered as shaped until the next write (a renewal, a clock move, a payment is one).
  return rememberedAnswer(call, `subscriptions ${JSON.stringify(filter)} ${offset} ${limit}`, () =>
    listPage(call.context.db.sql, 'subscriptions', filter, call, (row) => subscriptionRecord(row.data as unknown as SubscriptionData)));
};

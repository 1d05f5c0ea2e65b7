/**
 * Subscriptions (service-spec.md "Subscription", "Subscription payment entry", "States and
 * transitions") and the service clock (DESIGN.md §8). A subscription is read by id; its payments
 * are listed (newest last, as every list), each with the subscription and its full plan; the
 * update sets `status` (`canceled` with `cancel_subscription_payment` refunds the last payment
 * through the refund of the service, whose webhooks end with `cancel_subscription`), moves the
 * next billing date by `timeshift`, and keeps `comment`; `update_subscription` (or
 * `cancel_subscription`) follows. `GET /mock/clock` shows the clock; `POST /mock/clock` moves it
 * forward and runs, in order, everything due in between.
 */
import { isObject, type Plain } from '../../lib/plain';
import type { ClockAnswer } from '../../domain/clock';
import {
  subscriptionById, subscriptionRecord, type SubscriptionRow,
} from '../../store/subscriptions';
import { planById, planCounters, planRecord } from '../../store/subscription-plans';
import { isSandbox } from '../../store/sandboxes';
import { fieldError } from '../app';
import { idParam, listPage, noContent, notFound, paging, rememberedAnswer, type Op, type OpCall } from './common';

async function storedSubscription(call: OpCall): Promise<SubscriptionRow> {
  const row = await subscriptionById(call.context.db.sql, idParam(call, 'subscription_id'));
  if (!row || row.projectId !== idParam(call, 'project_id')) throw notFound(`no subscription ${call.params.subscription_id} in project ${call.params.project_id}`);
  return row;
}

export const getSubscription: Op = async (call) => ({ body: subscriptionRecord((await storedSubscription(call)).data) });

export const listSubscriptionPayments: Op = async (call) => {
  const projectId = idParam(call, 'project_id');
  const { offset, limit } = paging(call);
  // Remembered as shaped until the next write (a renewal is one): store/read-cache.ts.
  return rememberedAnswer(call, `subscription_payments ${projectId} ${offset} ${limit} ${call.version === 'v1' ? 'v1' : 'v2'}`, () => subscriptionPayments(call, projectId));
};

async function subscriptionPayments(call: OpCall, projectId: number) {
  const { sql } = call.context.db;
  const page = await listPage(sql, 'subscription_payments', { project_id: projectId }, call, (row) => row);
  const entries = page.body as (Plain & { id: number })[];
  const subscriptions = new Map<number, SubscriptionRow>();
  for (const entry of entries) {
    const id = Number(entry.subscription_id);
    if (!subscriptions.has(id)) subscriptions.set(id, (await subscriptionById(sql, id))!);
  }
  const planIds = [...new Set([...subscriptions.values()].map((s) => s.planId))];
  const counters = await planCounters(sql, planIds);
  const plans = new Map<number, Plain>();
  for (const id of planIds) {
    const plan = await planById(sql, projectId, id);
    if (plan) plans.set(id, planRecord(plan, counters.get(id)!, call.version === 'v1' ? 'v1' : 'v2'));
  }
  const body = entries.map((entry) => {
    const s = subscriptions.get(Number(entry.subscription_id))!;
    return {
      id: entry.id,
      id_payment: Number(entry.payment_id),
      date_payment: new Date(entry.date_payment as string).toISOString(),
      status: entry.status,
      subscription: { ...subscriptionRecord(s.data), plan: plans.get(s.planId) ?? s.data.plan },
    };
  });
  return { ...page, body };
}

/** `timeshift.value` as a number within its unit's range; the schema took a string or an integer. */
function shiftOf(body: Plain): { value: number; type: 'day' | 'month' } | null {
  if (!isObject(body.timeshift)) return null;
  const type = body.timeshift.type as 'day' | 'month';
  const value = Number(body.timeshift.value);
  const max = type === 'day' ? 366 : 12;
  if (!Number.isInteger(value) || value < 1 || value > max) throw fieldError('timeshift.value', `must be 1 to ${max} for ${type}`);
  return { value, type };
}

export const updateUserSubscription: Op = async (call) => {
  const body = call.body as Plain;
  const read = await storedSubscription(call);
  if (read.userId !== call.params.user_id) throw notFound(`no subscription ${read.id} of user ${call.params.user_id}`);
  if (body.cancel_subscription_payment === true && body.status !== 'canceled') throw fieldError('cancel_subscription_payment', 'works only together with status "canceled"');
  const timeshift = shiftOf(body);
  if (body.status === undefined && !timeshift && body.comment === undefined) throw fieldError('status', 'send status, timeshift or comment');
  const changed = await call.context.payments.changeSubscription(read.id, {
    ...(body.status !== undefined ? { status: body.status as 'active' | 'canceled' | 'non_renewing' } : {}),
    ...(timeshift ? { timeshift } : {}),
    ...(typeof body.comment === 'string' ? { comment: body.comment } : {}),
    refundLast: body.cancel_subscription_payment === true,
  });
  if (!changed.ok) throw 'field' in changed ? fieldError(changed.field, changed.message) : notFound(`no subscription ${read.id} in project ${read.projectId}`);
  return noContent;
};

/** The caller's clock, whose it is, and how many due items (renewals, retries, ends) the request ran. */
const clockAnswer = async (call: OpCall, { clock, dueRun }: ClockAnswer) => {
  const sandbox = await isSandbox(call.context.db.sql, call.merchantId);
  return { body: { now: new Date(clock.now).toISOString(), moved: clock.moved, merchant_id: call.merchantId, sandbox, due_run: dueRun } };
};

export const getClock: Op = async (call) => clockAnswer(call, await call.context.payments.clocks.read(call.merchantId));

export const moveClock: Op = async (call) => {
  const body = call.body as { advance?: string; to?: string };
  const moved = await call.context.payments.clocks.move(call.merchantId, body.advance !== undefined ? { advance: body.advance } : { to: body.to! });
  if (!moved.ok) throw fieldError(moved.field, moved.message);
  return clockAnswer(call, moved);
};

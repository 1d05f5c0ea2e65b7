/**
 * Subscriptions' billing on the service clock: the subscription a plan's purchase makes (a trial,
 * or charged now) and a plan change, then, as each falls due, renewals (a charge a period later),
 * retries of a declined renewal (a day later while the plan's `billing_retry` allows), the grace
 * period (`freeze`), the end of a non-renewing or expiring subscription; a renewal on demand
 * (through the same queue as the due work, so a period is never charged twice), and the merchant's
 * change of a subscription (with a cancel that refunds its last payment). Each in one transaction of
 * the ledger (mock/domain/ledger.ts), with its webhooks: `update_subscription`, `cancel_subscription`,
 * and a renewal's payment webhooks.
 */
import type { Purchase } from '../spec/session';
import type { Sql } from '../store/database';
import { lockDueWork } from '../store/due-lock';
import { insertPayment, newPaymentId, type PaymentRecord } from '../store/payments';
import {
  addSubscriptionPayment, dueAt, lastDonePayment, nextDue, saveSubscription, shift, subscriptionById, type SubscriptionData, type SubscriptionRow,
} from '../store/subscriptions';
import { planById, planGraceDays, planRetries } from '../store/subscription-plans';
import { recipientOf, refundWebhooks, renewalWebhooks, subscriptionWebhook } from '../webhooks/payloads';
import { Conflict, refundIn, sameGeneration, Superseded, type AfterCommit, type Ledger, type PaymentCallResult } from './ledger';
import { merchantGeneration } from '../store/sandboxes';
import { lockForChange } from './lock-order';

type SubscriptionPurchase = Extract<Purchase, { kind: 'subscription' }>;

/** Thrown in a plan change's transaction when the subscription ended while the payment waited: the transaction is undone. */
export class PlanGone extends Error {}

/**
 * A renewal on demand: charged (`declined`: the charge was declined, the subscription retried,
 * frozen or ended as a due renewal's decline leaves it) with the subscription as the charge left it,
 * or refused as a payment call is.
 */
export type RenewResult = { ok: true; payment: PaymentRecord; declined: boolean; subscription: SubscriptionData } | Extract<PaymentCallResult, { ok: false }>;

/** The merchant's change of a subscription (the merchant API's update): each part optional. */
export interface SubscriptionChange {
  status?: 'active' | 'canceled' | 'non_renewing';
  /** Moves the next billing date by whole units. */
  timeshift?: { value: number; type: 'day' | 'month' };
  comment?: string;
  /** With `status: canceled`: refunds the subscription's last payment too. */
  refundLast?: boolean;
}

/** A change made (`changed`: false when the subscription already was as asked: nothing written, nothing sent), or refused. */
export type ChangeResult = { ok: true; changed: boolean } | { ok: false; problem: 'unknown'; message: string } | { ok: false; field: 'timeshift'; message: string };

/** Thrown in a change's transaction that cannot be made: undone, refused at `timeshift`. */
class NoNextCharge extends Error {}

/**
 * The subscription's transition a merchant's change asks for, made on `s` as it is now: a cancel
 * ends it (a canceled one stays as it is), back to running (`active`, `non_renewing`) from a cancel
 * or the grace period charges next now; the next charge moved by `timeshift`; the comment kept.
 */
function transition(s: SubscriptionData, change: SubscriptionChange, now: string): void {
  const wasCanceled = s.status === 'canceled';
  if (typeof change.comment === 'string') s.comment = change.comment;
  if (change.timeshift) {
    if (!s.date_next_charge) throw new NoNextCharge(`subscription ${s.id} has no next billing date (it is ${s.status})`);
    s.date_next_charge = shift(s.date_next_charge, change.timeshift.value, change.timeshift.type);
  }
  if (change.status === 'canceled' && !wasCanceled) Object.assign(s, { status: 'canceled', date_end: now, date_next_charge: null });
  else if (change.status === 'active' || change.status === 'non_renewing') {
    // Back to running: the next charge one period after the last (or now, when that is past).
    if (wasCanceled || s.status === 'freeze') Object.assign(s, { date_end: null, failures: 0, date_next_charge: now });
    s.status = change.status;
  }
}

export interface Billing {
  /** Charges the subscription's next renewal now (the merchant's call), unless a clock step or a change got there first. */
  renew(merchantId: number, subscriptionId: number): Promise<RenewResult>;
  /**
   * Runs, in order, everything due by the merchant's clock as each step's transaction reads it (the
   * clock's moves are mock/domain/clock.ts's), in steps of at most `DUE_STEP` due items, each its
   * own transaction in the merchant's due work queue, so other merchants' work goes in between.
   * Answers how many due items it ran.
   */
  runDue(merchantId: number): Promise<number>;
  /** `Payments.changeSubscription`. */
  changeSubscription(id: number, change: SubscriptionChange): Promise<ChangeResult>;
  /** The subscription a plan's purchase `record` makes, in the payment's transaction `sql`: `new` until a trial ends, else `active` and charged now. */
  subscribe(sql: Sql, record: PaymentRecord, purchase: SubscriptionPurchase, declineRenewals: boolean): Promise<SubscriptionData>;
  /** `operation: change_plan`, in the payment's transaction `sql`: the player's subscription takes the new plan, charged now (`PlanGone` when it ended meanwhile). */
  changePlan(sql: Sql, record: PaymentRecord, purchase: SubscriptionPurchase): Promise<SubscriptionData>;
}

/**
 * The most due items (a renewal, a retry, an expiry) one transaction of a due run runs, and the
 * longest it goes on taking more once it ran one: a move of years over daily plans is thousands, and
 * one transaction of them all held the embedded database, and every other sandbox's request, for a
 * minute.
 */
export const DUE_STEP = 25;
export const DUE_STEP_MS = 10;

export function createBilling(ledger: Ledger): Billing {
  const { opened, transact, writeWebhooks, queued, now, at } = ledger;

  /**
   * Refunds the subscription's last payment that went through, in the transaction `sql`, with the
   * refund's webhooks; false when it has none still `done` (refunded already: nothing is written).
   */
  async function refundLastPayment(sql: Sql, after: AfterCommit, row: SubscriptionRow): Promise<boolean> {
    const paymentId = await lastDonePayment(sql, row.id);
    if (paymentId === undefined) return false;
    const reason = 'The subscription was canceled';
    const date = (await now(row.merchantId, sql)).toISOString();
    try {
      const { payment, canceled } = await refundIn(sql, paymentId, reason, date);
      await writeWebhooks(sql, after, row.projectId, (variant) => refundWebhooks(payment, variant, reason, date, canceled));
      return true;
    } catch (error) {
      if (error instanceof Conflict) return false;
      throw error;
    }
  }

  /** What happens to a subscription at its `due_at`, in the clock step's transaction `sql`. */
  async function step(sql: Sql, after: AfterCommit, row: SubscriptionRow): Promise<void> {
    const s = row.data;
    const at = [s.status === 'freeze' ? s.date_end : null, s.date_next_charge, s.expires_at].filter((t): t is string => t !== null).sort()[0]!;
    const ends = (s.status === 'freeze' && s.date_end === at) || s.expires_at === at || (s.status === 'non_renewing' && s.date_next_charge === at);
    if (!ends) {
      await charge(sql, after, row, at);
      return;
    }
    Object.assign(s, { status: 'canceled', date_end: at, date_next_charge: null });
    await saveSubscription(sql, row);
    await writeWebhooks(sql, after, row.projectId, () => [subscriptionWebhook('cancel_subscription', s.model, s)]);
  }

  /**
   * One charge of a subscription at `at`, in the transaction `sql`: a transaction, a subscription
   * payment, the next charge one period later and `update_subscription`; declined (the "renewals
   * are declined" test outcome): a failed subscription payment, then a retry a day later while the
   * plan's `billing_retry` allows, then the grace period (`freeze` until it ends), or the end.
   */
  async function charge(sql: Sql, after: AfterCommit, row: SubscriptionRow, at: string): Promise<PaymentRecord> {
    const s = row.data;
    const plan = await planById(sql, row.projectId, row.planId);
    const declined = s.decline_renewals;
    const payment: PaymentRecord = {
      ...s.model, id: await newPaymentId(sql), amount: s.charge_amount, date: at, refunded: false, renewal: true,
      lines: s.model.lines.map((line) => ({ ...line, unitPrice: s.charge_amount })),
    };
    let type: 'update_subscription' | 'cancel_subscription' | null = 'update_subscription';
    await insertPayment(sql, payment, declined ? 'error' : 'done');
    await addSubscriptionPayment(sql, row, payment.id, declined ? 'fail' : 'done', at);
    if (!declined) {
      Object.assign(s, { status: 'active', failures: 0, date_last_charge: at, date_next_charge: shift(at, s.period.value, s.period.type) });
    } else if (s.failures < planRetries(plan?.data ?? {})) {
      s.failures += 1;
      s.date_next_charge = shift(at, 1, 'day');
      type = null;
    } else {
      const grace = planGraceDays(plan?.data ?? {});
      s.failures += 1;
      if (grace > 0) Object.assign(s, { status: 'freeze', date_next_charge: null, date_end: shift(at, grace, 'day') });
      else {
        Object.assign(s, { status: 'canceled', date_next_charge: null, date_end: at });
        type = 'cancel_subscription';
      }
    }
    await saveSubscription(sql, row);
    await writeWebhooks(sql, after, row.projectId, (variant) => (!type ? [] : declined ? [subscriptionWebhook(type, s.model, s)] : renewalWebhooks(payment, variant, s)));
    return payment;
  }

  return {
    async renew(merchantId, subscriptionId) {
      const db = await opened;
      const read = await subscriptionById(db.sql, subscriptionId);
      if (!read || read.merchantId !== merchantId) return { ok: false, problem: 'unknown', message: `no subscription ${subscriptionId} of merchant ${merchantId}` };
      if (read.data.status === 'canceled') return { ok: false, problem: 'conflict', message: `subscription ${subscriptionId} is canceled` };
      await at('renew');
      // The renewal asked for is the subscription's next one, as it was read: it runs in the due
      // work's queue, as a renewal due now, and only while the subscription still waits for it (a
      // clock step at the same moment may have run it).
      const asked = dueAt(read.data);
      return queued(merchantId, () => transact(db, async (sql, after): Promise<RenewResult> => {
        const row = await subscriptionById(sql, subscriptionId, true);
        if (!row || row.data.status === 'canceled' || dueAt(row.data) !== asked) {
          return { ok: false, problem: 'conflict', message: `subscription ${subscriptionId} was renewed, changed or ended while this renewal waited: nothing more is charged` };
        }
        const payment = await charge(sql, after, row, (await now(merchantId, sql)).toISOString());
        return { ok: true, payment, declined: row.data.decline_renewals, subscription: row.data };
      }));
    },

    async runDue(merchantId) {
      // The merchant's generation when the run was asked: one its reset or delete overtook while it
      // waited in the queue runs nothing of the state after.
      const began = opened.then((db) => merchantGeneration(db.sql, merchantId));
      /**
       * One step: at most DUE_STEP due items by the clock as its transaction reads it, all of them or
       * none; one step at a time in the merchant's queue (after a clock's move, the timer of real
       * time), so nothing is due twice. Answers how many it ran, and whether more are due.
       */
      const once = () => queued(merchantId, async () => {
        const db = await opened;
        const generation = await began;
        return transact(db, async (sql, after) => {
          await lockDueWork(db, sql, merchantId);
          await sameGeneration(sql, merchantId, generation);
          const cutoff = (await now(merchantId, sql)).toISOString();
          const stepBegan = performance.now();
          let ran = 0;
          const full = () => ran >= DUE_STEP || performance.now() - stepBegan >= DUE_STEP_MS;
          for (let row = await nextDue(sql, merchantId, cutoff); row; row = full() ? undefined : await nextDue(sql, merchantId, cutoff)) {
            await step(sql, after, row);
            await at('due');
            ran += 1;
          }
          // More is due when the step was full; on a Postgres server also when it was not: a row
          // another transaction changed while this one waited for its lock fails FOR UPDATE's
          // recheck, and LIMIT 1 then answers no row rather than the next (a fresh statement sees it).
          return { ran, more: (full() || db.shared) && (await nextDue(sql, merchantId, cutoff)) !== undefined };
        }).catch((error: unknown) => {
          if (error instanceof Superseded) return { ran: 0, more: false };
          throw error;
        });
      });
      const db = await opened;
      let total = 0;
      for (let started = performance.now(), done = await once(); ; started = performance.now(), done = await once()) {
        total += done.ran;
        if (!done.more) return total;
        // The embedded database runs one transaction at a time: the other requests get as long as a
        // step took before the next, so a move of years costs them a step's time at most, not each
        // of their statements a step's. A Postgres server runs them beside it: a turn of the event
        // loop is enough there.
        const took = performance.now() - started;
        await new Promise((resolve) => (db.shared ? setImmediate(resolve) : setTimeout(resolve, took)));
      }
    },

    async changeSubscription(id, change) {
      const db = await opened;
      await at('change');
      try {
        return await transact(db, async (sql, after): Promise<ChangeResult> => {
          await at('change', 'begun');
          // The change is made to the subscription as it is when its transaction runs (a renewal or
          // another change may have come between), its row locked; a cancel that refunds locks the
          // payment it refunds before the subscription (mock/domain/lock-order.ts).
          const row = await lockForChange(sql, id, change.refundLast === true, () => at('change', 'picked'));
          await at('change', 'locked');
          if (!row) return { ok: false, problem: 'unknown', message: `no subscription ${id}` };
          const s = row.data;
          const before = JSON.stringify(s);
          const wasCanceled = s.status === 'canceled';
          transition(s, change, (await now(row.merchantId, sql)).toISOString());
          // Already as asked (a second cancel): nothing written, nothing sent.
          if (JSON.stringify(s) === before) return { ok: true, changed: false };
          const cancels = s.status === 'canceled' && !wasCanceled;
          await saveSubscription(sql, row);
          // The refund finds the subscription canceled as this change left it, and says so with its webhooks.
          if (!(cancels && change.refundLast && (await refundLastPayment(sql, after, row)))) {
            await writeWebhooks(sql, after, row.projectId, () => [subscriptionWebhook(cancels ? 'cancel_subscription' : 'update_subscription', s.model, s)]);
          }
          return { ok: true, changed: true };
        });
      } catch (error) {
        if (error instanceof NoNextCharge) return { ok: false, field: 'timeshift', message: error.message };
        throw error;
      }
    },

    async changePlan(sql, record, purchase) {
      // Checked again on the locked row: a cancel, refund or clock step may have ended it since the session read it.
      const row = await subscriptionById(sql, purchase.changes!, true);
      if (!row || row.data.status === 'canceled') throw new PlanGone();
      const plan = await planById(sql, record.projectId, purchase.planId);
      Object.assign(row.data, {
        status: 'active', charge_amount: record.amount, currency: purchase.lines[0]!.price.currency, date_end: null, failures: 0,
        date_last_charge: record.date, date_next_charge: shift(record.date, purchase.period.value, purchase.period.type),
        plan: { id: purchase.planId, external_id: plan?.externalId ?? null }, period: purchase.period, model: record,
      } satisfies Partial<SubscriptionData>);
      row.planId = purchase.planId;
      await saveSubscription(sql, row);
      await addSubscriptionPayment(sql, row, record.id, 'done', record.date);
      return row.data;
    },

    async subscribe(sql, record, purchase, declineRenewals) {
      const plan = await planById(sql, record.projectId, purchase.planId);
      const trial = purchase.trialDays > 0;
      const expiration = plan?.data.expiration as { value?: number | null; type?: 'day' | 'month' } | null | undefined;
      const data: SubscriptionData = {
        id: record.subscription!.id,
        status: trial ? 'new' : 'active',
        charge_amount: record.amount,
        currency: purchase.lines[0]!.price.currency,
        comment: null,
        date_create: record.date,
        date_end: null,
        date_last_charge: trial ? null : record.date,
        date_next_charge: trial ? shift(record.date, purchase.trialDays, 'day') : shift(record.date, purchase.period.value, purchase.period.type),
        user: { id: recipientOf(record).id, name: recipientOf(record).name ?? '' },
        plan: { id: purchase.planId, external_id: plan?.externalId ?? null },
        product: purchase.product ?? null,
        period: purchase.period,
        trial_days: purchase.trialDays,
        expires_at: expiration?.value && expiration.type ? shift(record.date, expiration.value, expiration.type) : null,
        decline_renewals: declineRenewals,
        failures: 0,
        model: record,
      };
      const row: SubscriptionRow = { id: data.id, merchantId: record.merchantId, projectId: record.projectId, planId: purchase.planId, userId: recipientOf(record).id, data };
      await saveSubscription(sql, row, true);
      if (!trial) await addSubscriptionPayment(sql, row, record.id, 'done', record.date);
      return data;
    },
  };
}

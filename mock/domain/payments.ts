/**
 * Payments the mock service takes from its payment UI, and what follows them: `user_validation`
 * asked before a payment (a refusal fails it), then, in one transaction, the payment kept in the
 * `payments` table and what it bought credited to the user (virtual currency to the balance,
 * items to the inventory; the user is made on their first purchase); the paid webhooks after; a
 * refund takes back what the payment gave and sends the refund webhooks, `update_subscription` when a plan renews.
 * A declined payment is kept as an `error` transaction, one the game refused as `canceled`: they give nothing.
 * The webhooks of every event are written to the outbox in the event's transaction (`commit`), and
 * what a stopped process left in it is sent by `resume` at the service's start (mock/webhooks/outbox.ts).
 */
import { randomInt } from 'node:crypto';
import { total, type Choice, type Paid, type Purchase, type Session, type SessionResult, type SoldKey } from '../spec/session';
import { UI_ERRORS, type TestFailure } from '../spec/ui-errors';
import { hasFreeKey, takeKey } from '../store/game-keys';
import type { TokenMode } from '../spec/session';
import { is2xx } from '../lib/plain';
import type { Database, Sql } from '../store/database';
import { sharedMemoryDatabase } from '../store/memory';
import { resolveSession } from './sessions';
import { spendToken, spentToken, tokenHash, updatePaid } from '../store/spent-tokens';
import { creditUser, debitUser, type Credit } from '../store/users';
import type { KeptPayment } from '../store/payments';
import { paidWebhooks, recipientOf, refundWebhooks, renewalWebhooks, subscriptionWebhook, userValidation } from '../webhooks/payloads';
import { type PaymentRecord } from '../store/payments';
import { clockOf, type ClockMove } from '../store/clock';
import { lockDueWork } from '../store/due-lock';
import {
  addSubscriptionPayment, dueAt, saveSubscription, shift, subscriptionById, type SubscriptionData, type SubscriptionRow,
} from '../store/subscriptions';
import { planById, planGraceDays, planRetries } from '../store/subscription-plans';
import { answerCode, type WebhookSender } from '../webhooks/sender';
import { type Variant } from '../store/webhook-settings';
import { createOutbox } from '../webhooks/outbox';
import { keepWebhooks, type OutboxRow } from '../store/outbox';
import { webhookFaults } from '../webhooks/webhook-faults';
import type { Webhook } from 'payui-embed/server';

export type PayResult =
  | { ok: false; code: string; message: string }
  /** The token has paid already, this (a token serves one rendering): nothing more is paid with it. */
  | { ok: false; paid: Paid; message: string }
  /** `keys`: the game keys the purchase handed out (`key`: the first). */
  | ({ ok: true } & Paid)
  | { ok: true; invoice: number; status: 'troubled'; reason: 'declined' }
  | { ok: true; invoice: number; status: 'troubled'; reason: 'user_refused'; code: string };

export interface PayRequest {
  /** The payment UI's own query string (`access_token` or `access_data`). */
  search: string;
  /**
   * `declined_renewals`: the purchase goes through, every renewal of the plan it buys declines; a
   * test failure (`0003-0001`, …): the payment meets that error, and nothing is paid.
   */
  outcome: 'success' | 'declined' | 'declined_renewals' | TestFailure;
  /** Which origin took it (live or sandbox). */
  pageMode: TokenMode;
  /** The player's address, as `user_validation` reports it. */
  ip: string;
  /** The DRM the player picked, for the games whose token names none. */
  drm?: string;
  /** What the player picked in the store, for a token that names no purchase. */
  choice?: Choice;
}

export type PaymentCallResult = { ok: true; payment: PaymentRecord } | { ok: false; status: 404 | 409; message: string };

export interface Payments {
  /** What the payment UI at `search` sells (`GET /api/session` of the payment UI). */
  session(search: string, pageMode: TokenMode): Promise<SessionResult>;
  pay(request: PayRequest): Promise<PayResult>;
  refund(merchantId: number, transactionId: number, reason?: string): Promise<PaymentCallResult>;
  renew(merchantId: number, subscriptionId: number): Promise<PaymentCallResult>;
  /** Runs, in order, everything due on the service clock up to `until` (ms), moving the clock with it. */
  runDue(merchantId: number, until: number): Promise<void>;
  /**
   * Hands the sender what the outbox holds: the webhooks a stopped process committed and did not
   * get accepted. The service's start calls it once, before it takes any event (`startMockService`).
   */
  resume(): Promise<void>;
  /** Stops handing the outbox to the sender (on a shared database: frees this process's claims); after the sender's close, before the database's. */
  close(): Promise<void>;
  /**
   * Changes subscription `id` (the merchant API's update) in one transaction: `change` gets its
   * record as it is now, its row locked, and changes it (or throws to refuse, changing nothing).
   * The change is kept with its webhook: `cancel_subscription` when it cancels, else
   * `update_subscription`. A cancel with `refundLast` refunds the subscription's last payment in
   * that transaction too, the refund's webhooks ending with `cancel_subscription`. False when the
   * subscription is gone (its merchant removed meanwhile).
   */
  changeSubscription(id: number, change: (data: SubscriptionData) => void, options?: { refundLast?: boolean }): Promise<boolean>;
}

/**
 * Where a test may step into the money's paths (`createPayments`'s `hook`): between an operation's
 * first read and its guarded write (`refund`, `key`, `renew`, `change`), to make a race real by
 * pausing there, and in a clock step's transaction after each due item's work (`due`), to make the
 * step fail by throwing. The embedded database runs one transaction at a time, so a race between
 * two requests happens in that gap or not at all; a Postgres server has it everywhere.
 */
export type HookPoint = 'refund' | 'key' | 'renew' | 'change' | 'due' | 'plan';
export type PaymentsHook = (point: HookPoint) => Promise<void> | void;

/** What the session's lines give the player. */
function creditOf(session: Session): Credit {
  const credit: Credit = { currency: 0, items: [] };
  for (const line of session.purchase.lines) {
    const gives = line.delivers;
    if (gives && 'currency' in gives) credit.currency += gives.currency * line.quantity;
    else if (gives && 'item' in gives) credit.items.push({ id: gives.item, sku: line.sku!, quantity: line.quantity });
  }
  return credit;
}

/** A key a game purchase sells: its line, its game and its DRM. */
interface KeyWanted {
  line: number;
  gameId: number;
  drm: string;
}

/** The keys of a game purchase: each line's, of the DRM the token names, else of the player's pick among the game's. */
function keysOf(purchase: Extract<Purchase, { kind: 'game' }>, picked: string | undefined): { ok: true; keys: KeyWanted[] } | { ok: false; message: string } {
  const keys: KeyWanted[] = [];
  for (const [line, { sku, delivers }] of purchase.lines.entries()) {
    if (!delivers || !('game' in delivers)) continue;
    // A session kept before lines carried their DRM: the purchase's.
    const drms = delivers.drms ?? purchase.drms;
    const drm = (delivers.drm === undefined ? purchase.drm : delivers.drm) ?? picked;
    if (!drm) return { ok: false, message: `pick one of: ${drms.join(', ')}` };
    if (!drms.includes(drm)) return { ok: false, message: `"${drm}" is not a DRM of "${sku}"` };
    keys.push({ line, gameId: delivers.game, drm });
  }
  return { ok: true, keys };
}

/** Thrown in a payment's transaction when its token turns out to have paid already: the transaction is undone. */
class TokenSpent extends Error {}
/** Thrown in a payment's transaction when the game's last key went to another sale: the transaction is undone. */
class SoldOut extends Error {
  constructor(readonly key: KeyWanted) {
    super('sold out');
  }
}
/** Thrown in a plan change's transaction when the subscription ended while the payment waited: the transaction is undone. */
class PlanGone extends Error {}

const alreadyPaid = (paid: Paid): PayResult => ({
  ok: false, paid, message: `this token has paid already (invoice ${paid.invoice}): a token pays once, request a new one for another payment`,
});

async function paymentById(sql: Sql, id: number): Promise<{ status: string; payment: KeptPayment } | undefined> {
  const { rows } = await sql.query<{ status: string; data: KeptPayment }>('SELECT status, data FROM payments WHERE id = $1', [id]);
  return rows[0] && { status: rows[0].status, payment: rows[0].data };
}

/** What a transaction leaves for after its commit: the outbox rows to hand the sender, the clock's move. */
interface AfterCommit {
  rows: OutboxRow[];
  move: ClockMove | null;
}

/** Thrown in a transaction whose guarded write found the record changed by another at the same moment: undone, answered 409. */
class Conflict extends Error {}

/** Why a payment kept as `kept` is not refunded now. */
const notRefundable = (id: number, kept: { status: string; payment: KeptPayment }) =>
  kept.payment.refunded ? `transaction ${id} is already refunded` : `transaction ${id} is ${kept.status}: only a done payment can be refunded`;

/**
 * Refunds payment `id` in the transaction of `sql`: marked `refunded` (with when and why, as the
 * reports show them) by a write that holds only while it is `done` (a second refund at the same moment finds it refunded: `Conflict`), what it
 * gave taken back, and a plan's subscription it paid for canceled (its row locked while it is
 * changed). Answers the refunded payment and the canceled subscription's record.
 */
async function refundIn(sql: Sql, id: number, reason: string, date: string): Promise<{ payment: KeptPayment; canceled: SubscriptionData | undefined }> {
  const { rows } = await sql.query<{ data: KeptPayment }>(
    `UPDATE payments SET status = 'refunded', data = data || jsonb_build_object('refunded', true, 'refund', jsonb_build_object('reason', $2::text, 'date', $3::text))
     WHERE id = $1 AND status = 'done' RETURNING data`,
    [id, reason, date],
  );
  if (!rows[0]) {
    const kept = await paymentById(sql, id);
    throw new Conflict(kept ? notRefundable(id, kept) : `transaction ${id} is gone`);
  }
  const payment = rows[0].data;
  if (payment.credit) await debitUser(sql, payment.projectId, recipientOf(payment).id, payment.credit);
  const row = payment.subscription && (await subscriptionById(sql, payment.subscription.id, true));
  if (!row) return { payment, canceled: undefined };
  if (row.data.status !== 'canceled') {
    Object.assign(row.data, { status: 'canceled', date_end: date, date_next_charge: null });
    await saveSubscription(sql, row);
  }
  return { payment, canceled: row.data };
}

/** Keeps a payment that moved nothing: `error` (the card was declined) or `canceled` (the game refused the player). */
async function keepFailed(sql: Sql, record: PaymentRecord, status: 'error' | 'canceled'): Promise<void> {
  await sql.query(
    'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [record.id, record.merchantId, record.projectId, status, JSON.stringify(record), record.date],
  );
}

/** The service's payments on `db` (by default the process's shared database in memory). */
export function createPayments(sender: WebhookSender, database?: Database | Promise<Database>, fixedNow?: () => Date, hook?: PaymentsHook): Payments {
  const at = async (point: HookPoint) => hook?.(point);
  const opened = Promise.resolve(database ?? sharedMemoryDatabase()).then(async (db) => {
    await clockOf(db).load();
    outbox = createOutbox(db, sender, webhookFaults(db));
    return db;
  });
  let outbox: ReturnType<typeof createOutbox>;
  let clockDb: Database | undefined;
  // A database that fails to open fails each call that awaits `opened` (the payment answers 500);
  // here it is only not the clocks', and no rejection is left unhandled to end the process.
  void opened.then((db) => (clockDb = db), () => undefined);
  let due: Promise<unknown> = Promise.resolve();
  /** Runs `work` in the due work's queue: after what was queued before it, one at a time. */
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const run = due.then(work);
    due = run.catch(() => undefined);
    return run;
  };
  /**
   * Runs `work` in one transaction; what it leaves for after (`after`: the webhooks it wrote to the
   * outbox, the clock's move) is done once it commits, and never when it is undone.
   */
  async function transact<T>(db: Database, work: (sql: Sql, after: AfterCommit) => Promise<T>): Promise<T> {
    const after: AfterCommit = { rows: [], move: null };
    const result = await db.transaction((sql) => work(sql, after));
    clockOf(db).apply(after.move);
    await outbox.deliver(after.rows);
    return result;
  }
  /** Writes the webhooks an event of the project makes (`webhooks` of the project's variant; none without settings) in the transaction of `sql`. */
  async function writeWebhooks(sql: Sql, after: AfterCommit, projectId: number, webhooks: (variant: Variant) => Webhook[]): Promise<void> {
    const variant = await outbox.variant(sql, projectId);
    if (variant) after.rows.push(...(await keepWebhooks(sql, projectId, webhooks(variant))));
  }
  /** Runs `work` and writes the webhooks it makes (`webhooks` of its result) in one transaction; they go to the sender once it commits. */
  function commit<T>(db: Database, projectId: number, work: (sql: Sql) => Promise<T>, webhooks: (result: T, variant: Variant) => Webhook[]): Promise<T> {
    return transact(db, async (sql, after) => {
      const result = await work(sql);
      await writeWebhooks(sql, after, projectId, (variant) => webhooks(result, variant));
      return result;
    });
  }
  // The merchant's clock (a test may pass a fixed one for all).
  const now = (merchantId: number) => (fixedNow ? fixedNow() : new Date(clockDb ? clockOf(clockDb).now(merchantId) : Date.now()));
  const nowMs = (merchantId: number) => now(merchantId).getTime();
  const newId = async (sql: Sql) => {
    for (;;) {
      const id = randomInt(100_000_000, 999_999_999);
      const { rows } = await sql.query<{ taken: boolean }>("SELECT EXISTS (SELECT 1 FROM payments WHERE id = $1 OR data->'subscription'->>'id' = $1::text) AS taken", [id]);
      if (!rows[0]!.taken) return id;
    }
  };

  return {
    async session(search, pageMode) {
      return resolveSession(await opened, new URLSearchParams(search), pageMode, nowMs);
    },

    async pay({ search, outcome, pageMode, ip, drm: picked, choice }) {
      const db = await opened;
      const params = new URLSearchParams(search);
      const resolved = await resolveSession(db, params, pageMode, nowMs, choice);
      if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
      if (resolved.paid) return alreadyPaid(resolved.paid);
      const { session } = resolved;
      // A test outcome that fails the payment: the page opened, the payment meets the error.
      if (outcome !== 'success' && outcome !== 'declined' && outcome !== 'declined_renewals') return { ok: false, code: outcome, message: UI_ERRORS[outcome] };
      // The token this payment spends (tokenless access_data describes a purchase, not a rendering).
      const token = params.get('access_token');
      const spends = token === null ? null : tokenHash(token);
      const { purchase } = session;
      // A game's keys: of the DRM the token names, else the one the player picked; one must be left of each.
      const game = purchase.kind === 'game' ? keysOf(purchase, picked) : null;
      if (game && !game.ok) return { ok: false, code: '0010-0003', message: `${UI_ERRORS['0010-0003']} (${game.message})` };
      const keys = game?.ok ? game.keys : [];
      const soldOut = (key: KeyWanted): PayResult => ({ ok: false, code: '0010-0001', message: `${UI_ERRORS['0010-0001']} (no ${key.drm} key of "${purchase.lines[key.line]!.sku}" is left)` });
      for (const key of keys) if (!(await hasFreeKey(db.sql, key.gameId, key.drm))) return soldOut(key);
      if (keys.length) await at('key');
      const record: PaymentRecord = {
        id: await newId(db.sql),
        merchantId: session.merchantId,
        projectId: session.project.id,
        mode: session.mode,
        kind: purchase.kind,
        user: { id: session.user.id, email: session.user.email, name: session.user.name, country: session.user.country, phone: session.user.phone },
        externalId: session.externalId,
        currency: session.currency,
        amount: total(purchase),
        lines: purchase.lines.map((line) => ({ sku: line.sku, name: line.name, quantity: line.quantity, unitPrice: line.price.amount })),
        date: now(session.merchantId).toISOString(),
        ...(session.customParameters ? { customParameters: session.customParameters } : {}),
        ...(session.paymentMethod !== undefined ? { paymentMethod: session.paymentMethod } : {}),
        ...(session.gift ? { gift: session.gift } : {}),
        ...(purchase.kind === 'subscription'
          ? { subscription: { id: purchase.changes ?? (await newId(db.sql)), planId: purchase.lines[0]!.sku!, trialDays: purchase.trialDays } }
          : {}),
        refunded: false,
      };
      // A failed payment is a transaction too (the reports show it), one that gives nothing.
      if (outcome === 'declined') {
        await keepFailed(db.sql, record, 'error');
        return { ok: true, invoice: record.id, status: 'troubled', reason: 'declined' };
      }

      const answer = await sender.ask(record.projectId, userValidation(record, ip));
      if (answer && !is2xx(answer.status)) {
        // The listener's own code (e.g. INVALID_USER), else what happened: no answer, or its status.
        const code = answerCode(answer.answer) ?? (answer.status === null ? 'NO_ANSWER' : `HTTP_${answer.status}`);
        await keepFailed(db.sql, record, 'canceled');
        return { ok: true, invoice: record.id, status: 'troubled', reason: 'user_refused', code };
      }
      // The payment and what it gives are kept together, or neither; a trial is no payment (nothing is charged until it ends).
      const credit = creditOf(session);
      const trial = purchase.kind === 'subscription' && purchase.trialDays > 0;
      const changed = purchase.kind === 'subscription' && purchase.changes !== undefined;
      let bought: SubscriptionData | undefined;
      if (changed) await at('plan');
      // The payment stands whatever becomes of its webhooks: a full queue refuses them, and the
      // sender logs that with the reason (GET /mock/webhooks), as the service would not undo a payment.
      const paid = (sold: SoldKey[] = []): Paid => ({
        invoice: record.id, status: 'done', ...(sold.length ? { key: { drm: sold[0]!.drm, code: sold[0]!.code }, keys: sold } : {}),
      });
      const keep = async (sql: Sql): Promise<Paid> => {
        // First, the conditional write that makes this the token's one payment: a second one, even
        // sent at the same time, finds the token spent and its whole transaction is undone.
        if (spends && !(await spendToken(sql, spends, record.projectId, { session, paid: paid() }, record.date))) throw new TokenSpent();
        if (purchase.kind === 'subscription') {
          bought = purchase.changes ? await changePlan(sql, record, purchase) : await subscribe(sql, record, purchase, outcome === 'declined_renewals');
        }
        if (trial) return paid();
        // Each game key is named on its line, so the webhooks and the reports say which was sold.
        const sold: SoldKey[] = [];
        for (const key of keys) {
          const code = await takeKey(sql, key.gameId, key.drm, record.id);
          // The last key went to a sale at the same moment: this one is undone, token and all.
          if (code === null) throw new SoldOut(key);
          const line = record.lines[key.line]!;
          Object.assign(line, { drm: key.drm, key: code });
          sold.push({ sku: line.sku!, drm: key.drm, code });
        }
        await sql.query(
          'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [record.id, record.merchantId, record.projectId, 'done', JSON.stringify({ ...record, credit } satisfies KeptPayment), record.date],
        );
        // To whom it goes: the token's user, or the friend a gift is for.
        const to = recipientOf(record);
        await creditUser(sql, record.projectId, { user_id: to.id, user_name: to.name ?? '', email: to.email }, credit, new Date(record.date));
        if (!sold.length) return paid();
        const withKeys = paid(sold);
        if (spends) await updatePaid(sql, spends, withKeys);
        return withKeys;
      };
      try {
        const done = await commit(db, record.projectId, keep, (_paid, variant) => (
          trial ? [subscriptionWebhook('create_subscription', record, bought!)]
          : changed ? [...paidWebhooks(record, variant), subscriptionWebhook('update_subscription', record, bought!)]
          : paidWebhooks(record, variant, bought)
        ));
        return { ok: true, ...done };
      } catch (error) {
        const spent = error instanceof TokenSpent && (await spentToken(db.sql, spends!));
        if (spent) return alreadyPaid(spent.paid);
        if (error instanceof SoldOut) return soldOut(error.key);
        if (error instanceof PlanGone) return { ok: false, code: '1004-0001', message: `${UI_ERRORS['1004-0001']} (the subscription ended while the payment waited)` };
        throw error;
      }
    },

    async refund(merchantId, transactionId, reason = 'Refunded by the merchant') {
      const db = await opened;
      // A quick answer for what is not the merchant's or cannot be refunded; for what can, the
      // refund's guarded write decides (a refund at the same moment may have come first).
      const kept = await paymentById(db.sql, transactionId);
      if (!kept || kept.payment.merchantId !== merchantId) return { ok: false, status: 404, message: `no transaction ${transactionId} of merchant ${merchantId}` };
      if (kept.status !== 'done') return { ok: false, status: 409, message: notRefundable(transactionId, kept) };
      await at('refund');
      const date = now(merchantId).toISOString();
      try {
        const refunded = await commit(db, kept.payment.projectId, (sql) => refundIn(sql, transactionId, reason, date), ({ payment, canceled }, variant) => refundWebhooks(payment, variant, reason, date, canceled));
        return { ok: true, payment: refunded.payment };
      } catch (error) {
        if (error instanceof Conflict) return { ok: false, status: 409, message: error.message };
        throw error;
      }
    },

    async renew(merchantId, subscriptionId) {
      const db = await opened;
      const read = await subscriptionById(db.sql, subscriptionId);
      if (!read || read.merchantId !== merchantId) return { ok: false, status: 404, message: `no subscription ${subscriptionId} of merchant ${merchantId}` };
      if (read.data.status === 'canceled') return { ok: false, status: 409, message: `subscription ${subscriptionId} is canceled` };
      await at('renew');
      // The renewal asked for is the subscription's next one, as it was read: it runs in the due
      // work's queue, as a renewal due now, and only while the subscription still waits for it (a
      // clock step at the same moment may have run it).
      const asked = dueAt(read.data);
      return queued(() => transact(db, async (sql, after): Promise<PaymentCallResult> => {
        const row = await subscriptionById(sql, subscriptionId, true);
        if (!row || row.data.status === 'canceled' || dueAt(row.data) !== asked) {
          return { ok: false, status: 409, message: `subscription ${subscriptionId} was renewed, changed or ended while this renewal waited: nothing more is charged` };
        }
        return { ok: true, payment: await charge(sql, after, row, now(merchantId).toISOString()) };
      }));
    },

    runDue(merchantId, until) {
      // One run at a time (the clock's move, the timer of real time), so nothing is due twice; one
      // transaction, so a step is all of its due work and the clock's move, or none of it.
      return queued(async () => {
        const db = await opened;
        await transact(db, async (sql, after) => {
          await lockDueWork(db, sql);
          for (;;) {
            // Picked and locked at once: on a Postgres server, a row another transaction changed meanwhile is judged as it is now.
            const { rows } = await sql.query<{ id: string }>(
              'SELECT id FROM subscriptions WHERE merchant_id = $1 AND due_at <= $2 ORDER BY due_at, id LIMIT 1 FOR UPDATE',
              [merchantId, new Date(until).toISOString()],
            );
            if (!rows[0]) break;
            await step(sql, after, (await subscriptionById(sql, Number(rows[0].id), true))!);
            await at('due');
          }
          after.move = await clockOf(db).set(sql, merchantId, until);
        });
      });
    },

    async resume() {
      await opened;
      await outbox.restore();
    },

    async close() {
      // A database that never opened has no outbox to stop.
      if (await opened.then(() => true, () => false)) await outbox.close();
    },

    async changeSubscription(id, change, { refundLast = false } = {}) {
      const db = await opened;
      await at('change');
      return transact(db, async (sql, after) => {
        const row = await subscriptionById(sql, id, true);
        if (!row) return false;
        const s = row.data;
        const wasCanceled = s.status === 'canceled';
        change(s);
        const cancels = s.status === 'canceled' && !wasCanceled;
        await saveSubscription(sql, row);
        // The refund finds the subscription canceled as this change left it, and says so with its webhooks.
        if (!(cancels && refundLast && (await refundLastPayment(sql, after, row)))) {
          await writeWebhooks(sql, after, row.projectId, () => [subscriptionWebhook(cancels ? 'cancel_subscription' : 'update_subscription', s.model, s)]);
        }
        return true;
      });
    },
  };

  /**
   * Refunds the subscription's last payment that went through, in the transaction `sql`, with the
   * refund's webhooks; false when it has none still `done` (refunded already: nothing is written).
   */
  async function refundLastPayment(sql: Sql, after: AfterCommit, row: SubscriptionRow): Promise<boolean> {
    const { rows } = await sql.query<{ payment_id: string }>(
      "SELECT payment_id FROM subscription_payments WHERE subscription_id = $1 AND status = 'done' ORDER BY date_payment DESC, id DESC LIMIT 1",
      [row.id],
    );
    if (!rows[0]) return false;
    const reason = 'The subscription was canceled';
    const date = now(row.merchantId).toISOString();
    try {
      const { payment, canceled } = await refundIn(sql, Number(rows[0].payment_id), reason, date);
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
      ...s.model, id: await newId(sql), amount: s.charge_amount, date: at, refunded: false,
      lines: s.model.lines.map((line) => ({ ...line, unitPrice: s.charge_amount })),
    };
    let type: 'update_subscription' | 'cancel_subscription' | null = 'update_subscription';
    await sql.query('INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      payment.id, payment.merchantId, payment.projectId, declined ? 'error' : 'done', JSON.stringify(payment), at,
    ]);
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

  /** `operation: change_plan`: the player's subscription takes the new plan, charged now, the next charge one new period later. */
  async function changePlan(sql: Sql, record: PaymentRecord, purchase: Extract<Purchase, { kind: 'subscription' }>): Promise<SubscriptionData> {
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
    await sql.query('UPDATE subscriptions SET plan_id = $2 WHERE id = $1', [row.id, row.planId]);
    await saveSubscription(sql, row);
    await addSubscriptionPayment(sql, row, record.id, 'done', record.date);
    return row.data;
  }

  /** The subscription a plan's purchase makes: `new` until a trial ends, else `active` and charged now. */
  async function subscribe(sql: Sql, record: PaymentRecord, purchase: Extract<Purchase, { kind: 'subscription' }>, declineRenewals: boolean): Promise<SubscriptionData> {
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
  }
}

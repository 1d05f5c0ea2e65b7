/**
 * What every operation that moves money shares (mock/domain/payments.ts, mock/domain/billing.ts):
 * the database it runs on, one transaction per operation whose webhooks are written to the outbox
 * in it and handed to the sender once it commits (what a stopped process left there is sent by
 * `resume` at the service's start, mock/webhooks/outbox.ts), the clock's watchers told of a move after commit,
 * the queue the clock's due work runs in, each merchant's clock, the points where a test may step
 * in, and the refund written in a transaction (a payment's refund; a subscription's cancel that
 * refunds its last payment). Its answers say what happened, never how HTTP says it: the API maps them.
 */
import type { Webhook } from 'payui-embed/server';
import type { Database, Sql } from '../store/database';
import { sharedMemoryDatabase } from '../store/memory';
import { clockAt, clockOf } from '../store/clock';
import { markRefunded, paymentById, type KeptPayment, type PaymentRecord } from '../store/payments';
import { saveSubscription, subscriptionById, type SubscriptionData } from '../store/subscriptions';
import { debitUser } from '../store/users';
import type { OutboxRow } from '../store/outbox';
import { lockedGenerationAndVariant, merchantGeneration } from '../store/sandboxes';
import type { Variant } from '../store/webhook-settings';
import { recipientOf } from '../webhooks/payloads';
import type { WebhookSender } from '../webhooks/sender';
import { createOutbox, type Outbox, type QuestionAnswer } from '../webhooks/outbox';
import { webhookFaults } from '../webhooks/webhook-faults';

/**
 * A merchant's call on a payment or a subscription (a refund, a renewal): done, or refused because
 * the record is not the merchant's (`unknown`) or is not in a state that allows it (`conflict`: a
 * refunded payment, a canceled subscription, another call at the same moment that came first).
 */
export type PaymentCallResult = { ok: true; payment: PaymentRecord } | { ok: false; problem: 'unknown' | 'conflict'; message: string };

/**
 * Where a test may step into the money's paths (`createPayments`'s `hook`): between an operation's
 * first read and its guarded write (`refund`, `key`, `renew`, `change`), to make a race real by
 * pausing there, and in a clock step's transaction after each due item's work (`due`), to make the
 * step fail by throwing. The embedded database runs one transaction at a time, so a race between
 * two requests happens in that gap or not at all; a Postgres server has it everywhere.
 */
export type HookPoint = 'refund' | 'key' | 'renew' | 'change' | 'due' | 'plan' | 'credit';
/**
 * When at that point (`refund` has `read`, `begun` and `locked`; `change` those and `picked`;
 * `credit`, a paid payment's credit to its player, `begun` and `locked`; the others `read`): `read`,
 * after the operation's first read, before its transaction; `begun`, in its transaction before it
 * locks anything; `picked`, in its transaction once it has read which rows to lock and before it
 * locks them (a cancel that refunds: the subscription's last payment, mock/domain/lock-order.ts;
 * a renewal charged there makes it run again, `RowsMoved`); `locked`, in its
 * transaction once it holds its first locks (mock/domain/lock-order.ts: a refund's payment; a
 * change's subscription, and before it the payment a cancel refunds; a credit's inventory rows,
 * which one statement writes in item id order).
 * A pause in the transaction holds the embedded database's one transaction: there, only `read`
 * pauses while another request runs; on a Postgres server the others make two moves' locks
 * really interleave. A transaction a race undid runs again, and steps in again.
 */
export type HookStage = 'read' | 'begun' | 'picked' | 'locked';
export type PaymentsHook = (point: HookPoint, stage: HookStage) => Promise<void> | void;

/** What a transaction leaves for after its commit: the outbox rows to hand the sender, whether it moved a clock (its watchers are told). */
export interface AfterCommit {
  rows: OutboxRow[];
  moved: boolean;
  /** Projects whose event's webhooks did not fit their queue: logged refused in the transaction, told to the log's watchers after it. */
  refused: number[];
}

/** Thrown in a transaction whose guarded write found the record changed by another at the same moment: undone, refused as a conflict. */
export class Conflict extends Error {}

/**
 * Thrown in a transaction begun under an earlier generation of its merchant (a reset or a delete came
 * while the work waited): undone, so nothing of it reaches the state the reset wrote. `deleted`: the
 * merchant is gone.
 */
export class Superseded extends Error {
  constructor(readonly deleted: boolean) {
    super(deleted ? 'the merchant was deleted while this waited: nothing was done' : 'the merchant was reset while this waited: nothing was done');
  }
}

/**
 * In the transaction of `sql`: the merchant is still at `generation` (read when the work began), and
 * stays so until the transaction ends (its reset and delete wait); else `Superseded`.
 */
export async function sameGeneration(sql: Sql, merchantId: number, generation: number | undefined): Promise<void> {
  const now = await merchantGeneration(sql, merchantId, true);
  if (now === undefined || now !== generation) throw new Superseded(now === undefined);
}

/**
 * `sameGeneration`, with the variant of project `projectId`'s webhooks (null: none) read in the same
 * statement, for the event's `writeWebhooks`: one statement where a payment's transaction ran two.
 */
export async function sameGenerationAndVariant(sql: Sql, merchantId: number, generation: number | undefined, projectId: number): Promise<Variant | null> {
  const now = await lockedGenerationAndVariant(sql, merchantId, projectId);
  if (now.generation === undefined || now.generation !== generation) throw new Superseded(now.generation === undefined);
  return now.variant;
}

/** Why a payment kept as `kept` is not refunded now. */
export const notRefundable = (id: number, kept: { status: string; payment: KeptPayment }) =>
  kept.payment.refunded ? `transaction ${id} is already refunded` : `transaction ${id} is ${kept.status}: only a done payment can be refunded`;

/**
 * Refunds payment `id` in the transaction of `sql`: marked `refunded` by a write that holds only
 * while it is `done` (a second refund at the same moment finds it refunded: `Conflict`), a plan's
 * subscription it paid for canceled, and what it gave taken back, its rows locked in the lock order
 * (mock/domain/lock-order.ts: the payment, the subscription, the user's). `locked` runs once the
 * payment is held. Answers the refunded payment and the canceled subscription's record.
 */
export async function refundIn(
  sql: Sql, id: number, reason: string, date: string, locked?: () => Promise<void>,
): Promise<{ payment: KeptPayment; canceled: SubscriptionData | undefined }> {
  const payment = await markRefunded(sql, id, reason, date);
  if (!payment) {
    const kept = await paymentById(sql, id);
    throw new Conflict(kept ? notRefundable(id, kept) : `transaction ${id} is gone`);
  }
  await locked?.();
  const row = payment.subscription && (await subscriptionById(sql, payment.subscription.id, true));
  if (row && row.data.status !== 'canceled') {
    Object.assign(row.data, { status: 'canceled', date_end: date, date_next_charge: null });
    await saveSubscription(sql, row);
  }
  if (payment.credit) await debitUser(sql, payment.projectId, recipientOf(payment).id, payment.credit);
  return { payment, canceled: row ? row.data : undefined };
}

export interface Ledger {
  /** The database, once open (a database that fails to open fails each operation). */
  opened: Promise<Database>;
  /**
   * Runs `work` in one transaction; what it leaves for after (`after`: the webhooks it wrote to the
   * outbox, the clock's move) is done once it commits, and never when it is undone.
   */
  transact<T>(db: Database, work: (sql: Sql, after: AfterCommit) => Promise<T>): Promise<T>;
  /**
   * Writes the webhooks an event of the project makes (`webhooks` of the project's variant; none
   * without settings) in the transaction of `sql`; `known`: the variant as the transaction read it
   * already (`sameGenerationAndVariant`).
   */
  writeWebhooks(sql: Sql, after: AfterCommit, projectId: number, webhooks: (variant: Variant) => Webhook[], known?: Variant | null): Promise<void>;
  /** Runs `work` and writes the webhooks it makes (`webhooks` of its result) in one transaction; they go to the sender once it commits. */
  commit<T>(db: Database, projectId: number, work: (sql: Sql) => Promise<T>, webhooks: (result: T, variant: Variant) => Webhook[]): Promise<T>;
  /** Runs `work` in the merchant's due work queue: after what was queued of the merchant before it, one at a time; other merchants' queues go meanwhile. */
  queued<T>(merchantId: number, work: () => Promise<T>): Promise<T>;
  /** The merchant's clock, read in the transaction of `sql` (by default a statement of its own; a test may pass a fixed clock for all). */
  now(merchantId: number, sql?: Sql): Promise<Date>;
  /** The clock a merchant's offset makes now (`merchant_clocks.offset_ms`, read with other rows: mock/store/payments.ts `paymentStart`), or the test's fixed clock. */
  nowAt(offset: number | null): Date;
  /** A test's step into the money's paths at `point` (`stage`: by default `read`). */
  at(point: HookPoint, stage?: HookStage): Promise<void>;
  /** Asks the project's listener a payment's question (`user_validation`) through the outbox; null when the project has no webhook settings. */
  ask(projectId: number, payload: Webhook): Promise<QuestionAnswer | null>;
  /** Queues these exact bytes to the project's listener through the outbox (a resend, a trigger). */
  queue: Outbox['queue'];
  /** Hands the sender what the outbox holds (`Payments.resume`). */
  resume(): Promise<void>;
  /** Stops handing the outbox to the sender (`Payments.close`). */
  close(): Promise<void>;
}

/** The ledger on `database` (by default the process's shared database in memory). */
export function createLedger(sender: WebhookSender, database?: Database | Promise<Database>, fixedNow?: () => Date, hook?: PaymentsHook): Ledger {
  let outbox: ReturnType<typeof createOutbox>;
  const opened = Promise.resolve(database ?? sharedMemoryDatabase()).then(async (db) => {
    outbox = createOutbox(db, sender, webhookFaults(db));
    return db;
  });
  // A database that fails to open fails each call that awaits `opened` (the payment answers 500);
  // no rejection is left unhandled to end the process.
  void opened.catch(() => undefined);
  /** Merchant → the end of its due work queue (dropped once the queue is empty). */
  const due = new Map<number, Promise<unknown>>();

  const ledger: Ledger = {
    opened,
    async transact(db, work) {
      // Each attempt of the transaction (a race undoes one, and it runs again) starts with nothing left for after.
      let after: AfterCommit = { rows: [], moved: false, refused: [] };
      const result = await db.transaction((sql) => work(sql, (after = { rows: [], moved: false, refused: [] })));
      if (after.moved) clockOf(db).moved();
      if (after.refused.length) outbox.logged(after.refused);
      await outbox.deliver(after.rows);
      return result;
    },
    async writeWebhooks(sql, after, projectId, webhooks, known) {
      const variant = known === undefined ? await outbox.variant(sql, projectId) : known;
      if (!variant) return;
      const kept = await outbox.keep(sql, projectId, webhooks(variant));
      if (kept) after.rows.push(...kept);
      else after.refused.push(projectId);
    },
    commit(db, projectId, work, webhooks) {
      return ledger.transact(db, async (sql, after) => {
        const result = await work(sql);
        await ledger.writeWebhooks(sql, after, projectId, (variant) => webhooks(result, variant));
        return result;
      });
    },
    queued(merchantId, work) {
      const run = (due.get(merchantId) ?? Promise.resolve()).then(work);
      const end: Promise<void> = run.catch(() => undefined).then(() => {
        if (due.get(merchantId) === end) due.delete(merchantId);
      });
      due.set(merchantId, end);
      return run;
    },
    now: async (merchantId, sql) => (fixedNow ? fixedNow() : new Date(await clockOf(await opened).now(merchantId, sql))),
    nowAt: (offset) => (fixedNow ? fixedNow() : new Date(clockAt(offset).now)),
    at: async (point, stage = 'read') => hook?.(point, stage),
    async ask(projectId, payload) {
      await opened;
      return outbox.ask(projectId, payload);
    },
    async queue(projectId, webhook) {
      await opened;
      return outbox.queue(projectId, webhook);
    },
    async resume() {
      await opened;
      await outbox.restore();
    },
    async close() {
      // A database that never opened has no outbox to stop.
      if (await opened.then(() => true, () => false)) await outbox.close();
    },
  };
  return ledger;
}

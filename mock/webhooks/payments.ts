/**
 * Payments the mock service takes from its payment UI, and what follows them: `user_validation`
 * asked before a payment (a refusal fails it), then, in one transaction, the payment kept in the
 * `payments` table and what it bought credited to the user (virtual currency to the balance,
 * items to the inventory; the user is made on their first purchase); the paid webhooks after; a
 * refund takes back what the payment gave and sends the refund webhooks, `update_subscription` when a plan renews.
 * A declined payment is kept as an `error` transaction, one the game refused as `canceled`: they give nothing.
 */
import { randomInt } from 'node:crypto';
import { total, type Purchase, type Session, type SessionResult } from '../ui/session';
import { UI_ERRORS } from '../shared/ui-errors';
import { hasFreeKey, takeKey } from '../store/sellables';
import type { TokenMode } from '../shared/token';
import { is2xx } from '../shared/plain';
import type { Database, Sql } from '../store/database';
import { sharedMemoryDatabase } from '../store/memory';
import { resolveSession } from '../store/sessions';
import { creditUser, debitUser, type Credit } from '../store/users';
import { paidWebhooks, refundWebhooks, renewalWebhook, userValidation, type PaymentRecord } from './payloads';
import { answerCode, type WebhookSender } from './sender';

export type PayResult =
  | { ok: false; code: string; message: string }
  /** `key`: a game's key the purchase handed out. */
  | { ok: true; invoice: number; status: 'done'; key?: { drm: string; code: string } }
  | { ok: true; invoice: number; status: 'troubled'; reason: 'declined' }
  | { ok: true; invoice: number; status: 'troubled'; reason: 'user_refused'; code: string };

export interface PayRequest {
  /** The payment UI's own query string (`access_token` or `access_data`). */
  search: string;
  outcome: 'success' | 'declined';
  /** Which origin took it (live or sandbox). */
  pageMode: TokenMode;
  /** The player's address, as `user_validation` reports it. */
  ip: string;
  /** The DRM the player picked, for a game whose token names none. */
  drm?: string;
}

export type PaymentCallResult = { ok: true; payment: PaymentRecord } | { ok: false; status: 404 | 409; message: string };

export interface Payments {
  /** What the payment UI at `search` sells (`GET /api/session` of the payment UI). */
  session(search: string, pageMode: TokenMode): Promise<SessionResult>;
  pay(request: PayRequest): Promise<PayResult>;
  refund(merchantId: number, transactionId: number, reason?: string): Promise<PaymentCallResult>;
  renew(merchantId: number, subscriptionId: number): Promise<PaymentCallResult>;
}

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

/** The game and DRM of a game purchase: the token's DRM, else the player's pick among the game's. */
function gameOf(purchase: Extract<Purchase, { kind: 'game' }>, picked: string | undefined) {
  const drm = purchase.drm ?? picked;
  const delivers = purchase.lines[0]!.delivers;
  if (!drm || !purchase.drms.includes(drm) || !delivers || !('game' in delivers)) {
    return { ok: false as const, message: drm ? `"${drm}" is not a DRM of this game` : `pick one of: ${purchase.drms.join(', ')}` };
  }
  return { ok: true as const, gameId: delivers.game, drm };
}

/** A payment as the `payments` table keeps it: the record the webhooks are made of, and what it gave. */
export type KeptPayment = PaymentRecord & { credit?: Credit; refund?: { reason: string; date: string } };

async function paymentById(sql: Sql, id: number): Promise<{ status: string; payment: KeptPayment } | undefined> {
  const { rows } = await sql.query<{ status: string; data: KeptPayment }>('SELECT status, data FROM payments WHERE id = $1', [id]);
  return rows[0] && { status: rows[0].status, payment: rows[0].data };
}

/** Keeps a payment that moved nothing: `error` (the card was declined) or `canceled` (the game refused the player). */
async function keepFailed(sql: Sql, record: PaymentRecord, status: 'error' | 'canceled'): Promise<void> {
  await sql.query(
    'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [record.id, record.merchantId, record.projectId, status, JSON.stringify(record), record.date],
  );
}

/** The service's payments on `db` (by default the process's shared database in memory). */
export function createPayments(sender: WebhookSender, database?: Database | Promise<Database>, now: () => Date = () => new Date()): Payments {
  const opened = Promise.resolve(database ?? sharedMemoryDatabase());
  const newId = async (sql: Sql) => {
    for (;;) {
      const id = randomInt(100_000_000, 999_999_999);
      const { rows } = await sql.query<{ taken: boolean }>("SELECT EXISTS (SELECT 1 FROM payments WHERE id = $1 OR data->'subscription'->>'id' = $1::text) AS taken", [id]);
      if (!rows[0]!.taken) return id;
    }
  };

  return {
    async session(search, pageMode) {
      return resolveSession(await opened, new URLSearchParams(search), pageMode, now().getTime());
    },

    async pay({ search, outcome, pageMode, ip, drm: picked }) {
      const db = await opened;
      const resolved = await resolveSession(db, new URLSearchParams(search), pageMode, now().getTime());
      if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
      const { session } = resolved;
      const { purchase } = session;
      // A game's key: of the DRM the token names, else the one the player picked; one must be left.
      const game = purchase.kind === 'game' ? gameOf(purchase, picked) : null;
      if (game && !game.ok) return { ok: false, code: '0010-0003', message: `${UI_ERRORS['0010-0003']} (${game.message})` };
      if (game?.ok && !(await hasFreeKey(db.sql, game.gameId, game.drm))) {
        return { ok: false, code: '0010-0001', message: `${UI_ERRORS['0010-0001']} (no ${game.drm} key of "${purchase.lines[0]!.sku}" is left)` };
      }
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
        date: now().toISOString(),
        ...(session.customParameters ? { customParameters: session.customParameters } : {}),
        ...(purchase.kind === 'subscription'
          ? { subscription: { id: await newId(db.sql), planId: purchase.lines[0]!.sku!, period: purchase.period, trialDays: purchase.trialDays } }
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
      // The payment and what it gives are kept together, or neither.
      const credit = creditOf(session);
      const key = await db.transaction(async (sql) => {
        await sql.query(
          'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [record.id, record.merchantId, record.projectId, 'done', JSON.stringify({ ...record, credit } satisfies KeptPayment), record.date],
        );
        const user = { user_id: session.user.id, user_name: session.user.name, email: session.user.email || null };
        await creditUser(sql, record.projectId, user, credit, now());
        if (!game?.ok) return null;
        const code = await takeKey(sql, game.gameId, game.drm, record.id);
        if (code === null) throw new Error(`no ${game.drm} key left`);
        return { drm: game.drm, code };
      });
      // The payment stands whatever becomes of its webhooks: a full queue refuses them, and the
      // sender logs that with the reason (GET /mock/webhooks), as the service would not undo a payment.
      const settings = sender.settings(record.projectId);
      if (settings) sender.send(record.projectId, paidWebhooks(record, settings.variant));
      return { ok: true, invoice: record.id, status: 'done', ...(key ? { key } : {}) };
    },

    async refund(merchantId, transactionId, reason = 'Refunded by the merchant') {
      const db = await opened;
      const kept = await paymentById(db.sql, transactionId);
      if (!kept || kept.payment.merchantId !== merchantId) return { ok: false, status: 404, message: `no transaction ${transactionId} of merchant ${merchantId}` };
      const { payment } = kept;
      if (payment.refunded) return { ok: false, status: 409, message: `transaction ${transactionId} is already refunded` };
      if (kept.status !== 'done') return { ok: false, status: 409, message: `transaction ${transactionId} is ${kept.status}: only a done payment can be refunded` };
      payment.refunded = true;
      // The reports show when and why (mock/store/transactions.ts).
      payment.refund = { reason, date: now().toISOString() };
      // Refunded and taken back together, or neither.
      await db.transaction(async (sql) => {
        await sql.query("UPDATE payments SET status = 'refunded', data = $2 WHERE id = $1", [transactionId, JSON.stringify(payment)]);
        if (payment.credit) await debitUser(sql, payment.projectId, payment.user.id, payment.credit);
      });
      const settings = sender.settings(payment.projectId);
      if (settings) sender.send(payment.projectId, refundWebhooks(payment, settings.variant, reason, payment.refund.date));
      return { ok: true, payment };
    },

    async renew(merchantId, subscriptionId) {
      const db = await opened;
      const { rows } = await db.sql.query<{ data: PaymentRecord }>(
        "SELECT data FROM payments WHERE merchant_id = $1 AND data->'subscription'->>'id' = $2::text AND status IN ('done', 'refunded') ORDER BY created_at LIMIT 1",
        [merchantId, subscriptionId],
      );
      const payment = rows[0]?.data;
      if (!payment) return { ok: false, status: 404, message: `no subscription ${subscriptionId} of merchant ${merchantId}` };
      if (payment.refunded) return { ok: false, status: 409, message: `subscription ${subscriptionId} is canceled` };
      if (sender.settings(payment.projectId)) sender.send(payment.projectId, [renewalWebhook(payment, now().toISOString())]);
      return { ok: true, payment };
    },
  };
}

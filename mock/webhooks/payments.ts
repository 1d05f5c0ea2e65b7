/**
 * Payments the mock service takes from its payment UI, and what follows them: `user_validation`
 * asked before a payment (a refusal fails it), the paid webhooks after, the refund webhooks when
 * the merchant refunds, `update_subscription` when a plan renews. Kept in memory.
 */
import { randomInt } from 'node:crypto';
import { resolveSession, total } from '../ui/session';
import type { TokenMode } from '../shared/token';
import { paidWebhooks, refundWebhooks, renewalWebhook, userValidation, type PaymentRecord } from './payloads';
import { answerCode, type WebhookSender } from './sender';

export type PayResult =
  | { ok: false; code: string; message: string }
  | { ok: true; invoice: number; status: 'done' }
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
}

export type PaymentCallResult = { ok: true; payment: PaymentRecord } | { ok: false; status: 404 | 409; message: string };

export interface Payments {
  pay(request: PayRequest): Promise<PayResult>;
  refund(merchantId: number, transactionId: number, reason?: string): PaymentCallResult;
  renew(merchantId: number, subscriptionId: number): PaymentCallResult;
}

export function createPayments(sender: WebhookSender, now: () => Date = () => new Date()): Payments {
  const payments = new Map<number, PaymentRecord>();
  const newId = () => {
    let id: number;
    do id = randomInt(100_000_000, 999_999_999);
    while (payments.has(id));
    return id;
  };

  return {
    async pay({ search, outcome, pageMode, ip }) {
      const resolved = await resolveSession(new URLSearchParams(search), pageMode, now().getTime());
      if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
      const { session } = resolved;
      const { purchase } = session;
      const record: PaymentRecord = {
        id: newId(),
        merchantId: session.merchantId,
        projectId: session.project.id,
        mode: session.mode,
        kind: purchase.kind,
        user: { id: session.user.id, email: session.user.email, name: session.user.name, country: session.user.country, phone: null },
        externalId: session.externalId,
        currency: session.currency,
        amount: total(purchase),
        lines: purchase.lines.map((line) => ({ sku: line.sku, name: line.name, quantity: line.quantity, unitPrice: line.price.amount })),
        date: now().toISOString(),
        ...(session.customParameters ? { customParameters: session.customParameters } : {}),
        ...(purchase.kind === 'subscription'
          ? { subscription: { id: newId(), planId: purchase.lines[0]!.sku!, period: purchase.period, trialDays: purchase.trialDays } }
          : {}),
        refunded: false,
      };
      if (outcome === 'declined') return { ok: true, invoice: record.id, status: 'troubled', reason: 'declined' };

      const answer = await sender.ask(record.projectId, userValidation(record, ip));
      if (answer && !(answer.status !== null && answer.status >= 200 && answer.status < 300)) {
        // The listener's own code (e.g. INVALID_USER), else what happened: no answer, or its status.
        const code = answerCode(answer.answer) ?? (answer.status === null ? 'NO_ANSWER' : `HTTP_${answer.status}`);
        return { ok: true, invoice: record.id, status: 'troubled', reason: 'user_refused', code };
      }
      payments.set(record.id, record);
      // The payment stands whatever becomes of its webhooks: a full queue refuses them, and the
      // sender logs that with the reason (GET /mock/webhooks), as the service would not undo a payment.
      const settings = sender.settings(record.projectId);
      if (settings) sender.send(record.projectId, paidWebhooks(record, settings.variant));
      return { ok: true, invoice: record.id, status: 'done' };
    },

    refund(merchantId, transactionId, reason = 'Refunded by the merchant') {
      const payment = payments.get(transactionId);
      if (!payment || payment.merchantId !== merchantId) return { ok: false, status: 404, message: `no transaction ${transactionId} of merchant ${merchantId}` };
      if (payment.refunded) return { ok: false, status: 409, message: `transaction ${transactionId} is already refunded` };
      payment.refunded = true;
      const settings = sender.settings(payment.projectId);
      if (settings) sender.send(payment.projectId, refundWebhooks(payment, settings.variant, reason, now().toISOString()));
      return { ok: true, payment };
    },

    renew(merchantId, subscriptionId) {
      const payment = [...payments.values()].find((p) => p.subscription?.id === subscriptionId && p.merchantId === merchantId);
      if (!payment) return { ok: false, status: 404, message: `no subscription ${subscriptionId} of merchant ${merchantId}` };
      if (payment.refunded) return { ok: false, status: 409, message: `subscription ${subscriptionId} is canceled` };
      if (sender.settings(payment.projectId)) sender.send(payment.projectId, [renewalWebhook(payment, now().toISOString())]);
      return { ok: true, payment };
    },
  };
}
